//! `pokopoko snaky verify | replay | heat | review | play | search` (the Maker mode's `coach`,
//! `levels` and `play --as maker` are in `maker.rs`).

use std::process::ExitCode;
use std::sync::Arc;

use clap::Subcommand;
use serde::Serialize;

use super::terminal::{Table, draw_board, play_error, serve};
use crate::language::Language;
use crate::snaky::{self, Cell, verify, words};

#[derive(Debug, Subcommand)]
pub enum SnakyCommand {
    /// Evaluate a certificate and run every check of SPEC §2.3 (the paper's by default).
    Verify {
        #[command(flatten)]
        which: WhichMaker,
    },
    /// The reply heat map after these Breaker moves: for each free cell of the active envelope,
    /// the height of the card Maker holds if Breaker replies there.
    Heat {
        /// Breaker moves in paper coordinates: "x,y x,y …".
        #[arg(long, allow_hyphen_values = true, default_value = "")]
        moves: String,
        /// Print `{"cells":[{"x":…,"y":…,"height":…}, …],"outside":…}`.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        source: Source,
    },
    /// The post-game lesson: each Breaker move with the guarantee before and after it, the Maker
    /// moves it lost, and the replies that would have kept the guarantee; for each move that lost
    /// some, why: Maker's plan against the longest defence after it and after the best reply.
    Review {
        /// Breaker moves in paper coordinates: "x,y x,y …".
        #[arg(long, allow_hyphen_values = true)]
        moves: String,
        /// Print `{"par":…,"held_out":…,"moves":[{"breaker":[x,y],"guarantee_before":…,
        /// "guarantee_after":…,"lost":…,"best":[[x,y],…,"outside"]},…]}`; a move with `lost` > 0
        /// adds `"line"` and `"best_line"` (`{"guarantee":…,"open":[[x,y],…],"steps":[{"move":…,"maker":[x,y],
        /// "threats":[[x,y],…],"breaker":[x,y]|null[,"passed":[x,y]][,"off_plan":true]},…],"completed":{"move":…,"snaky":[…]},
        /// "turning_point":{"threats":[{"move":…,"cell":[x,y],"answered":…},…],
        /// "double_threat":{"move":…,"cells":[…]}|null}}`), `"best_reply"` and, where it keeps more only because this Maker leaves a finish open in `best_line`, `"this_order_only":{"best":…,"yours":…}`, and where the move left a cell on which Maker's next stone makes a double threat and the best reply left none, `"fork_left":{"cell":[x,y],"finishes":[[x,y],…]}`, and the kind of the best reply's reason, `"principle"` (`row_before_five`, `shared_cell`, `take_it_now`, `makers_next_cell` or `spoil_the_snaky`). Moves count
        /// Maker's moves from the game's first (the opening is move 1).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        source: Source,
    },
    /// Play from a terminal: Breaker moves `x,y` on standard input, one per line; one JSON object
    /// per line out (Maker's opening, then Maker's reply to each move). With `--as maker` you are
    /// Maker: your cells `x,y` (or `hint`) in, the computer Breaker's answer and the coach's line
    /// out.
    Play {
        /// Also draw the board as text after each move.
        #[arg(long)]
        text: bool,
        /// Your side: breaker (against the certificate's Maker) or maker (against a computer
        /// Breaker, with the proof as your coach).
        #[arg(long = "as", value_name = "SIDE", value_enum, default_value_t = Side::Breaker)]
        side: Side,
        /// With --as maker: the computer Breaker, blocker, potential or searcher.
        #[arg(
            long,
            value_name = "LEVEL",
            value_parser = super::maker::parse_level,
            required_if_eq("side", "maker"),
            conflicts_with_all = ["maker", "certificate"]
        )]
        breaker: Option<snaky::as_maker::Level>,
        /// With --as maker: the computer Breaker's seed (default 0).
        #[arg(long, requires = "breaker")]
        seed: Option<u64>,
        #[command(flatten)]
        source: Source,
    },
    /// The proof as coach, for a position where you are Maker: the proven bound and the hint
    /// (the proven next move); with --review, each Maker move of a whole game against it.
    Coach(super::maker::CoachArgs),
    /// The computer Breakers of the Maker mode against a fixed heuristic Maker over seeded
    /// games: games won, and the Maker moves needed, mean and worst.
    Levels(super::maker::LevelsArgs),
    /// Search for a shorter Maker: new cards on top of the paper's, written as a certificate.
    Search {
        /// The height the new root card must reach.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u8).range(2..=21))]
        target: u8,
        /// Where to write the certificate. A target of 20 or more runs the proof search over the
        /// paper's cards (the paper's lines, then the new cards). A target of 19 or less prints
        /// the per-class scoreboard (and `--run` hunts); with `--out` the root is then assembled
        /// from the committed and checkpoint cards once every class is low enough (ours-20's
        /// lines, then the new cards).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// The hunt's directory: checkpoint `part-N.cards`, `progress.txt`, `log.txt`. Its
        /// cards join the scoreboard; with `--run` the hunt resumes from them.
        #[arg(long)]
        checkpoint: Option<std::path::PathBuf>,
        /// Run the class-by-class hunt (needs `--checkpoint`); it stops when every level is done.
        #[arg(long, requires = "checkpoint")]
        run: bool,
        /// Worker threads of the hunt.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=64))]
        threads: u8,
        /// Resident memory (GiB) above which the hunt empties its caches.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=1024))]
        memory_gib: u32,
        /// The hunt's first level (0 = narrowest; 8 is level 2 by proof numbers).
        #[arg(long, default_value_t = 0)]
        level: usize,
        /// The hunt's last level (7, the default: levels 4 and 5 by proof numbers; 8 is level 2
        /// by proof numbers, the level that found the 19).
        #[arg(long, default_value_t = 7)]
        last_level: usize,
        /// Start from ours-20 alone: the committed cards (`research/snaky19/cards.txt`) neither
        /// seed the checkpoint nor count on the scoreboard or in the certificate. With `--run
        /// --level 8 --last-level 8` this finds a 19 from scratch.
        #[arg(long)]
        fresh: bool,
        /// Write every card of the checkpoint's parts, merged and renumbered, to this file: the
        /// checkpoint to commit (`research/snaky19/cards.txt`) and resume from.
        #[arg(long, requires = "checkpoint")]
        export: Option<std::path::PathBuf>,
        /// Before the class tasks, each worker lowers what it can of ours-20's cards, at most
        /// this many positions per card (0: not at all).
        #[arg(long, default_value_t = 0, requires = "run")]
        tighten: u64,
        /// Stop after this many positions.
        #[arg(long)]
        max_positions: Option<u64>,
        /// Hand cards tried as Maker's move at one position.
        #[arg(long)]
        breadth: Option<usize>,
        /// With this many Maker moves left or fewer, also try every move that makes a threat.
        #[arg(long)]
        threats: Option<u8>,
        /// Give up on positions whose best card is taller than the budget by more than this.
        #[arg(long)]
        slack: Option<u8>,
        /// Also try Maker moves within this distance of Maker's stones (0: card pivots only).
        #[arg(long)]
        near: Option<u8>,
    },
    /// Play Maker against the given Breaker moves and print one JSON object.
    Replay {
        /// Breaker moves in paper coordinates: "x,y x,y …".
        #[arg(long, allow_hyphen_values = true)]
        moves: String,
        #[command(flatten)]
        source: Source,
    },
}

