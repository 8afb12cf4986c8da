//! `pokopoko solve` and `pokopoko stages`.
//!
//! Every request either answers within a second or is refused with the limit it breaks.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use crate::pokopoko::solver::RULE_SEARCH_LIMIT;
use crate::pokopoko::{Ladder, MAX_STAGE, PickSet, Rule, Solver};

/// Default for `solve --upto`.
const SOLVE_UPTO: u32 = 60;
/// `solve --upto` at most this: the listing is printed in well under a second.
pub const MAX_SOLVE_UPTO: u32 = 1_000_000;
/// `solve --picks` with at most this many runs of consecutive counts (`1,2,3` is one run): each
/// position of the table costs one step per run.
pub const MAX_PICK_RUNS: usize = 32;
/// Default for `stages --upto`: the fixed ladder and the first endless stages.
const STAGES_UPTO: u32 = 20;

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The fewest buttons a player may press per turn (at least 1).
    #[arg(long, required_unless_present = "picks", requires = "max")]
    min: Option<u32>,
    /// The most buttons a player may press per turn (at least min).
    #[arg(long, required_unless_present = "picks", requires = "min")]
    max: Option<u32>,
    /// Any finite set of counts a player may press, e.g. 1,3,4 (instead of --min and --max).
    #[arg(long, value_delimiter = ',', num_args = 1, conflicts_with_all = ["min", "max"])]
    picks: Option<Vec<u32>>,
    /// List losing numbers up to this many buttons.
    #[arg(long, default_value_t = SOLVE_UPTO)]
    upto: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
pub struct StagesArgs {
    /// Show stages 1 to N (after the fixed ladder, the endless stages); default 20, or every
    /// fixed stage of --file.
    #[arg(long)]
    upto: Option<u32>,
    /// Print a JSON list instead of a table.
    #[arg(long)]
    json: bool,
    /// Draw stage N's board instead ('o' a button, '.' empty).
    #[arg(long, value_name = "N", conflicts_with_all = ["upto", "json"])]
    show: Option<u32>,
    /// Validate this ladder file, as the game would load it, and use it instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
}

#[derive(Serialize)]
struct SolveReport<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    picks: Option<&'a [u32]>,
    min: u32,
    max: u32,
    losing: Vec<u32>,
    pre_period: u32,
    period: u32,
    residues: &'a [u32],
    #[serde(skip_serializing_if = "<[u32]>::is_empty")]
    early_losing: &'a [u32],
    /// The pairing's c (answer k with c − k), omitted when the pick set has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    answer_sum: Option<u32>,
}

pub fn solve(args: &SolveArgs) -> ExitCode {
    let (picks, flag) = match (&args.picks, args.min, args.max) {
        (Some(counts), _, _) => {
            // A long list is shown by its start (`1,2,3,…`), as every input an error quotes.
            let listed = counts.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            let flag = format!("--picks {}", crate::escape::shown(&listed));
            (PickSet::from_counts(counts.iter().copied()), flag)
        }
        (None, Some(min), Some(max)) => (PickSet::range(min, max), format!("--min {min} --max {max}")),
        // clap requires --min and --max together unless --picks is given.
        (None, _, _) => return super::edge::bad_input("give --min and --max, or --picks"),
    };
    let picks = match picks {
        Ok(picks) => picks,
        Err(err) => return super::edge::bad_input(format!("{flag}: {err}")),
    };
    let runs = picks.runs().len();
    if runs > MAX_PICK_RUNS {
        return super::edge::bad_input(format!(
            "{flag}: at most {MAX_PICK_RUNS} runs of consecutive counts are supported (this set has {runs})"
        ));
    }
    if args.upto > MAX_SOLVE_UPTO {
        return super::edge::bad_input(format!(
            "--upto {} is too large (at most {MAX_SOLVE_UPTO})",
            args.upto
        ));
    }
    let rule = match Rule::derive_within(&picks, RULE_SEARCH_LIMIT) {
        Ok(rule) => rule,
        Err(err) => return super::edge::bad_input(format!("{flag}: {err}")),
    };
    let solver = Solver::new(picks.clone(), args.upto);
    let losing: Vec<u32> = solver.losing_positions().collect();
    let answer_sum = rule.answer_sum(&picks);
    let mut out = String::new();
    if args.json {
        let report = SolveReport {
            picks: args.picks.is_some().then(|| picks.counts()),
            min: picks.min(),
            max: picks.max(),
            losing,
            pre_period: rule.pre_period,
            period: rule.period,
            residues: &rule.residues,
            early_losing: &rule.early_losing,
            answer_sum,
        };
        out.push_str(&serde_json::to_string(&report).unwrap_or_default());
        out.push('\n');
        return super::edge::emit(&out);
    }
    let _ = writeln!(out, "Picks {picks}, misère (whoever presses the last button loses).");
    let _ =
        writeln!(out, "Losing numbers up to {} (the player to move loses against perfect play):", args.upto);
    let numbers: Vec<String> = losing.iter().map(u32::to_string).collect();
    for line in numbers.chunks(15) {
        let _ = writeln!(out, "  {}", line.join(" "));
    }
    if numbers.is_empty() {
        out.push_str("  (none)\n");
    }
    let _ = writeln!(
        out,
        "Rule: r loses exactly when {rule}  (period {}, pre-period {}).",
        rule.period, rule.pre_period
    );
    match answer_sum {
        Some(c) => {
            let _ = writeln!(
                out,
                "Pairing: answer the opponent's k with {c} − k (answer sum {c} = {} + {}); from a losing number ≥ {c} that reaches the losing number {c} lower.",
                picks.min(),
                picks.max()
            );
        }
        None => {
            out.push_str("Pairing: none (no single c makes c − k an allowed count for every allowed k).\n")
        }
    }
    let _ = match picks.min() {
        1 => writeln!(out, "Edge: with 1 left the only press takes the last button, so 1 loses."),
        min => writeln!(
            out,
            "Edge: with {min} or fewer left every press takes the last button, so 1–{min} lose."
        ),
    };
    out.push_str("Play: always leave your opponent a losing number.\n");
    super::edge::emit(&out)
}

