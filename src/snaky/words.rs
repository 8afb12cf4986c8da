//! The lesson's sentences, in both languages: why a costly move cost what it did, what the best
//! reply took away, and what each move of a line does. The screen and the command line say the
//! same thing from the same facts ([`Why`], [`Line`]); nothing here is written per game.
//!
//! Moves are counted per player, as the board numbers its stones: "your move 4" is Breaker's
//! fourth stone, answered by "Maker's move 5". The screen's font covers only the characters it
//! ships, so these strings use no dash longer than a hyphen (tests/app/font.rs reads this file).
//!
//! ```
//! use pokopoko::language::Language;
//! use pokopoko::snaky::{self, Cell, review, words};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! let lesson = review::explain(cards, &[Cell::new(7, 8), Cell::new(8, 6)]).expect("legal moves");
//! let why = lesson.why[1].as_ref().expect("(8,6) cost Maker's plan a move");
//! assert!(words::forced(Language::English, why).starts_with("After your move 2 at (8,6)"));
//! assert!(words::forced(Language::Japanese, why).starts_with("あなたの2手目 (8,6) のあと"));
//! ```

use super::cell::Cell;
use super::review::{Line, Role, Takeaway, Why, WonBy};
use super::threats::{DoubleShape, ThreatKind};
use crate::language::Language;

/// "After your move 6 at (5,8) Maker could force: threats at moves 7, 8 and 9 (you had to answer
/// each), then a double threat at move 10: (6,11) and (9,11) each finish a Snaky. Maker completed
/// its Snaky at move 12 at (6,11)."
pub fn forced(lang: Language, why: &Why) -> String {
    let (line, point) = (&why.line, &why.line.turning_point);
    let (number, at) = (why.index + 1, why.breaker);
    let threat_moves: Vec<String> = point.threats.iter().map(|t| t.move_number.to_string()).collect();
    let mut completed = completed(lang, line);
    // The plan keeps its proven order: after a double threat it need not finish at once.
    let later = match (&point.double_threat, line.completed) {
        (Some(double), Some(done)) => done.move_number > double.move_number + 1,
        _ => false,
    };
    if later {
        completed = match lang {
            Language::English => {
                format!("Its proven plan keeps its own order rather than finish at once. {completed}")
            }
            Language::Japanese => {
                format!("作り手は証明の手順どおりに打つので、すぐには完成させません。{completed}")
            }
        };
    }
    match lang {
        Language::English => {
            let yours = format!("After your move {number} at {at}");
            let mut parts = Vec::new();
            if !threat_moves.is_empty() {
                let noun = if threat_moves.len() == 1 { "a threat at move" } else { "threats at moves" };
                let answered = match (point.all_answered(), threat_moves.len()) {
                    (true, 1) => " (you had to answer it)",
                    (true, _) => " (you had to answer each)",
                    (false, _) => "",
                };
                parts.push(format!("{noun} {}{answered}", and_list(lang, &threat_moves)));
            }
            if let Some(double) = &point.double_threat {
                let shape = double_shape(lang, double.shape).map(|s| format!(" ({s})")).unwrap_or_default();
                parts.push(format!(
                    "a double threat at move {}: {} each finish a Snaky{shape}",
                    double.move_number,
                    and_list(lang, &cells(&double.cells))
                ));
            }
            let forced = parts.join(", then ");
            if !line.open.is_empty() {
                let open = cells(&line.open.cells);
                let verb = if open.len() == 1 { "finishes" } else { "each finish" };
                let then = if forced.is_empty() {
                    String::new()
                } else {
                    format!("; then Maker could force: {forced}")
                };
                return format!("{yours}, {} still {verb} a Snaky{then}. {completed}", and_list(lang, &open));
            }
            if forced.is_empty() {
                format!("{yours} Maker needed no threat: {completed}")
            } else {
                format!("{yours} Maker could force: {forced}. {completed}")
            }
        }
        Language::Japanese => {
            let yours = format!("あなたの{number}手目 {at} のあと");
            let mut parts = Vec::new();
            if !threat_moves.is_empty() {
                let answered = if point.all_answered() {
                    "（そのたびに受けるしかありません）"
                } else {
                    ""
                };
                parts.push(format!("{}手目にリーチ{answered}", threat_moves.join("・")));
            }
            if let Some(double) = &point.double_threat {
                let shape = double_shape(lang, double.shape).map(|s| format!("（{s}）")).unwrap_or_default();
                parts.push(format!(
                    "{}手目にダブルリーチ：{} のどちらでも Snaky が完成します{shape}",
                    double.move_number,
                    and_list(lang, &cells(&double.cells))
                ));
            }
            let forced = parts.join("。そして");
            if !line.open.is_empty() {
                let open = and_list(lang, &cells(&line.open.cells));
                let then = if forced.is_empty() { String::new() } else { format!("そのあと{forced}。") };
                return format!("{yours}も、{open} で Snaky が完成する形が残っていました。{then}{completed}");
            }
            if forced.is_empty() {
                format!("{yours}、作り手はリーチなしで勝てました。{completed}")
            } else {
                format!("{yours}、作り手は{forced}。{completed}")
            }
        }
    }
}

