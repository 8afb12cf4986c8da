//! The save file: fresh start, round trip, atomic writes, bad files kept aside, and progress and
//! settings the game never writes repaired (SPEC §1.3).

use std::fs;
use std::path::{Path, PathBuf};

use pokopoko::pokopoko::{MAX_STAGE, PickSet};
use pokopoko::save::{
    ChoiceRecord, Language, MAX_LISTED_PROBLEMS, MAX_RECORDED_MATCHES, MAX_REVEALED, MAX_SAVE_BYTES, Notice,
    Progress, SAVE_VERSION, Save, SaveFile, StageRecord,
};
use pokopoko::sound_settings::{SoundSettings, Volume};
use std::os::unix::fs::FileTypeExt;

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pokopoko-save-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn some_progress() -> Save {
    let mut save = Save::default();
    save.settings.language = Language::English;
    save.progress.record(1, true);
    save.progress.record(2, false);
    save.progress.record(2, true);
    save.progress.record(3, false);
    save.settings.strategies_revealed.push(PickSet::range(2, 4).unwrap());
    save
}

#[test]
fn a_missing_save_starts_fresh_without_a_notice() {
    let dir = scratch("missing");
    let opened = SaveFile::open(dir.join("nested/save.ron"));
    assert_eq!(opened.save, Save::default());
    assert_eq!(opened.notice, None);
    assert!(opened.file.is_writable());
    // The first store creates the directory.
    opened.file.store(&some_progress()).unwrap();
    assert!(dir.join("nested/save.ron").is_file());
}

#[test]
fn progress_and_settings_survive_a_round_trip() {
    let dir = scratch("round-trip");
    let path = dir.join("save.ron");
    let save = some_progress();
    SaveFile::open(&path).file.store(&save).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("cleared"), "a readable RON file: {text}");
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save, save);
    assert_eq!(opened.save.progress.current(), 3);
    assert_eq!(opened.save.progress.results[&2].losses, 1);
    assert_eq!(opened.save.progress.results[&2].wins, 1);
    assert_eq!(opened.save.settings.language, Language::English);
    assert_eq!(opened.save.settings.strategies_revealed, [PickSet::range(2, 4).unwrap()]);
}

#[test]
fn a_save_written_before_the_strategy_setting_existed_still_opens() {
    let dir = scratch("older-settings");
    let path = dir.join("save.ron");
    fs::write(&path, "(version: 1, settings: (language: English), progress: (cleared: [1]))").unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save.settings.language, Language::English);
    assert!(opened.save.settings.strategies_revealed.is_empty());
    assert_eq!(opened.save.progress.current(), 2);
}

#[test]
fn a_corrupt_save_is_kept_aside_and_a_fresh_one_starts() {
    let dir = scratch("corrupt");
    let path = dir.join("save.ron");
    let garbage = b"(version: 1, progress: (cleared: [1, 2,";
    fs::write(&path, garbage).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.save, Save::default());
    let Some(Notice::SetAside { moved_to, .. }) = &opened.notice else {
        panic!("the player must be told: {:?}", opened.notice)
    };
    // Nothing the player saved is lost: the old bytes are next to the new save.
    assert_eq!(fs::read(moved_to).unwrap(), garbage);
    assert_eq!(moved_to.parent(), Some(dir.as_path()));
    assert!(!path.exists());
    opened.file.store(&some_progress()).unwrap();
    assert_eq!(SaveFile::open(&path).save, some_progress());
    assert_eq!(fs::read(moved_to).unwrap(), garbage);
}

#[test]
fn a_save_from_another_version_is_kept_aside() {
    let dir = scratch("version");
    let path = dir.join("save.ron");
    let newer = format!("(version: {}, settings: (language: English))", SAVE_VERSION + 1);
    fs::write(&path, &newer).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.save, Save::default());
    let Some(Notice::SetAside { moved_to, reason }) = &opened.notice else { panic!("{:?}", opened.notice) };
    assert!(reason.contains("version"), "{reason}");
    assert_eq!(fs::read_to_string(moved_to).unwrap(), newer);
}

#[test]
fn an_unreadable_save_is_kept_aside() {
    let dir = scratch("unreadable");
    let path = dir.join("save.ron");
    // A directory where the file should be cannot be read as a file.
    fs::create_dir_all(path.join("inside")).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.save, Save::default());
    let Some(Notice::SetAside { moved_to, .. }) = &opened.notice else { panic!("{:?}", opened.notice) };
    assert!(moved_to.join("inside").is_dir(), "moved aside intact");
    opened.file.store(&Save::default()).unwrap();
    assert!(path.is_file());
}

#[test]
fn not_valid_utf8_is_corrupt_not_a_crash() {
    let dir = scratch("binary");
    let path = dir.join("save.ron");
    fs::write(&path, [0xff, 0xfe, 0x00, 0x9f]).unwrap();
    let opened = SaveFile::open(&path);
    assert!(matches!(opened.notice, Some(Notice::SetAside { .. })));
}

