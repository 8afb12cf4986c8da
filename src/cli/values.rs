//! The values of options, parsed with their own errors: the Maker, a window size, plain text.

/// `21`, `20` or `19`: the Maker whose certificate guarantees that many moves.
pub fn parse_maker(text: &str) -> Result<crate::snaky::Maker, String> {
    text.trim().parse::<u32>().ok().and_then(crate::snaky::Maker::from_bound).ok_or_else(|| {
        format!("\"{}\": the Maker is 21 (the paper's), 20 or 19 (ours)", crate::escape::shown(text))
    })
}

/// `WxH` with both sides from 320 to 7680 pixels.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let shown = crate::escape::shown(text);
    let (w, h) =
        text.split_once(['x', 'X']).ok_or_else(|| format!("\"{shown}\" is not WxH, e.g. 1024x768"))?;
    let side = |s: &str| -> Result<u32, String> {
        match s.trim().parse::<u32>() {
            Ok(n) if (320..=7680).contains(&n) => Ok(n),
            _ => Err(format!("\"{shown}\": each side must be a whole number of pixels from 320 to 7680")),
        }
    };
    Ok((side(w)?, side(h)?))
}

/// A window option's text (a screen, a layer, moves): control characters are never part of one,
/// and are refused here, escaped, before the game could print them back.
pub fn plain_text(text: &str) -> Result<String, String> {
    match text.chars().any(char::is_control) {
        true => Err(format!("\"{}\" holds control characters", crate::escape::shown(text))),
        false => Ok(text.to_owned()),
    }
}