/// How a double threat's Snakies lay, in a few words ("two Snakies crossing at (7,11)"); `None`
/// for a shape without a name.
pub fn double_shape(lang: Language, shape: DoubleShape) -> Option<String> {
    Some(match (lang, shape) {
        (Language::English, DoubleShape::RowOfFive) => "a row of five, turned at its end".to_string(),
        (Language::Japanese, DoubleShape::RowOfFive) => "五つ並びの端で曲がる形".to_string(),
        (Language::English, DoubleShape::Crossing { cell }) => format!("two Snakies crossing at {cell}"),
        (Language::Japanese, DoubleShape::Crossing { cell }) => format!("{cell} で交わる2つの Snaky"),
        (_, DoubleShape::Other) => return None,
    })
}

/// "Even against the longest defence from there, Maker completes its Snaky at move 12 at (6,11)":
/// the line is what Maker could force, not the game as it went on.
fn completed(lang: Language, line: &Line) -> String {
    match (lang, line.completed) {
        (Language::English, Some(done)) => {
            format!(
                "Even against the longest defence from there, Maker completes its Snaky at move {} at {}.",
                done.move_number, done.cell
            )
        }
        (Language::English, None) => "Maker had not completed when the line was cut off.".to_string(),
        (Language::Japanese, Some(done)) => {
            format!(
                "そこからいちばん長く守っても、作り手は{}手目に {} で Snaky を完成させます。",
                done.move_number, done.cell
            )
        }
        (Language::Japanese, None) => "作り手はこの進行の最後まで完成させていません。".to_string(),
    }
}

/// "(6,7) is a cell of the Snaky Maker completes at move 11 in the line after your move. Had you
/// played (6,7), Maker's plan would need 21 (against the longest defence Maker completes at move
/// 21)." When the best reply blocked a fuller shape than the move played, the first sentence is
/// that rule of thumb instead, which a player can use in the next game (the line's fact is
/// hindsight): "Rule of thumb: block the fullest shape. (8,6) lay on 2 open Snaky shapes holding
/// 3 of Maker's stones; your (7,9) on none holding more than 2." A move that took a finishing
/// cell is first told that this was right in general ([`blocked_finish`]).
pub fn best_reply(lang: Language, why: &Why) -> String {
    if let Some(better) = why.better_block {
        return lesser_block(lang, why.breaker, &why.line.open.cells, better);
    }
    if why.blocked_finish {
        return blocked_finish(lang, why.breaker, &why.line.open.cells);
    }
    let said = best_reply_said(lang, why);
    // The two lines' turning points, when they differ in a way a player can see: the line after
    // the move built a row of five, the best reply's did not (a third of the computer Breakers'
    // costly moves; the primer's Maker steps play the row of five).
    let shape = |line: &Line| line.turning_point.double_threat.as_ref().map(|d| d.shape);
    let five = Some(DoubleShape::RowOfFive);
    if shape(&why.line) == five && shape(&why.best_line) != five {
        let cell = why.best_reply.cell;
        return match lang {
            Language::English => format!("{said} After {cell}, Maker's plan built no row of five."),
            Language::Japanese => {
                format!("{said}{cell} のあとは、作り手の計画に五つ並びはできませんでした。")
            }
        };
    }
    said
}

