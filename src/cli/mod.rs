//! The command line: `pokopoko [solve | stages | snaky verify | snaky replay]`.
//!
//! Every subcommand prints its result and returns an exit code; errors are printed once, here at
//! the edge, to stderr. Bad input exits with 2.

mod edge;
mod hunt;
mod input_line;
mod maker;
mod pokopoko;
mod snaky;
mod terminal;
mod values;

pub use input_line::MAX_PLAY_LINE_BYTES;
pub use values::{parse_maker, parse_size, plain_text};

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
    #[arg(long, value_name = "SCREEN", value_parser = plain_text)]
    pub open: Option<String>,
    /// Write a PNG of the first settled frame to FILE and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Breaker moves to play before showing the Snaky screen ("x,y x,y …").
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true, value_parser = plain_text)]
    pub moves: Option<String>,
    /// Once the screen has settled, resize the window to WxH (e.g. 1024x768), as a player
    /// dragging its edge would, and let it settle again before the picture.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub resize: Option<(u32, u32)>,
    /// Snaky overlays to show (repeatable): envelope, required, pivot, heat, hint. Only these.
    #[arg(long, value_name = "LAYER", value_parser = plain_text)]
    pub overlay: Vec<String>,
    /// Snaky in blind mode (overlays, guarantee and card hidden).
    #[arg(long)]
    pub blind: bool,
    /// Open Snaky with this Maker: 21 (the paper's certificate), 20 or 19 (ours).
    #[arg(long, value_name = "21|20|19", value_parser = parse_maker)]
    pub maker: Option<crate::snaky::Maker>,
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

/// Prints clap's own message and returns clap's exit code: a usage error (exit 2) on stderr with
/// the arguments it quotes escaped and cut, `--help` or `--version` (exit 0) on stdout as it is.
pub fn clap_error(err: &clap::Error) -> ExitCode {
    use std::io::Write;
    let text = err.render().to_string();
    let written = if err.use_stderr() {
        std::io::stderr().lock().write_all(crate::escape::shown_lines(&text).as_bytes())
    } else {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    };
    match (u8::try_from(err.exit_code()), written) {
        (Ok(code), Ok(())) => ExitCode::from(code),
        _ => ExitCode::FAILURE,
    }
}
