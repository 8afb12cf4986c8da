//! The strength measures of the search (issue 27): lower cards for the paper's own cards, and the
//! paper's cards proved again without the paper. Every card the search reports is written as a
//! certificate and checked by the verifier's local check, and compared with the paper's card as
//! the paper's certificate states it: A no larger, T inside the paper's T, h lower (or no higher).

use pokopoko::snaky::certificate::SHIPPED_TEXT;
use pokopoko::snaky::research::hunt::level_config;
use pokopoko::snaky::research::search::{Search, SearchConfig};
use pokopoko::snaky::research::strength::{self, Line, Proved};
use pokopoko::snaky::verify::local_check;
use pokopoko::snaky::{Cards, Certificate, shipped_cards};

/// The card a search wrote for `proved`, checked by the combination rule at every node, against
/// the paper's card of the same number: (A ⊆ A₀, T ⊆ T₀, h).
fn check_against_paper(search: &mut Search<'_>, paper: &Cards, proved: Proved) -> u32 {
    let text = search.write_certificate(SHIPPED_TEXT, proved.index).expect("writes");
    let written = Cards::evaluate(&Certificate::parse(&text).expect("parses")).expect("evaluates");
    local_check(&written).expect("the combination rule holds at every node");
    let new = written.node(written.root());
    let old = paper.node(paper.card(proved.card).expect("a paper card"));
    assert!(new.required.is_subset(&old.required), "card {}: A grew", proved.card);
    assert!(new.envelope.is_subset(&old.envelope), "card {}: T left the paper's T", proved.card);
    assert_eq!(new.height, proved.new_height, "card {}", proved.card);
    new.height
}

fn lines_of_height(paper: &Cards, heights: std::ops::RangeInclusive<u32>) -> Vec<Line> {
    strength::line_cards(paper).into_iter().filter(|l| heights.contains(&l.height)).collect()
}

#[test]
fn the_paper_has_cards_a_search_lowers_and_each_lower_card_is_valid() {
    let paper = shipped_cards().expect("the paper's certificate");
    let lines = lines_of_height(&paper, 4..=8);
    let config = level_config(19, 2);
    let mut search = Search::new(&paper, config, |_, _, _| {});
    let outcome = strength::shorter_cards(&mut search, &lines, config, 1_000);
    assert_eq!(outcome.tried, lines.len());
    assert!(outcome.found() > 0, "no paper card of height 4 to 8 lowered");
    for &proved in outcome.same_required.iter().chain(&outcome.fewer_required) {
        let height = check_against_paper(&mut search, &paper, proved);
        assert!(height < proved.height, "card {}: not lower", proved.card);
    }
}

#[test]
fn without_the_papers_cards_the_search_proves_every_card_of_height_2_again() {
    // A card of height 2 is a win within 2 Maker moves: Maker's first move must leave two copies
    // one stone short inside T, so it makes a threat, and threat moves are tried with 4 or fewer
    // moves left. The paper's certificate (verified) says each such win exists.
    let paper = shipped_cards().expect("the paper's certificate");
    let lines = lines_of_height(&paper, 2..=3);
    let twos = lines.iter().filter(|l| l.height == 2).count();
    let config = level_config(19, 2);
    let mut search = Search::new(&paper, config, |_, _, _| {}).without_paper();
    let outcome =
        strength::rediscover(&mut search, &lines, config, 20_000, std::time::Duration::from_secs(600));
    assert_eq!(outcome.rows[0].height, 2);
    assert_eq!((outcome.rows[0].cards, outcome.rows[0].proved), (twos, twos));
    for &proved in &outcome.proved {
        assert_ne!(proved.index, usize::MAX, "a base card never proves a card of height 2 or more");
        let height = check_against_paper(&mut search, &paper, proved);
        assert!(height <= proved.height);
    }
}

/// The paper's cards of heights 2 to 6 that a search lowers, and to what height, depth-first or
/// by proof numbers (the same tree at the same level, in another order: the two must agree when
/// neither runs out of positions).
fn lowered_by(paper: &Cards, level: usize, canonical: bool, proof_numbers: bool) -> Vec<(u32, u32)> {
    let config = SearchConfig { proof_numbers, canonical, ..level_config(19, level) };
    let mut search = Search::new(paper, config, |_, _, _| {});
    let mut lowered = Vec::new();
    for line in lines_of_height(paper, 2..=6) {
        let outcome = strength::shorter_cards(&mut search, std::slice::from_ref(&line), config, 200_000);
        assert!(!search.out_of_budget(), "card {} needs more positions", line.card);
        for &proved in outcome.same_required.iter().chain(&outcome.fewer_required) {
            check_against_paper(&mut search, paper, proved);
            lowered.push((proved.card, proved.new_height));
        }
    }
    lowered
}

#[test]
fn proof_numbers_and_depth_first_lower_the_same_paper_cards() {
    let paper = shipped_cards().expect("the paper's certificate");
    for (level, canonical) in [(1, false), (2, false), (2, true), (4, true)] {
        let depth_first = lowered_by(&paper, level, canonical, false);
        assert!(!depth_first.is_empty(), "level {level}: nothing lowered");
        assert_eq!(lowered_by(&paper, level, canonical, true), depth_first, "level {level}");
    }
}

#[test]
fn proof_numbers_find_a_20_that_passes_every_check() {
    use pokopoko::snaky::verify;
    let paper = shipped_cards().expect("the paper's certificate");
    let config = SearchConfig { proof_numbers: true, ..SearchConfig::for_target(20) };
    let mut search = Search::new(&paper, config, |_, _, _| {});
    let root = search.run().expect("a proof of 20");
    assert_eq!(search.library()[root].height, 20);
    assert!(search.library()[root].required.is_empty());
    let text = search.write_certificate(SHIPPED_TEXT, root).expect("writes");
    let report = verify::verify_any(&text);
    let failed: Vec<_> = report.checks.iter().filter(|c| !c.pass).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    // SPEC §2.4: the worst case of a certificate whose root has height 20 is at most 20.
    let written = Cards::evaluate(&Certificate::parse(&text).expect("parses")).expect("evaluates");
    assert!(verify::worst_case(&written).expect("a worst case") <= 20);
}