fn best_reply_said(lang: Language, why: &Why) -> String {
    let reply = best_reply_itself(lang, why);
    let best = &why.best_reply;
    let (cell, played) = (best.cell, why.breaker);
    // The rule of thumb pointed the wrong way: the move played lay on a fuller shape than every
    // reply that kept more (the best reply is the fullest of them). Said plainly (newcomer #21
    // saw the board's counts contradict the rule with no word about it).
    // Or as many stones on more shapes through the move played (newcomer #50 read its 3×3 beside
    // the best reply's 3×1, and no word of the rule).
    if !best.outside
        && best.fullest.stones == best.played_fullest.stones
        && best.fullest < best.played_fullest
    {
        let (stones, yours, theirs) = (best.fullest.stones, best.played_fullest.shapes, best.fullest.shapes);
        return match lang {
            Language::English => format!(
                "Here the rule of thumb misleads: your {played} lay on {yours} shapes holding {stones} of Maker's stones, the best reply {cell} on only {theirs}; the difference is in Maker's plan. {reply}"
            ),
            Language::Japanese => format!(
                "ここではコツが外れます：あなたの {played} は作り手の石を{stones}個含む形{yours}つの上、最善の {cell} は{theirs}つだけでした。分かれ目は作り手の計画です。{reply}"
            ),
        };
    }
    if !best.outside && best.fullest.stones < best.played_fullest.stones {
        let (yours, theirs) = (best.played_fullest.stones, best.fullest.stones);
        return match lang {
            Language::English => format!(
                "Here the rule of thumb misleads: your {played} lay on a shape holding {yours} of Maker's stones, and every reply that kept more lay on emptier shapes (the best, {cell}, on one holding {theirs}); the difference is in Maker's plan. {reply}"
            ),
            Language::Japanese => format!(
                "ここではコツが外れます：あなたの {played} は作り手の石を{yours}個含む形の上にあり、保証を保てた手はどれもそれより少ない形の上でした（最善の {cell} は{theirs}個）。分かれ目は作り手の計画です。{reply}"
            ),
        };
    }
    let tied = !best.outside && best.fullest == best.played_fullest && best.fullest.stones > 0;
    if !tied {
        return reply;
    }
    let stones = best.fullest.stones;
    match lang {
        Language::English => format!(
            "No rule of thumb tells them apart: {cell} and your {played} each lay on shapes holding {stones} of Maker's stones; the difference is in Maker's plan. {reply}"
        ),
        Language::Japanese => format!(
            "コツでは見分けられません：{cell} もあなたの {played} も作り手の石を{stones}個含む形の上にありました。分かれ目は作り手の計画です。{reply}"
        ),
    }
}

/// "Forced, and right: (7,9) would have finished a Snaky …": the lesson of a costly move that
/// blocked a finishing cell, all it says of that move: no other reply is offered, since leaving a
/// finish open loses at once to any Maker that takes it (newcomer #28 learnt to leave finishes
/// open from the replies this Maker let them keep). With `others` still finishing after it, it
/// was a double threat that no reply could have held.
pub fn blocked_finish(lang: Language, played: Cell, others: &[Cell]) -> String {
    let others = and_list(lang, &cells(others));
    match (lang, others.is_empty()) {
        (Language::English, true) => format!(
            "Forced, and right: {played} would have finished a Snaky, and any Maker that takes a finish wins there at once. This Maker plays its proof in order and would have left it, so its count moved; that is not a mistake of yours."
        ),
        (Language::English, false) => format!(
            "Forced: before your move, {played} and {others} each finished a Snaky, a double threat no reply holds against a Maker that takes a finish. The mistake, if any, came before it."
        ),
        (Language::Japanese, true) => format!(
            "強制された正しい手です：{played} は Snaky が完成するマスで、完成を取る相手ならそこで勝ちます。この作り手は証明の手順どおりに打ち、そこをすぐには取らないので数字が動きましたが、あなたのミスではありません。"
        ),
        (Language::Japanese, false) => format!(
            "あなたの手の前、{played} と {others} のどちらでも Snaky が完成しました。ダブルリーチで、完成を取る相手にはどう受けても負けです。ミスがあるとしたら、その前の手です。"
        ),
    }
}

/// The lesson of a block of one finish of a double threat when blocking `better` (another of its
/// finishes) kept more: which finish to block was the player's choice against this Maker, so it
/// is told as a costly choice, not as forced (newcomer #52 read "forced, not a mistake" beside
/// "21 → 15" and "(10,8) would have kept 21"), with why the other block held: the proof's order.
pub fn lesser_block(lang: Language, played: Cell, others: &[Cell], better: (Cell, u32)) -> String {
    let (cell, keeps) = better;
    let others = and_list(lang, &cells(others));
    match lang {
        Language::English => format!(
            "Which finish to block: before your move, {played} and {others} each finished a Snaky, a double threat. Against a Maker that takes a finish, either block loses at once. Against this one, blocking {cell} instead would have kept {keeps}: it plays its proof in order, which leaves {played} open until then, and your block left it {cell}."
        ),
        Language::Japanese => format!(
            "どちらをふさぐか：あなたの手の前、{played} と {others} のどちらでも Snaky が完成しました（ダブルリーチ）。完成を取る作り手には、どちらをふさいでもすぐ負けます。この作り手には、{cell} をふさげば{keeps}を保てました：証明の手順どおりに打つので {played} をそれまで空けておきますが、あなたのブロックでは {cell} が残りました。"
        ),
    }
}

