//! The global checks of SPEC §2.3, like perft: counts compared with the paper's numbers.

use pokopoko::snaky::certificate::{SHIPPED_SHA256, SHIPPED_TEXT};
use pokopoko::snaky::shipped_cards;
use pokopoko::snaky::verify::{self, local_check, reachable_states, worst_case};

#[test]
fn the_local_check_holds_at_all_1620_nodes_with_37042_reply_classes() {
    let cards = shipped_cards().expect("cards");
    let local = local_check(&cards).expect("the local check holds everywhere");
    assert_eq!(local.nodes, 1_620);
    assert_eq!(local.in_envelope, 35_422);
    assert_eq!(local.exterior, 1_620);
    assert_eq!(local.in_envelope + local.exterior, 37_042);
}

#[test]
fn the_policy_reaches_53823_states_from_the_empty_board() {
    let cards = shipped_cards().expect("cards");
    assert_eq!(reachable_states(&cards).map(|s| s.len()), Ok(53_823));
}

#[test]
fn the_exact_worst_case_is_21_maker_moves() {
    let cards = shipped_cards().expect("cards");
    assert_eq!(worst_case(&cards), Ok(21));
}

#[test]
fn every_check_of_the_shipped_certificate_passes() {
    let report = verify::verify_shipped();
    let failed: Vec<_> = report.checks.iter().filter(|c| !c.pass).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(report.passed());
    assert_eq!(
        report.checks.iter().map(|c| c.number).collect::<Vec<_>>(),
        (1..=report.checks.len()).collect::<Vec<_>>()
    );
    let text = verify::render(&report);
    assert_eq!(text.matches(" PASS ").count(), report.checks.len());
}

#[test]
fn a_tampered_certificate_fails_verification() {
    // Card 6 with its children swapped still parses, but its digest and later numbers change.
    let tampered = SHIPPED_TEXT.replacen("6 14 4:100 5:101", "6 14 5:101 4:100", 1);
    let report = verify::verify_text(&tampered, SHIPPED_SHA256);
    assert!(!report.passed());
    assert!(!report.checks[0].pass, "the digest check fails");
    // Dropping a child of card 727 breaks the local check and the card-727 facts.
    let broken = SHIPPED_TEXT.replacen(" 726:6FF", "", 1);
    let report = verify::verify_text(&broken, SHIPPED_SHA256);
    let failed: Vec<&str> = report.checks.iter().filter(|c| !c.pass).map(|c| c.title()).collect();
    assert!(failed.contains(&"local check") && failed.contains(&"card 727"), "{failed:?}");
}

#[test]
fn a_malformed_certificate_fails_at_the_grammar_check() {
    let report = verify::verify_text("6 14 4:100 5:1-1\n", SHIPPED_SHA256);
    assert!(!report.passed());
    let grammar = report.checks.iter().find(|c| c.title() == "grammar").expect("a grammar check");
    assert!(
        !grammar.pass && grammar.detail().contains("line 1") && grammar.detail().contains("column 15"),
        "{grammar:?}"
    );
}

#[test]
fn a_root_that_requires_cells_fails_without_playing_endless_games() {
    // Regression (found by the fuzzer): the paper's first 115 lines end on card 120, which requires
    // three cells; its "perfect Breaker" games never ended within a second.
    let text: String = SHIPPED_TEXT.lines().take(115).map(|l| format!("{l}\n")).collect();
    let report = verify::verify_any(&text);
    let failed: Vec<&str> = report.checks.iter().filter(|c| !c.pass).map(|c| c.title()).collect();
    assert_eq!(failed, ["root card", "perfect Breaker"]);
    let root = report.checks.iter().find(|c| c.title() == "root card").expect("a root check");
    assert!(root.detail().contains("card 120") && root.detail().contains("|A| = 3"), "{}", root.detail());
}
