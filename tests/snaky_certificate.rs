//! The certificate: digest, grammar errors, and the facts of SPEC §2.3 about its cards.

use pokopoko::snaky::certificate::{
    MAX_CHILDREN, MAX_LINE_BYTES, MAX_LINES, SHIPPED_SHA256, SHIPPED_TEXT, check_digest, sha256_hex,
};
use pokopoko::snaky::verify::{self, MAX_REACHABLE_STATES, paper};
use pokopoko::snaky::{
    Cards, Cell, Certificate, CertificateError, EvalError, FrameCell, ParseErrorKind, Placement, Symmetry,
};
use proptest::prelude::*;

fn parse_error(text: &str) -> (usize, usize, String, ParseErrorKind) {
    match Certificate::parse(text) {
        Ok(_) => panic!("{text:?} should not parse"),
        Err(e) => (e.line, e.column, e.token, e.kind),
    }
}

fn cells(list: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut v = list.to_vec();
    v.sort_by_key(|&(x, y)| (y, x));
    v
}

fn set_cells(set: &pokopoko::snaky::CellSet) -> Vec<(i32, i32)> {
    set.iter().map(|c| (c.x(), c.y())).collect()
}

#[test]
fn shipped_certificate_has_the_published_digest_size_and_line_count() {
    assert_eq!(
        sha256_hex(SHIPPED_TEXT.as_bytes()),
        "3fa12d36a6d4dbb185e3f2808c8dfde13d85ee309afbca030d6ad17ae9fe3d04"
    );
    assert_eq!(SHIPPED_TEXT.len(), 38_367);
    assert_eq!(SHIPPED_TEXT.lines().count(), 722);
    let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/snaky-certificate-21.txt"));
    assert_eq!(on_disk.ok().as_deref(), Some(SHIPPED_TEXT.as_bytes()));
    assert!(Certificate::shipped().is_ok());
}

#[test]
fn a_changed_certificate_is_a_digest_mismatch_not_a_panic() {
    let tampered = SHIPPED_TEXT.replacen("6 14 4:100 5:101", "6 14 4:100 5:102", 1);
    match Certificate::parse_checked(&tampered, SHIPPED_SHA256) {
        Err(CertificateError::DigestMismatch { expected, found }) => {
            assert_eq!(expected, SHIPPED_SHA256);
            assert_ne!(found, SHIPPED_SHA256);
        }
        other => panic!("expected a digest mismatch, got {other:?}"),
    }
    assert!(check_digest(b"", SHIPPED_SHA256).is_err());
    let message = check_digest(b"x", SHIPPED_SHA256).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("digest mismatch"), "{message}");
}

#[test]
fn unknown_symbol_names_line_column_and_token() {
    assert_eq!(parse_error("6 1_ 4:100 5:101\n"), (1, 4, "1_".into(), ParseErrorKind::UnknownSymbol('_')));
    assert_eq!(parse_error("6 14 4:1-0 5:101"), (1, 9, "4:1-0".into(), ParseErrorKind::UnknownSymbol('-')));
    assert_eq!(parse_error("6 14 4;100"), (1, 7, "4;100".into(), ParseErrorKind::UnknownSymbol(';')));
    assert_eq!(parse_error("x6 14 4:100"), (1, 1, "x6".into(), ParseErrorKind::NotACardNumber('x')));
}

#[test]
fn forward_and_missing_references_are_told_apart() {
    let forward = "6 14 4:100 7:101\n7 05 6:001 6:405\n";
    assert_eq!(
        parse_error(forward),
        (1, 12, "7:101".into(), ParseErrorKind::ForwardReference { card: 7, current: 6 })
    );
    let own = "6 14 4:100 5:101\n7 05 7:001 6:405\n";
    assert_eq!(
        parse_error(own),
        (2, 6, "7:001".into(), ParseErrorKind::ForwardReference { card: 7, current: 7 })
    );
    assert_eq!(
        parse_error("6 14 4:100 9"),
        (1, 12, "9".into(), ParseErrorKind::MissingReference { card: 9 })
    );
}

