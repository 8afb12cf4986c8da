//! Lines of standard input with a limit on what is kept: `snaky play` reads moves from a pipe a
//! script or a hostile user controls.

/// The longest line `snaky play` reads (a move `x,y` needs at most 23 bytes); a longer line is
/// answered with an error and skipped to its end without being kept.
pub const MAX_PLAY_LINE_BYTES: usize = 1024;

/// One line of input: its bytes (without the line ending), or how it broke the line limit.
pub enum InputLine {
    Bytes(Vec<u8>),
    /// Longer than [`MAX_PLAY_LINE_BYTES`]: its first bytes only.
    TooLong(Vec<u8>),
}

/// The next line of `input`, holding at most [`MAX_PLAY_LINE_BYTES`] of it; `None` at the end.
pub fn next_line(input: &mut impl std::io::BufRead) -> std::io::Result<Option<InputLine>> {
    // The line, a `\r` before its `\n`, and one byte more to know it is too long: the limit
    // counts the line without its ending, `\n` or `\r\n` alike.
    let keep = MAX_PLAY_LINE_BYTES + 2;
    let mut line = Vec::new();
    let mut read_any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (piece, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        let room = keep - line.len().min(keep);
        line.extend_from_slice(&piece[..piece.len().min(room)]);
        let used = ended.unwrap_or(buffer.len());
        input.consume(used);
        if ended.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(if line.len() > MAX_PLAY_LINE_BYTES {
        line.truncate(MAX_PLAY_LINE_BYTES);
        InputLine::TooLong(line)
    } else {
        InputLine::Bytes(line)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Result<Vec<u8>, usize>> {
        let mut reader = std::io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        while let Some(line) = next_line(&mut reader).unwrap() {
            out.push(match line {
                InputLine::Bytes(bytes) => Ok(bytes),
                InputLine::TooLong(start) => Err(start.len()),
            });
        }
        out
    }

    #[test]
    fn a_line_over_the_limit_keeps_only_its_start_and_the_next_line_follows() {
        let mut input = vec![b'7'; MAX_PLAY_LINE_BYTES + 1];
        input.extend(b"\r\n8,6\n");
        assert_eq!(lines(&input), [Err(MAX_PLAY_LINE_BYTES), Ok(b"8,6".to_vec())]);
        let exactly = vec![b'7'; MAX_PLAY_LINE_BYTES];
        assert_eq!(lines(&exactly), [Ok(exactly.clone())]);
        // Issue 37: the limit counts the line without its ending, LF and CRLF alike.
        for ending in [&b"\n"[..], b"\r\n"] {
            let mut input = exactly.clone();
            input.extend(ending);
            input.extend(b"8,6\n");
            assert_eq!(lines(&input), [Ok(exactly.clone()), Ok(b"8,6".to_vec())], "{ending:?}");
            let mut over = vec![b'7'; MAX_PLAY_LINE_BYTES + 1];
            over.extend(ending);
            assert_eq!(lines(&over), [Err(MAX_PLAY_LINE_BYTES)], "{ending:?}");
        }
        assert_eq!(lines(b""), []);
        assert_eq!(lines(b"\n\r\nx"), [Ok(vec![]), Ok(vec![]), Ok(b"x".to_vec())]);
    }
}
