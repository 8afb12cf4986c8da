//! The command line: `pokopoko [solve | stages | snaky verify | snaky replay]`.
//!
//! Every subcommand prints its result and returns an exit code; errors are printed once, here at
//! the edge, to stderr. Bad input exits with 2.

mod hunt;
mod input_line;
mod pokopoko;
mod snaky;

pub use input_line::MAX_PLAY_LINE_BYTES;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Parsed command line.
#[derive(Debug, Parser)]
#[command(
    name = "pokopoko",
    version,
    about = "Infinite Pokopoko and Snaky: games whose COM is proven perfect"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub window: WindowArgs,
}

/// Options for the windowed game (used when no subcommand is given).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct WindowArgs {
    /// Open the game directly on a screen: menu, ladder, stage:N, strategy:N, snaky.
    #[arg(long, value_name = "SCREEN")]
    pub open: Option<String>,
    /// Write a PNG of the first settled frame to FILE and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Breaker moves to play before showing the Snaky screen ("x,y x,y …").
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Once the screen has settled, resize the window to WxH (e.g. 1024x768), as a player
    /// dragging its edge would, and let it settle again before the picture.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub resize: Option<(u32, u32)>,
    /// Snaky overlays to show (repeatable): envelope, required, pivot, heat, hint. Only these.
    #[arg(long, value_name = "LAYER")]
    pub overlay: Vec<String>,
    /// Snaky in blind mode (overlays, guarantee and card hidden).
    #[arg(long)]
    pub blind: bool,
    /// Open Snaky with this Maker: 21 (the paper's certificate), 20 or 19 (ours).
    #[arg(long, value_name = "21|20|19", value_parser = parse_maker)]
    pub maker: Option<crate::snaky::Maker>,
}

/// `21`, `20` or `19`: the Maker whose certificate guarantees that many moves.
pub fn parse_maker(text: &str) -> Result<crate::snaky::Maker, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .and_then(crate::snaky::Maker::from_bound)
        .ok_or_else(|| format!("{text:?}: the Maker is 21 (the paper's), 20 or 19 (ours)"))
}

/// `WxH` with both sides from 320 to 7680 pixels.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(|| format!("{text:?} is not WxH, e.g. 1024x768"))?;
    let side = |s: &str| -> Result<u32, String> {
        match s.trim().parse::<u32>() {
            Ok(n) if (320..=7680).contains(&n) => Ok(n),
            _ => Err(format!("{text:?}: each side must be a whole number of pixels from 320 to 7680")),
        }
    };
    Ok((side(w)?, side(h)?))
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The solver's table for a pick range: losing numbers and the derived rule.
    Solve(pokopoko::SolveArgs),
    /// The stage ladder: stage, buttons, picks, right choice.
    Stages(pokopoko::StagesArgs),
    /// Snaky: verify the certificate or replay a game.
    #[command(subcommand)]
    Snaky(snaky::SnakyCommand),
}

/// Runs a subcommand and returns the process exit code.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Solve(args) => pokopoko::solve(&args),
        Command::Stages(args) => pokopoko::stages(&args),
        Command::Snaky(command) => snaky::run(command),
    }
}

/// Writes the whole answer at once; a closed pipe (`| head`) ends quietly instead of panicking.
fn emit(text: &str) -> ExitCode {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// Prints an error once, at the edge, and returns the exit code for bad input.
fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("pokopoko: error: {message}");
    ExitCode::from(2)
}
