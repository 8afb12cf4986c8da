use std::process::ExitCode;

use clap::Parser;
use pokopoko::cli::{self, Cli};

fn main() -> ExitCode {
    let args = match Cli::try_parse() {
        Ok(args) => args,
        Err(err) => return cli::clap_error(&err),
    };
    match args.command {
        Some(command) => cli::run(command),
        None => open_window(args.window),
    }
}

#[cfg(feature = "app")]
fn open_window(window: cli::WindowArgs) -> ExitCode {
    pokopoko::app::run(window)
}

#[cfg(not(feature = "app"))]
fn open_window(_window: cli::WindowArgs) -> ExitCode {
    eprintln!("pokopoko: this build has no window (built without the `app` feature); try `pokopoko --help`");
    ExitCode::from(2)
}