#[test]
fn unbalanced_parentheses_are_reported_where_they_occur() {
    assert_eq!(
        parse_error("6 14 (05 4:100 5:101"),
        (1, 6, "(".into(), ParseErrorKind::UnbalancedParenthesis)
    );
    assert_eq!(parse_error("6 14 4:100) 5:101"), (1, 11, ")".into(), ParseErrorKind::UnbalancedParenthesis));
    assert_eq!(
        parse_error("6 14 (05 (06 4:100) 5:101"),
        (1, 6, "(".into(), ParseErrorKind::UnbalancedParenthesis)
    );
}

#[test]
fn bad_placement_digit_is_reported() {
    assert_eq!(
        parse_error("6 14 4:800 5:101"),
        (1, 8, "4:800".into(), ParseErrorKind::BadPlacementDigit('8'))
    );
    assert_eq!(parse_error("6 14 4:A00"), (1, 8, "4:A00".into(), ParseErrorKind::BadPlacementDigit('A')));
}

#[test]
fn wrong_and_duplicate_card_numbers_are_reported() {
    assert_eq!(
        parse_error("7 14 4:100 5:101"),
        (1, 1, "7".into(), ParseErrorKind::WrongCardNumber { expected: 6 })
    );
    assert_eq!(
        parse_error("6 14 4:100 5:101\n8 05 6:001 6:405"),
        (2, 1, "8".into(), ParseErrorKind::WrongCardNumber { expected: 7 })
    );
    assert_eq!(
        parse_error("6 14 4:100 5:101\n6 05 6:001 6:405"),
        (2, 1, "6".into(), ParseErrorKind::DuplicateCardNumber)
    );
}

#[test]
fn trailing_text_after_a_complete_token_is_reported() {
    assert_eq!(parse_error("6 14 4:1005 5:101"), (1, 11, "4:1005".into(), ParseErrorKind::TrailingTokens));
    assert_eq!(parse_error("6 145 4:100 5:101"), (1, 5, "145".into(), ParseErrorKind::TrailingTokens));
}

#[test]
fn empty_child_lists_missing_pivots_and_short_tokens_are_reported() {
    assert_eq!(parse_error("6 14"), (1, 3, "14".into(), ParseErrorKind::EmptyChildList));
    assert_eq!(parse_error("6 14 (05) 5:101"), (1, 7, "05".into(), ParseErrorKind::EmptyChildList));
    assert_eq!(parse_error("6"), (1, 2, "".into(), ParseErrorKind::MissingPivot));
    assert_eq!(parse_error("6 14 () 5:101"), (1, 7, ")".into(), ParseErrorKind::MissingPivot));
    assert_eq!(parse_error("6 14 4:10"), (1, 10, "4:10".into(), ParseErrorKind::TruncatedToken));
    assert_eq!(parse_error("6 1 4:100"), (1, 4, "1".into(), ParseErrorKind::TruncatedToken));
    assert_eq!(
        parse_error("6 14 4:100 5:101\n\n7 05 6:001 6:405"),
        (2, 1, "".into(), ParseErrorKind::EmptyLine)
    );
}

#[test]
fn errors_deep_in_the_shipped_certificate_name_their_line() {
    let mut lines: Vec<String> = SHIPPED_TEXT.lines().map(str::to_owned).collect();
    // Line 306 is card 311, with an inline node `(41 5:411 6:101)`; its `4` of `5:411` is column 20.
    assert!(lines[305].starts_with("311 31 4:401 (41"));
    lines[305] = lines[305].replace("5:411", "5:911");
    let text = lines.join("\n");
    let error = Certificate::parse(&text).err();
    assert_eq!(
        error.as_ref().map(|e| (e.line, e.column, e.kind.clone())),
        Some((306, 20, ParseErrorKind::BadPlacementDigit('9')))
    );
    let message = error.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("line 306") && message.contains("column 20") && message.contains("5:911"),
        "{message}"
    );
}