/// What a cell (named `cell`, as the board shows it) was in Maker's line after a costly move, in
/// one clause without its stop: "(6,7) is a cell of the Snaky Maker completes at move 11 in the
/// line after your move". The lesson's best reply and a practice board's answer say it alike.
pub fn role_fact(lang: Language, cell: impl std::fmt::Display, role: Role) -> String {
    match lang {
        Language::English => match role {
            Role::CompletedSnaky { move_number } => {
                format!(
                    "{cell} is a cell of the Snaky Maker completes at move {move_number} in the line after your move"
                )
            }
            Role::ThreatenedSnaky { move_number } => {
                format!(
                    "{cell} is a cell of a Snaky Maker could finish after move {move_number} in the line after your move"
                )
            }
            Role::ClaimedByMaker { move_number } => {
                format!("in the line after your move Maker claims {cell} at move {move_number}")
            }
            Role::TakenByBreaker { move_number } => {
                format!(
                    "in the line after your move Breaker takes {cell} only after Maker's move {move_number}"
                )
            }
            Role::NeededFree => format!(
                "{cell} is a cell Maker's plan after your move needed empty: taking it forces a slower plan"
            ),
            Role::Elsewhere => {
                format!("{cell} is not in the line after your move: it sends Maker onto another plan")
            }
        },
        Language::Japanese => match role {
            Role::CompletedSnaky { move_number } => {
                format!(
                    "{cell} は、あなたの手のあとの進行で作り手が{move_number}手目に完成させる Snaky のマスです"
                )
            }
            Role::ThreatenedSnaky { move_number } => {
                format!(
                    "{cell} は、あなたの手のあとの進行で作り手が{move_number}手目のあと完成できる Snaky のマスです"
                )
            }
            Role::ClaimedByMaker { move_number } => {
                format!("あなたの手のあとの進行では、作り手が{move_number}手目に {cell} を取ります")
            }
            Role::TakenByBreaker { move_number } => {
                format!(
                    "あなたの手のあとの進行では、壊し手が {cell} を取るのは作り手の{move_number}手目のあとです"
                )
            }
            Role::NeededFree => format!(
                "{cell} は、あなたの手のあとの作り手の計画が空いていてほしいマスです。取れば作り手はもっと遅い計画に移ります"
            ),
            Role::Elsewhere => {
                format!(
                    "{cell} は、あなたの手のあとの進行には出てこないマスです（作り手は別の計画に移ります）"
                )
            }
        },
    }
}

fn best_reply_itself(lang: Language, why: &Why) -> String {
    let best = &why.best_reply;
    if best.blocks_a_fuller_shape() {
        return fuller_shape(lang, why);
    }
    let cell = match (lang, best.outside) {
        (Language::English, true) => "any cell outside the envelope".to_string(),
        (Language::Japanese, true) => "囲いの外のマス".to_string(),
        (_, false) => best.cell.to_string(),
    };
    // Said only when it differs from the guarantee kept (against the perfect Breaker it rarely does).
    let ends = why.best_line.completed.map(|done| done.move_number).filter(|&m| m != why.best_reply.keeps);
    match lang {
        Language::English => {
            let fact = role_fact(lang, &cell, best.in_line);
            let ends = ends.map_or(String::new(), |m| {
                format!(" (against the longest defence Maker completes at move {m})")
            });
            let had = if best.outside {
                "played outside the envelope".to_string()
            } else {
                format!("played {cell}")
            };
            let shape = on_shape(lang, best);
            format!(
                "{}.{shape} Had you {had}, Maker's plan would need {}{ends}.",
                capitalised(&fact),
                best.keeps
            )
        }
        Language::Japanese => {
            let fact = role_fact(lang, &cell, best.in_line);
            let ends = ends.map_or(String::new(), |m| format!("（最長の守りなら作り手の完成は{m}手目）"));
            let shape = on_shape(lang, best);
            format!("{fact}。{shape}{cell} に打っていれば、作り手の計画は{}手かかります{ends}。", best.keeps)
        }
    }
}