#[test]
fn writes_go_through_a_temporary_file_and_leave_nothing_behind() {
    let dir = scratch("atomic");
    let path = dir.join("save.ron");
    let file = SaveFile::open(&path).file;
    file.store(&Save::default()).unwrap();
    file.store(&some_progress()).unwrap();
    assert_eq!(files_in(&dir), ["save.ron"]);
    assert_eq!(SaveFile::open(&path).save, some_progress());
}

/// The temporary file had a fixed name (`save.tmp-<pid>.ron`) and was opened without O_EXCL: a
/// symbolic link already there was written through, over whatever it pointed to.
#[test]
fn a_link_where_the_temporary_file_used_to_go_is_never_written_through() {
    let dir = scratch("tmp-link");
    let path = dir.join("save.ron");
    let victim = dir.join("victim.txt");
    fs::write(&victim, "precious").unwrap();
    let link = dir.join(format!("save.tmp-{}.ron", std::process::id()));
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let file = SaveFile::open(&path).file;
    file.store(&some_progress()).unwrap();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(SaveFile::open(&path).save, some_progress());
    let mut expected =
        vec!["save.ron".to_string(), link.file_name().unwrap().to_string_lossy().into(), "victim.txt".into()];
    expected.sort();
    assert_eq!(files_in(&dir), expected);
}

/// A save that is a symbolic link (to a save kept in a synced folder) stays one: the file it
/// points to is replaced, atomically, in its own directory.
#[test]
fn a_save_that_is_a_link_stays_a_link() {
    let dir = scratch("save-link");
    let synced = dir.join("synced");
    fs::create_dir_all(&synced).unwrap();
    let real = synced.join("pokopoko.ron");
    SaveFile::open(&real).file.store(&Save::default()).unwrap();
    let path = dir.join("save.ron");
    std::os::unix::fs::symlink("synced/pokopoko.ron", &path).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    opened.file.store(&some_progress()).unwrap();
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
    assert_eq!(SaveFile::open(&real).save, some_progress());
    assert_eq!(files_in(&synced), ["pokopoko.ron"]);
    assert_eq!(files_in(&dir), ["save.ron", "synced"]);
}

/// An unreadable save behind a link is set aside where it lies, and the link is kept; a link to
/// a device is set aside itself, and the device is never replaced.
#[test]
fn an_unreadable_linked_save_is_set_aside_where_it_lies() {
    let dir = scratch("bad-link");
    let synced = dir.join("synced");
    fs::create_dir_all(&synced).unwrap();
    fs::write(synced.join("pokopoko.ron"), "(version: 1, progress: (cleared: [1, 2,").unwrap();
    let path = dir.join("save.ron");
    std::os::unix::fs::symlink("synced/pokopoko.ron", &path).unwrap();
    let opened = SaveFile::open(&path);
    let Some(Notice::SetAside { moved_to, .. }) = &opened.notice else { panic!("{:?}", opened.notice) };
    assert_eq!(moved_to.parent(), Some(synced.as_path()));
    opened.file.store(&some_progress()).unwrap();
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
    assert_eq!(SaveFile::open(synced.join("pokopoko.ron")).save, some_progress());
    let device = dir.join("device.ron");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    let opened = SaveFile::open(&device);
    assert!(matches!(&opened.notice, Some(Notice::SetAside { .. })), "{:?}", opened.notice);
    opened.file.store(&some_progress()).unwrap();
    assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    assert!(fs::symlink_metadata(&device).unwrap().is_file());
}

/// A FIFO as the save hung the game at start-up (reading waited for a writer): it is refused
/// without blocking, set aside, and a fresh save starts.
#[test]
fn a_fifo_as_the_save_is_set_aside_without_blocking() {
    let dir = scratch("fifo");
    let path = dir.join("save.ron");
    let made = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    let opened = SaveFile::open(&path);
    assert_eq!(opened.save, Save::default());
    let Some(Notice::SetAside { moved_to, reason }) = &opened.notice else { panic!("{:?}", opened.notice) };
    assert!(reason.contains("not a regular file"), "{reason}");
    assert!(fs::symlink_metadata(moved_to).unwrap().file_type().is_fifo());
    assert!(opened.file.is_writable());
    // Looking at one (screenshots) does not block either.
    fs::rename(moved_to, &path).unwrap();
    let peeked = SaveFile::peek(&path);
    assert!(matches!(peeked.notice, Some(Notice::LookedAtUnreadable { .. })), "{:?}", peeked.notice);
}

/// A 100 MB save aborted every start on allocation: a save larger than the limit is set aside
/// unread; one just within it with two million problems lists the first few and counts them all.
#[test]
fn a_save_over_the_size_limit_is_set_aside_unread() {
    let within = |entries: usize| format!("(version: 1, progress: (cleared: [{}1]))", "1,".repeat(entries));
    let huge = within(MAX_SAVE_BYTES as usize / 2);
    assert!(huge.len() as u64 > MAX_SAVE_BYTES);
    let reason = kept_aside("huge-file", &huge);
    assert!(reason.contains(&format!("limit of {MAX_SAVE_BYTES} bytes")), "{reason}");
    let dir = scratch("many-problems");
    let path = dir.join("save.ron");
    let text = within((MAX_SAVE_BYTES as usize - 64) / 2);
    assert!(text.len() as u64 <= MAX_SAVE_BYTES);
    fs::write(&path, &text).unwrap();
    let opened = SaveFile::open(&path);
    let Some(Notice::Repaired { problems, total, .. }) = &opened.notice else {
        panic!("{:?}", opened.notice)
    };
    assert_eq!(*total, (MAX_SAVE_BYTES as usize - 64) / 2);
    assert_eq!(problems.len(), MAX_LISTED_PROBLEMS);
    assert_eq!(opened.save.progress, progress(&[1], &[]));
}

