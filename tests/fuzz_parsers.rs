//! Seeded fuzzing of the parsers a player can hand input to: the ladder file (and what the game
//! does with a ladder it loaded), the save file, `--resize WxH` and `--open SCREEN` by mutation;
//! and, by structured generators, the files themselves: streams, special files and symbolic links
//! where the save or the ladder should be. Each case must not panic and must stay within a bound
//! on its work that README's limits give; `POKOPOKO_FUZZ_CASES=100000 cargo test --release
//! --no-default-features --test fuzz_parsers` runs longer (see `tests/common/fuzz.rs`).

#[path = "common/fuzz.rs"]
mod fuzz;

use pokopoko::cli::parse_size;
use pokopoko::pokopoko::ladder_file::{
    MAX_CELLS_PER_BUTTON, MAX_FIXED_STAGES, MAX_LADDER_BYTES, MAX_STAGE_BUTTONS,
};
use pokopoko::pokopoko::{Ladder, LadderError, MAX_STAGE};
use pokopoko::save::{self, MAX_SAVE_BYTES, Notice, Save, SaveFile};

const LADDER_WORDS: &[&str] = &[
    "Ladder(",
    "stages:",
    "stage:",
    "buttons:",
    "picks:",
    "(min: 1, max: 2)",
    "min:",
    "max:",
    "shape:",
    "Rectangle",
    "Island",
    "layout:",
    "\"oooo\",",
    "\"o..o\",",
    "\"\",",
    "(",
    ")",
    "[",
    "]",
    ",",
    "// stage: 3\n",
    "/*",
    "*/",
    "#![enable(implicit_some)]\n",
    "\"\\u{6f}\"",
    "r#\"oo\"#",
];

/// A ladder of one stage, to mutate alongside the shipped one.
const SMALL_LADDER: &str = "Ladder(stages: [(stage: 1, buttons: 4, picks: (min: 1, max: 2), shape: Island, layout: [\"oo\", \"oo\"])])";

#[test]
fn the_ladder_file_survives_mutations() {
    let corpus = [Ladder::builtin_text().as_bytes().to_vec(), SMALL_LADDER.as_bytes().to_vec()];
    // The work: the bytes read, and every grid cell of every stage laid out (at most 4 cells a
    // button, 10,000 buttons a stage, 1,000 fixed stages), and the next stage's buttons.
    let bound = fuzz::MAX_INPUT as u64
        + MAX_FIXED_STAGES as u64 * MAX_CELLS_PER_BUTTON * u64::from(MAX_STAGE_BUTTONS)
        + 4 * 2_001;
    fuzz::run("ladder", &corpus, LADDER_WORDS, bound, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let mut work = bytes.len() as u64;
        match Ladder::parse(&text, "fuzz.ron") {
            Ok(ladder) => {
                // What the game does with a ladder: the intro, the strategy page, the next stage.
                for stage in ladder.fixed() {
                    work += u64::from(stage.layout.width()) * u64::from(stage.layout.height());
                    let solver = stage.solver();
                    let _ = solver.right_choice(stage.buttons());
                    let _ = solver.rule().to_string();
                    let _ = stage.layout.rows();
                }
                let next = (ladder.fixed().len() as u32).saturating_add(1);
                if next <= MAX_STAGE.min(2_000) {
                    let stage = ladder.stage(next).expect("the stage after the fixed ones");
                    work += stage.layout.len() as u64;
                }
            }
            Err(err) => {
                let _ = err.to_string();
                // A position is a real place in the text: at most one past its last line.
                let position = match &err {
                    LadderError::Syntax { line, col, .. }
                    | LadderError::Empty { line, col, .. }
                    | LadderError::Invalid { line, col, .. }
                    | LadderError::TooManyStages { line, col, .. } => Some((*line, *col)),
                    LadderError::Io { .. } => None,
                };
                if let Some((line, col)) = position {
                    let lines = text.split('\n').count();
                    assert!((1..=lines + 1).contains(&line) && col >= 1, "{err} in {} lines", lines);
                }
            }
        }
        work
    });
}

const SAVE_WORDS: &[&str] = &[
    "version:",
    "settings:",
    "progress:",
    "cleared:",
    "results:",
    "wins:",
    "losses:",
    "language:",
    "English",
    "Japanese",
    "strategies_revealed:",
    "[[2, 3, 4, 5]]",
    "{1: (wins: 1)}",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
];