#[derive(Serialize)]
struct StageRow {
    stage: u32,
    buttons: u32,
    min: u32,
    max: u32,
    right_choice: &'static str,
}

pub fn stages(args: &StagesArgs) -> ExitCode {
    let ladder = match &args.file {
        None => Ladder::builtin(),
        Some(path) => match Ladder::load(path) {
            Ok(ladder) => ladder,
            Err(err) => return super::edge::bad_input(err),
        },
    };
    let mut out = String::new();
    if let Some(number) = args.show {
        let Some(stage) = ladder.stage(number) else {
            return super::edge::bad_input(format!("--show {number}: stages are numbered 1 to {MAX_STAGE}"));
        };
        let _ = writeln!(out, "Stage {number}: {} buttons, picks {}", stage.buttons(), stage.picks);
        // Only the box that holds buttons; the stored grid is padded around the central 2×2.
        let (top, left, bottom, right) = stage.layout.bounds().unwrap_or_default();
        for row in &stage.layout.rows()[top as usize..=bottom as usize] {
            let _ = writeln!(out, "  {}", &row[left as usize..=right as usize]);
        }
        return super::edge::emit(&out);
    }
    let fixed = ladder.fixed().len() as u32;
    let upto = args.upto.unwrap_or(if args.file.is_some() { fixed.max(STAGES_UPTO) } else { STAGES_UPTO });
    if upto > MAX_STAGE {
        return super::edge::bad_input(format!(
            "--upto {upto} is too large (the ladder ends at stage {MAX_STAGE})"
        ));
    }
    // One solver per pick set; positions beyond its (empty) table are answered by its rule.
    let mut solvers: HashMap<PickSet, Solver> = HashMap::new();
    let rows: Vec<StageRow> = (1..=upto)
        .filter_map(|number| ladder.size(number).map(|size| (number, size)))
        .map(|(number, (buttons, picks))| {
            let solver = solvers.entry(picks.clone()).or_insert_with(|| Solver::new(picks.clone(), 0));
            StageRow {
                stage: number,
                buttons,
                min: picks.min(),
                max: picks.max(),
                right_choice: solver.right_choice(buttons).as_str(),
            }
        })
        .collect();
    if args.json {
        out.push_str(&serde_json::to_string(&rows).unwrap_or_default());
        out.push('\n');
        return super::edge::emit(&out);
    }
    if let Some(path) = &args.file {
        let _ = writeln!(out, "{}: valid, {fixed} fixed stages", crate::escape::shown_path(path));
    }
    let _ = writeln!(out, "{:>5}  {:>7}  {:>5}  right choice", "stage", "buttons", "picks");
    for row in &rows {
        let picks = format!("{}–{}", row.min, row.max);
        let choice = if row.stage > fixed {
            format!("{:<6}  (endless)", row.right_choice)
        } else {
            row.right_choice.to_string()
        };
        let _ = writeln!(out, "{:>5}  {:>7}  {:>5}  {choice}", row.stage, row.buttons, picks);
    }
    super::edge::emit(&out)
}
