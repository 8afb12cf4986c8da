//! Snaky engine benchmarks: `cargo bench --no-default-features --bench snaky`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use pokopoko::snaky::certificate::SHIPPED_TEXT;
use pokopoko::snaky::research::search::{Search, SearchConfig};
use pokopoko::snaky::{Cards, Cell, Certificate, Game, shipped_cards, verify};

fn evaluation(c: &mut Criterion) {
    let certificate = Certificate::parse(SHIPPED_TEXT).expect("parses");
    c.bench_function("evaluate all 728 cards", |b| b.iter(|| Cards::evaluate(black_box(&certificate))));
    c.bench_function("parse the certificate", |b| b.iter(|| Certificate::parse(black_box(SHIPPED_TEXT))));
    c.bench_function("parse + evaluate all 728 cards", |b| {
        b.iter(|| Certificate::parse(black_box(SHIPPED_TEXT)).map(|c| Cards::evaluate(&c)))
    });
}

fn maker_decision(c: &mut Criterion) {
    let cards = shipped_cards().expect("cards");
    // Mid-game: after the worked line M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    let mut game = Game::started(cards.clone());
    let _ = game.reply(Cell::new(7, 8));
    let _ = game.reply(Cell::new(8, 6));
    let claim = game.active_claim();
    let maker = game.maker_cells().to_vec();
    let breaker = game.breaker_cells().to_vec();
    let reply = Cell::new(10, 8);
    c.bench_function("maker decision after a Breaker reply", |b| {
        b.iter(|| {
            let reply = black_box(reply);
            let next = black_box(claim).after_reply(&cards, reply).unwrap_or(claim);
            next.maker_cell(&cards, |cell| {
                cell != reply && !maker.contains(&cell) && !breaker.contains(&cell)
            })
        })
    });
    c.bench_function("Game::reply (Breaker move, Maker move, win check)", |b| {
        b.iter_batched_ref(|| game.clone(), |g| g.reply(black_box(reply)), BatchSize::SmallInput)
    });
}

fn whole_verify(c: &mut Criterion) {
    let paper = shipped_cards().expect("cards");
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    group.bench_function("snaky verify (every check)", |b| b.iter(verify::verify_shipped));
    group.bench_function("snaky verify --certificate ours (every check)", |b| {
        b.iter(|| verify::verify_any(black_box(pokopoko::snaky::certificate::OURS_TEXT)))
    });
    group.bench_function("snaky search --target 20 (and write the certificate)", |b| {
        b.iter(|| {
            let mut search = Search::new(&paper, SearchConfig::for_target(20), |_, _, _| {});
            search.run().ok().and_then(|root| search.write_certificate(SHIPPED_TEXT, root).ok())
        })
    });
    group.finish();
}

/// The search for 19, old and new side by side on the same budget of positions (positions per
/// second = 5,000 / the time): the old search from the empty board (`snaky search --target 19
/// --out …` with the hunt's level-2 settings), and the hunt's task for the only class above 18
/// (Breaker next to the opening stone) at level 2, finding the cards a position satisfies from
/// scratch at every position (old) or only those that use Maker's last stone (new), and with
/// failures also keyed on canonical positions (the hunt's way), and the same by proof numbers
/// (levels 6 and 7). All start from an empty library.
fn search_for_19(c: &mut Criterion) {
    use pokopoko::snaky::research::classes::ReplyClass;
    use pokopoko::snaky::research::hunt::{self, level_config};
    use pokopoko::snaky::{CellSet, Maker};
    let paper = shipped_cards().expect("cards");
    let ours = Maker::Ours.cards().expect("ours");
    let config =
        SearchConfig { max_positions: 5_000, incremental: false, canonical: false, ..level_config(19, 2) };
    let mut group = c.benchmark_group("search for 19 (5,000 positions)");
    group.sample_size(10);
    group.bench_function("old: from the empty board over the paper's cards", |b| {
        b.iter(|| Search::new(&paper, config, |_, _, _| {}).run().is_ok())
    });
    let ways = [
        ("old hand", false, false, false),
        ("new hand", true, false, false),
        ("new hand, canonical failures", true, true, false),
        ("new hand, canonical failures, proof numbers", true, true, true),
    ];
    for (name, incremental, canonical, proof_numbers) in ways {
        let config = SearchConfig { incremental, canonical, proof_numbers, ..config };
        group.bench_function(format!("class (1,0) over ours-20's cards, {name}"), |b| {
            b.iter(|| {
                let mut search = Search::new(&ours, config, |_, _, _| {});
                let reply = ReplyClass::Near { dx: 1, dy: 0 }.members()[0];
                let hand = search.opening_hand(Some(reply));
                let opening = CellSet::single(hunt::opening());
                search.prove_position(opening, CellSet::single(reply), 18, &hand).is_some()
            })
        });
    }
    group.finish();
}