/// README promises repair for a volume above 10 and a count above 4,294,967,295: 256, 2⁶⁴ and a
/// stage of 2³² set the whole save aside, because they did not fit the reader's integer types.
#[test]
fn out_of_range_numbers_of_any_size_are_repaired_not_set_aside() {
    let (save, problems) = repaired_save(
        "wide",
        "(version: 1, settings: (sound: (volume: 256)), progress: (cleared: [1, 4294967296], \
         results: {1: (wins: 18446744073709551616, losses: 2), 4294967296: (wins: 1)}))",
    );
    assert_eq!(save.settings.sound.volume, Volume::new(10).unwrap());
    assert_eq!(save.progress, progress(&[1], &[(1, MAX_RECORDED_MATCHES, 2)]));
    assert_eq!(problems.len(), 4, "{problems:?}");
}

#[test]
fn an_in_memory_save_never_writes() {
    let file = SaveFile::in_memory();
    assert!(!file.is_writable());
    assert!(file.store(&Save::default()).is_err());
}

#[test]
fn a_newer_save_with_fields_this_build_does_not_know_is_named_by_its_version() {
    let dir = scratch("newer-fields");
    let path = dir.join("save.ron");
    let newer = format!(
        "(version: {}, settings: (language: English, sound: false), progress: (cleared: [1], streak: 2))",
        SAVE_VERSION + 1
    );
    fs::write(&path, &newer).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.save, Save::default());
    let Some(Notice::SetAside { moved_to, reason }) = &opened.notice else { panic!("{:?}", opened.notice) };
    assert!(reason.contains(&format!("format version {}", SAVE_VERSION + 1)), "{reason}");
    assert_eq!(fs::read_to_string(moved_to).unwrap(), newer);
}

#[test]
fn peeking_at_a_bad_save_leaves_it_in_place_and_never_writes() {
    let dir = scratch("peek");
    let path = dir.join("save.ron");
    let garbage = b"(version: 1, progress: (cleared: [1, 2,";
    fs::write(&path, garbage).unwrap();
    let peeked = SaveFile::peek(&path);
    assert_eq!(peeked.save, Save::default());
    assert!(matches!(peeked.notice, Some(Notice::LookedAtUnreadable { .. })), "{:?}", peeked.notice);
    assert!(!peeked.file.is_writable());
    assert!(peeked.file.store(&some_progress()).is_err());
    assert_eq!(files_in(&dir), ["save.ron"]);
    assert_eq!(fs::read(&path).unwrap(), garbage);
}

#[test]
fn peeking_reads_a_good_save() {
    let dir = scratch("peek-good");
    let path = dir.join("save.ron");
    SaveFile::open(&path).file.store(&some_progress()).unwrap();
    let peeked = SaveFile::peek(&path);
    assert_eq!(peeked.notice, None);
    assert_eq!(peeked.save, some_progress());
    assert!(!peeked.file.is_writable());
}

/// Opens `text` as a save file and expects it to be kept aside whole, with a fresh save in its
/// place and the player told; returns the reason given.
fn kept_aside(name: &str, text: &str) -> String {
    let dir = scratch(name);
    let path = dir.join("save.ron");
    fs::write(&path, text).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.save, Save::default(), "{text}");
    let Some(Notice::SetAside { moved_to, reason }) = opened.notice else {
        panic!("the player must be told about {text}: {:?}", opened.notice)
    };
    // Nothing the player saved is lost: the file is next to the new save, byte for byte.
    assert_eq!(fs::read_to_string(&moved_to).unwrap(), text);
    assert!(opened.file.is_writable());
    reason
}

/// Opens `text` as a save file and expects it repaired: the progress returned, the file as it
/// was copied aside byte for byte, the repaired save written in its place and the player told;
/// returns the problems named.
fn repaired(name: &str, text: &str, expected: Progress) -> Vec<String> {
    let (save, problems) = repaired_save(name, text);
    assert_eq!(save.progress, expected, "{text}");
    problems
}

/// As [`repaired`], returning the whole repaired save.
fn repaired_save(name: &str, text: &str) -> (Save, Vec<String>) {
    let dir = scratch(name);
    let path = dir.join("save.ron");
    fs::write(&path, text).unwrap();
    let opened = SaveFile::open(&path);
    let Some(Notice::Repaired { kept_at, problems, total }) = opened.notice else {
        panic!("the player must be told about {text}: {:?}", opened.notice)
    };
    assert_eq!(total, problems.len());
    // Nothing the player saved is lost: the file as it was is next to the repaired save.
    assert_eq!(fs::read_to_string(&kept_at).unwrap(), text);
    assert!(opened.file.is_writable());
    // The repaired save is on disk, and opens without a word.
    let again = SaveFile::open(&path);
    assert_eq!((&again.save, again.notice), (&opened.save, None));
    (opened.save, problems)
}

