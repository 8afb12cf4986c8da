//! Input text as an error message shows it: never raw control characters or escape sequences
//! on the player's terminal.

/// Input text as an error shows it: control characters and escape sequences escaped (`\u{1b}`),
/// never sent raw to the terminal, and at most [`SHOWN_CHARS`] characters of it.
pub fn shown(text: &str) -> String {
    shown_at_most(text, SHOWN_CHARS)
}

/// `text` escaped as [`shown`] does, cut after `chars` characters with an ellipsis.
fn shown_at_most(text: &str, chars: usize) -> String {
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        if i == chars {
            out.push('…');
            break;
        }
        if ch.is_control() {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out
}

/// Input text as an error shows it, control characters escaped as [`shown`] does, but whole.
pub fn shown_all(text: &str) -> String {
    text.chars()
        .map(|ch| if ch.is_control() { ch.escape_default().to_string() } else { ch.to_string() })
        .collect()
}

/// A message of several lines that quotes arguments (clap's usage errors) as we print it: each
/// line escaped as [`shown`] does and cut after [`SHOWN_LINE_CHARS`], the line breaks kept.
pub fn shown_lines(text: &str) -> String {
    text.split('\n').map(|line| shown_at_most(line, SHOWN_LINE_CHARS)).collect::<Vec<_>>().join("\n")
}

/// The most characters of one line of a message [`shown_lines`] shows.
pub const SHOWN_LINE_CHARS: usize = 240;

/// A path as we print it: [`shown_all`] of its text (a name holding ESC or BEL never reaches the
/// terminal raw; bytes that are not UTF-8 show as U+FFFD).
pub fn shown_path(path: &std::path::Path) -> String {
    shown_all(&path.to_string_lossy())
}

/// The most characters of a token an error shows.
pub const SHOWN_CHARS: usize = 64;
