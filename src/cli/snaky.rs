//! `pokopoko snaky verify | replay`.

use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use crate::snaky::{self, Cell, verify};

#[derive(Debug, Subcommand)]
pub enum SnakyCommand {
    /// Evaluate the certificate and run every check of SPEC §2.3.
    Verify,
    /// Play Maker against the given Breaker moves and print one JSON object.
    Replay {
        /// Breaker moves in paper coordinates: "x,y x,y …".
        #[arg(long, allow_hyphen_values = true)]
        moves: String,
    },
}

pub fn run(command: SnakyCommand) -> ExitCode {
    match command {
        SnakyCommand::Verify => verify(),
        SnakyCommand::Replay { moves } => replay(&moves),
    }
}

/// Prints every check with its number and PASS/FAIL; exits 1 on any FAIL.
fn verify() -> ExitCode {
    let report = verify::verify_shipped();
    print!("{}", verify::render(&report));
    if report.passed() { ExitCode::SUCCESS } else { ExitCode::from(1) }
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
    height: u8,
    /// "Maker wins within k moves".
    guarantee: u32,
    /// The copy of Snaky Maker completed, if it has won.
    winning_copy: Option<Vec<[i32; 2]>>,
}

fn pairs(cells: &[Cell]) -> Vec<[i32; 2]> {
    cells.iter().map(|c| [c.x, c.y]).collect()
}

fn replay(moves: &str) -> ExitCode {
    let breaker = match snaky::parse_moves(moves) {
        Ok(cells) => cells,
        Err(e) => return super::bad_input(format_args!("--moves: {e}")),
    };
    let cards = match snaky::shipped_cards() {
        Ok(cards) => cards,
        Err(e) => return super::bad_input(e),
    };
    let game = match snaky::replay(cards, &breaker) {
        Ok(game) => game,
        Err(e) => return super::bad_input(format_args!("--moves: {e}")),
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
    };
    match serde_json::to_string(&output) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => super::bad_input(e),
    }
}