#[test]
fn a_placement_leaving_the_frame_is_an_evaluation_error() {
    // Base card 4 reaches x = 4; translated by 58 it would need x = 62, past `z` (61).
    let certificate = Certificate::parse("6 14 4:0w0 5:101\n");
    let result = certificate.map(|c| Cards::evaluate(&c).err());
    assert_eq!(result, Ok(Some(EvalError::OutsideFrame { card: 6, line: 1, column: 6 })));
}

#[test]
fn the_62_symbol_alphabet_keeps_the_papers_values_and_reaches_61() {
    // SPEC §2.3: `0-9A-Za-z` are 0..61; `G` is still 16.
    let certificate = Certificate::parse("6 Gz 4:1HZ 5:1az\n").expect("parses");
    let root = &certificate.lines[0].root;
    assert_eq!((root.pivot.x(), root.pivot.y()), (16, 61));
    let cards =
        Cards::evaluate(&Certificate::parse("6 IM 4:1HI 5:1HJ\n").expect("parses")).expect("evaluates");
    let card6 = cards.node(cards.card(6).expect("card 6"));
    // Card 6 of the paper, translated by (17, 18): pivot (1,4) + (17,18) = (18,22).
    let paper =
        Cards::evaluate(&Certificate::parse("6 14 4:100 5:101\n").expect("parses")).expect("evaluates");
    let paper6 = paper.node(paper.card(6).expect("card 6"));
    let shift = |set: &pokopoko::snaky::CellSet| -> Vec<(i32, i32)> {
        set.iter().map(|c| (c.x() + 17, c.y() + 18)).collect()
    };
    assert_eq!(set_cells(&card6.envelope), shift(&paper6.envelope));
    assert_eq!(set_cells(&card6.required), shift(&paper6.required));
    assert_eq!(card6.height, 2);
}

#[test]
fn the_certificate_has_728_cards_1620_nodes_898_inline_and_4089_references() {
    let certificate = Certificate::shipped().expect("shipped certificate");
    let cards = Cards::evaluate(&certificate).expect("evaluates");
    let counts = verify::counts(&certificate, &cards);
    assert_eq!(counts.cards, 728);
    assert_eq!(counts.combination_nodes, 1_620);
    assert_eq!(certificate.lines.len(), 722);
    assert_eq!(counts.inline_nodes, 898);
    assert_eq!(counts.references, 4_089);
    assert!(counts.max_height <= 21);
    assert!(cards.nodes().iter().all(|n| n.height <= 21));
}

#[test]
fn card_6_is_the_column_of_five_with_its_hook() {
    let cards = pokopoko::snaky::shipped_cards().expect("cards");
    let card = cards.node(cards.card(6).expect("card 6"));
    assert_eq!(set_cells(&card.required), cells(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]));
    assert_eq!(
        set_cells(&card.envelope),
        cells(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 3), (1, 4), (1, 5)])
    );
    assert_eq!(card.height, 2);
    assert_eq!(card.pivot, FrameCell::new(1, 4).expect("frame"));
}

#[test]
fn card_7_has_eleven_envelope_cells_and_height_3() {
    let cards = pokopoko::snaky::shipped_cards().expect("cards");
    let card = cards.node(cards.card(7).expect("card 7"));
    assert_eq!(set_cells(&card.required), cells(&[(0, 1), (0, 2), (0, 3), (0, 4)]));
    let mut envelope: Vec<(i32, i32)> = (1..=5).map(|y| (0, y)).collect();
    envelope.extend([0, 1, 2, 4, 5, 6].map(|y| (1, y)));
    assert_eq!(set_cells(&card.envelope), cells(&envelope));
    assert_eq!(card.envelope.len(), 11);
    assert_eq!(card.height, 3);
}

#[test]
fn card_727_is_the_whole_strategy_from_the_empty_board() {
    let cards = pokopoko::snaky::shipped_cards().expect("cards");
    let root = cards.node(cards.root());
    assert_eq!(root.card, 727);
    assert_eq!(root.pivot.cell(), Cell::new(8, 8));
    assert!(root.required.is_empty());
    assert_eq!(root.envelope.len(), 251);
    assert_eq!(root.height, 21);
    assert!(root.envelope.iter().all(|c| (0..=16).contains(&c.x()) && (0..=16).contains(&c.y())));
    assert_eq!(cards.children(cards.root()).len(), 32);
}