/// The rule of thumb the best reply followed and the move played did not, then what it kept.
fn fuller_shape(lang: Language, why: &Why) -> String {
    let (best, played) = (&why.best_reply, why.breaker);
    let (full, yours) = (best.fullest, best.played_fullest);
    // Said only when it differs from the guarantee kept (against the perfect Breaker it rarely does).
    let ends = why.best_line.completed.map(|done| done.move_number).filter(|&m| m != why.best_reply.keeps);
    match lang {
        Language::English => {
            let shapes = if full.shapes == 1 {
                "an open Snaky shape".to_string()
            } else {
                format!("{} open Snaky shapes", full.shapes)
            };
            let yours = match (yours.stones, yours.shapes) {
                (0, _) => "none holding any".to_string(),
                (n, _) if n < full.stones => format!("none holding more than {n}"),
                (_, 1) => "only 1 such shape".to_string(),
                (_, n) => format!("only {n} such shapes"),
            };
            let ends = ends.map_or(String::new(), |m| {
                format!(" (against the longest defence Maker completes at move {m})")
            });
            format!(
                "Rule of thumb: block the fullest shape. Before your move, {} lay on {shapes} holding {} of Maker's stones; your {played} on {yours}. Had you played {}, Maker's plan would need {}{ends}.",
                best.cell, full.stones, best.cell, best.keeps
            )
        }
        Language::Japanese => {
            let yours = match (yours.stones, yours.shapes) {
                (0, _) => "作り手の石を含む形の上にはありませんでした".to_string(),
                (n, _) if n < full.stones => format!("石を{n}個より多く含む形の上にはありませんでした"),
                (_, n) => format!("そういう形{n}つの上だけでした"),
            };
            let ends = ends.map_or(String::new(), |m| format!("（最長の守りなら作り手の完成は{m}手目）"));
            format!(
                "コツ：いちばん石の多い形をふさぐ。あなたの手の前、{} は作り手の石を{}個含む、まだ空いた Snaky の形{}つの上にありました。あなたの {played} は{yours}。{} に打っていれば、作り手の計画は{}手かかります{ends}。",
                best.cell, full.stones, full.shapes, best.cell, best.keeps
            )
        }
    }
}

/// For a best reply the line does not explain by a Snaky (needed free, or elsewhere): the Snaky
/// shape it stands on that already held the most of Maker's stones, in board terms.
fn on_shape(lang: Language, best: &super::review::BestReply) -> String {
    // A tie has said already how full the shapes were.
    let tied = best.fullest == best.played_fullest;
    // Where the rule of thumb misleads, the lesson has just said how full its shapes were (and
    // the board tiles the shape): not said twice (newcomer #52's panel overflowed).
    let misleads = best.fullest < best.played_fullest;
    let shown = matches!(best.in_line, Role::NeededFree | Role::Elsewhere) && !tied && !misleads;
    let Some(shape) = best.on_shape.filter(|_| shown) else { return String::new() };
    let stones = and_list(lang, &cells(shape.maker_stones()));
    match lang {
        Language::English => format!(
            " {} also lies on a Snaky shape that already held {} of Maker's stones, {stones}: taking it blocks that shape.",
            best.cell, shape.count
        ),
        Language::Japanese => {
            format!(
                "{} は、作り手の石 {stones} の{}個をすでに含む Snaky の形の上にあり、取ればその形をふさげます。",
                best.cell, shape.count
            )
        }
    }
}

