//! Our certificates (Maker in 20 and in 19): their numbers, a second search for their worst
//! case, and that `pokopoko snaky search --target 20` (and `--target 19`, from the committed
//! checkpoint) reproduces them byte for byte.
//!
//! The 20's counts come from our own run of `pokopoko snaky verify --certificate
//! assets/snaky-certificate-20.txt`; the worst cases (20 and 19: SPEC §2.3 and issue 27) are
//! checked again here by a search that shares nothing with the verifier's reply classes.

use std::collections::HashMap;

use pokopoko::snaky::certificate::{
    OURS_SHA256, OURS_TEXT, OURS19_SHA256, OURS19_TEXT, SHIPPED_TEXT, sha256_hex,
};
use pokopoko::snaky::research::search::{Search, SearchConfig};
use pokopoko::snaky::verify::{self, local_check, reachable_states, worst_case};
use pokopoko::snaky::{Cards, Cell, Certificate, Claim, Maker};

#[test]
fn our_certificate_extends_the_papers_line_for_line() {
    assert_eq!(sha256_hex(OURS_TEXT.as_bytes()), OURS_SHA256);
    let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/snaky-certificate-20.txt"));
    assert_eq!(on_disk.ok().as_deref(), Some(OURS_TEXT.as_bytes()));
    // SPEC §2.3: the first 722 lines are the paper's, byte for byte; new cards continue at 728.
    assert!(OURS_TEXT.starts_with(SHIPPED_TEXT));
    let new_lines: Vec<&str> = OURS_TEXT[SHIPPED_TEXT.len()..].lines().collect();
    for (i, line) in new_lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{} ", 728 + i)), "line {}: {line}", 723 + i);
    }
}

#[test]
fn our_certificate_has_the_numbers_its_verify_prints() {
    let certificate = Certificate::ours().expect("digest and grammar");
    let cards = Cards::evaluate(&certificate).expect("evaluation");
    let counts = verify::counts(&certificate, &cards);
    assert_eq!(counts.cards, 804);
    assert_eq!(counts.combination_nodes, 1_705);
    assert_eq!(counts.inline_nodes, 907);
    assert_eq!(counts.references, 4_651);
    let local = local_check(&cards).expect("the local check holds everywhere");
    assert_eq!((local.nodes, local.in_envelope, local.exterior), (1_705, 42_385, 1_705));
    assert_eq!(reachable_states(&cards).map(|s| s.len()), Ok(53_172));
    let root = cards.node(cards.root());
    assert_eq!(
        (root.card, root.pivot.cell(), root.required.len(), root.envelope.len(), root.height),
        (803, Cell::new(8, 8), 0, 251, 20)
    );
    assert_eq!(worst_case(&cards), Ok(20));
    assert_eq!(cards.delay(cards.root()), 20);
}

/// Every check of `snaky verify` passes on `certificate`, and its report says each of `words`.
fn every_check_passes(certificate: &str, words: &[&str]) {
    let report = verify::verify_any(certificate);
    let failed: Vec<_> = report.checks.iter().filter(|c| !c.pass).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    let text = verify::render(&report);
    for words in words {
        assert!(text.contains(words), "{words} missing from\n{text}");
    }
}

#[test]
fn every_check_of_our_certificate_passes() {
    every_check_passes(OURS_TEXT, &["804", "1,705", "4,651", "42,385", "44,090", "53,172", "20 Maker moves"]);
}

/// The worst case again, by brute force over Breaker's *cells* (every free cell of the placed
/// envelope and one far away), through the policy's own `after_reply`, memoised per claim.
fn longest_game(cards: &Cards, claim: Claim, memo: &mut HashMap<Claim, u32>) -> u32 {
    if let Some(&known) = memo.get(&claim) {
        return known;
    }
    let node = cards.node(claim.node);
    let mut owned: Vec<Cell> = claim.required(cards);
    owned.push(claim.pivot(cards));
    let replies =
        claim.envelope(cards).into_iter().filter(|c| !owned.contains(c)).chain([Cell::new(-999, -999)]);
    let longest = if node.is_base() {
        0
    } else {
        replies
            .filter_map(|b| claim.after_reply(cards, b))
            .map(|next| longest_game(cards, next, memo))
            .max()
            .unwrap_or(0)
    };
    memo.insert(claim, 1 + longest);
    1 + longest
}

#[test]
fn a_second_search_over_every_breaker_cell_finds_the_same_worst_case() {
    let ours = Maker::Ours.cards().expect("ours");
    assert_eq!(longest_game(&ours, Claim::start(&ours), &mut HashMap::new()), 20);
    let paper = Maker::Paper.cards().expect("paper");
    assert_eq!(longest_game(&paper, Claim::start(&paper), &mut HashMap::new()), 21);
    let ours19 = Maker::Ours19.cards().expect("ours in 19");
    assert_eq!(longest_game(&ours19, Claim::start(&ours19), &mut HashMap::new()), 19);
}

