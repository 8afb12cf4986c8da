//! `pokopoko snaky search --target 19 [--checkpoint DIR [--run] [--export FILE]]`: the per-class
//! scoreboard, the long class-by-class hunt with its checkpoint, and the export of its best cards.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::snaky::{self, checkpoint, classes::ReplyClass, hunt, search::Search};

pub struct HuntArgs {
    pub target: u8,
    pub checkpoint: Option<PathBuf>,
    pub run: bool,
    pub threads: usize,
    pub memory_gib: u32,
    pub level: usize,
    pub last_level: usize,
    pub export: Option<PathBuf>,
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
    };
    match hunt::hunt(&paper, &ours, sha, &config) {
        Ok(board) => super::emit(&format!("\nhunt finished\n{}", board.render(u32::from(args.target)))),
        Err(e) => super::bad_input(e),
    }
}

/// Writes the cards that prove some class's best height (over every part) and what they use.
fn export(ours: &snaky::Cards, sha: &str, files: &[PathBuf], out: &std::path::Path) -> Result<usize, String> {
    let opening = snaky::CellSet::single(hunt::opening());
    let mut libraries = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut search = Search::new(ours, snaky::search::SearchConfig::for_target(19), |_, _, _| {});
        checkpoint::restore(&mut search, &text, sha, &path.display().to_string())
            .map_err(|e| e.to_string())?;
        libraries.push(search.library().to_vec());
    }
    // For each class, the lowest card over every part (first found wins ties).
    let mut best: Vec<Option<(u32, usize, usize)>> = vec![None; ReplyClass::all().len()];
    for (part, library) in libraries.iter().enumerate() {
        for (i, card) in library.iter().enumerate() {
            if !card.required.is_subset(&opening) {
                continue;
            }
            for (slot, class) in best.iter_mut().zip(ReplyClass::all()) {
                if slot.is_none_or(|(h, _, _)| card.height < h)
                    && class.proved_by(&card.required, &card.envelope)
                {
                    *slot = Some((card.height, part, i));
                }
            }
        }
    }
    let mut text = format!("{}\n", checkpoint::header(sha));
    let mut count = 0;
    for (part, library) in libraries.iter().enumerate() {
        let mut roots: Vec<usize> = best.iter().flatten().filter(|b| b.1 == part).map(|b| b.2).collect();
        roots.sort_unstable();
        roots.dedup();
        let (lines, n) = checkpoint::export(library, &roots, count);
        text.push_str(&lines);
        count += n;
    }
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(count)
}
