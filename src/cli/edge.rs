//! The command line's edge: an answer written at once, an error printed once (exit 2).

use std::process::ExitCode;

/// Writes the whole answer at once; a closed pipe (`| head`) ends quietly instead of panicking.
pub(super) fn emit(text: &str) -> ExitCode {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// Prints an error once, at the edge, and returns the exit code for bad input.
pub(super) fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("pokopoko: error: {message}");
    ExitCode::from(2)
}