/// The lesson of a whole game: the review alone (what the app reads on every change), the review
/// with every costly move explained (two lines each against the perfect Breaker, as
/// `snaky review` prints), one move's explanation (what a screen asks for), and the threat finder
/// on the game's last board.
fn lesson(c: &mut Criterion) {
    use pokopoko::snaky::{BreakerKind, ComputerBreaker, play_out, review, threats};
    let cards = shipped_cards().expect("cards");
    let mut game = Game::started(cards.clone());
    play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::RandomNear, 1));
    let breaker = game.breaker_cells().to_vec();
    let costly = review::review(cards.clone(), &breaker).map(|r| r.costliest()).ok().flatten().unwrap_or(0);
    let mut group = c.benchmark_group("lesson of a game (random near, seed 1)");
    group.bench_function("review", |b| b.iter(|| review::review(cards.clone(), black_box(&breaker))));
    group.bench_function("review with every costly move explained", |b| {
        b.iter(|| review::explain(cards.clone(), black_box(&breaker)))
    });
    group.bench_function("why of the costliest move", |b| b.iter(|| review::why(&game, black_box(costly))));
    group.bench_function("threats on the last board", |b| {
        b.iter(|| threats::threats(black_box(game.maker_cells()), black_box(game.breaker_cells())))
    });
    // The takeaway's "how Maker won": the game's first double threat and its shape (threats after
    // every Maker move of the game).
    group.bench_function("first double threat of the game", |b| {
        b.iter(|| review::first_double_threat(black_box(&game)))
    });
    // What the Breaker screen works out once per finished game for its Practise button, and a
    // board's answers (the practice screen asks on every redraw).
    group.bench_function("practice boards of the game", |b| {
        b.iter(|| pokopoko::snaky::practice::puzzles(black_box(&game)))
    });
    // Which costly moves are not boards, and why (once per practice session).
    group.bench_function("costly moves that are not boards", |b| {
        b.iter(|| pokopoko::snaky::practice::left_out(black_box(&game)))
    });
    // "More boards" (M): three boards from other games, the first board's kind first (the
    // computer's games played and reviewed, once per press).
    let like = pokopoko::snaky::practice::puzzles(&game).first().and_then(|board| board.principle());
    group.bench_function("three boards from other games", |b| {
        b.iter(|| pokopoko::snaky::practice::from_other_games(&cards, black_box(7), 3, like))
    });
    // Maker's Snakies two cells short, outlined in play (on every redraw of the board's marks).
    group.bench_function("two cells short on the last board", |b| {
        b.iter(|| threats::two_short(black_box(game.maker_cells()), black_box(game.breaker_cells())))
    });
    // Where the cells are on which Maker's next stone makes a double threat (once per lesson).
    group.bench_function("forks on the last board", |b| {
        b.iter(|| threats::forks(black_box(game.maker_cells()), black_box(game.breaker_cells())))
    });
    if let Some(board) = pokopoko::snaky::practice::puzzles(&game).first() {
        group
            .bench_function("answers of the first practice board", |b| b.iter(|| black_box(board).answers()));
        // Why a try that costs does (once per costly try): Maker's line after it.
        let played = board.played();
        group.bench_function("line after a costly try, to its double threat", |b| {
            b.iter(|| black_box(board).line_after(black_box(played)))
        });
    }
    group.finish();
}

criterion_group!(benches, evaluation, maker_decision, whole_verify, search_for_19, lesson);
criterion_main!(benches);