#[test]
fn the_search_reproduces_the_shipped_certificate() {
    let cards = Maker::Paper.cards().expect("paper");
    let mut search = Search::new(&cards, SearchConfig::for_target(20), |_, _, _| {});
    let root = search.run().expect("a proof of 20");
    assert_eq!(search.library()[root].height, 20);
    let text = search.write_certificate(SHIPPED_TEXT, root).expect("writable");
    assert!(text == OURS_TEXT, "the search no longer writes the shipped certificate");
}

#[test]
fn the_squeeze_table_of_card_727_is_the_papers_and_ours_is_computed_the_same_way() {
    let paper = Maker::Paper.cards().expect("paper");
    let rows: Vec<(u32, usize, u32, usize, usize)> = verify::squeeze_table(&paper, paper.root())
        .iter()
        .map(|r| (r.card, r.envelope_size, r.height, r.placements, r.left_in_intersection))
        .collect();
    // SPEC §2.3: 648 87 15 ×4 → 35; 708 225 20 ×4 → 31; 712 96 15 ×8 → 21; 713 98 15 ×4 → 12;
    // 725 167 20 ×8 → 4; 726 169 20 ×4 → 0.
    assert_eq!(
        rows,
        [
            (648, 87, 15, 4, 35),
            (708, 225, 20, 4, 31),
            (712, 96, 15, 8, 21),
            (713, 98, 15, 4, 12),
            (725, 167, 20, 8, 4),
            (726, 169, 20, 4, 0)
        ]
    );
    let ours = Maker::Ours.cards().expect("ours");
    let table = verify::squeeze_table(&ours, ours.root());
    // Every reply class is covered: nothing but the pivot is left in the common intersection.
    assert_eq!(table.last().map(|r| r.left_in_intersection), Some(0));
    assert_eq!(table.iter().map(|r| r.placements).sum::<usize>(), ours.children(ours.root()).len());
}

#[test]
fn our_certificate_in_19_extends_ours_in_20_line_for_line() {
    assert_eq!(sha256_hex(OURS19_TEXT.as_bytes()), OURS19_SHA256);
    let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/snaky-certificate-19.txt"));
    assert_eq!(on_disk.ok().as_deref(), Some(OURS19_TEXT.as_bytes()));
    // SPEC §2.3: the paper's 722 lines first (ours-20 begins with them), new cards numbered on
    // from ours-20's last card (803), the root last.
    assert!(OURS19_TEXT.starts_with(OURS_TEXT) && OURS_TEXT.starts_with(SHIPPED_TEXT));
    let new_lines: Vec<&str> = OURS19_TEXT[OURS_TEXT.len()..].lines().collect();
    assert!(!new_lines.is_empty());
    for (i, line) in new_lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{} ", 804 + i)), "line {}: {line}", 799 + i);
    }
    let cards = Maker::Ours19.cards().expect("digest, grammar and evaluation");
    let root = cards.node(cards.root());
    // Issue 27: the root is A = ∅ and height 19, Maker opening at (8,8).
    assert_eq!(root.card as usize, 803 + new_lines.len());
    assert_eq!((root.pivot.cell(), root.required.len(), root.height), (Cell::new(8, 8), 0, 19));
    assert_eq!(worst_case(&cards), Ok(19));
    assert_eq!(cards.delay(cards.root()), 19);
    local_check(&cards).expect("the combination rule holds at every node");
}

#[test]
fn every_check_of_our_certificate_in_19_passes() {
    every_check_passes(
        OURS19_TEXT,
        &["the first 722 lines are the paper's", "h = 19", "19 Maker moves", "last 19..19 Maker moves"],
    );
}

/// Issue 27: Maker wins within 19 exactly when every first reply class of Breaker is won within
/// 18 more moves; the committed checkpoint proves them all, and the hunt's last step assembles
/// the shipped certificate from it, byte for byte.
#[test]
fn the_search_for_19_reproduces_the_shipped_certificate_from_the_committed_cards() {
    let dir = std::env::temp_dir().join(format!("pokopoko-nineteen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("snaky-certificate-19.txt");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(["snaky", "search", "--target", "19", "--out"])
        .arg(&out)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("classes above 18: none"), "{stdout}");
    let written = std::fs::read(&out).expect("written");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(written == OURS19_TEXT.as_bytes(), "the search no longer writes the shipped certificate");
}