/// The sentence a player takes to the next game, from what the game's moves had in common
/// ([`Takeaway`]): first the finishing cells left open (any Maker but this one completes there),
/// then a row of five, when Maker's winning double threat grew from one, then the rule of thumb, with how many of the mistakes it would have found the better reply at
/// (a Breaker that always follows it holds each shipped Maker to 14 moves where the simple
/// computer Breakers manage 6 to 8: `tests/snaky_threats.rs`). The blocks of a finish, forced
/// and right, are not mistakes and go unsaid here (their chips are calm and their lessons say
/// so; newcomer #28 found the panel's text too long). `None` when neither has anything to say.
///
/// ```
/// use pokopoko::language::Language;
/// use pokopoko::snaky::{review::Takeaway, words};
/// let game = Takeaway { costly: 4, blocked: 1, fuller: 1, left_open: 0, won_by: None };
/// let said = words::takeaway(Language::English, &game).expect("costly moves");
/// assert!(said.starts_with("For your next game: block the fullest shape"), "{said}");
/// assert!(said.contains("At 1 of your 3 costly moves"), "{said}");
/// let open = Takeaway { left_open: 2, ..Takeaway::default() };
/// let said = words::takeaway(Language::English, &open).expect("finishes left open");
/// assert!(said.starts_with("Take a finishing cell first: at 2 moves"), "{said}");
/// assert_eq!(words::takeaway(Language::English, &Takeaway::default()), None);
/// ```
pub fn takeaway(lang: Language, game: &Takeaway) -> Option<String> {
    let (mistakes, fuller, open) = (game.mistakes(), game.fuller, game.left_open);
    let mut said = Vec::new();
    if open > 0 {
        said.push(match (lang, open) {
            (Language::English, 1) => "Take a finishing cell first: at 1 move you left one open, where any Maker but this one would have completed its Snaky.".to_string(),
            (Language::English, n) => format!("Take a finishing cell first: at {n} moves you left one open, where any Maker but this one would have completed its Snaky."),
            (Language::Japanese, n) => format!("完成のマスは先にふさぎましょう：{n}手で空けたままにしました（この作り手以外ならそこで完成です）。"),
        });
    }
    // How Maker won, when a plain rule stops it: a row of five is a beginner's loss (the primer's
    // Maker steps play it). A crossing, how even the longest defence ends, goes unsaid here: the
    // lesson names it, and a long game's panel has no room for it.
    // Only after a mistake: against the proof even the longest defence sometimes ends at a row
    // of five (newcomer #33's game with every hint was told the rule it could not have kept).
    if let Some(WonBy { move_number: n, shape: DoubleShape::RowOfFive }) = game.won_by
        && game.mistakes() > 0
    {
        said.push(match lang {
            Language::English => format!(
                "Maker's double threat (its move {n}) grew from a row of five: never let a row of 4 stand free at both ends."
            ),
            Language::Japanese => {
                format!("作り手のダブルリーチ（{n}手目）は五つ並びからでした。両端の空いた四つ並びを作らせないこと。")
            }
        });
    }
    if game.rule_of_thumb() {
        let at = match (lang, fuller == mistakes, mistakes) {
            (Language::English, true, 1) => "At your costly move".to_string(),
            (Language::English, true, _) => format!("At each of your {mistakes} costly moves"),
            (Language::English, false, _) => format!("At {fuller} of your {mistakes} costly moves"),
            (Language::Japanese, true, 1) => "勝ちを早めたあなたの手では".to_string(),
            (Language::Japanese, true, _) => format!("勝ちを早めたあなたの{mistakes}手すべてで"),
            (Language::Japanese, false, _) => format!("勝ちを早めたあなたの{mistakes}手のうち{fuller}手で"),
        };
        // Newcomer #28 could not parse "a cell on a shape holding more of Maker's stones than
        // yours kept more".
        said.push(match lang {
            Language::English => format!(
                "For your next game: block the fullest shape, a rule of thumb and no proof: against these Makers it picks a best reply only half to two thirds of the time, and the lessons say where it misleads. {at}, the better reply lay on a fuller shape than yours."
            ),
            Language::Japanese => format!(
                "次の対局へのコツ：いちばん石の多い形をふさぐ（証明ではなく目安です。この作り手たちには、最善の手を選べるのは半分から3分の2ほど。外れる局面は学びが示します）。{at}、よりよい手はあなたの手より石の多い形の上にありました。"
            ),
        });
    }
    // Two at most, the first ones above: with three, an 11-move game's lesson chips fell off the
    // panel (newcomer #37).
    said.truncate(2);
    (!said.is_empty()).then(|| said.join(if lang == Language::English { " " } else { "" }))
}

/// One move of a line, as the lesson plays it: whose it is and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMove<'a> {
    /// The move the line starts from: the player's, or (`best`) the best reply instead of `played`.
    First { number: usize, cell: Cell, best: bool, played: Cell },
    /// A Maker move of the line, with the finishing cells after it; `passed` is a cell that
    /// would have finished a Snaky at once and that the plan did not take (it keeps its proven
    /// order, which still wins within its bound).
    Maker { move_number: u32, cell: Cell, threats: &'a [Cell], completes: bool, passed: Option<Cell> },
    /// Breaker's reply in the line (the longest defence); `blocks` when it takes a finishing cell,
    /// `left_open` a finishing cell it leaves (the longest defence against this Maker, which keeps
    /// its proof's order, need not block).
    Breaker { cell: Cell, blocks: bool, left_open: Option<Cell> },
}