#[test]
fn the_save_file_survives_mutations() {
    let mut played = Save::default();
    for (stage, won) in [(1, true), (2, false), (2, true), (3, false)] {
        played.progress.record(stage, won);
    }
    played.settings.strategies_revealed.push(pokopoko::pokopoko::PickSet::range(2, 5).unwrap());
    played.settings.free_play = Some(pokopoko::pokopoko::FreeSetup::default());
    let pretty = |save: &Save| ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).unwrap();
    let corpus = [
        pretty(&played).into_bytes(),
        pretty(&Save::default()).into_bytes(),
        b"(version: 1, progress: (cleared: [1, 2], results: {1: (wins: 4294967295), 2: (losses: 3)}))"
            .to_vec(),
    ];
    // The work: the bytes read and the problems a repair counts (each needs a byte of its own).
    fuzz::run("save", &corpus, SAVE_WORDS, 2 * fuzz::MAX_INPUT as u64, move |bytes| {
        let mut work = bytes.len() as u64;
        // What the game opens: a repaired save writes back as one the strict reader accepts.
        if let Ok(repaired) = save::parse_repairing(bytes) {
            assert!(
                repaired.problems.len() <= save::MAX_LISTED_PROBLEMS
                    && repaired.problems.len() <= repaired.total
            );
            work += repaired.total as u64;
            let again = save::parse(pretty(&repaired.save).as_bytes());
            assert_eq!(again.as_ref().ok(), Some(&repaired.save), "{again:?}");
            if repaired.problems.is_empty() {
                assert_eq!(save::parse(bytes).ok(), Some(repaired.save));
            }
        }
        if let Ok(save) = save::parse(bytes) {
            // A save that was read is written back and read again unchanged.
            let again = save::parse(pretty(&save).as_bytes());
            assert_eq!(again.as_ref().ok(), Some(&save), "{again:?}");
            let mut progress = save.progress.clone();
            let _ = (progress.current(), progress.highest_unlocked());
            for stage in save.progress.cleared.iter().take(100) {
                progress.record(*stage, true);
                progress.record(stage.saturating_add(1), false);
            }
        }
        work
    });
}

#[test]
fn the_resize_argument_survives_mutations() {
    let corpus = [b"1024x768".to_vec(), b"320X7680".to_vec(), b" 800 x 600 ".to_vec()];
    fuzz::run("resize", &corpus, &["x", "X", " ", "+", "-", "0x"], fuzz::MAX_INPUT as u64, |bytes| {
        if let Ok((w, h)) = parse_size(&String::from_utf8_lossy(bytes)) {
            assert!((320..=7680).contains(&w) && (320..=7680).contains(&h), "{w}x{h}");
        }
        bytes.len() as u64
    });
}

/// `--open SCREEN` (with `--moves` for the Snaky ones): `stage:200000` was accepted and opened a
/// blank screen, `cards:4294967295` silently showed another card.
#[cfg(feature = "app")]
#[test]
fn the_open_argument_survives_mutations() {
    use pokopoko::app::{Harness, Open};
    use pokopoko::cli::WindowArgs;
    let corpus: Vec<Vec<u8>> =
        ["stage:8", "result:12", "intro:100000", "strategy:11", "cards:727", "snaky", "about"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
    let words = [
        ":",
        "stage",
        "cards",
        "intro",
        "strategy",
        "result",
        "menu",
        "about",
        "ladder",
        "snaky",
        "0",
        "100000",
        "100001",
        "4294967296",
        "-1",
        "+",
        " ",
        "803",
        "804",
    ];
    fuzz::run("open", &corpus, &words, fuzz::MAX_INPUT as u64, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Ok(Open::Intro(n) | Open::Stage(n) | Open::Strategy(n) | Open::Result(n)) = Open::parse(&text)
        {
            assert!((1..=MAX_STAGE).contains(&n), "{text}");
        }
        for maker in [None, Some(pokopoko::snaky::Maker::Ours)] {
            let args = WindowArgs { open: Some(text.to_string()), maker, ..WindowArgs::default() };
            let harness = Harness::from_args(&args, std::time::Instant::now());
            if let (Ok(_), Ok(Open::Cards(card))) = (&harness, Open::parse(&text)) {
                let count = maker.unwrap_or_default().cards().unwrap().card_count() as u32;
                assert!(card < count, "{text}: card {card} of {count}");
            }
        }
        bytes.len() as u64
    });
}

