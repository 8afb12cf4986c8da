//! `pokopoko snaky search --target 19 [--checkpoint DIR [--run] [--export FILE]] [--out FILE]`:
//! the per-class scoreboard, the long class-by-class hunt with its checkpoint, the export of its
//! best cards, and the certificate assembled from them once every class is low enough.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::escape::shown_path as shown;
use crate::snaky::{self, research::hunt};

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
    /// Where to write the certificate assembled from the committed and checkpoint cards.
    pub out: Option<PathBuf>,
    /// Without the committed cards (from ours-20 alone).
    pub fresh: bool,
}

pub fn hunt(args: HuntArgs) -> ExitCode {
    let (paper, ours) = match (snaky::Maker::Paper.cards(), snaky::Maker::Ours.cards()) {
        (Ok(p), Ok(o)) => (p, o),
        (Err(e), _) | (_, Err(e)) => return super::edge::bad_input(e),
    };
    let sha = snaky::Maker::Ours.sha256();
    let files = args.checkpoint.as_deref().map(hunt::part_paths).unwrap_or_default();
    if args.fresh
        && let Some(first) = files.first()
        && hunt::seeded(first)
    {
        return super::edge::bad_input(format_args!(
            "--fresh: {} begins with the committed cards; give --checkpoint a new directory",
            shown(first)
        ));
    }
    let board = match hunt::scoreboard(&paper, &ours, sha, &files, args.fresh) {
        Ok(board) => board,
        Err(e) => return super::edge::bad_input(e),
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
            Ok(count) => text.push_str(&format!("\n{count} cards written to {}\n", shown(path))),
            Err(e) => return super::edge::bad_input(e),
        }
    }
    if !args.run {
        let _ = super::edge::emit(&text);
        return match &args.out {
            Some(out) => write_certificate(&board, &ours, sha, &files, &args, out),
            None => ExitCode::SUCCESS,
        };
    }
    let _ = super::edge::emit(&text);
    let Some(dir) = args.checkpoint.clone() else {
        return super::edge::bad_input("--run needs --checkpoint DIR");
    };
    let config = hunt::HuntConfig {
        target: args.target,
        dir,
        threads: args.threads,
        memory_cap: u64::from(args.memory_gib) << 30,
        first_level: args.level,
        last_level: args.last_level,
        tighten: args.tighten,
        fresh: args.fresh,
    };
    let board = match hunt::hunt(&paper, &ours, sha, &config) {
        Ok(board) => board,
        Err(e) => return super::edge::bad_input(e),
    };
    let _ = super::edge::emit(&format!("\nhunt finished\n{}", board.render(u32::from(args.target))));
    // The hunt's last step wrote the certificate beside the checkpoint: copy it rather than
    // assemble it again.
    let written = config.dir.join(format!("snaky-certificate-{}.txt", args.target));
    match (&args.out, std::fs::read(&written)) {
        (Some(out), Ok(text)) if board.open(u32::from(args.target) - 1).is_empty() => {
            report_written(out, &text)
        }
        (Some(out), _) => write_certificate(&board, &ours, sha, &hunt::part_paths(&config.dir), &args, out),
        (None, _) => ExitCode::SUCCESS,
    }
}

/// The hunt's last step on request: with every class within `target − 1`, the root is searched
/// over the committed and checkpoint cards and the certificate written to `out`; exit 1 when a
/// class is still open or the root is not found.
fn write_certificate(
    board: &snaky::research::classes::Scoreboard,
    ours: &snaky::Cards,
    sha: &str,
    files: &[PathBuf],
    args: &HuntArgs,
    out: &std::path::Path,
) -> ExitCode {
    let target = args.target;
    let open = board.open(u32::from(target) - 1);
    if !open.is_empty() {
        let _ = super::edge::emit(&format!(
            "not written: {} reply class(es) above {}, so no root of height {target} yet\n",
            open.len(),
            target - 1
        ));
        return ExitCode::from(1);
    }
    let assembled = hunt::all_cards(ours, sha, files, args.fresh).and_then(|cards| {
        hunt::assemble(ours, snaky::certificate::OURS_TEXT, sha, &cards, target, hunt::ASSEMBLY_POSITIONS)
    });
    let text = match assembled {
        Ok(Some(text)) => text,
        Ok(None) => {
            let _ = super::edge::emit(&format!(
                "not written: no root of height {target} within the search's budget\n"
            ));
            return ExitCode::from(1);
        }
        Err(e) => return super::edge::bad_input(e),
    };
    report_written(out, text.as_bytes())
}

/// Writes the certificate to `out` and says so, with its size and digest.
fn report_written(out: &std::path::Path, text: &[u8]) -> ExitCode {
    if let Err(e) = std::fs::write(out, text) {
        return super::edge::bad_input(format_args!("{}: {e}", shown(out)));
    }
    super::edge::emit(&format!(
        "certificate written to {}: {} lines, {} bytes, SHA-256 {}\n",
        shown(out),
        text.iter().filter(|&&b| b == b'\n').count(),
        text.len(),
        snaky::certificate::sha256_hex(text)
    ))
}

/// Writes every card of every part, merged and renumbered: the checkpoint a next run (or a
/// commit) starts from.
fn export(ours: &snaky::Cards, sha: &str, files: &[PathBuf], out: &std::path::Path) -> Result<usize, String> {
    let text = hunt::merged(ours, sha, files).map_err(|e| e.to_string())?;
    std::fs::write(out, &text).map_err(|e| format!("{}: {e}", shown(out)))?;
    Ok(text.lines().filter(|l| !l.starts_with('#')).count())
}
