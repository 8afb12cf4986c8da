//! The certificate notation (SPEC §2.3) reads a line and writes it back byte for byte: every line
//! of the three shipped certificates, every line a search writes, and random lines in the paper's
//! spelling (one space between tokens, none inside parentheses, `j` for a reference under the
//! identity), whose values the parser must also read back.

use proptest::collection::vec;
use proptest::prelude::*;

use pokopoko::snaky::certificate::{OURS_TEXT, OURS19_TEXT, SHIPPED_TEXT};
use pokopoko::snaky::notation::{self, ChildSyntax, NodeSyntax};
use pokopoko::snaky::research::search::{Search, SearchConfig};
use pokopoko::snaky::{CellSet, Certificate, FrameCell, Maker};

/// Parses `text` and writes every line back: each must be the line as read, byte for byte.
/// Returns the number of lines.
fn assert_written_back(text: &str) -> usize {
    let certificate = Certificate::parse(text).expect("parses");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(certificate.lines.len(), lines.len());
    for (line, raw) in certificate.lines.iter().zip(&lines) {
        assert_eq!(notation::write_line(line).as_deref(), Ok(*raw), "line {}", line.line);
    }
    lines.len()
}

/// SPEC §2.3's 62 symbols, spelled here from their ranges.
fn spec_symbols() -> Vec<char> {
    ('0'..='9').chain('A'..='Z').chain('a'..='z').collect()
}

#[test]
fn the_alphabet_is_the_62_symbols_of_the_spec() {
    let symbols = spec_symbols();
    assert_eq!(symbols.len(), 62);
    assert_eq!(notation::ALPHABET.chars().collect::<Vec<_>>(), symbols);
    // The paper's 17 keep their values: `G0` is (16, 0).
    assert_eq!(notation::symbol_value('G'), Some(16));
}

#[test]
fn every_line_of_the_shipped_certificates_is_written_back_byte_for_byte() {
    // SPEC §2.3: the paper's 722 lines; ours-20 adds 76 cards; ours-19 has 1,119 cards in all,
    // 6 of them base cards.
    assert_eq!(assert_written_back(SHIPPED_TEXT), 722);
    assert_eq!(assert_written_back(OURS_TEXT), 722 + 76);
    assert_eq!(assert_written_back(OURS19_TEXT), 1_119 - 6);
}

#[test]
fn every_line_a_search_writes_is_written_back_byte_for_byte() {
    // A short search over ours-20's cards from the position after Maker's (8,8) and Breaker's
    // (9,8): every card it proved, written as a certificate with what it uses.
    let ours = Maker::Ours.cards().expect("ours");
    let config =
        SearchConfig { max_positions: 3_000, ..pokopoko::snaky::research::hunt::level_config(19, 2) };
    let mut search = Search::new(&ours, config, |_, _, _| {});
    let (opening, reply) = (FrameCell::new(8, 8).expect("cell"), FrameCell::new(9, 8).expect("cell"));
    let hand = search.opening_hand(Some(reply));
    let _ = search.prove_position(CellSet::single(opening), CellSet::single(reply), 18, &hand);
    let proved = search.library().len();
    assert!(proved > 0, "the search proved no card");
    let mut copied_inline = 0;
    for index in 0..proved {
        let text = search.write_certificate(OURS_TEXT, index).expect("writes");
        assert!(text.starts_with(OURS_TEXT));
        assert!(assert_written_back(&text) > 722 + 76);
        copied_inline += text[OURS_TEXT.len()..].matches('(').count();
    }
    // Some card uses an inline node of the paper, which is copied as a numbered card.
    assert!(copied_inline > 0);
}

/// A generated child: a reference (card chosen below the line's own when written) or an inline
/// node.
#[derive(Clone, Debug)]
enum Child {
    Reference { seed: u32, symmetry: u8, dx: u8, dy: u8, bare: bool },
    Inline(Node),
}

#[derive(Clone, Debug)]
struct Node {
    pivot: (u8, u8),
    children: Vec<Child>,
}