/// Which side of `snaky play` the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Breaker, against the certificate's Maker.
    Breaker,
    /// Maker, against a computer Breaker.
    Maker,
}

pub fn run(command: SnakyCommand) -> ExitCode {
    match command {
        SnakyCommand::Verify { which } => verify(&which),
        SnakyCommand::Replay { moves, source } => replay(&moves, source),
        SnakyCommand::Heat { moves, json, source } => heat(&moves, json, source),
        SnakyCommand::Review { moves, json, source } => review(&moves, json, source),
        SnakyCommand::Play { text, side: Side::Breaker, breaker: None, seed: _, source } => {
            play(text, source)
        }
        SnakyCommand::Play { text, side: Side::Maker, breaker: Some(level), seed, source: _ } => {
            super::maker::play(level, seed.unwrap_or(0), text)
        }
        SnakyCommand::Play { side, .. } => super::edge::bad_input(format_args!(
            "--breaker chooses the computer Breaker of `snaky play --as maker`{}",
            if side == Side::Maker { "; --as maker needs one" } else { ", not of --as breaker" }
        )),
        SnakyCommand::Coach(args) => super::maker::coach(&args),
        SnakyCommand::Levels(args) => super::maker::levels(&args),
        SnakyCommand::Search {
            target,
            out,
            checkpoint,
            run,
            threads,
            memory_gib,
            level,
            last_level,
            export,
            tighten,
            fresh,
            max_positions,
            breadth,
            threats,
            slack,
            near,
        } => {
            // Two tools behind one command: the proof search (a target of 20 or more, `--out`)
            // and the hunt (19 or less). A flag of the other one is refused, never ignored.
            let search_flags = [
                ("--max-positions", max_positions.is_some()),
                ("--breadth", breadth.is_some()),
                ("--threats", threats.is_some()),
                ("--slack", slack.is_some()),
                ("--near", near.is_some()),
            ];
            let hunt_flags = [
                ("--checkpoint", checkpoint.is_some()),
                ("--run", run),
                ("--export", export.is_some()),
                ("--tighten", tighten > 0),
                ("--fresh", fresh),
                ("--level", level != 0),
                ("--last-level", last_level != 7),
            ];
            let (misplaced, belongs) = if target > 19 {
                (&hunt_flags[..], "the hunt (--target 19 or less)")
            } else {
                (&search_flags[..], "the proof search (--target 20 or more)")
            };
            if let Some((flag, _)) = misplaced.iter().find(|(_, given)| *given) {
                return super::edge::bad_input(format_args!(
                    "{flag} is an option of {belongs}, not of --target {target}"
                ));
            }
            if level > last_level {
                return super::edge::bad_input(format_args!(
                    "--level {level} is after --last-level {last_level}: the hunt runs the levels from --level to --last-level"
                ));
            }
            match out {
                Some(out) if target > 19 => {
                    search(target, &out, SearchOptions { max_positions, breadth, threats, slack, near })
                }
                out if target <= 19 => super::hunt::hunt(super::hunt::HuntArgs {
                    target,
                    checkpoint,
                    run,
                    threads: usize::from(threads),
                    memory_gib,
                    level,
                    last_level,
                    export,
                    tighten,
                    out,
                    fresh,
                }),
                _ => super::edge::bad_input(format_args!("--target {target} needs --out FILE")),
            }
        }
    }
}

