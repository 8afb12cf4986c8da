//! What the window needs (issue 25): without a display the game says so in one line and exits 1;
//! the command line needs no display and no GPU driver.

#![cfg(feature = "app")]

use std::process::Command;

fn pokopoko() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pokopoko"));
    // No display, no Vulkan driver, and a data directory of its own (nothing is saved).
    let data = std::env::temp_dir().join(format!("pokopoko-needs-{}", std::process::id()));
    command
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("VK_ICD_FILENAMES", "/nonexistent")
        .env("VK_DRIVER_FILES", "/nonexistent")
        .env("XDG_DATA_HOME", data);
    command
}

#[test]
fn without_a_display_the_game_says_so_in_one_line_and_exits_1() {
    let out = pokopoko().output().expect("the game starts");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        ["pokopoko: no display found (DISPLAY is not set): start it in a desktop session, or under xvfb-run"],
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn the_command_line_needs_neither_a_display_nor_a_gpu_driver() {
    let out = pokopoko().args(["solve", "--min", "2", "--max", "5", "--upto", "40"]).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Picks 2–5 lose at 1 and 2 modulo 7 (the README's example).
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("  1 2 8 9 15 16 22 23 29 30 36 37\n"), "{stdout}");
}
