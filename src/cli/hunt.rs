//! `pokopoko snaky search --target 19 [--checkpoint DIR [--run] [--export FILE]]`: the per-class
//! scoreboard, the long class-by-class hunt with its checkpoint, and the export of its best cards.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::snaky::{self, hunt};

pub struct HuntArgs {
    pub target: u8,
    pub checkpoint: Option<PathBuf>,
    pub run: bool,
    pub threads: usize,
    pub memory_gib: u32,
    pub level: usize,
    pub last_level: usize,
    pub export: Option<PathBuf>,
    pub tighten: u64,
}

pub fn hunt(args: HuntArgs) -> ExitCode {
    let (paper, ours) = match (snaky::Maker::Paper.cards(), snaky::Maker::Ours.cards()) {
        (Ok(p), Ok(o)) => (p, o),
        (Err(e), _) | (_, Err(e)) => return super::bad_input(e),
    };
    let sha = snaky::Maker::Ours.sha256();
    let files = args.checkpoint.as_deref().map(hunt::part_paths).unwrap_or_default();
    let board = match hunt::scoreboard(&paper, &ours, sha, &files) {
        Ok(board) => board,
        Err(e) => return super::bad_input(e),
    };
    let mut text = board.render(u32::from(args.target));
    // Why the cheap levels fail on every class still open: the line that refutes each.
    for class in board.open(u32::from(args.target) - 1) {
        for level in 0..2 {
            text.push('\n');
            text.push_str(&hunt::explain(&ours, args.target, class, level));
        }
    }
    if let Some(path) = &args.export {
        match export(&ours, sha, &files, path) {
            Ok(count) => text.push_str(&format!("\n{count} cards written to {}\n", path.display())),
            Err(e) => return super::bad_input(e),
        }
    }
    if !args.run {
        return super::emit(&text);
    }
    let _ = super::emit(&text);
    let Some(dir) = args.checkpoint else { return super::bad_input("--run needs --checkpoint DIR") };
    let config = hunt::HuntConfig {
        target: args.target,
        dir,
        threads: args.threads,
        memory_cap: u64::from(args.memory_gib) << 30,
        first_level: args.level,
        last_level: args.last_level,
        tighten: args.tighten,
    };
    match hunt::hunt(&paper, &ours, sha, &config) {
        Ok(board) => super::emit(&format!("\nhunt finished\n{}", board.render(u32::from(args.target)))),
        Err(e) => super::bad_input(e),
    }
}

/// Writes every card of every part, merged and renumbered: the checkpoint a next run (or a
/// commit) starts from.
fn export(ours: &snaky::Cards, sha: &str, files: &[PathBuf], out: &std::path::Path) -> Result<usize, String> {
    let text = hunt::merged(ours, sha, files).map_err(|e| e.to_string())?;
    std::fs::write(out, &text).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(text.lines().filter(|l| !l.starts_with('#')).count())
}