#[test]
fn the_card_727_table_matches_the_paper() {
    let cards = pokopoko::snaky::shipped_cards().expect("cards");
    // (card, A_j, |T_j|, h_j, placements, cells other than (8,8) left in the intersection)
    type Row = (u32, Vec<(i32, i32)>, usize, u32, usize, usize);
    let rows: Vec<Row> = verify::root_table(&cards)
        .into_iter()
        .map(|r| (r.card, r.required, r.envelope_size, r.height, r.placements, r.left_in_intersection))
        .collect();
    let expected = vec![
        (648, vec![(4, 5)], 87, 15, 4, 35),
        (708, vec![(8, 8)], 225, 20, 4, 31),
        (712, vec![(5, 5)], 96, 15, 8, 21),
        (713, vec![(5, 5)], 98, 15, 4, 12),
        (725, vec![(7, 7)], 167, 20, 8, 4),
        (726, vec![(7, 7)], 169, 20, 4, 0),
    ];
    assert_eq!(rows, expected);
    assert_eq!(paper::CARD_727_TABLE.len(), 6);
    let pivot = pokopoko::snaky::CellSet::single(FrameCell::new(8, 8).expect("frame"));
    assert!(cards.children(cards.root()).iter().all(|c| c.placed_required == pivot));
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    (0u8..8).prop_map(|s| Symmetry::from_digit(s).unwrap_or(Symmetry::IDENTITY))
}

fn placement() -> impl Strategy<Value = Placement> {
    (symmetry(), -40i32..40, -40i32..40).prop_map(|(s, dx, dy)| Placement::new(s, dx, dy))
}

proptest! {
    #[test]
    fn composition_applies_the_child_placement_first(f in placement(), g in placement(), x in -30i32..30, y in -30i32..30) {
        let c = Cell::new(x, y);
        prop_assert_eq!(f.compose(g).apply(c), f.apply(g.apply(c)));
    }

    #[test]
    fn inverse_undoes_a_placement(f in placement(), x in -30i32..30, y in -30i32..30) {
        let c = Cell::new(x, y);
        prop_assert_eq!(f.inverse().apply(f.apply(c)), c);
        prop_assert_eq!(f.compose(f.inverse()), Placement::IDENTITY);
    }

    #[test]
    fn locate_finds_frame_cells_anywhere(f in placement(), x in 0i32..17, y in 0i32..17) {
        let frame = FrameCell::new(x, y).unwrap_or(FrameCell::new(0, 0).unwrap_or_else(|| unreachable!()));
        prop_assert_eq!(f.locate(f.apply(frame.cell())), Some(frame));
    }

    #[test]
    fn far_cells_are_outside_every_frame(f in placement(), x in any::<i32>(), y in prop_oneof![Just(i32::MIN), Just(i32::MAX)]) {
        prop_assert_eq!(f.locate(Cell::new(x, y)), None);
    }
}

/// `n` lines after the 6 base cards, each combining the previous card alone: card 6 + k has
/// height k + 2 (SPEC §2.2: h = 1 + max hᵢ over a base card of height 1).
fn chain(n: usize) -> String {
    let mut text = String::from("6 55 0\n");
    for card in 7..6 + n {
        text.push_str(&format!("{card} 55 {}\n", card - 1));
    }
    text
}

#[test]
fn deep_nesting_is_refused_with_its_position_not_a_stack_overflow() {
    // Regression: `6 00 (00 (00 …` 17,000 deep overflowed the parser's stack.
    let deep = format!("6 00 {}\n", "(00 ".repeat(17_000));
    let (line, _, _, kind) = parse_error(&deep);
    assert_eq!(line, 1);
    assert!(matches!(kind, ParseErrorKind::LineTooLong { .. } | ParseErrorKind::TooDeep { .. }), "{kind:?}");
    let nested = format!("6 00 {}0{}\n", "(00 ".repeat(65), ")".repeat(65));
    let (line, column, _, kind) = parse_error(&nested);
    assert_eq!((line, kind), (1, ParseErrorKind::TooDeep { limit: 64 }));
    // The 65th `(` is at column 6 + 4·64.
    assert_eq!(column, 6 + 4 * 64);
    // 64 deep is fine.
    let ok = format!("6 00 {}0{}\n", "(00 ".repeat(64), ")".repeat(64));
    assert!(Certificate::parse(&ok).is_ok());
}