/// Prints every check with its number and PASS/FAIL; exits 1 on any FAIL.
fn verify(which: &WhichMaker) -> ExitCode {
    let report = match &which.certificate {
        None => verify::verify_text(which.maker.text(), which.maker.sha256()),
        Some(path) => match snaky::certificate::read_text(path) {
            Ok(text) => verify::verify_any(&text),
            Err(e) => return super::edge::bad_input(e),
        },
    };
    let written = super::edge::emit(&verify::render(&report));
    if !report.passed() { ExitCode::from(1) } else { written }
}

/// The JSON object `snaky replay` prints.
#[derive(Serialize)]
struct ReplayOutput {
    /// Maker's moves in order, starting with [8,8].
    maker: Vec<[i32; 2]>,
    /// Breaker's moves, echoed.
    breaker: Vec<[i32; 2]>,
    won: bool,
    /// The active claim's card (for an inline node, the card containing it) and height.
    card: u32,
    height: u32,
    /// "Maker wins within k moves".
    guarantee: u32,
    /// The copy of Snaky Maker completed, if it has won.
    winning_copy: Option<Vec<[i32; 2]>>,
    /// Only with `--unverified`: the guarantee is not proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

/// Which Maker a snaky command uses: a shipped one, or the Maker of a certificate file.
#[derive(Debug, clap::Args)]
pub struct WhichMaker {
    /// Which shipped Maker: 21 (the paper's), 20 or 19 (ours).
    #[arg(long, default_value = "21", value_parser = super::values::parse_maker)]
    maker: snaky::Maker,
    /// This certificate file's Maker instead: any file in the paper's grammar (62-symbol
    /// coordinates allowed). It is played only if it passes every check of `snaky verify`.
    #[arg(long, conflicts_with = "maker")]
    certificate: Option<std::path::PathBuf>,
}

/// Where a played Maker comes from: a shipped one, or a certificate file (verified unless told
/// not).
#[derive(Debug, clap::Args)]
pub struct Source {
    #[command(flatten)]
    which: WhichMaker,
    /// Play a --certificate that fails `snaky verify`; every guarantee then carries a warning.
    #[arg(long, requires = "certificate")]
    unverified: bool,
}

/// The warning on every guarantee of a Maker from a certificate that failed `snaky verify`.
const UNVERIFIED: &str = "unverified certificate: this guarantee is not proven";

/// The cards a [`Source`] names, and the warning its guarantees carry (`None` once verified).
struct Loaded {
    cards: std::sync::Arc<snaky::Cards>,
    warning: Option<&'static str>,
}

/// The cards of `--certificate FILE` (read, verified, evaluated) or of a shipped Maker. A
/// certificate that fails any check of `snaky verify` is refused, or with `--unverified` played
/// with a warning on stderr and on every guarantee.
fn load(source: &Source) -> Result<Loaded, ExitCode> {
    let Some(path) = &source.which.certificate else {
        let cards = source.which.maker.cards().map_err(super::edge::bad_input)?;
        return Ok(Loaded { cards, warning: None });
    };
    let text = snaky::certificate::read_text(path).map_err(super::edge::bad_input)?;
    let report = verify::verify_any(&text);
    let warning = if report.passed() {
        None
    } else {
        let failed: Vec<String> = report
            .checks
            .iter()
            .filter(|c| !c.pass)
            .map(|c| format!("check {} ({})", c.number, c.id.title()))
            .collect();
        let failed = failed.join(", ");
        let shown = crate::escape::shown_path(path);
        if !source.unverified {
            return Err(super::edge::bad_input(format_args!(
                "{shown}: fails `snaky verify` ({failed}), so its guarantees are not proven; run `pokopoko snaky verify --certificate {shown}` to see why, or add --unverified to play it anyway"
            )));
        }
        eprintln!(
            "pokopoko: warning: {shown}: fails `snaky verify` ({failed}); its guarantees are not proven"
        );
        Some(UNVERIFIED)
    };
    let parsed = snaky::Certificate::parse(&text).map_err(super::edge::bad_input)?;
    let cards = snaky::Cards::evaluate(&parsed).map_err(super::edge::bad_input)?;
    Ok(Loaded { cards: std::sync::Arc::new(cards), warning })
}

fn pairs(cells: &[Cell]) -> Vec<[i32; 2]> {
    cells.iter().map(|c| [c.x, c.y]).collect()
}

fn replay(moves: &str, source: Source) -> ExitCode {
    let (game, warning) = match game_after(moves, &source) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let claim = game.claim();
    let output = ReplayOutput {
        maker: pairs(game.maker_cells()),
        breaker: pairs(game.breaker_cells()),
        won: game.won(),
        card: claim.card,
        height: claim.height,
        guarantee: claim.guarantee,
        winning_copy: game.winning_copy().map(|copy| pairs(&copy)),
        warning,
    };
    match serde_json::to_string(&output) {
        Ok(json) => super::edge::emit(&format!("{json}\n")),
        Err(e) => super::edge::bad_input(e),
    }
}

/// `snaky search` settings that override [`SearchConfig::for_target`].
struct SearchOptions {
    max_positions: Option<u64>,
    breadth: Option<usize>,
    threats: Option<u8>,
    slack: Option<u8>,
    near: Option<u8>,
}

/// Runs the proof search with a progress line on stderr and writes the certificate on success.
fn search(target: u8, out: &std::path::Path, options: SearchOptions) -> ExitCode {
    use snaky::research::search::{Search, SearchConfig, SearchStats};
    use std::io::Write;
    let cards = match snaky::shipped_cards() {
        Ok(cards) => cards,
        Err(e) => return super::edge::bad_input(e),
    };
    let mut config = SearchConfig::for_target(target);
    if let Some(max) = options.max_positions {
        config.max_positions = max;
    }
    if let Some(breadth) = options.breadth {
        config.breadth = breadth.max(1);
    }
    if let Some(threats) = options.threats {
        config.threats = threats;
    }
    if let Some(slack) = options.slack {
        config.slack = slack;
    }
    if let Some(near) = options.near {
        config.near = near;
    }
    let progress = |stats: &SearchStats, elapsed: std::time::Duration, library: usize| {
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r[{:>7.1}s] positions {:>10}  proved {:>7}  known {:>9}  failed {:>8}  depth {:>2} (max {:>2})  cards {:>7}",
            elapsed.as_secs_f64(),
            stats.positions,
            stats.proved,
            stats.known,
            stats.failed,
            stats.depth,
            stats.max_depth,
            library
        );
        let _ = err.flush();
    };
    let mut search = Search::new(&cards, config, progress);
    let result = search.run();
    eprintln!();
    let stats = search.stats();
    match result {
        Ok(root) => {
            let text = match search.write_certificate(snaky::certificate::SHIPPED_TEXT, root) {
                Ok(text) => text,
                Err(e) => return super::edge::bad_input(e),
            };
            if let Err(e) = std::fs::write(out, &text) {
                return super::edge::bad_input(format_args!(
                    "cannot write {}: {e}",
                    crate::escape::shown_path(out)
                ));
            }
            let root_card = &search.library()[root];
            super::edge::emit(&format!(
                "found: root card with A = ∅, height {}, |T| = {}; {} new lines written to {} ({} positions, {} proved, {:.1} s)",
                root_card.height,
                root_card.envelope.len(),
                text.lines().count() - 722,
                crate::escape::shown_path(out),
                stats.positions,
                stats.proved,
                search.elapsed().as_secs_f64()
            ))
        }
        Err(e) => {
            let _ = super::edge::emit(&format!("not found: {e} ({:.1} s)\n", search.elapsed().as_secs_f64()));
            ExitCode::from(1)
        }
    }
}

