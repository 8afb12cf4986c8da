//! `pokopoko solve` and `pokopoko stages`.

use std::process::ExitCode;

use serde::Serialize;

use crate::pokopoko::{Ladder, PickSet, Solver};

/// Default for `solve --upto`.
const SOLVE_UPTO: u32 = 60;
/// Default for `stages --upto`: the fixed ladder and the first endless stages.
const STAGES_UPTO: u32 = 20;
/// Beyond this the CLI refuses, rather than exhausting memory.
const LIMIT: u32 = 100_000_000;

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The fewest buttons a player may press per turn (at least 1).
    #[arg(long)]
    min: u32,
    /// The most buttons a player may press per turn (at least min).
    #[arg(long)]
    max: u32,
    /// List losing numbers up to this many buttons.
    #[arg(long, default_value_t = SOLVE_UPTO)]
    upto: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
pub struct StagesArgs {
    /// Show stages 1 to N (after the fixed ladder, the endless stages).
    #[arg(long, default_value_t = STAGES_UPTO)]
    upto: u32,
    /// Print a JSON list instead of a table.
    #[arg(long)]
    json: bool,
    /// Draw stage N's board instead ('o' a button, '.' empty).
    #[arg(long, value_name = "N", conflicts_with_all = ["upto", "json"])]
    show: Option<u32>,
}

#[derive(Serialize)]
struct SolveReport {
    min: u32,
    max: u32,
    losing: Vec<u32>,
    pre_period: u32,
    period: u32,
    residues: Vec<u32>,
}

pub fn solve(args: &SolveArgs) -> ExitCode {
    let picks = match PickSet::range(args.min, args.max) {
        Ok(picks) => picks,
        Err(err) => return super::bad_input(format!("--min {} --max {}: {err}", args.min, args.max)),
    };
    if args.upto > LIMIT {
        return super::bad_input(format!("--upto {} is too large (at most {LIMIT})", args.upto));
    }
    let solver = Solver::new(picks.clone(), args.upto);
    let rule = solver.rule();
    let losing: Vec<u32> = solver.losing_positions().collect();
    if args.json {
        let report = SolveReport {
            min: args.min,
            max: args.max,
            losing,
            pre_period: rule.pre_period,
            period: rule.period,
            residues: rule.residues.clone(),
        };
        println!("{}", serde_json::to_string(&report).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    println!("Picks {picks}, misère (whoever presses the last button loses).");
    println!("Losing numbers up to {} (the player to move loses against perfect play):", args.upto);
    let numbers: Vec<String> = losing.iter().map(u32::to_string).collect();
    for line in numbers.chunks(15) {
        println!("  {}", line.join(" "));
    }
    if numbers.is_empty() {
        println!("  (none)");
    }
    println!("Rule: r loses exactly when {rule}  (period {}, pre-period {}).", rule.period, rule.pre_period);
    println!("Play: always leave your opponent a losing number.");
    ExitCode::SUCCESS
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
    if args.upto > LIMIT / 4 {
        return super::bad_input(format!("--upto {} is too large (at most {})", args.upto, LIMIT / 4));
    }
    let ladder = Ladder::builtin();
    if let Some(number) = args.show {
        let Some(stage) = ladder.stage(number).filter(|_| number <= LIMIT / 4) else {
            return super::bad_input(format!("--show {number}: stages are numbered 1 to {}", LIMIT / 4));
        };
        println!("Stage {number}: {} buttons, picks {}", stage.buttons(), stage.picks);
        // Only the box that holds buttons; the stored grid is padded around the central 2×2.
        let (top, left, bottom, right) = stage.layout.bounds().unwrap_or_default();
        for row in &stage.layout.rows()[top as usize..=bottom as usize] {
            println!("  {}", &row[left as usize..=right as usize]);
        }
        return ExitCode::SUCCESS;
    }
    let rows: Vec<StageRow> = (1..=args.upto)
        .map(|number| {
            let (buttons, picks) = ladder.buttons_and_picks(number);
            let solver = Solver::new(picks.clone(), buttons);
            StageRow {
                stage: number,
                buttons,
                min: picks.min(),
                max: picks.max(),
                right_choice: crate::pokopoko::stage::right_choice(&solver, buttons).as_str(),
            }
        })
        .collect();
    if args.json {
        println!("{}", serde_json::to_string(&rows).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    println!("{:>5}  {:>7}  {:>5}  right choice", "stage", "buttons", "picks");
    for row in &rows {
        let picks = format!("{}–{}", row.min, row.max);
        let choice = if row.stage as usize > ladder.fixed().len() {
            format!("{:<6}  (endless)", row.right_choice)
        } else {
            row.right_choice.to_string()
        };
        println!("{:>5}  {:>7}  {:>5}  {choice}", row.stage, row.buttons, picks);
    }
    ExitCode::SUCCESS
}
