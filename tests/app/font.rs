//! Every string the game shows can be drawn with the shipped fonts (assets/fonts/): the Japanese
//! font is the fallback for every character, so it alone must cover them all.
//!
//! Reads the font's character map with a tiny parser (formats 4 and 12) and checks every
//! character inside a string literal of the app's source. A failure names the character and
//! where it is: run `assets/fonts/subset.sh` to add it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const FONT: &str = "assets/fonts/MotoyaLMaruberi-subset.ttf";
const LATIN_FONT: &str = "assets/fonts/Quicksand-Medium-subset.ttf";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn u16_at(data: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([data[at], data[at + 1]])
}

fn u32_at(data: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]])
}

/// The characters the font maps to a glyph.
fn covered(font: &[u8]) -> BTreeSet<u32> {
    let tables = u16_at(font, 4) as usize;
    let cmap = (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&record| &font[record..record + 4] == b"cmap")
        .map(|record| u32_at(font, record + 8) as usize)
        .expect("the font has a cmap table");
    let subtables = u16_at(font, cmap + 2) as usize;
    let mut chars = BTreeSet::new();
    for i in 0..subtables {
        let record = cmap + 4 + 8 * i;
        let (platform, encoding) = (u16_at(font, record), u16_at(font, record + 2));
        if platform != 3 && platform != 0 {
            continue;
        }
        let table = cmap + u32_at(font, record + 4) as usize;
        match u16_at(font, table) {
            4 => {
                let segments = u16_at(font, table + 6) as usize / 2;
                let ends = table + 14;
                let starts = ends + 2 * segments + 2;
                let deltas = starts + 2 * segments;
                let range_offsets = deltas + 2 * segments;
                for s in 0..segments {
                    let (start, end) = (u16_at(font, starts + 2 * s), u16_at(font, ends + 2 * s));
                    let delta = u16_at(font, deltas + 2 * s);
                    let range_offset = u16_at(font, range_offsets + 2 * s) as usize;
                    for c in start..=end {
                        if c == 0xFFFF {
                            continue;
                        }
                        let glyph = if range_offset == 0 {
                            c.wrapping_add(delta)
                        } else {
                            let at = range_offsets + 2 * s + range_offset + 2 * (c - start) as usize;
                            match u16_at(font, at) {
                                0 => 0,
                                g => g.wrapping_add(delta),
                            }
                        };
                        if glyph != 0 {
                            chars.insert(u32::from(c));
                        }
                    }
                }
            }
            12 => {
                let groups = u32_at(font, table + 12) as usize;
                for g in 0..groups {
                    let group = table + 16 + 12 * g;
                    let (start, end, glyph) =
                        (u32_at(font, group), u32_at(font, group + 4), u32_at(font, group + 8));
                    chars.extend((start..=end).filter(|c| glyph + (c - start) != 0));
                }
            }
            _ => {}
        }
        let _ = encoding;
    }
    chars
}

/// The contents of the string literals on the non-comment lines of a Rust file.
fn string_literals(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in source.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut chars = line.chars().peekable();
        let mut inside: Option<String> = None;
        while let Some(c) = chars.next() {
            match (&mut inside, c) {
                (None, '"') => inside = Some(String::new()),
                (Some(text), '"') => {
                    found.push((number + 1, std::mem::take(text)));
                    inside = None;
                }
                (Some(_), '\\') => {
                    chars.next();
                }
                (Some(text), c) => text.push(c),
                (None, '/') if chars.peek() == Some(&'/') => break,
                (None, '\'') => {
                    // A char literal such as '"' must not open a string.
                    let rest: String = chars.clone().take(3).collect();
                    if rest.chars().nth(1) == Some('\'') {
                        chars.next();
                        chars.next();
                    }
                }
                (None, _) => {}
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_font_has_every_character_the_game_shows() {
    let font = std::fs::read(root().join(FONT)).expect("the subset font is in assets/fonts/");
    let covered = covered(&font);
    let mut files = Vec::new();
    rust_files(&root().join("src/app"), &mut files);
    // The lesson's sentences, shared with the command line, are shown on the Snaky screen too.
    files.push(root().join("src/snaky/words.rs"));
    assert!(files.iter().any(|f| f.ends_with("i18n.rs")), "the strings live in src/app/i18n.rs");
    let mut missing = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for (line, literal) in string_literals(&source) {
            for c in literal.chars().filter(|c| !c.is_control() && !covered.contains(&u32::from(*c))) {
                missing.push(format!("{c:?} (U+{:04X}) in {}:{line}", u32::from(c), file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "not in the font (run assets/fonts/subset.sh):\n{}", missing.join("\n"));
}

#[test]
fn the_font_covers_kana_and_ascii() {
    let covered = covered(&std::fs::read(root().join(FONT)).unwrap());
    for c in ('ぁ'..='ん').chain('ァ'..='ヶ').chain(' '..='~') {
        assert!(covered.contains(&u32::from(c)), "{c:?}");
    }
    // Japanese and English strings the title screen shows.
    for c in "無限ぽこぽこ日本語English先手後手必勝法".chars() {
        assert!(covered.contains(&u32::from(c)), "{c:?}");
    }
}

#[test]
fn the_latin_font_covers_ascii_and_leaves_japanese_to_the_fallback() {
    let covered = covered(&std::fs::read(root().join(LATIN_FONT)).unwrap());
    for c in (' '..='~').chain("–—‘’“”…·×−".chars()) {
        assert!(covered.contains(&u32::from(c)), "{c:?}");
    }
    for c in "無ぽ日本語".chars() {
        assert!(!covered.contains(&u32::from(c)), "{c:?} should come from the Japanese font");
    }
}

#[test]
fn the_licences_ship_with_the_fonts() {
    let licence = std::fs::read_to_string(root().join("assets/fonts/LICENSE-MotoyaLMaruberi.txt")).unwrap();
    assert!(licence.contains("Apache License"));
    let licence = std::fs::read_to_string(root().join("assets/fonts/LICENSE-Quicksand.txt")).unwrap();
    assert!(licence.contains("SIL OPEN FONT LICENSE Version 1.1"));
}