/// What the shown move of a line does, in one or two short sentences.
pub fn line_move(lang: Language, step: LineMove) -> String {
    match (lang, step) {
        (Language::English, LineMove::First { number, cell, best: false, .. }) => {
            format!("Your move {number} at {cell}.")
        }
        (Language::English, LineMove::First { cell, best: true, played, .. }) => {
            format!("The best reply: {cell} (you played {played}).")
        }
        (Language::Japanese, LineMove::First { number, cell, best: false, .. }) => {
            format!("あなたの{number}手目：{cell}")
        }
        (Language::Japanese, LineMove::First { cell, best: true, played, .. }) => {
            format!("最善の受け：{cell}（実際は {played}）")
        }
        (_, LineMove::Maker { move_number, cell, threats, completes, passed }) => {
            let head = match (lang, passed) {
                (Language::English, None) => format!("Maker's move {move_number} at {cell}"),
                (Language::English, Some(passed)) => format!(
                    "Maker's move {move_number} at {cell} (not {passed}, which would finish now: the proven plan keeps its own order)"
                ),
                (Language::Japanese, None) => format!("作り手の{move_number}手目：{cell}"),
                (Language::Japanese, Some(passed)) => format!(
                    "作り手の{move_number}手目：{cell}（{passed} ならすぐ完成ですが、証明の手順どおりに打ちます）"
                ),
            };
            let finishing = cells(threats);
            match (lang, completes, ThreatKind::of(threats.len())) {
                (Language::English, true, _) => format!("{head} completes its Snaky."),
                (Language::Japanese, true, _) => format!("{head} で Snaky が完成。"),
                (Language::English, false, ThreatKind::None) => format!("{head}."),
                (Language::Japanese, false, ThreatKind::None) => head,
                (Language::English, false, ThreatKind::Threat) => {
                    format!("{head}: a threat. Only {} stops a Snaky: Breaker must take it.", finishing[0])
                }
                (Language::Japanese, false, ThreatKind::Threat) => {
                    format!("{head}。リーチ：{} を取るしかありません。", finishing[0])
                }
                (Language::English, false, ThreatKind::DoubleThreat) => format!(
                    "{head}: a double threat. {} each finish a Snaky; Breaker can block only one.",
                    and_list(lang, &finishing)
                ),
                (Language::Japanese, false, ThreatKind::DoubleThreat) => format!(
                    "{head}。ダブルリーチ：{} のどちらでも完成。ふさげるのは一つだけです。",
                    and_list(lang, &finishing)
                ),
            }
        }
        (Language::English, LineMove::Breaker { cell, blocks: true, .. }) => {
            format!("Breaker blocks {cell}.")
        }
        // Said plainly: the line's Breaker is the longest defence against this Maker only, which
        // the game itself tells a player never to copy (newcomer #29 found the line unrealistic).
        (Language::English, LineMove::Breaker { left_open: Some(open), .. }) => format!(
            "Breaker's longest defence against this Maker leaves {open} open, which this Maker keeps for later; against any other it would lose at once."
        ),
        (Language::English, LineMove::Breaker { cell, .. }) if cell.is_far_away() => {
            "Breaker's longest defence: here no reply near the stones holds out longer, so it plays far away."
                .to_string()
        }
        (Language::English, LineMove::Breaker { cell, .. }) => {
            format!("Breaker's longest defence: {cell}.")
        }
        (Language::Japanese, LineMove::Breaker { cell, blocks: true, .. }) => {
            format!("壊し手は {cell} をふさぎます。")
        }
        (Language::Japanese, LineMove::Breaker { left_open: Some(open), .. }) => format!(
            "この作り手へのいちばん長い守りは {open} を空けたままにします（この作り手はそこを後回しにするため）。ほかの相手ならすぐ負けます。"
        ),
        (Language::Japanese, LineMove::Breaker { cell, .. }) if cell.is_far_away() => {
            "壊し手のいちばん長い守り：ここでは石の近くに打っても長くはもたないので、遠くに打ちます"
                .to_string()
        }
        (Language::Japanese, LineMove::Breaker { cell, .. }) => {
            format!("壊し手のいちばん長い守り：{cell}")
        }
    }
}

fn cells(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(ToString::to_string).collect()
}

/// "a", "a and b", "a, b and c" (「a と b」「a、b と c」).
pub fn and_list(lang: Language, items: &[String]) -> String {
    let (comma, and) = match lang {
        Language::English => (", ", " and "),
        Language::Japanese => ("、", " と "),
    };
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{}{and}{last}", rest.join(comma)),
    }
}