fn progress(cleared: &[u32], results: &[(u32, u64, u64)]) -> Progress {
    Progress {
        cleared: cleared.iter().copied().collect(),
        results: results.iter().map(|&(stage, wins, losses)| (stage, StageRecord { wins, losses })).collect(),
        ..Progress::default()
    }
}

/// `cleared:[4294967295]` overflowed (stage + 1), and `cleared:[2000000000]` had the ladder
/// screen lay out two billion tiles: a stage outside the ladder is left out, by name, and the
/// rest of the progress is kept.
#[test]
fn a_save_naming_a_stage_outside_the_ladder_is_repaired() {
    for (name, stage) in [
        ("zero", 0u64),
        ("max", u64::from(u32::MAX)),
        ("two-billion", 2_000_000_000),
        ("beyond", u64::from(MAX_STAGE) + 1),
    ] {
        let text = format!(
            "(version: 1, progress: (cleared: [1, {stage}], results: {{1: (wins: 2), {stage}: (wins: 1)}}))"
        );
        let problems = repaired(name, &text, progress(&[1], &[(1, 2, 0)]));
        assert_eq!(problems.len(), 2, "{problems:?}");
        for (problem, field) in problems.iter().zip(["cleared", "results"]) {
            assert!(problem.contains(&format!("`{field}` names stage {stage}")), "{problem}");
            assert!(problem.contains(&format!("numbered 1 to {MAX_STAGE}")), "{problem}");
        }
    }
    // A number beyond 32 bits (or 64) is not a stage either, and is left out the same way.
    for (name, stage) in
        [("huge", "99999999999"), ("beyond-64-bits", "18446744073709551616"), ("negative", "-1")]
    {
        let text = format!("(version: 1, progress: (cleared: [1, {stage}]))");
        let problems = repaired(name, &text, progress(&[1], &[]));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("`cleared` names stage") && problems[0].contains("numbered 1 to"));
    }
    // The last stage itself is fine.
    let dir = scratch("last-stage");
    let path = dir.join("save.ron");
    fs::write(&path, format!("(version: 1, progress: (cleared: [{MAX_STAGE}]))")).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save.progress.highest_unlocked(), MAX_STAGE);
    assert_eq!(opened.save.progress.current(), 1);
}

/// A key written twice was silently merged (the later record won, the earlier was dropped): now
/// the first is kept and the player told.
#[test]
fn a_save_listing_a_stage_twice_is_repaired() {
    let problems = repaired(
        "dup-results",
        "(version: 1, progress: (results: {3: (wins: 1), 3: (losses: 2)}))",
        progress(&[], &[(3, 1, 0)]),
    );
    assert_eq!(problems, ["`results` lists stage 3 twice"]);
    let problems =
        repaired("dup-cleared", "(version: 1, progress: (cleared: [1, 2, 2]))", progress(&[1, 2], &[]));
    assert_eq!(problems, ["`cleared` lists stage 2 twice"]);
    // A field written twice is not a save the game can read: kept aside whole.
    let reason = kept_aside("dup-field", "(version: 1, progress: (cleared: [1]), progress: (cleared: [2]))");
    assert!(reason.contains("duplicate"), "{reason}");
}

/// `wins:4294967295` overflowed on the next win.
#[test]
fn the_largest_saved_counts_count_on_without_overflowing() {
    let dir = scratch("max-wins");
    let path = dir.join("save.ron");
    fs::write(
        &path,
        "(version: 1, progress: (cleared: [1], results: {1: (wins: 4294967295, losses: 4294967295)}))",
    )
    .unwrap();
    let mut opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    opened.save.progress.record(1, true);
    opened.save.progress.record(1, false);
    assert_eq!(opened.save.progress.results[&1], StageRecord { wins: 4_294_967_296, losses: 4_294_967_296 });
    assert_eq!(MAX_RECORDED_MATCHES, 4_294_967_295);
    // More than a save may hold is brought back to the most it may hold.
    let problems = repaired(
        "too-many",
        "(version: 1, progress: (results: {1: (wins: 4294967296, losses: 3)}))",
        progress(&[], &[(1, MAX_RECORDED_MATCHES, 3)]),
    );
    assert_eq!(problems.len(), 1);
    assert!(problems[0].contains("4294967296 matches of stage 1"), "{problems:?}");
    // More right turn orders than matches: no more right than played.
    let mut expected = Progress::default();
    expected.choices.insert(2, ChoiceRecord { matches: 3, right: 3, first_right: Some(true) });
    let problems = repaired(
        "more-right",
        "(version: 1, progress: (choices: {2: (matches: 3, right: 7, first_right: Some(true))}))",
        expected,
    );
    assert_eq!(problems, ["`choices` counts 7 right turn orders in 3 matches of stage 2"]);
}