#[test]
fn a_huge_reference_is_named_as_too_large_not_card_4294967295() {
    let (line, column, token, kind) = parse_error("6 00 99999999999\n");
    assert_eq!((line, column, token.as_str(), kind), (1, 6, "99999999999", ParseErrorKind::NumberTooLarge));
}

#[test]
fn heights_past_255_are_exact() {
    // Regression: heights were capped at 255, so a 300-line chain reported a false height.
    let certificate = Certificate::parse(&chain(300)).expect("parses");
    let cards = Cards::evaluate(&certificate).expect("evaluates");
    assert_eq!(cards.node(cards.root()).height, 301);
    assert_eq!(verify::local_check(&cards).map(|l| l.nodes), Ok(300));
}

#[test]
fn the_worst_case_of_a_chain_as_long_as_the_line_limit_needs_no_deep_recursion() {
    // Regression: the worst-case search recursed once per card and overflowed the stack.
    let certificate = Certificate::parse(&chain(MAX_LINES)).expect("parses");
    let cards = Cards::evaluate(&certificate).expect("evaluates");
    assert_eq!(verify::worst_case(&cards), Ok(MAX_LINES as u32 + 1));
    assert_eq!(cards.delay(cards.root()), MAX_LINES as u32 + 1);
    assert_eq!(verify::reachable_states(&cards).map(|s| s.len()), Ok(MAX_LINES + 1));
}

#[test]
fn too_many_lines_are_refused_at_the_first_one_past_the_limit() {
    let text = chain(MAX_LINES + 1);
    let (line, _, _, kind) = parse_error(&text);
    assert_eq!((line, kind), (MAX_LINES + 1, ParseErrorKind::TooManyLines { limit: MAX_LINES }));
    assert_eq!(MAX_LINES, 20_000, "README states the limit");
}

/// Issue 26, row 1: a line over the limit whose byte 65,536 falls inside a character panicked
/// ("end byte index 65536 is not a char boundary"); now it is refused at the character that
/// crosses the limit, counted in characters.
#[test]
fn a_long_line_is_refused_at_a_character_not_inside_one() {
    for pad in 0..4 {
        let line = format!("6 00 {}{}\n", "0".repeat(pad), "é".repeat(MAX_LINE_BYTES / 2));
        let (line_number, column, _, kind) = parse_error(&line);
        assert_eq!((line_number, kind), (1, ParseErrorKind::LineTooLong { limit: MAX_LINE_BYTES }));
        // Bytes before the limit: "6 00 " and the pad are one byte a character, each é two.
        let before = 5 + pad;
        assert_eq!(column, before + (MAX_LINE_BYTES - before).div_ceil(2), "pad {pad}");
    }
}

/// Row 15: the line limit counts the line's bytes, not its ending: `\r\n` and `\n` agree.
#[test]
fn the_line_limit_is_the_same_with_crlf_and_lf() {
    let exactly = format!("6 00 {}", "0".repeat(MAX_LINE_BYTES - 5));
    assert_eq!(exactly.len(), MAX_LINE_BYTES);
    for ending in ["\n", "\r\n"] {
        let text = format!("{exactly}{ending}");
        let kind = Certificate::parse(&text).err().map(|e| e.kind);
        assert!(!matches!(kind, Some(ParseErrorKind::LineTooLong { .. })), "{ending:?}: {kind:?}");
        let over = format!("{exactly}0{ending}");
        assert_eq!(parse_error(&over).3, ParseErrorKind::LineTooLong { limit: MAX_LINE_BYTES }, "{ending:?}");
    }
}