/// The sentence with its first letter in capitals ("in the line…" → "In the line…").
fn capitalised(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_sentences_in_both_languages() {
        let items = ["(1,2)".to_string(), "(3,4)".to_string(), "(5,6)".to_string()];
        assert_eq!(and_list(Language::English, &items), "(1,2), (3,4) and (5,6)");
        assert_eq!(and_list(Language::Japanese, &items[..2]), "(1,2) と (3,4)");
        assert_eq!(and_list(Language::English, &items[..1]), "(1,2)");
    }

    #[test]
    fn a_takeaway_says_the_rule_only_where_it_found_a_better_reply() {
        let said = |costly, blocked, fuller| {
            let game = Takeaway { costly, blocked, fuller, left_open: 0, won_by: None };
            (takeaway(Language::English, &game), takeaway(Language::Japanese, &game))
        };
        let (english, japanese) = said(3, 0, 1);
        let english = english.expect("said");
        assert!(
            english.starts_with("For your next game: block the fullest shape, a rule of thumb and no proof: against these Makers it picks a best reply only half to two thirds of the time, and the lessons say where it misleads. At 1 of your 3"),
            "{english}"
        );
        assert!(japanese.expect("said").contains("3手のうち1手"));
        let (english, japanese) = said(1, 0, 1);
        assert!(english.expect("said").contains("At your costly move, the better reply"));
        assert!(japanese.expect("said").starts_with("次の対局へのコツ"));
        // No better reply on a fuller shape: no rule to give.
        assert_eq!(said(3, 0, 0), (None, None));
        // Only blocks of a finish: forced, not mistakes, nothing to take to the next game.
        assert_eq!(said(2, 2, 0), (None, None));
    }

    #[test]
    fn a_takeaway_says_two_things_at_most_the_first_that_apply() {
        let won_by = Some(WonBy { move_number: 10, shape: DoubleShape::RowOfFive });
        let game = Takeaway { costly: 3, blocked: 0, fuller: 2, left_open: 1, won_by };
        let said = takeaway(Language::English, &game).expect("said");
        assert!(said.starts_with("Take a finishing cell first"), "{said}");
        assert!(said.contains("grew from a row of five"), "{said}");
        assert!(!said.contains("fullest shape"), "{said}");
        // Nothing left open: the row of five and the rule of thumb.
        let said = takeaway(Language::English, &Takeaway { left_open: 0, ..game }).expect("said");
        assert!(said.starts_with("Maker's double threat") && said.contains("fullest shape"), "{said}");
    }

    #[test]
    fn a_double_threat_names_both_cells_and_a_threat_only_one() {
        let two = [Cell::new(6, 11), Cell::new(9, 11)];
        let step = LineMove::Maker {
            move_number: 10,
            cell: Cell::new(7, 11),
            threats: &two,
            completes: false,
            passed: None,
        };
        let said = line_move(Language::English, step);
        assert!(said.contains("double threat") && said.contains("(6,11) and (9,11)"), "{said}");
        assert!(line_move(Language::Japanese, step).contains("ダブルリーチ"));
        let one = LineMove::Maker {
            move_number: 9,
            cell: Cell::new(7, 11),
            threats: &two[..1],
            completes: false,
            passed: None,
        };
        let said = line_move(Language::English, one);
        assert!(said.contains("a threat") && !said.contains("double"), "{said}");
    }

    #[test]
    fn a_far_reply_reads_far_and_a_finishing_cell_left_is_named() {
        for lang in [Language::English, Language::Japanese] {
            let far = line_move(
                lang,
                LineMove::Breaker { cell: Cell::new(-1_000_000, -1_000_000), blocks: false, left_open: None },
            );
            assert!(!far.contains("1000000") && (far.contains("far away") || far.contains("遠く")), "{far}");
            let near = line_move(
                lang,
                LineMove::Breaker { cell: Cell::new(-3, 70), blocks: false, left_open: None },
            );
            let open =
                LineMove::Breaker { cell: Cell::new(1, 1), blocks: false, left_open: Some(Cell::new(6, 10)) };
            assert!(line_move(lang, open).contains("(6,10)"));
            assert!(near.contains("(-3,70)"), "{near}: 9 cells outside the frame is not far");
            let left = LineMove::Maker {
                move_number: 12,
                cell: Cell::new(4, 12),
                threats: &[],
                completes: false,
                passed: Some(Cell::new(6, 10)),
            };
            assert!(line_move(lang, left).contains("(6,10)"));
        }
        assert!(Cell::new(82, 0).is_far_away() && !Cell::new(81, 0).is_far_away());
        assert!(Cell::new(0, -21).is_far_away() && !Cell::new(0, -20).is_far_away());
    }
}