/// A save that needs repair, only peeked at (screenshots), is repaired in memory and never written.
#[test]
fn peeking_at_a_save_that_needs_repair_leaves_the_file_alone() {
    let dir = scratch("peek-repair");
    let path = dir.join("save.ron");
    let text = "(version: 1, progress: (cleared: [1, 0]))";
    fs::write(&path, text).unwrap();
    let peeked = SaveFile::peek(&path);
    assert_eq!(peeked.save.progress, progress(&[1], &[]));
    let Some(Notice::LookedAtRepaired { problems, total }) = &peeked.notice else {
        panic!("{:?}", peeked.notice)
    };
    assert_eq!(*total, 1);
    assert!(problems[0].contains("stage 0"), "{problems:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    assert_eq!(files_in(&dir), ["save.ron"]);
}

#[test]
fn a_match_outside_the_ladder_is_never_recorded() {
    let mut save = Save::default();
    save.progress.record(0, true);
    save.progress.record(MAX_STAGE + 1, true);
    assert_eq!(save, Save::default());
}

/// A pick set the game could not have saved is left out of the settings; the rest of the save,
/// the other pick sets and the progress included, is kept.
#[test]
fn a_pick_set_that_is_not_one_in_the_settings_is_left_out() {
    let (save, problems) = repaired_save(
        "picks",
        "(version: 1, settings: (language: English, strategies_revealed: [[1, 4000000000], [2, 3], [0, 1]]), progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.language, Language::English);
    assert_eq!(save.settings.strategies_revealed, [PickSet::from_counts([2, 3]).unwrap()]);
    assert_eq!(save.progress, progress(&[1], &[]));
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("[1, 4000000000]") && problems[0].contains("picks of at most 100000"),
        "{problems:?}"
    );
    assert!(problems[1].contains("[0, 1]"), "{problems:?}");
}

#[test]
fn sound_settings_survive_a_round_trip() {
    let dir = scratch("sound");
    let path = dir.join("save.ron");
    let mut save = some_progress();
    save.settings.sound = SoundSettings { muted: true, volume: Volume::new(3).unwrap() };
    SaveFile::open(&path).file.store(&save).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save.settings.sound, SoundSettings { muted: true, volume: Volume::new(3).unwrap() });
    assert_eq!(opened.save, save);
}

#[test]
fn a_save_from_before_the_sound_settings_opens_with_sound_on_at_the_default_volume() {
    let dir = scratch("before-sound");
    let path = dir.join("save.ron");
    fs::write(&path, "(version: 1, settings: (language: English), progress: (cleared: [1]))").unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save.settings.sound, SoundSettings { muted: false, volume: Volume::new(7).unwrap() });
    // Either field alone is fine too.
    fs::write(&path, "(version: 1, settings: (sound: (muted: true)))").unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save.settings.sound, SoundSettings { muted: true, volume: Volume::default() });
}

/// A volume beyond the scale is brought to the loudest, a negative one to silence.
#[test]
fn a_volume_beyond_the_scale_is_brought_to_the_loudest() {
    let (save, problems) = repaired_save(
        "loud",
        "(version: 1, settings: (sound: (muted: true, volume: 11)), progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.sound, SoundSettings { muted: true, volume: Volume::new(10).unwrap() });
    assert_eq!(save.progress, progress(&[1], &[]));
    assert_eq!(problems, ["`sound` sets volume 11, but volumes go from 0 to 10; it was brought to 10"]);
    let (save, problems) = repaired_save("negative", "(version: 1, settings: (sound: (volume: -1)))");
    assert_eq!(save.settings.sound.volume, Volume::new(0).unwrap());
    assert_eq!(problems, ["`sound` sets volume -1, but volumes go from 0 to 10; it was brought to 0"]);
}

/// The last free-play setup is a convenience: one the game cannot start is left out (the setup
/// screen then starts from the default), and the rest of the save is kept.
#[test]
fn a_free_play_setup_the_game_cannot_start_is_left_out() {
    let setup = "(buttons: 201, kind: Set, min: 1, max: 3, counts: [1, 3, 4], order: First, practice: false)";
    let (save, problems) = repaired_save(
        "free",
        &format!(
            "(version: 1, settings: (language: English, free_play: Some({setup})), progress: (cleared: [1, 2]))"
        ),
    );
    assert_eq!(save.settings.free_play, None);
    assert_eq!(save.settings.language, Language::English);
    assert_eq!(save.progress, progress(&[1, 2], &[]));
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].starts_with("`free_play` is a setup the game cannot start (the number of buttons"),
        "{problems:?}"
    );
}

/// Snaky's best per Maker, normal and blind, as the game writes them.
fn some_bests() -> Save {
    use pokopoko::snaky::Maker;
    let mut save = some_progress();
    save.settings.snaky_best.insert(Maker::Paper, 17);
    save.settings.snaky_best.insert(Maker::Ours, 20);
    save.settings.snaky_best.insert(Maker::Ours19, 19);
    save.settings.blind_best.insert(Maker::Paper, 21);
    save.settings.assisted_best.insert(Maker::Paper, 21);
    save
}