/// The game after `moves` against the chosen Maker and its guarantees' warning, or the error to
/// print.
fn game_after(moves: &str, source: &Source) -> Result<(snaky::Game, Option<&'static str>), ExitCode> {
    let breaker =
        snaky::parse_moves(moves).map_err(|e| super::edge::bad_input(format_args!("--moves: {e}")))?;
    let Loaded { cards, warning } = load(source)?;
    let game =
        snaky::replay(cards, &breaker).map_err(|e| super::edge::bad_input(format_args!("--moves: {e}")))?;
    Ok((game, warning))
}

#[derive(Serialize)]
struct HeatCell {
    x: i32,
    y: i32,
    height: u32,
}

#[derive(Serialize)]
struct HeatOutput {
    cells: Vec<HeatCell>,
    /// The height after any reply outside the envelope (child 0).
    outside: Option<u32>,
    /// Only with `--unverified`: the heights are not proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

fn heat(moves: &str, json: bool, source: Source) -> ExitCode {
    let (game, warning) = match game_after(moves, &source) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let heat = game.heat();
    let output = HeatOutput {
        cells: heat
            .iter()
            .filter_map(|&(c, height)| c.map(|c| HeatCell { x: c.x, y: c.y, height }))
            .collect(),
        outside: heat.iter().find(|(c, _)| c.is_none()).map(|&(_, h)| h),
        warning,
    };
    if json {
        return match serde_json::to_string(&output) {
            Ok(text) => super::edge::emit(&format!("{text}\n")),
            Err(e) => super::edge::bad_input(e),
        };
    }
    if game.won() {
        return super::edge::emit("Maker has won: no reply is left.\n");
    }
    let mut text =
        String::from("Height of Maker's card after Breaker's reply on each free envelope cell (y up):\n");
    let heights = |cell: Cell| output.cells.iter().find(|h| (h.x, h.y) == (cell.x, cell.y)).map(|h| h.height);
    text.push_str(&board_text(&game, heights));
    if let Some(outside) = output.outside {
        text.push_str(&format!("Any reply outside the envelope: {outside}.\n"));
    }
    if let Some(warning) = warning {
        text.push_str(&format!("Warning: {warning}.\n"));
    }
    super::edge::emit(&text)
}

/// The JSON object `snaky review --json` prints.
#[derive(Serialize)]
struct ReviewOutput {
    /// The guarantee of the empty board (21 for the paper's Maker, 20 or 19 for ours).
    par: u32,
    /// Maker moves when Maker completed its Snaky; `null` while the game is not over.
    held_out: Option<u32>,
    /// Whether Maker has won.
    over: bool,
    /// The 0-based index in `moves` of the move that lost the most (the first on a tie); `null`
    /// when none lost any.
    costliest: Option<usize>,
    /// What the costly moves had in common: how many cost Maker moves, how many of those blocked
    /// a finish, how many left one open, how Maker won, and the costliest mistake with the reply
    /// that would have kept more.
    takeaway: snaky::review::Takeaway,
    moves: Vec<ReviewLine>,
    /// Only with `--unverified`: the guarantees are not proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

/// One Breaker move of `snaky review --json`.
#[derive(Serialize)]
struct ReviewLine {
    breaker: [i32; 2],
    /// Maker's answer.
    maker: [i32; 2],
    guarantee_before: u32,
    guarantee_after: u32,
    /// The guarantee after Maker's answer (lower than `guarantee_after` only when that answer left
    /// finishes its next stone takes whatever the reply).
    guarantee_after_maker: u32,
    lost: u32,
    /// The highest guarantee a reply keeps here (what every `best` reply keeps).
    kept: u32,
    /// The free envelope cells whose reply keeps `kept`, then `"outside"` if a reply outside the
    /// envelope keeps it too.
    best: Vec<BestReply>,
    /// Only when `lost` > 0: from the position after this move, Maker's plan against the perfect
    /// Breaker until Maker completes.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<LineJson>,
    /// Only when `lost` > 0: the same from the position after the best reply.
    #[serde(skip_serializing_if = "Option::is_none")]
    best_line: Option<LineJson>,
    /// Only when `lost` > 0: the reply `best_line` starts from, and where it stood in `line`.
    #[serde(skip_serializing_if = "Option::is_none")]
    best_reply: Option<BestReplyJson>,
    /// Only when true: the move took a cell that would have finished a Snaky (forced against
    /// any Maker that takes a finish, so a mistake only when `lesser_block`; this one keeps its
    /// proof's order).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    blocked_finish: bool,
    /// Only when true: that block was of one finish of a double threat, and blocking another of
    /// its finishes kept more: a mistake against this Maker (it plays its proof in order).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lesser_block: bool,
    /// Only when some: the finishing cells the move left open (it took none of them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    left_open: Vec<[i32; 2]>,
    /// Only when some: `best_reply` keeps more only because this Maker leaves a finish open in
    /// `best_line`: a Maker that takes finishes wins there at move `best`, no later than along
    /// `line` (move `yours`).
    #[serde(skip_serializing_if = "Option::is_none")]
    this_order_only: Option<OrderOnlyJson>,
    /// Only when some: after the move, a Maker stone at `cell` would make a double threat
    /// (`finishes` each finish a Snaky), where after `best_reply` no Maker stone would.
    #[serde(skip_serializing_if = "Option::is_none")]
    fork_left: Option<ForkJson>,
    /// Only when some: the kind of the lesson's reason ("row_before_five", "shared_cell",
    /// "take_it_now", "makers_next_cell", "spoil_the_snaky").
    #[serde(skip_serializing_if = "Option::is_none")]
    principle: Option<snaky::review::Principle>,
}

/// `fork_left` of `snaky review --json`.
#[derive(Serialize)]
struct ForkJson {
    cell: [i32; 2],
    finishes: Vec<[i32; 2]>,
}

/// `this_order_only` of `snaky review --json`.
#[derive(Serialize)]
struct OrderOnlyJson {
    best: u32,
    yours: u32,
}

/// A line of `snaky review --json`: Maker's plan against the longest defence.
#[derive(Serialize)]
struct LineJson {
    /// The guarantee where the line starts.
    guarantee: u32,
    /// The free cells that already finish a Snaky where the line starts (left open by the move).
    open: Vec<[i32; 2]>,
    steps: Vec<StepJson>,
    /// `null` only for a certificate that never completes.
    completed: Option<CompletedJson>,
    turning_point: TurningPointJson,
}

#[derive(Serialize)]
struct StepJson {
    /// Maker's move number, counted from the game's first.
    #[serde(rename = "move")]
    move_number: u32,
    maker: [i32; 2],
    /// The free cells that finish a Snaky after this Maker move.
    threats: Vec<[i32; 2]>,
    /// `null` after the move that completes.
    breaker: Option<[i32; 2]>,
    /// A cell that would have finished a Snaky at this move and that the plan left (it keeps its
    /// proven order); only when there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    passed: Option<[i32; 2]>,
    /// Maker's stone is off its plan (its plan's next cell was already Maker's); only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    off_plan: bool,
}

#[derive(Serialize)]
struct CompletedJson {
    #[serde(rename = "move")]
    move_number: u32,
    /// Maker's completing cell.
    cell: [i32; 2],
    snaky: Vec<[i32; 2]>,
}

#[derive(Serialize)]
struct TurningPointJson {
    /// The threats before the first double threat.
    threats: Vec<ThreatJson>,
    double_threat: Option<DoubleThreatJson>,
}

#[derive(Serialize)]
struct ThreatJson {
    #[serde(rename = "move")]
    move_number: u32,
    maker: [i32; 2],
    /// The one finishing cell.
    cell: [i32; 2],
    /// Breaker took it.
    answered: bool,
}

#[derive(Serialize)]
struct DoubleThreatJson {
    #[serde(rename = "move")]
    move_number: u32,
    maker: [i32; 2],
    cells: Vec<[i32; 2]>,
}

#[derive(Serialize)]
struct BestReplyJson {
    cell: [i32; 2],
    /// `cell` stands for any reply outside the envelope.
    outside: bool,
    /// The guarantee after it.
    keeps: u32,
    /// `{"role":"completed_snaky"|"threatened_snaky"|"claimed_by_maker"|"taken_by_breaker",
    /// "move":…}` or
    /// `{"role":"needed_free","shapes":…}` (in the envelope of Maker's plan after the move, on
    /// that many Snaky copies the plan could still build: inside it or Maker's, none Breaker's) or
    /// `{"role":"elsewhere"}`: where `cell` stood in `line`.
    in_line: serde_json::Value,
    /// The Snaky copy through `cell` that held the most of Maker's stones (two at least) and none
    /// of Breaker's before the move: `{"maker":[[x,y],…],"snaky":[[x,y],…]}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    on_shape: Option<serde_json::Value>,
    /// How full the live shapes through `cell` were before the move, and through the move played:
    /// `{"stones":…,"shapes":…}`, the most of Maker's stones on a Snaky copy free of Breaker's and
    /// how many copies hold that many (no lesson offers "block the fullest shape" as a rule: it
    /// finds the best reply only half to two thirds of the time).
    fullest: snaky::review::Fullest,
    played_fullest: snaky::review::Fullest,
}

fn xy(cell: Cell) -> [i32; 2] {
    [cell.x, cell.y]
}

fn line_json(line: &snaky::Line) -> LineJson {
    let point = &line.turning_point;
    LineJson {
        guarantee: line.guarantee,
        open: line.open.cells.iter().map(|&c| xy(c)).collect(),
        steps: line
            .steps
            .iter()
            .map(|step| StepJson {
                move_number: step.move_number,
                maker: xy(step.maker),
                threats: step.threats.cells.iter().map(|&c| xy(c)).collect(),
                breaker: step.breaker.map(xy),
                passed: step.passed.map(xy),
                off_plan: step.off_plan,
            })
            .collect(),
        completed: line.completed.map(|done| CompletedJson {
            move_number: done.move_number,
            cell: xy(done.cell),
            snaky: done.snaky.map(xy).to_vec(),
        }),
        turning_point: TurningPointJson {
            threats: point
                .threats
                .iter()
                .map(|t| ThreatJson {
                    move_number: t.move_number,
                    maker: xy(t.maker),
                    cell: xy(t.cell),
                    answered: t.answered,
                })
                .collect(),
            double_threat: point.double_threat.as_ref().map(|d| DoubleThreatJson {
                move_number: d.move_number,
                maker: xy(d.maker),
                cells: d.cells.iter().map(|&c| xy(c)).collect(),
            }),
        },
    }
}

fn best_reply_json(best: &snaky::review::BestReply) -> BestReplyJson {
    use snaky::review::Role;
    let in_line = match best.in_line {
        Role::CompletedSnaky { move_number } => ("completed_snaky", Some(move_number)),
        Role::ThreatenedSnaky { move_number } => ("threatened_snaky", Some(move_number)),
        Role::ClaimedByMaker { move_number } => ("claimed_by_maker", Some(move_number)),
        Role::TakenByBreaker { move_number } => ("taken_by_breaker", Some(move_number)),
        Role::NeededFree { .. } => ("needed_free", None),
        Role::Elsewhere => ("elsewhere", None),
    };
    let in_line = match (in_line, best.in_line) {
        (_, Role::NeededFree { shapes }) => serde_json::json!({ "role": "needed_free", "shapes": shapes }),
        ((role, Some(move_number)), _) => serde_json::json!({ "role": role, "move": move_number }),
        ((role, None), _) => serde_json::json!({ "role": role }),
    };
    let on_shape = best.on_shape.map(|shape| {
        let stones: Vec<[i32; 2]> = shape.maker_stones().iter().map(|&c| xy(c)).collect();
        serde_json::json!({ "snaky": shape.snaky.map(xy), "maker": stones })
    });
    BestReplyJson {
        cell: xy(best.cell),
        outside: best.outside,
        keeps: best.keeps,
        in_line,
        on_shape,
        fullest: best.fullest,
        played_fullest: best.played_fullest,
    }
}

/// A reply that keeps the guarantee: a cell, or the marker for any reply outside the envelope.
#[derive(Serialize)]
#[serde(untagged)]
enum BestReply {
    Cell([i32; 2]),
    Outside(&'static str),
}

/// The most cells of `best` the text table lists before "and N more".
const BEST_CELLS_SHOWN: usize = 6;

fn review(moves: &str, json: bool, source: Source) -> ExitCode {
    let breaker = match snaky::parse_moves(moves) {
        Ok(breaker) => breaker,
        Err(e) => return super::edge::bad_input(format_args!("--moves: {e}")),
    };
    let Loaded { cards, warning } = match load(&source) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let snaky::Explained { review: lesson, why } = match snaky::explain(Arc::clone(&cards), &breaker) {
        Ok(explained) => explained,
        Err(e) => return super::edge::bad_input(format_args!("--moves: {e}")),
    };
    // The same moves again, as a game: legal, since the lesson replayed them.
    let takeaway = match snaky::replay(cards, &breaker) {
        Ok(game) => snaky::review::takeaway(&game, &lesson),
        Err(e) => return super::edge::bad_input(format_args!("--moves: {e}")),
    };
    if json {
        let output = ReviewOutput {
            par: lesson.par,
            held_out: lesson.held_out,
            over: lesson.over(),
            costliest: lesson.costliest(),
            takeaway,
            moves: lesson.moves.iter().zip(&why).map(|(m, why)| review_line(m, why.as_ref())).collect(),
            warning,
        };
        return match serde_json::to_string(&output) {
            Ok(text) => super::edge::emit(&format!("{text}\n")),
            Err(e) => super::edge::bad_input(e),
        };
    }
    let maker = match source.which.certificate {
        Some(_) => "the certificate's Maker".to_string(),
        None => match source.which.maker {
            snaky::Maker::Paper => "the paper's Maker".to_string(),
            snaky::Maker::Ours => "our Maker (20)".to_string(),
            snaky::Maker::Ours19 => "our Maker (19)".to_string(),
        },
    };
    let mut text = review_text(&lesson, &maker, warning);
    // As on the screen: what to take to the next game, once this one is over.
    if let Some(said) = words::takeaway(Language::English, &takeaway).filter(|_| lesson.over()) {
        text.push_str(&format!("\n{said}\n"));
    }
    text.push_str(&why_text(&why));
    super::edge::emit(&text)
}

fn review_line(reviewed: &snaky::ReviewedMove, why: Option<&snaky::Why>) -> ReviewLine {
    let mut best: Vec<BestReply> = reviewed.best.iter().map(|c| BestReply::Cell([c.x, c.y])).collect();
    if reviewed.best_outside {
        best.push(BestReply::Outside("outside"));
    }
    ReviewLine {
        breaker: [reviewed.breaker.x, reviewed.breaker.y],
        maker: [reviewed.maker.x, reviewed.maker.y],
        guarantee_before: reviewed.guarantee_before,
        guarantee_after: reviewed.guarantee_after,
        guarantee_after_maker: reviewed.guarantee_after_maker,
        lost: reviewed.lost,
        kept: reviewed.kept,
        best,
        line: why.map(|why| line_json(&why.line)),
        best_line: why.map(|why| line_json(&why.best_line)),
        best_reply: why.map(|why| best_reply_json(&why.best_reply)),
        blocked_finish: reviewed.blocked_finish,
        lesser_block: reviewed.lesser_block,
        left_open: reviewed.left_open.iter().map(|c| [c.x, c.y]).collect(),
        this_order_only: why
            .and_then(|why| why.for_this_order_only())
            .map(|(best, yours)| OrderOnlyJson { best, yours }),
        fork_left: why.and_then(|why| why.fork_left.as_ref()).map(|fork| ForkJson {
            cell: [fork.cell.x, fork.cell.y],
            finishes: fork.finishes.iter().map(|c| [c.x, c.y]).collect(),
        }),
        principle: why.and_then(snaky::Why::principle),
    }
}

/// "Why": for each costly move, what Maker could force after it and what the best reply took
/// away, in sentences, then both lines move by move.
fn why_text(why: &[Option<snaky::Why>]) -> String {
    let mut text = String::new();
    for why in why.iter().flatten() {
        if text.is_empty() {
            text.push_str(
                "\nWhy (moves count Maker's moves from its first; each line is Maker's plan against the \
                 longest defence;\n! marks a threat, !! a double threat; \"skips (x,y)\": a cell that would \
                 finish at once, which the proven plan leaves for later; \"off-plan\": a stone off the plan, whose next cell \
                 Maker already owned (SPEC §2.4 rule 1's fixed order); \"far\": a cell far from the stones):\n",
            );
        }
        text.push_str(&format!("\n{}\n", words::forced(Language::English, why)));
        let idea = words::idea(Language::English, why);
        text.push_str(&format!("  Best reply: {idea}{}\n", words::best_reply(Language::English, why)));
        text.push_str(&format!("  Your line:  {}\n", line_moves(&why.line)));
        text.push_str(&format!("  Best line:  {}\n", line_moves(&why.best_line)));
    }
    text
}

/// A line compactly: "7 (5,9)! (6,9) · 8 …": Maker's move number and cell, `!` for a threat and
/// `!!` for a double threat, then Breaker's reply (`far` for a cell far from the stones); "12
/// skips (7,13): (4,12)" when the plan left a cell that would finish at once.
fn line_moves(line: &snaky::Line) -> String {
    let steps: Vec<String> = line
        .steps
        .iter()
        .map(|step| {
            let mark = match step.threats.kind {
                snaky::ThreatKind::None => "",
                snaky::ThreatKind::Threat => "!",
                snaky::ThreatKind::DoubleThreat => "!!",
            };
            let reply = match step.breaker {
                None => "completes".to_string(),
                Some(b) if b.is_far_away() => "far".to_string(),
                Some(b) => b.to_string(),
            };
            let skips = step.passed.map_or(String::new(), |c| format!(" skips {c}:"));
            let off = if step.off_plan { " off-plan" } else { "" };
            format!("{}{skips}{off} {}{mark} {reply}", step.move_number, step.maker)
        })
        .collect();
    steps.join(" · ")
}

/// The lesson as a table for a person at a terminal.
fn review_text(lesson: &snaky::Review, maker: &str, warning: Option<&str>) -> String {
    let mut text = match lesson.held_out {
        Some(held_out) => {
            format!("You held out {held_out} Maker moves against {maker} (par {}).\n", lesson.par)
        }
        None => {
            let now = lesson.moves.last().map_or(lesson.par, |m| m.guarantee_after_maker);
            format!(
                "The game is not over: {maker} is sure to win within {now} Maker moves (par {}).\n",
                lesson.par
            )
        }
    };
    text.push_str(
        "Before and after: the guarantee, the number of Maker moves within which Maker is sure to win.\n\
         Lost: the Maker moves a move gave away. Kept by: the replies that would have lost the fewest.\n\n",
    );
    text.push_str(&format!(
        "{:>4}  {:<13} {:>6} {:>5} {:>4}  Kept by\n",
        "Move", "Breaker", "Before", "After", "Lost"
    ));
    let costliest = lesson.costliest();
    for (index, m) in lesson.moves.iter().enumerate() {
        let mut best: Vec<String> =
            m.best.iter().take(BEST_CELLS_SHOWN).map(|c| format!("{},{}", c.x, c.y)).collect();
        if m.best.len() > BEST_CELLS_SHOWN {
            best.push(format!("and {} more cells", m.best.len() - BEST_CELLS_SHOWN));
        }
        if m.best_outside {
            best.push("any cell outside the envelope".to_string());
        }
        let mark = if costliest == Some(index) { "   <- costliest" } else { "" };
        text.push_str(&format!(
            "{:>4}  {:<13} {:>6} {:>5} {:>4}  {}{mark}\n",
            index + 1,
            format!("{},{}", m.breaker.x, m.breaker.y),
            m.guarantee_before,
            m.guarantee_after,
            m.lost,
            best.join(" ")
        ));
    }
    if lesson.moves.is_empty() {
        text.push_str("(no Breaker moves)\n");
    }
    if let Some(warning) = warning {
        text.push_str(&format!("Warning: {warning}.\n"));
    }
    text
}

/// The frame region of the board as text, y up, three columns a cell: `X` Maker, `O` Breaker
/// (lowercase: the last move), and for other cells the number `mark` gives, or `.`.
fn board_text(game: &snaky::Game, mark: impl Fn(Cell) -> Option<u32>) -> String {
    let last = game.moves().last().map(|m| m.cell);
    draw_board(game.frame(), |c| game.owner(c), last, |c| mark(c).map(|n| n.to_string()))
}

/// One line of `snaky play`'s output.
#[derive(Serialize)]
struct PlayLine {
    maker: [i32; 2],
    won: bool,
    card: u32,
    height: u32,
    guarantee: u32,
    /// Only with `--unverified`: the guarantee is not proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'static str>,
}

fn play_line(game: &snaky::Game, maker: Cell, warning: Option<&'static str>) -> String {
    let claim = game.claim();
    let line = PlayLine {
        maker: [maker.x, maker.y],
        won: game.won(),
        card: claim.card,
        height: claim.height,
        guarantee: claim.guarantee,
        warning,
    };
    serde_json::to_string(&line).unwrap_or_default()
}

/// A game of `snaky play`: the certified Maker against the player's lines.
struct BreakerTable {
    game: snaky::Game,
    warning: Option<&'static str>,
}

impl Table for BreakerTable {
    fn answer(&mut self, line: &str, bytes: &[u8]) -> String {
        let result = match snaky::parse_moves(line.trim()) {
            Ok(cells) if cells.len() == 1 => self.game.reply(cells[0]).map_err(|e| e.to_string()),
            Ok(_) => Err("one move `x,y` per line".to_string()),
            Err(e) => Err(e.kind.to_string()),
        };
        match result {
            Ok(cell) => play_line(&self.game, cell, self.warning),
            Err(error) => play_error(error, bytes),
        }
    }

    fn board(&self) -> String {
        board_text(&self.game, |_| None)
    }
}

/// Terminal play: reads `x,y` lines until the end of input; a bad line (malformed, not UTF-8,
/// longer than the line limit, an occupied cell) is answered with an error object and the game
/// goes on.
fn play(text: bool, source: Source) -> ExitCode {
    let Loaded { cards, warning } = match load(&source) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let mut game = snaky::Game::new(cards);
    let opening = match game.maker_move() {
        Ok(cell) => cell,
        Err(e) => return super::edge::bad_input(e),
    };
    let first = play_line(&game, opening, warning);
    serve(first, &mut BreakerTable { game, warning }, text)
}