/// What sits where the save (or the ladder) should be, as a structured generator builds it.
#[derive(Debug, Clone)]
enum Place {
    /// A regular file: a mutated save, or one this many bytes past the size limit.
    File(Vec<u8>),
    Oversize(u64),
    Fifo,
    Directory,
    /// A symbolic link to a regular file elsewhere (a save kept in a synced folder).
    LinkToFile(Vec<u8>),
    LinkToDevZero,
    LinkLoop,
    Dangling,
}

/// A save directory: what is at `save.ron`, and whether links sit where a temporary file might go.
#[derive(Debug, Clone)]
struct SaveDir {
    save: Place,
    links_at_temporary_names: bool,
}

impl fuzz::Input for SaveDir {
    fn shown(&self) -> String {
        let mut text = format!("{self:?}");
        text.truncate(4096);
        text
    }
}

fn place(rng: &mut fuzz::Random, saves: &[Vec<u8>]) -> Place {
    let save = saves[fuzz::below(rng, saves.len())].clone();
    match fuzz::below(rng, 8) {
        0 => Place::File(save),
        1 => Place::Oversize(1 + fuzz::below(rng, 4096) as u64),
        2 => Place::Fifo,
        3 => Place::Directory,
        4 => Place::LinkToFile(save),
        5 => Place::LinkToDevZero,
        6 => Place::LinkLoop,
        _ => Place::Dangling,
    }
}

/// Builds `place` at `path`; returns the file a link points to, if any.
fn build(place: &Place, path: &std::path::Path, limit: u64) -> Option<std::path::PathBuf> {
    use std::os::unix::fs::symlink;
    let dir = path.parent().unwrap();
    match place {
        Place::File(bytes) => std::fs::write(path, bytes).unwrap(),
        Place::Oversize(past) => std::fs::write(path, vec![b' '; (limit + past) as usize]).unwrap(),
        Place::Fifo => assert!(std::process::Command::new("mkfifo").arg(path).status().unwrap().success()),
        Place::Directory => std::fs::create_dir(path).unwrap(),
        Place::LinkToFile(bytes) => {
            let target = dir.join("elsewhere").join("kept.ron");
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::write(&target, bytes).unwrap();
            symlink(&target, path).unwrap();
            return Some(target);
        }
        Place::LinkToDevZero => symlink("/dev/zero", path).unwrap(),
        Place::LinkLoop => symlink(path, path).unwrap(),
        Place::Dangling => symlink(dir.join("nowhere").join("save.ron"), path).unwrap(),
    }
    None
}