#[test]
fn snaky_bests_survive_a_round_trip() {
    use pokopoko::snaky::Maker;
    let dir = scratch("bests");
    let path = dir.join("save.ron");
    let save = some_bests();
    SaveFile::open(&path).file.store(&save).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("snaky_best") && text.contains("blind_best"), "{text}");
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save, save);
    assert_eq!(opened.save.settings.snaky_best.get(&Maker::Paper), Some(&17));
    assert_eq!(opened.save.settings.snaky_best.get(&Maker::Ours), Some(&20));
    assert_eq!(opened.save.settings.snaky_best.get(&Maker::Ours19), Some(&19));
    assert_eq!(opened.save.settings.blind_best.get(&Maker::Ours), None);
    // The games the player was helped in are kept apart from the best.
    assert!(text.contains("assisted_best"), "{text}");
    assert_eq!(opened.save.settings.assisted_best.get(&Maker::Paper), Some(&21));
}

/// A save written before assisted games were kept apart reads as it did: its best stays the best.
#[test]
fn a_save_from_before_assisted_games_keeps_its_best() {
    use pokopoko::snaky::Maker;
    let dir = scratch("before-assisted");
    let path = dir.join("save.ron");
    fs::write(
        &path,
        "(version: 1, settings: (language: English, snaky_best: {Paper: 12}), progress: (cleared: [1]))",
    )
    .unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save.settings.snaky_best.get(&Maker::Paper), Some(&12));
    assert!(opened.save.settings.assisted_best.is_empty());
    // An assisted best no game could hold out is left out by name, like the others.
    let (save, problems) = repaired_save(
        "hostile-assisted",
        "(version: 1, settings: (assisted_best: {Paper: 22, Ours: 20}), progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.assisted_best, [(Maker::Ours, 20)].into_iter().collect());
    assert!(problems.iter().any(|p| p.contains("assisted_best")), "{problems:?}");
}

#[test]
fn a_save_from_before_the_snaky_best_opens_with_none_recorded() {
    use pokopoko::snaky::Maker;
    let dir = scratch("before-best");
    let path = dir.join("save.ron");
    fs::write(
        &path,
        "(version: 1, settings: (language: English, blind_best: {Paper: 19}), progress: (cleared: [1]))",
    )
    .unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert!(opened.save.settings.snaky_best.is_empty());
    assert_eq!(opened.save.settings.blind_best.get(&Maker::Paper), Some(&19));
    assert_eq!(opened.save.progress.current(), 2);
}

/// A game lasts at least 6 Maker moves (a Snaky has 6 cells) and at most the Maker's par (21 for
/// the paper's, 20 for ours, SPEC §2.3; 19 for ours in 19, issue 27): a best outside that range, in either record, is left out
/// by name, a Maker listed twice keeps its first best, and the rest of the save is kept. A value
/// that fits no integer type is repaired too, not a reason to set the whole save aside.
#[test]
fn a_snaky_best_no_game_could_hold_out_is_left_out() {
    use pokopoko::snaky::Maker;
    assert_eq!(pokopoko::save::MIN_HELD_OUT, 6);
    let (save, problems) = repaired_save(
        "hostile-best",
        "(version: 1, settings: (language: English, \
         snaky_best: {Paper: 22, Ours: 20, Ours: 7, Ours19: 20}, \
         blind_best: {Paper: 5, Ours: 21, Paper: 6, Ours: -1, Ours: 18446744073709551616}), \
         progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.language, Language::English);
    assert_eq!(save.progress, progress(&[1], &[]));
    assert_eq!(save.settings.snaky_best, [(Maker::Ours, 20)].into_iter().collect());
    assert_eq!(save.settings.blind_best, [(Maker::Paper, 6)].into_iter().collect());
    assert_eq!(
        problems,
        [
            "`blind_best` records 5 Maker moves held out against Paper, but a game against that Maker lasts 6 to 21 Maker moves; it was left out",
            "`blind_best` records 21 Maker moves held out against Ours, but a game against that Maker lasts 6 to 20 Maker moves; it was left out",
            "`blind_best` records -1 Maker moves held out against Ours, but a game against that Maker lasts 6 to 20 Maker moves; it was left out",
            "`blind_best` records 18446744073709551616 Maker moves held out against Ours, but a game against that Maker lasts 6 to 20 Maker moves; it was left out",
            "`snaky_best` records 22 Maker moves held out against Paper, but a game against that Maker lasts 6 to 21 Maker moves; it was left out",
            "`snaky_best` lists Ours twice; the first was kept",
            "`snaky_best` records 20 Maker moves held out against Ours19, but a game against that Maker lasts 6 to 19 Maker moves; it was left out",
        ]
    );
    // The strict reader refuses such a save, naming the first problem.
    let strict = pokopoko::save::parse(b"(version: 1, settings: (snaky_best: {Ours: 21}))");
    assert!(strict.is_err_and(|e| e.to_string().contains("`snaky_best` records 21")));
    // The ends of each range are bests a game can hold out.
    for (maker, par) in [("Paper", 21), ("Ours", 20), ("Ours19", 19)] {
        for moves in [6, par] {
            let text = format!(
                "(version: 1, settings: (snaky_best: {{{maker}: {moves}}}, blind_best: {{{maker}: {moves}}}))"
            );
            assert!(pokopoko::save::parse(text.as_bytes()).is_ok(), "{text}");
        }
    }
}

#[test]
fn the_snaky_primer_progress_survives_a_round_trip_and_older_saves_have_none() {
    let dir = scratch("primer");
    let path = dir.join("save.ron");
    let mut save = some_progress();
    save.settings.snaky_primer.opened = true;
    save.settings.snaky_primer.pass(2);
    save.settings.snaky_primer.pass(5);
    // Not a step of the primer: never recorded.
    save.settings.snaky_primer.pass(0);
    save.settings.snaky_primer.pass(6);
    assert_eq!(save.settings.snaky_primer.passed.iter().copied().collect::<Vec<_>>(), [2, 5]);
    SaveFile::open(&path).file.store(&save).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save, save);
    // A save from before the primer: never opened, nothing passed, no notice.
    fs::write(&path, "(version: 1, settings: (language: English), progress: (cleared: [1]))").unwrap();
    let older = SaveFile::open(&path);
    assert_eq!(older.notice, None);
    assert!(!older.save.settings.snaky_primer.opened);
    assert!(older.save.settings.snaky_primer.passed.is_empty());
}