/// Row 2: a 16 MiB certificate within every other limit (255 lines of 32,767 children) made the
/// evaluation allocate 4 GB and abort; the children of the whole file are bounded.
#[test]
fn too_many_children_are_refused_at_the_first_one_past_the_limit() {
    let children_per_line = 10_000;
    let mut text = String::new();
    for card in 6..12 {
        text.push_str(&format!("{card} 88{}\n", " 0".repeat(children_per_line)));
    }
    let (line, column, token, kind) = parse_error(&text);
    assert_eq!(kind, ParseErrorKind::TooManyChildren { limit: MAX_CHILDREN });
    assert_eq!(MAX_CHILDREN, 50_000, "README states the limit");
    // Child 50,001 is the first of line 6: column 6 (after "11 88 ").
    assert_eq!((line, column, token.as_str()), (6, 7, "0"));
}

/// Row 15: a leading zero is refused in card numbers and references, and a symbol where the
/// card number belongs is named as such, not as a bad coordinate.
#[test]
fn leading_zeros_and_symbols_for_card_numbers_are_named() {
    assert_eq!(parse_error("0006 14 4:100"), (1, 1, "0006".into(), ParseErrorKind::LeadingZero));
    assert_eq!(parse_error("6 14 04:100"), (1, 6, "04:100".into(), ParseErrorKind::LeadingZero));
    assert_eq!(parse_error("A 88 0"), (1, 1, "A".into(), ParseErrorKind::NotACardNumber('A')));
    assert_eq!(parse_error("( 88 0"), (1, 1, "(".into(), ParseErrorKind::NotACardNumber('(')));
    assert!(Certificate::parse("6 14 0 4:100").is_ok());
}

/// Row 15: control characters and escape sequences of the input are shown escaped.
#[test]
fn errors_show_control_characters_escaped() {
    let message = Certificate::parse("6 14 \u{1b}[2J\n").unwrap_err().to_string();
    assert!(!message.contains('\u{1b}'), "{message:?}");
    assert!(message.contains("\\u{1b}[2J"), "{message:?}");
    let record = pokopoko::snaky::parse_moves("7,8 \u{7}\u{1b}]0;x").unwrap_err().to_string();
    assert!(!record.chars().any(char::is_control), "{record:?}");
}

/// Row 15: a coordinate past 32 bits is out of range, not malformed.
#[test]
fn a_coordinate_past_32_bits_is_out_of_range() {
    let error = pokopoko::snaky::parse_moves("7,8 2147483648,0").unwrap_err();
    assert_eq!((error.position, error.kind), (2, pokopoko::snaky::RecordErrorKind::OutOfRange));
    let error = pokopoko::snaky::parse_moves("-2147483649,0").unwrap_err();
    assert_eq!(error.kind, pokopoko::snaky::RecordErrorKind::OutOfRange);
    let error = pokopoko::snaky::parse_moves("7;8").unwrap_err();
    assert_eq!(error.kind, pokopoko::snaky::RecordErrorKind::Malformed);
}

/// Row 4: the paper plus 4 lines, each 64 translated copies of the card before, reached 9.0
/// million states in 55 s and 585 MB. The searches stop at the stated limit and say so.
#[test]
fn the_reachable_states_are_bounded_and_the_limit_is_named() {
    let mut text = SHIPPED_TEXT.to_string();
    for card in 728..732 {
        let copies: Vec<String> = (0..64).map(|k| format!("{}:0{}{}", card - 1, k % 8, k / 8)).collect();
        text.push_str(&format!("{card} 00 {}\n", copies.join(" ")));
    }
    let report = verify::verify_any(&text);
    let states = report.checks.iter().find(|c| c.id == verify::CheckId::ReachableStates);
    // The local check may already refuse such a file; if it is reached, the state search stops
    // at the limit, and nothing after it runs.
    if let Some(states) = states {
        assert!(!states.pass);
        assert_eq!(states.found, verify::Found::TooManyStates { limit: MAX_REACHABLE_STATES });
        assert!(states.found.to_string().contains("more than 1,000,000"), "{}", states.found);
    }
    assert!(!report.passed());
    assert_eq!(MAX_REACHABLE_STATES, 1_000_000, "README states the limit");
}