/// A node as values: pivot and children, a reference as (card, s, dx, dy).
#[derive(Debug, PartialEq, Eq)]
enum Value {
    Node((i32, i32), Vec<Value>),
    Reference(u32, u8, i32, i32),
}

fn coordinate() -> impl Strategy<Value = (u8, u8)> {
    (0u8..62, 0u8..62)
}

fn child() -> impl Strategy<Value = Child> {
    let reference = (any::<u32>(), 0u8..8, 0u8..62, 0u8..62, any::<bool>())
        .prop_map(|(seed, symmetry, dx, dy, bare)| Child::Reference { seed, symmetry, dx, dy, bare });
    reference.prop_recursive(3, 24, 4, |inner| {
        (coordinate(), vec(inner, 1..=4))
            .prop_map(|(pivot, children)| Child::Inline(Node { pivot, children }))
    })
}

fn certificate() -> impl Strategy<Value = Vec<Node>> {
    vec((coordinate(), vec(child(), 1..=5)).prop_map(|(pivot, children)| Node { pivot, children }), 1..=6)
}

/// The card a reference names on card `card`'s line: one of the cards below it.
fn referenced(seed: u32, card: u32) -> u32 {
    seed % card
}

/// The paper's spelling of a node, with the spec's symbols.
fn spell(node: &Node, card: u32, symbols: &[char]) -> String {
    let mut text: String = [symbols[node.pivot.0 as usize], symbols[node.pivot.1 as usize]].iter().collect();
    for child in &node.children {
        text.push(' ');
        match child {
            Child::Reference { seed, bare: true, .. }
            | Child::Reference { seed, symmetry: 0, dx: 0, dy: 0, .. } => {
                text.push_str(&referenced(*seed, card).to_string());
            }
            Child::Reference { seed, symmetry, dx, dy, .. } => {
                let (x, y) = (symbols[*dx as usize], symbols[*dy as usize]);
                text.push_str(&format!("{}:{symmetry}{x}{y}", referenced(*seed, card)));
            }
            Child::Inline(inner) => text.push_str(&format!("({})", spell(inner, card, symbols))),
        }
    }
    text
}

fn expected(node: &Node, card: u32) -> Value {
    let children = node
        .children
        .iter()
        .map(|child| match child {
            Child::Reference { seed, bare: true, .. } => Value::Reference(referenced(*seed, card), 0, 0, 0),
            Child::Reference { seed, symmetry, dx, dy, .. } => {
                Value::Reference(referenced(*seed, card), *symmetry, i32::from(*dx), i32::from(*dy))
            }
            Child::Inline(inner) => expected(inner, card),
        })
        .collect();
    Value::Node((i32::from(node.pivot.0), i32::from(node.pivot.1)), children)
}

fn read(node: &NodeSyntax) -> Value {
    let children = node
        .children
        .iter()
        .map(|child| match child {
            ChildSyntax::Reference { card, placement, .. } => {
                Value::Reference(*card, placement.symmetry.digit(), placement.dx, placement.dy)
            }
            ChildSyntax::Inline(inner) => read(inner),
        })
        .collect();
    Value::Node((node.pivot.x(), node.pivot.y()), children)
}

proptest! {
    #[test]
    fn a_random_line_in_the_papers_spelling_is_read_and_written_back(lines in certificate()) {
        let symbols = spec_symbols();
        // Cards 6, 7, … as in a certificate, so that every reference names a card below its own.
        let cards = (6u32..).take(lines.len());
        let spelled: Vec<String> =
            lines.iter().zip(cards.clone()).map(|(node, card)| format!("{card} {}", spell(node, card, &symbols))).collect();
        let text = spelled.join("\n") + "\n";
        let certificate = Certificate::parse(&text).expect("a well-formed line parses");
        prop_assert_eq!(certificate.lines.len(), lines.len());
        for (((line, node), card), raw) in certificate.lines.iter().zip(&lines).zip(cards).zip(&spelled) {
            prop_assert_eq!(line.card, card);
            prop_assert_eq!(read(&line.root), expected(node, card));
            prop_assert_eq!(notation::write_line(line), Ok(raw.clone()));
        }
    }
}