/// The primer has steps 1 to 5 (issue 23): a step outside them, of any size, is left out by name,
/// a step listed twice is kept once, and the rest of the save is kept.
#[test]
fn a_primer_step_the_game_never_writes_is_left_out() {
    assert_eq!(pokopoko::save::PRIMER_STEPS, 5);
    let (save, problems) = repaired_save(
        "hostile-primer",
        "(version: 1, settings: (language: English, \
         snaky_primer: (opened: true, passed: [3, 0, 6, 3, -1, 1, 340282366920938463463374607431768211456, 5])), \
         progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.language, Language::English);
    assert_eq!(save.progress, progress(&[1], &[]));
    assert!(save.settings.snaky_primer.opened);
    assert_eq!(save.settings.snaky_primer.passed.iter().copied().collect::<Vec<_>>(), [1, 3, 5]);
    let out = |step: &str| {
        format!(
            "`snaky_primer` lists step {step} as passed, but the primer's steps are 1 to 5; it was left out"
        )
    };
    assert_eq!(
        problems,
        [
            out("0"),
            out("6"),
            "`snaky_primer` lists step 3 twice".to_string(),
            out("-1"),
            out(&i128::MAX.to_string()),
        ]
    );
    // The strict reader refuses such a save; a field of the wrong type is no save at all.
    assert!(pokopoko::save::parse(b"(version: 1, settings: (snaky_primer: (passed: [9])))").is_err());
    assert!(
        pokopoko::save::parse(b"(version: 1, settings: (snaky_primer: (passed: [1, 2, 3, 4, 5])))").is_ok()
    );
    assert!(pokopoko::save::parse(b"(version: 1, settings: (snaky_primer: (opened: 7)))").is_err());
    assert!(pokopoko::save::parse(b"(version: 1, settings: (snaky_primer: (seen: true)))").is_err());
}

/// The Maker steps passed are kept too (newcomer #49 passed all six and read "0 of 6" when back):
/// a step outside 1 to 6 is left out by name, one listed twice kept once; a save without them
/// reads as before and a save with none writes none (an older game still reads it).
#[test]
fn the_maker_steps_passed_are_kept_and_checked() {
    let (save, problems) = repaired_save(
        "maker-steps",
        "(version: 1, settings: (language: English, \
         snaky_primer: (opened: true, passed: [2], maker_passed: [6, 0, 7, 6, 1])), progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.snaky_primer.passed.iter().copied().collect::<Vec<_>>(), [2]);
    assert_eq!(save.settings.snaky_primer.maker_passed.iter().copied().collect::<Vec<_>>(), [1, 6]);
    let out = |step: &str| {
        format!(
            "`snaky_primer` lists Maker step {step} as passed, but the Maker steps are 1 to 6; it was left out"
        )
    };
    assert_eq!(problems, [out("0"), out("7"), "`snaky_primer` lists Maker step 6 twice".to_string()]);
    // Written and read back unchanged; with none passed, the field is not written at all.
    let path = scratch("maker-steps-written").join("save.ron");
    let mut save = Save::default();
    save.settings.snaky_primer.pass_maker(3);
    save.settings.snaky_primer.pass_maker(7);
    assert_eq!(save.settings.snaky_primer.maker_passed.iter().copied().collect::<Vec<_>>(), [3]);
    SaveFile::open(&path).file.store(&save).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!((opened.notice, opened.save), (None, save));
    SaveFile::open(&path).file.store(&Save::default()).unwrap();
    assert!(!fs::read_to_string(&path).unwrap().contains("maker_passed"));
}

/// A save of 20,000 cleared stages was written at 4.7 MB and set aside by the next launch (its
/// limit was 4 MiB). The largest save the game can write, every stage of the ladder (1 to
/// MAX_STAGE) with every count at its largest and the most pick sets remembered, each as large as
/// a ladder file allows (picks 1–1,000), is written within the limit and read back whole.
#[test]
fn the_largest_save_the_game_can_write_is_read_back_whole() {
    let mut save = Save::default();
    let most =
        ChoiceRecord { matches: MAX_RECORDED_MATCHES, right: MAX_RECORDED_MATCHES, first_right: Some(false) };
    let record = StageRecord { wins: MAX_RECORDED_MATCHES, losses: MAX_RECORDED_MATCHES };
    for stage in 1..=MAX_STAGE {
        save.progress.cleared.insert(stage);
        save.progress.results.insert(stage, record);
        save.progress.choices.insert(stage, most);
    }
    // Distinct pick sets no smaller than the largest range a ladder file allows, 1–1,000.
    for k in 0..MAX_REVEALED as u32 {
        let set = PickSet::from_counts((1..=1_000).chain([2_000 + k])).unwrap();
        assert!(save.settings.reveal(&set));
    }
    assert_eq!(save.settings.strategies_revealed.len(), MAX_REVEALED);
    let dir = scratch("largest");
    let path = dir.join("save.ron");
    SaveFile::open(&path).file.store(&save).unwrap();
    let written = fs::metadata(&path).unwrap().len();
    eprintln!("the largest save: {written} bytes");
    assert!(written <= MAX_SAVE_BYTES, "{written} bytes written, the limit is {MAX_SAVE_BYTES}");
    let opened = SaveFile::open(&path);
    assert!(opened.notice.is_none(), "{:?}", opened.notice);
    assert_eq!(opened.save, save);
}

/// Remembering one more revealed pick set than the save keeps forgets the oldest.
#[test]
fn the_oldest_revealed_pick_set_is_forgotten_beyond_the_limit() {
    let mut save = Save::default();
    let set = |k: u32| PickSet::range(1, k).unwrap();
    for k in 1..=MAX_REVEALED as u32 + 1 {
        assert!(save.settings.reveal(&set(k)));
    }
    assert!(!save.settings.reveal(&set(MAX_REVEALED as u32 + 1)), "already remembered");
    let revealed = &save.settings.strategies_revealed;
    assert_eq!(revealed.len(), MAX_REVEALED);
    assert_eq!(revealed.first(), Some(&set(2)));
    assert_eq!(revealed.last(), Some(&set(MAX_REVEALED as u32 + 1)));
}

/// A save that is a dangling link into a folder that does not exist is not followed into making
/// folders: the write is refused with a reason naming the link's target, and nothing is created.
#[test]
fn a_dangling_link_never_makes_the_game_create_folders() {
    let dir = scratch("dangling-link");
    let path = dir.join("save.ron");
    std::os::unix::fs::symlink("gone/deeper/pokopoko.ron", &path).unwrap();
    let opened = SaveFile::open(&path);
    let err = opened.file.store(&some_progress()).expect_err("nowhere to write");
    assert!(err.to_string().contains("whose folder does not exist"), "{err}");
    assert!(!dir.join("gone").exists(), "no folder was created");
    assert_eq!(files_in(&dir), ["save.ron"]);
    // A link whose folder exists is written through, as before.
    fs::create_dir_all(dir.join("gone/deeper")).unwrap();
    opened.file.store(&some_progress()).unwrap();
    assert_eq!(SaveFile::open(dir.join("gone/deeper/pokopoko.ron")).save, some_progress());
}

/// Snaky as Maker: the fewest Maker moves per computer Breaker survives a round trip; a save
/// from before the mode reads with none; a count no win can have is left out by name.
#[test]
fn maker_bests_survive_and_old_saves_have_none() {
    use pokopoko::snaky::as_maker::Level;
    let dir = scratch("maker-best");
    let path = dir.join("save.ron");
    let mut save = some_bests();
    save.settings.maker_best.insert(Level::Blocker, 9);
    save.settings.maker_best.insert(Level::Searcher, 19);
    SaveFile::open(&path).file.store(&save).unwrap();
    let opened = SaveFile::open(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.save, save);
    let old = dir.join("old.ron");
    fs::write(&old, "(version: 1, settings: (snaky_best: {Paper: 12}), progress: (cleared: [1]))").unwrap();
    let opened = SaveFile::open(&old);
    assert_eq!(opened.notice, None);
    assert!(opened.save.settings.maker_best.is_empty());
    // A Snaky has six cells: no win takes five moves; and each level once.
    let (save, problems) = repaired_save(
        "hostile-maker-best",
        "(version: 1, settings: (maker_best: {blocker: 5, potential: 12, searcher: 99999999999}), progress: (cleared: [1]))",
    );
    assert_eq!(save.settings.maker_best, [(Level::Potential, 12)].into_iter().collect());
    assert_eq!(problems.iter().filter(|p| p.contains("maker_best")).count(), 2, "{problems:?}");
}