/// The save directory as a hostile user leaves it: a FIFO, a device, a directory, a link (to a
/// kept save, to /dev/zero, to itself, to nowhere) or a file past the size limit as `save.ron`,
/// and links where a temporary file might be named. Opening never blocks and reads at most the
/// limit; a write never goes through a link it did not mean to follow; a link to a kept save
/// stays a link.
#[test]
fn the_save_directory_survives_special_files_and_links() {
    let saves = [
        ron::ser::to_string_pretty(&Save::default(), ron::ser::PrettyConfig::default()).unwrap().into_bytes(),
        b"(version: 1, progress: (cleared: [1, 0, 4294967296], results: {1: (wins: -3)}))".to_vec(),
        b"(version: 1, progress: (cleared: [1, 2,".to_vec(),
    ];
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz-save-dir-{}", std::process::id()));
    fuzz::run_generated(
        "save-dir",
        |rng, _| SaveDir { save: place(rng, &saves), links_at_temporary_names: fuzz::below(rng, 2) == 0 },
        MAX_SAVE_BYTES + 1,
        |case| {
            let _ = std::fs::remove_dir_all(&root);
            std::fs::create_dir_all(&root).unwrap();
            let path = root.join("save.ron");
            let linked = build(&case.save, &path, MAX_SAVE_BYTES);
            let victim = root.join("victim.txt");
            std::fs::write(&victim, "precious").unwrap();
            if case.links_at_temporary_names {
                for name in [format!("save.tmp-{}.ron", std::process::id()), ".save.tmp".into()] {
                    std::os::unix::fs::symlink(&victim, root.join(name)).unwrap();
                }
            }
            let peeked = SaveFile::peek(&path);
            assert!(!peeked.file.is_writable());
            let opened = SaveFile::open(&path);
            if let Some(Notice::SetAside { moved_to, .. }) = &opened.notice {
                assert!(std::fs::symlink_metadata(moved_to).is_ok(), "{moved_to:?}");
            }
            if opened.file.is_writable() {
                let mut save = opened.save.clone();
                save.progress.record(1, true);
                if opened.file.store(&save).is_ok() {
                    assert_eq!(SaveFile::open(&path).save, save);
                }
                if let Some(target) = linked {
                    assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
                    assert_eq!(SaveFile::open(&target).save, save);
                }
            }
            assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
            // The work: the bytes a read may take, at most the limit and one more.
            match &case.save {
                Place::File(bytes) | Place::LinkToFile(bytes) => bytes.len() as u64,
                Place::Oversize(_) | Place::LinkToDevZero => MAX_SAVE_BYTES + 1,
                _ => 0,
            }
        },
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// The same places as the ladder file: refused without blocking, at most the limit read.
#[test]
fn the_ladder_file_survives_special_files_and_links() {
    let ladders = [Ladder::builtin_text().as_bytes().to_vec(), SMALL_LADDER.as_bytes().to_vec()];
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz-ladder-dir-{}", std::process::id()));
    fuzz::run_generated(
        "ladder-file",
        |rng, _| SaveDir { save: place(rng, &ladders), links_at_temporary_names: false },
        MAX_LADDER_BYTES + 1,
        |case| {
            let _ = std::fs::remove_dir_all(&root);
            std::fs::create_dir_all(&root).unwrap();
            let path = root.join("ladder.ron");
            build(&case.save, &path, MAX_LADDER_BYTES);
            let loaded = Ladder::load(&path);
            match &case.save {
                Place::File(bytes) | Place::LinkToFile(bytes) => {
                    assert_eq!(loaded.ok(), Ladder::parse(&String::from_utf8_lossy(bytes), "x").ok());
                    bytes.len() as u64
                }
                Place::Oversize(_) | Place::LinkToDevZero => {
                    assert!(matches!(loaded, Err(LadderError::Io { .. })), "{loaded:?}");
                    MAX_LADDER_BYTES + 1
                }
                _ => {
                    assert!(matches!(loaded, Err(LadderError::Io { .. })), "{loaded:?}");
                    0
                }
            }
        },
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A stream read to a limit: endless (`/dev/zero`, `yes`), or ending at any length around the
/// limit, in chunks of any size. What is returned is never more than the limit.
#[test]
fn bounded_reads_stop_at_the_limit_on_any_stream() {
    use pokopoko::bounded_read::{ReadError, read_limited};
    #[derive(Debug)]
    struct Stream {
        limit: u64,
        length: Option<u64>,
        chunk: usize,
    }
    impl fuzz::Input for Stream {
        fn shown(&self) -> String {
            format!("{self:?}")
        }
    }
    /// A reader that hands out at most `chunk` bytes a call, `length` in all (or forever).
    struct Chunks {
        left: Option<u64>,
        chunk: usize,
    }
    impl std::io::Read for Chunks {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.chunk).min(self.left.map_or(usize::MAX, |l| l as usize));
            buf[..n].fill(b'y');
            if let Some(left) = &mut self.left {
                *left -= n as u64;
            }
            Ok(n)
        }
    }
    fuzz::run_generated(
        "bounded-read",
        |rng, _| {
            let limit = fuzz::below(rng, 1 << 16) as u64;
            let length = match fuzz::below(rng, 3) {
                0 => None,
                _ => Some((limit + fuzz::below(rng, 8) as u64).saturating_sub(4)),
            };
            Stream { limit, length, chunk: 1 + fuzz::below(rng, 9000) }
        },
        1 << 16,
        |stream| {
            let read = read_limited(Chunks { left: stream.length, chunk: stream.chunk }, stream.limit);
            match (read, stream.length) {
                (Ok(bytes), Some(length)) => assert!(length <= stream.limit && bytes.len() as u64 == length),
                (Err(ReadError::TooLarge { limit }), length) => {
                    assert!(limit == stream.limit && length.is_none_or(|l| l > limit))
                }
                (other, _) => panic!("{other:?}"),
            }
            stream.limit
        },
    );
}

// ---- Issue 37: the checkpoint, the hunt's directory, what we print, the game's work ----

/// A checkpoint part by mutation (issue 37 items 7, 9, 11): extreme translations
/// (`-2147483648` had no `abs`), card numbers out of order, overlong and non-UTF-8 lines. The
/// reader never panics, keeps only cards of lines before the one it stops at, and reads about
/// one line at a time.
#[test]
fn the_checkpoint_survives_mutations() {
    use pokopoko::snaky::research::checkpoint::CheckpointError;
    use pokopoko::snaky::research::hunt::{self, COMMITTED_19};
    let ours = pokopoko::snaky::Maker::Ours.cards().unwrap();
    let sha = pokopoko::snaky::Maker::Ours.sha256();
    let head: Vec<&str> = COMMITTED_19.lines().take(7).collect();
    let corpus = [
        format!("{}\n", head.join("\n")).into_bytes(),
        format!("{}\n0 3,8 p299/2/-2147483648/4 = h11 a4 t40\n", head[0]).into_bytes(),
        format!("{}\n{}\n{}\n{}\n", head[0], head[1], head[2], head[2]).into_bytes(),
    ];
    let words = [
        "-2147483648",
        "2147483647",
        "-1001",
        "1000",
        "p299/2/",
        "b3/0/",
        "n0",
        " = h11 a4 t40",
        "\r\n",
        "\n#",
        "/",
        ",",
        "\u{1b}]0;x\u{7}",
    ];
    fuzz::run("checkpoint", &corpus, &words, fuzz::MAX_INPUT as u64, |bytes| {
        match hunt::load_cards(&ours, bytes, sha, "part") {
            Ok(loaded) => {
                let lines = bytes.split(|&b| b == b'\n').count();
                assert!(loaded.cards.len() < lines.max(1));
                if let Some(CheckpointError::Line { line, message, .. }) = &loaded.damaged {
                    assert!(*line >= 2 && *line <= lines, "{line} of {lines}");
                    assert!(!message.chars().any(char::is_control), "{message:?}");
                }
            }
            Err(CheckpointError::Header { found, .. }) => assert!(!found.chars().any(char::is_control)),
            Err(e) => panic!("only the header is refused whole: {e}"),
        }
        bytes.len() as u64
    });
}

/// The hunt's directory as a hostile user leaves it (issue 37 items 8, 9, 12): a FIFO, a device,
/// a directory, a link (to a kept file, to /dev/zero, to itself, to nowhere) or a file past the
/// line limit as `part-0.cards`, and links at `progress.txt.tmp` and `log.txt`. Reading never
/// blocks and holds one line at a time; opening the part to append never writes through a link
/// nor creates a link's target.
#[test]
fn the_checkpoint_directory_survives_special_files_and_links() {
    use pokopoko::snaky::research::checkpoint::{self, MAX_LINE_BYTES, Writer};
    use pokopoko::snaky::research::hunt::{self, COMMITTED_19};
    let ours = pokopoko::snaky::Maker::Ours.cards().unwrap();
    let sha = pokopoko::snaky::Maker::Ours.sha256();
    let parts = [
        COMMITTED_19.lines().take(5).map(|l| format!("{l}\n")).collect::<String>().into_bytes(),
        b"# pokopoko snaky checkpoint v1 base=0\n".to_vec(),
        format!("{}\n0 3,8 p299/2/-2147483648/4 = h11 a4 t40\n", COMMITTED_19.lines().next().unwrap())
            .into_bytes(),
    ];
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz-checkpoint-dir-{}", std::process::id()));
    fuzz::run_generated(
        "checkpoint-dir",
        |rng, _| SaveDir { save: place(rng, &parts), links_at_temporary_names: fuzz::below(rng, 2) == 0 },
        MAX_LINE_BYTES as u64 + 2,
        |case| {
            let _ = std::fs::remove_dir_all(&root);
            std::fs::create_dir_all(&root).unwrap();
            let path = hunt::part_path(&root, 0);
            let linked = build(&case.save, &path, MAX_LINE_BYTES as u64);
            let kept = linked.as_ref().map(|target| std::fs::read(target).unwrap());
            let victim = root.join("victim.txt");
            std::fs::write(&victim, "precious").unwrap();
            if case.links_at_temporary_names {
                for name in ["progress.txt.tmp", "log.txt", "progress.txt"] {
                    std::os::unix::fs::symlink(&victim, root.join(name)).unwrap();
                }
            }
            let mut longest = 0;
            if let Ok(part) = checkpoint::open_part(&path)
                && let Ok(loaded) = hunt::load_cards(&ours, part, sha, "part")
            {
                longest = loaded.cards.len() as u64;
            }
            let opened = Writer::open(&path, sha);
            let is_link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
            assert!(!(is_link && opened.is_ok()), "a link opened to append: {:?}", case.save);
            if let (Some(target), Some(kept)) = (&linked, &kept) {
                assert_eq!(&std::fs::read(target).unwrap(), kept);
            }
            assert!(!root.join("nowhere").exists(), "a dangling link's target was created");
            assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
            longest.min(MAX_LINE_BYTES as u64 + 2)
        },
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// Text as we print it (issue 37 item 15): any mix of C0 and C1 controls, DEL, escape sequences
/// and other characters comes out of every escaping function with no raw control character, and
/// a window option is refused exactly when it holds one.
#[test]
fn what_we_print_holds_no_raw_control_character() {
    use pokopoko::escape::{SHOWN_CHARS, shown, shown_all, shown_lines, shown_path};
    const PIECES: &[&str] = &[
        "\u{1b}", "\u{7}", "\u{9b}", "\u{9d}", "\u{9c}", "\u{7f}", "\u{0}", "\r", "\n", "\t", "]0;", "[31m",
        "é", "語", "a", " ",
    ];
    fuzz::run_generated(
        "escape",
        |rng, _| {
            let n = fuzz::below(rng, 200);
            (0..n).map(|_| PIECES[fuzz::below(rng, PIECES.len())]).collect::<String>().into_bytes()
        },
        2 * 200 * 4,
        |bytes| {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let raw = |s: &str| s.chars().any(|c| c.is_control() && c != '\n');
            assert!(!raw(&shown(&text)) && !shown(&text).contains('\n'));
            assert!(shown(&text).chars().count() <= SHOWN_CHARS * 6 + 1);
            assert!(!raw(&shown_all(&text)) && !shown_all(&text).contains('\n'));
            assert!(!raw(&shown_lines(&text)));
            assert_eq!(shown_lines(&text).matches('\n').count(), text.matches('\n').count());
            assert!(!raw(&shown_path(std::path::Path::new(&text))));
            let controls = text.chars().any(char::is_control);
            assert_eq!(pokopoko::cli::plain_text(&text).is_err(), controls);
            if let Err(message) = pokopoko::cli::plain_text(&text) {
                assert!(!raw(&message) && !message.contains('\n'));
            }
            bytes.len() as u64
        },
    );
}

/// Long games (issue 37 item 14): random Breaker moves near the origin, where Maker's replacement
/// moves go, against `6 88 0` (a Maker that only replaces) and the paper's Maker. The game (a
/// set of stones, the replacement order resumed) plays every move the literal rules give (a scan
/// from the origin, a list of stones).
#[test]
fn long_games_play_the_literal_rules() {
    use pokopoko::snaky::{Cards, Cell, Certificate, Claim, Game, Maker};
    let weak = std::sync::Arc::new(Cards::evaluate(&Certificate::parse("6 88 0\n").unwrap()).unwrap());
    let makers = [weak, Maker::Paper.cards().unwrap()];
    fuzz::run_generated(
        "long-games",
        |rng, _| {
            let n = 1 + fuzz::below(rng, 300);
            let side = 2 + fuzz::below(rng, 30) as i32;
            let mut moves = vec![fuzz::below(rng, 2) as u8];
            for _ in 0..n {
                let x = fuzz::below(rng, (2 * side + 1) as usize) as i32 - side;
                let y = fuzz::below(rng, (2 * side + 1) as usize) as i32 - side;
                moves.extend_from_slice(&x.to_le_bytes());
                moves.extend_from_slice(&y.to_le_bytes());
            }
            moves
        },
        2 * 300 * 300,
        |bytes| {
            let cards = &makers[usize::from(bytes[0])];
            let mut game = Game::started(cards.clone());
            let mut stones: Vec<Cell> = game.maker_cells().to_vec();
            let mut claim = Claim::start(cards);
            for pair in bytes[1..].chunks_exact(8) {
                let x = i32::from_le_bytes(pair[..4].try_into().unwrap());
                let y = i32::from_le_bytes(pair[4..].try_into().unwrap());
                let breaker = Cell::new(x, y);
                if stones.contains(&breaker) {
                    assert!(game.reply(breaker).is_err());
                    continue;
                }
                stones.push(breaker);
                claim = claim.after_reply(cards, breaker).unwrap_or(claim);
                let literal = claim.maker_cell(cards, |c| !stones.contains(&c));
                match game.reply(breaker) {
                    Ok(played) => assert_eq!(played, literal),
                    Err(_) => break,
                }
                stones.push(literal);
                if game.won() {
                    break;
                }
            }
            (stones.len() * stones.len()) as u64
        },
    );
}
