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
use super::review::{Completion, Line, Principle, Role, Takeaway, Why, WonBy};
use super::threats::{DoubleShape, Fork, ThreatKind};
use crate::language::Language;

/// A cell as the board names it, in a sentence: "(6,7)", or for a stone far away (a pass, not
/// drawn) "(far away)" / "（遠く）" in place of its coordinates (newcomer #89 read "Your move 5
/// at (1000,-1000)").
pub fn place(lang: Language, cell: Cell) -> String {
    match (lang, cell.is_far_away()) {
        (_, false) => cell.to_string(),
        (Language::English, true) => "(far away)".to_string(),
        (Language::Japanese, true) => "（遠く）".to_string(),
    }
}

/// "After your move 6 at (5,8) Maker could force: threats at moves 7, 8 and 9 (you had to answer
/// each), then a double threat at move 10: (6,11) and (9,11) each finish a Snaky. Maker completed
/// its Snaky at move 12 at (6,11)."
pub fn forced(lang: Language, why: &Why) -> String {
    let (number, at) = (why.index + 1, place(lang, why.breaker));
    let yours = match lang {
        Language::English => format!("After your move {number} at {at}"),
        Language::Japanese => format!("あなたの{number}手目 {at} のあと"),
    };
    forced_in(lang, &why.line, yours)
}

/// The same for the best reply's line, shown when the lesson plays it (newcomer #76 switched to
/// it and read the sentence of the move played): "After the best reply (9,9) Maker could force: …
/// Maker completes its Snaky at move 21".
pub fn forced_best(lang: Language, why: &Why) -> String {
    let best = &why.best_reply;
    let yours = match (lang, best.outside) {
        (Language::English, false) => format!("After the best reply {}", best.cell),
        (Language::English, true) => "After the best reply, outside the envelope,".to_string(),
        (Language::Japanese, false) => format!("最善の受け {} のあと", best.cell),
        (Language::Japanese, true) => "囲いの外への最善の受けのあと".to_string(),
    };
    forced_in(lang, &why.best_line, yours)
}

/// What Maker could force in `line`, after `yours` (the move, said as its sentence starts).
fn forced_in(lang: Language, line: &Line, yours: String) -> String {
    let point = &line.turning_point;
    let threat_moves: Vec<String> = point.threats.iter().map(|t| t.move_number.to_string()).collect();
    let mut completed = completed(lang, line);
    // The plan keeps its proven order: it may pass a finish (after a double threat, or a threat
    // its longest defence left open) and win later. Said with the move a finishing Maker would
    // win at (newcomer #74 read "double threat at move 16" beside "completes at move 19" as a
    // contradiction): where a best reply holds longer only against this order, this is where
    // the lesson says so.
    if let Some(next) = line.finish_passed() {
        completed = match lang {
            Language::English => format!(
                "A Maker that takes a finish would win at move {next}; this one keeps to its plan instead. {completed}"
            ),
            Language::Japanese => format!(
                "完成を取る作り手なら{next}手目で勝ちますが、この作り手は証明の手順どおりに打ちます。{completed}"
            ),
        };
    }
    match lang {
        Language::English => {
            let mut parts = Vec::new();
            if !threat_moves.is_empty() {
                let answered = match (point.all_answered(), threat_moves.len()) {
                    (true, 1) => " (you had to answer it)",
                    (true, _) => " (you had to answer each)",
                    (false, _) => "",
                };
                parts.push(match threat_moves.as_slice() {
                    [one] => format!("a threat at move {one}{answered}"),
                    [first, .., last] if threat_moves.len() > 3 => {
                        format!("{} threats between moves {first} and {last}{answered}", threat_moves.len())
                    }
                    _ => format!("threats at moves {}{answered}", and_list(lang, &threat_moves)),
                });
            }
            if let Some(double) = &point.double_threat {
                let shape = double_shape(lang, double.shape).map(|s| format!(" ({s})")).unwrap_or_default();
                parts.push(format!(
                    "a {} at move {}: {} each finish a Snaky{shape}",
                    many_threat(lang, double.cells.len()),
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
            let mut parts = Vec::new();
            if !threat_moves.is_empty() {
                let answered = if point.all_answered() {
                    "（そのたびに受けるしかありません）"
                } else {
                    ""
                };
                parts.push(match threat_moves.as_slice() {
                    [first, .., last] if threat_moves.len() > 3 => {
                        format!("{first}〜{last}手目に{}回リーチ{answered}", threat_moves.len())
                    }
                    _ => format!("{}手目にリーチ{answered}", threat_moves.join("・")),
                });
            }
            if let Some(double) = &point.double_threat {
                let shape = double_shape(lang, double.shape).map(|s| format!("（{s}）")).unwrap_or_default();
                parts.push(format!(
                    "{}手目に{}：{} の{}でも Snaky が完成します{shape}",
                    double.move_number,
                    many_threat(lang, double.cells.len()),
                    and_list(lang, &cells(&double.cells)),
                    any_of_ja(double.cells.len())
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

/// "Even with your best defence from there, Maker completes its Snaky at move 12, at (6,11)":
/// the line is what Maker could force, not the game as it went on. Where it completes before
/// the guarantee, it says so: newcomer #125 read "the guarantee went 19 → 15" beside a line (and
/// its button) ending at 14 as two answers to one question.
fn completed(lang: Language, line: &Line) -> String {
    let sooner = |done: Completion| done.move_number < line.guarantee;
    match (lang, line.completed) {
        (Language::English, Some(done)) => {
            let sooner = if sooner(done) {
                format!(" (sooner than its guarantee, {}: the latest Maker can need)", line.guarantee)
            } else {
                String::new()
            };
            format!(
                "Even with your best defence from there, Maker completes its Snaky at move {}, at {}{sooner}.",
                done.move_number, done.cell
            )
        }
        (Language::English, None) => "Maker had not completed when the line was cut off.".to_string(),
        (Language::Japanese, Some(done)) => {
            let sooner = if sooner(done) {
                format!("（保証の{}手目より早く。保証は作り手がかかりうるいちばん遅い手）", line.guarantee)
            } else {
                String::new()
            };
            format!(
                "そこからいちばん長く守っても、作り手は{}手目に {} で Snaky を完成させます{sooner}。",
                done.move_number, done.cell
            )
        }
        (Language::Japanese, None) => "作り手はこの進行の最後まで完成させていません。".to_string(),
    }
}

/// "(6,7) is a cell of the Snaky Maker completes at move 11 after your move: a stone there
/// spoils it. Had you played (6,7), Maker would win by its move 21 (its line below completes sooner,
/// at move 20: the guarantee is the latest Maker can need)." Only what the engine found in Maker's plan: no rule of thumb, since none finds the best
/// reply against these Makers more than two times in three (newcomers #46 to #55 read every rule
/// offered beside lessons where it misled). A move that took a finishing cell is first told that
/// this was right in general ([`blocked_finish`]).
pub fn best_reply(lang: Language, why: &Why) -> String {
    if let Some(better) = why.better_block {
        return lesser_block(lang, why.breaker, &why.line.open.cells, better);
    }
    if why.blocked_finish {
        return blocked_finish(lang, why.breaker, &why.line.open.cells);
    }
    // A reply that holds longer only against this Maker's order is said as it held, with no rule
    // offered beside it: its line, one switch away, says where a Maker that takes finishes would
    // win ([`forced_best`]). Four newcomers in a row (#106, #112 to #114) read a caveat here as
    // the lesson taking its advice back.
    if why.for_this_order_only().is_some() {
        return best_reply_itself(lang, why, true);
    }
    let best = why.best_reply.cell;
    let said = match &why.fork_left {
        // Where the best reply is the double threat's own cell, its sentence is the reason (a
        // second one, that both Snakies run through it, said the same again).
        Some(fork) => {
            format!("{}{}", fork_left(lang, fork, best), best_reply_itself(lang, why, fork.cell != best))
        }
        None => best_reply_itself(lang, why, true),
    };
    // The two lines' turning points, when they differ in a way a player can see, with the rule
    // it teaches (newcomers #110 and #111 each found it in their own words and asked for it).
    if why.row_of_five_kept_off() {
        return match lang {
            Language::English => format!(
                "{said} After {best}, Maker's plan built no row of five (beside its end, a stone makes a double threat)."
            ),
            Language::Japanese => format!(
                "{said}{best} のあとは、作り手の計画に五つ並びはできませんでした（五つ並びの端の横の石でダブルリーチになります）。"
            ),
        };
    }
    said
}

/// Before the best reply's sentence, where the move left a cell on which Maker's next stone
/// makes a double threat and the best reply left none ([`Why::fork_left`]): the primer's rule,
/// stop a double threat a move before it is made, on this game's board.
pub fn fork_left(lang: Language, fork: &Fork, best: Cell) -> String {
    let cell = fork.cell;
    let finishes: Vec<String> = fork.finishes.iter().map(ToString::to_string).collect();
    let finishes = and_list(lang, &finishes);
    let both = fork.finishes.len() == 2;
    match (lang, best == cell) {
        (Language::English, true) => format!(
            "After your move, a Maker stone at {cell} would make a double threat: {finishes} would each finish a Snaky. A stone of yours there first spoils {}. ",
            if both { "both" } else { "them all" }
        ),
        (Language::English, false) => format!(
            "After your move, a Maker stone at {cell} would make a double threat: {finishes} would each finish a Snaky. After {best}, no Maker stone would. "
        ),
        (Language::Japanese, true) => format!(
            "あなたの手のあと、作り手が {cell} に打てばダブルリーチでした：{finishes} のどれでも Snaky が完成します。先にそこに石を置けば{}つぶせます。",
            if both { "両方とも" } else { "すべて" }
        ),
        (Language::Japanese, false) => format!(
            "あなたの手のあと、作り手が {cell} に打てばダブルリーチでした：{finishes} のどれでも Snaky が完成します。{best} のあとなら、そんな石はありませんでした。"
        ),
    }
}

/// After the best reply's sentence, where the player took that cell with their next move (their
/// move `number`) and it cost `lost` there: newcomer #95 read "(5,6) would have kept Maker at 20"
/// beside their move 5 at (5,6) marked -3, one move apart, as a contradiction.
pub fn one_move_late(lang: Language, cell: Cell, number: usize, lost: u32) -> String {
    match lang {
        Language::English => format!(" Your move {number} took {cell}, a move late: there it cost {lost}."),
        Language::Japanese => format!("{cell} を打った{number}手目は一手おそく、-{lost}。"),
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
            "Forced, and right: {played} would have finished a Snaky, and any Maker that takes a finish wins there at once. This Maker plays its proof in order and would have left it, so its guarantee moved; that is not a mistake of yours."
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

/// A threat with `cells` finishing cells, two or more, by its count: "double threat", "triple
/// threat" (newcomers #70, #71 and #73 met three cells called a double threat).
pub fn many_threat(lang: Language, cells: usize) -> String {
    match (lang, cells) {
        (Language::English, 0..=2) => "double threat".into(),
        (Language::English, 3) => "triple threat".into(),
        (Language::English, n) => format!("{n}-way threat"),
        (Language::Japanese, 0..=2) => "ダブルリーチ".into(),
        (Language::Japanese, 3) => "トリプルリーチ".into(),
        (Language::Japanese, n) => format!("{n}方向のリーチ"),
    }
}

/// "Either" of two, "any" of more, in Japanese: what follows a list of finishing cells ("…の
/// どちらでも").
fn any_of_ja(cells: usize) -> &'static str {
    if cells <= 2 { "どちら" } else { "どれ" }
}

/// What a cell (named `cell`, as the board shows it) was in Maker's line after a costly move, in
/// one clause without its stop, cause then effect, in the order things happen: "in the line after
/// your move, Maker completes a Snaky through (6,7) with its move 11: a stone there spoils that
/// Snaky". The lesson's best reply and a practice board's answer say it alike (newcomers #73 and
/// #74 read the old "… in the line after your move (not the one it completes)" three times; #106
/// had to work out that "a Snaky Maker threatens at move 7" meant a move still to come).
///
/// `taken`: the Maker move at which the line takes the cell itself ([`Line::maker_takes`]); said
/// where it comes before the move the role names (newcomer #115 read "Maker's move 13 leaves a
/// Snaky through (3,8) one stone from finished" beside the line's Maker stone on (3,8)).
pub fn role_fact(lang: Language, cell: impl std::fmt::Display, role: Role, taken: Option<u32>) -> String {
    // (completes, the role's move, the move that takes the cell first)
    let first = match role {
        Role::CompletedSnaky { move_number } => Some((true, move_number)),
        Role::ThreatenedSnaky { move_number } => Some((false, move_number)),
        _ => None,
    };
    if let Some((completes, move_number)) = first
        && let Some(k) = taken.filter(|&k| k < move_number)
    {
        return taken_first(lang, cell, completes, move_number, k);
    }
    match lang {
        Language::English => match role {
            Role::CompletedSnaky { move_number } => format!(
                "in the line after your move, Maker completes a Snaky through {cell} with its move {move_number}: a stone there spoils that Snaky"
            ),
            Role::ThreatenedSnaky { move_number } => format!(
                "in the line after your move, Maker's move {move_number} leaves a Snaky through {cell} one stone from finished (a threat): a stone there spoils that threat"
            ),
            Role::ClaimedByMaker { move_number } => {
                format!(
                    "after your move Maker takes {cell} itself at move {move_number}: taking it first upsets its plan"
                )
            }
            Role::TakenByBreaker { move_number } => format!(
                "after your move you would have to block {cell} anyway, in reply to Maker's move {move_number}: taking it now gains you that move"
            ),
            Role::NeededFree { shapes: 0 } => {
                format!(
                    "{cell} is a cell Maker's plan after your move needs free: a stone there forces a slower plan"
                )
            }
            Role::NeededFree { shapes: 1 } => format!(
                "{cell} lies on 1 Snaky Maker could still build after your move: a stone there spoils it"
            ),
            Role::NeededFree { shapes } => format!(
                "{cell} lies on {shapes} Snakies Maker could still build after your move: a stone there spoils them all"
            ),
            Role::Elsewhere => {
                format!(
                    "{cell} is not in Maker's plan after your move: a stone there sends Maker onto another plan"
                )
            }
        },
        Language::Japanese => match role {
            Role::CompletedSnaky { move_number } => format!(
                "{cell} は、あなたの手のあと作り手が{move_number}手目に完成させる Snaky のマスです：そこに石があれば完成しません"
            ),
            Role::ThreatenedSnaky { move_number } => format!(
                "{cell} は、あなたの手のあと作り手が{move_number}手目でリーチにする Snaky のマスです：そこに石があればそのリーチは生まれません"
            ),
            Role::ClaimedByMaker { move_number } => {
                format!(
                    "あなたの手のあと、作り手は{move_number}手目に {cell} を自分で取ります：先に取れば計画がくずれます"
                )
            }
            Role::TakenByBreaker { move_number } => format!(
                "あなたの手のあと、作り手の{move_number}手目への受けでどのみち {cell} をふさぐことになります：いま取れば、その一手が浮きます"
            ),
            Role::NeededFree { shapes: 0 } => format!(
                "{cell} は、あなたの手のあとの作り手の計画が空けておきたいマスです：そこに石があれば計画は遅くなります"
            ),
            Role::NeededFree { shapes } => format!(
                "{cell} には、あなたの手のあとの作り手の計画がまだ作れる Snaky の形が{shapes}つ通っています：そこに石があればすべて使えなくなります"
            ),
            Role::Elsewhere => format!(
                "{cell} は、あなたの手のあとの作り手の計画に出てこないマスです：そこに石があれば作り手は別の計画に移ります"
            ),
        },
    }
}

/// [`role_fact`] for a cell of a Snaky Maker completes (`completes`) or threatens at its move
/// `move_number`, which its line takes itself first, at its move `k`.
fn taken_first(
    lang: Language,
    cell: impl std::fmt::Display,
    completes: bool,
    move_number: u32,
    k: u32,
) -> String {
    match (lang, completes) {
        (Language::English, true) => format!(
            "in the line after your move, Maker takes {cell} itself at move {k} and completes a Snaky through it with its move {move_number}: a stone there first spoils that Snaky"
        ),
        (Language::English, false) => format!(
            "in the line after your move, Maker takes {cell} itself at move {k}, and its move {move_number} leaves a Snaky through it one stone from finished (a threat): a stone there first spoils that threat"
        ),
        (Language::Japanese, true) => format!(
            "{cell} は、あなたの手のあと作り手が{k}手目に自分で取り、{move_number}手目に完成させる Snaky のマスです：先にそこに石があれば完成しません"
        ),
        (Language::Japanese, false) => format!(
            "{cell} は、あなたの手のあと作り手が{k}手目に自分で取り、{move_number}手目でリーチにする Snaky のマスです：先にそこに石があればそのリーチは生まれません"
        ),
    }
}

/// "(6,7) is a cell of …: a stone there spoils it. Had you played (6,7), Maker would win by its
/// move 21." Without `fact` (said already, by [`fork_left`]), only the second sentence.
fn best_reply_itself(lang: Language, why: &Why, fact: bool) -> String {
    // The Snaky's stones before the move, but for where the row of five's rule follows: the
    // panel has room for one of the two (at 1280×800 the legend went under its foot).
    let held_said = !why.row_of_five_kept_off();
    let best = &why.best_reply;
    let cell = match (lang, best.outside) {
        (Language::English, true) => "any cell outside the envelope".to_string(),
        (Language::Japanese, true) => "囲いの外のマス".to_string(),
        (_, false) => best.cell.to_string(),
    };
    // Said only when it differs from the guarantee kept (against the perfect Breaker it rarely does).
    let ends = why.best_line.completed.map(|done| done.move_number).filter(|&m| m != why.best_reply.keeps);
    // Where it lies on every Snaky of the double threat the move let Maker build, that is the
    // fact told: one stone spoils them all (newcomers #109 and #114 asked for it).
    let (said, held) = match why.best_spoils_double() {
        Some((move_number, snakies)) => (spoils_double(lang, best.cell, move_number, snakies), None),
        None => {
            let taken = why.line.maker_takes(best.cell).filter(|_| !best.outside);
            let held = why.line.held_before(best.cell).filter(|_| !best.outside && held_said);
            (role_fact(lang, &cell, best.in_line, taken), held)
        }
    };
    // The Snaky named, in the board's terms: the stones of Maker's it already held.
    let held = held.map_or(String::new(), |stones| held_before(lang, &stones));
    match lang {
        Language::English => {
            let ends = ends.map_or(String::new(), |m| {
                // Newcomer #103 read "by its move 19 (… completes at move 18)" as backwards:
                // the guarantee is the latest Maker can need, its line may finish sooner.
                format!(
                    " (its line below completes sooner, at move {m}: the guarantee is the latest Maker can need)"
                )
            });
            let had = if best.outside {
                "played outside the envelope".to_string()
            } else {
                format!("played {cell}")
            };
            let fact = if fact {
                format!("{}.{held}{} ", capitalised(&said), on_shape(lang, best))
            } else {
                String::new()
            };
            format!("{fact}Had you {had}, Maker would win by its move {}{ends}.", best.keeps)
        }
        Language::Japanese => {
            let ends = ends.map_or(String::new(), |m| {
                format!("（下の進行ではそれより早く{m}手目に完成：数は作り手がいちばん遅い場合の手数です）")
            });
            let fact = if fact { format!("{said}。{held}{}", on_shape(lang, best)) } else { String::new() };
            format!("{fact}{cell} に打っていれば、作り手の勝ちは{}手目まででした{ends}。", best.keeps)
        }
    }
}

/// " That Snaky already held 2 of Maker's stones before your move: (7,7) and (8,7)." ([`Line::held_before`])
fn held_before(lang: Language, stones: &[Cell]) -> String {
    let list = and_list(lang, &cells(stones));
    match (lang, stones.len()) {
        (Language::English, 0) => " That Snaky held none of Maker's stones before your move.".to_string(),
        (Language::English, 1) => {
            format!(" That Snaky already held 1 of Maker's stones before your move: {list}.")
        }
        (Language::English, n) => {
            format!(" That Snaky already held {n} of Maker's stones before your move: {list}.")
        }
        (Language::Japanese, 0) => {
            "その Snaky には、あなたの手の前は作り手の石がありませんでした。".to_string()
        }
        (Language::Japanese, n) => {
            format!("その Snaky には、あなたの手の前から作り手の石が{n}個ありました：{list}。")
        }
    }
}

/// "In the line after your move, both Snakies of Maker's double threat at move 10 run through
/// (6,7): a stone there spoils both" ([`Why::best_spoils_double`]), one clause as [`role_fact`].
fn spoils_double(lang: Language, cell: Cell, move_number: u32, snakies: usize) -> String {
    match (lang, snakies) {
        (Language::English, 2) => format!(
            "in the line after your move, both Snakies of Maker's double threat at move {move_number} run through {cell}: a stone there spoils both"
        ),
        (Language::English, n) => format!(
            "in the line after your move, all {n} Snakies of Maker's threat at move {move_number} run through {cell}: a stone there spoils them all"
        ),
        (Language::Japanese, 2) => format!(
            "{cell} は、あなたの手のあと作り手が{move_number}手目に作るダブルリーチの2つの Snaky が両方通るマスです：そこに石があれば両方とも完成しません"
        ),
        (Language::Japanese, n) => format!(
            "{cell} は、あなたの手のあと作り手が{move_number}手目に作るリーチの{n}つの Snaky がすべて通るマスです：そこに石があればすべて完成しません"
        ),
    }
}

/// For a best reply the line does not explain by a Snaky (needed free, or elsewhere): the Snaky
/// shape it stands on that already held the most of Maker's stones, in board terms (the board
/// tiles it yellow).
fn on_shape(lang: Language, best: &super::review::BestReply) -> String {
    let Some(shape) = best.shape_said() else { return String::new() };
    let stones = and_list(lang, &cells(shape.maker_stones()));
    match lang {
        Language::English => format!(
            " It also blocks a Snaky shape that already held {} of Maker's stones: {stones}.",
            shape.count
        ),
        Language::Japanese => {
            format!("作り手の石が{}個（{stones}）入った Snaky の形もふさげます。", shape.count)
        }
    }
}

/// The sentence a player takes to the next game, from what the game's moves had in common
/// ([`Takeaway`]): first the finishing cells left open (any Maker but this one completes there),
/// then the costliest mistake with the reply that would have held, and why no rule of thumb is
/// offered instead (none finds the best reply against these Makers more than two times in three:
/// `tests/snaky_threats.rs`), or, without a costliest move, a row of five, when Maker's winning
/// double threat grew from one: two sentences at most, so a long game's lesson chips stay on the
/// panel (newcomer #37). The blocks of a finish, forced and right, are not mistakes and go unsaid here (their
/// chips are calm and their lessons say so; newcomer #28 found the panel's text too long).
/// `None` when there is nothing to say.
///
/// ```
/// use pokopoko::language::Language;
/// use pokopoko::snaky::{Cell, review::{Costliest, Takeaway}, words};
/// let costliest = Costliest { number: 9, played: Cell::new(6, 12), lost: 5, best: Cell::new(8, 11), keeps: 18, as_costly: vec![] };
/// let game = Takeaway { costly: 2, costliest: Some(costliest), ..Takeaway::default() };
/// let said = words::takeaway(Language::English, &game).expect("costly moves");
/// assert!(said.starts_with("Costliest: your move 9 at (6,12), -5; a reply on the board would have kept"), "{said}");
/// let open = Takeaway { left_open: 2, ..Takeaway::default() };
/// let said = words::takeaway(Language::English, &open).expect("finishes left open");
/// assert!(said.starts_with("Take a finishing cell first: at 2 moves"), "{said}");
/// assert_eq!(words::takeaway(Language::English, &Takeaway::default()), None);
/// ```
pub fn takeaway(lang: Language, game: &Takeaway) -> Option<String> {
    // One thing, in three lines of the panel above its buttons, which stay where they were while
    // the game was played (newcomer #84 clicked Undo where Review had been).
    // The costliest mistake and what would have held: a fact of this game, where a rule of thumb
    // would be right only half the time (newcomers #46 to #55 each read the rule beside lessons
    // saying it misled). What carries over to the next game is this Maker's plan: the same proof
    // every game, turned.
    if let Some(c) = &game.costliest {
        let others: Vec<String> = c.as_costly.iter().map(usize::to_string).collect();
        let tied = match (lang, others.len()) {
            (_, 0) => String::new(),
            (Language::English, 1) => format!(" (move {} too)", others[0]),
            (Language::English, _) => format!(" (moves {} too)", and_list(lang, &others)),
            (Language::Japanese, _) => format!("（{}手目も同じ）", others.join("・")),
        };
        // The reply itself is left to find: practice asks for it, and the lesson shows it after
        // (newcomer #104 found practice a coordinate translation of an answer just read, and
        // #101 to #103 read "the same every game (turned)" as "memorise it").
        return Some(match lang {
            Language::English => format!(
                "Costliest: your move {} at {}, -{}{tied}; a reply on the board would have kept Maker at {}. Find it in practice (Q) first; then the lesson (W) shows which and why.",
                c.number,
                place(lang, c.played),
                c.lost,
                c.keeps
            ),
            Language::Japanese => format!(
                "いちばん痛かった手：{}手目 {}（-{}）{tied}。{}のままにできる手がありました。練習（Q）で探してから学び（W）で答えを見よう。",
                c.number,
                place(lang, c.played),
                c.lost,
                c.keeps
            ),
        });
    }
    let open = game.left_open;
    if open > 0 {
        return Some(match (lang, open) {
            (Language::English, 1) => "Take a finishing cell first: at 1 move you left one open (another Maker would have finished there).".to_string(),
            (Language::English, n) => format!("Take a finishing cell first: at {n} moves you left one open (another Maker would have finished there)."),
            (Language::Japanese, n) => format!("完成のマスは先にふさぎましょう：{n}手で空けたままでした（ほかの作り手ならそこで完成）。"),
        });
    }
    // How Maker won, when it grew from a row of five: a beginner's loss (the primer's Maker steps
    // play it), said as a fact, not as a rule: against the proof even the longest defence lets an
    // open four stand at times (newcomer #55). A crossing, how even the longest defence ends,
    // goes unsaid here: the lesson names it, and a long game's panel has no room for it.
    // Only after a mistake (newcomer #33's game with every hint was told of a row it could not
    // have stopped).
    if let Some(WonBy { move_number: n, shape: DoubleShape::RowOfFive }) = game.won_by
        && game.mistakes() > 0
    {
        return Some(match lang {
            Language::English => format!(
                "Its double threat (move {n}) grew from a row of five: a row of 4 free at both ends wins within three moves."
            ),
            Language::Japanese => {
                format!("ダブルリーチ（{n}手目）は五つ並びから。両端の空いた四つ並びは、3手以内に勝ちます。")
            }
        });
    }
    None
}

/// One move of a line, as the lesson plays it: whose it is and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMove<'a> {
    /// The move the line starts from: the player's, or (`best`) the best reply instead of `played`.
    First { number: usize, cell: Cell, best: bool, played: Cell },
    /// A Maker move of the line, with the finishing cells after it; `passed` is a cell that
    /// would have finished a Snaky at once and that the plan did not take (it keeps its proven
    /// order, which still wins within its bound).
    /// `off_plan`: the plan's next cell already held Maker's stone, so it took the first free
    /// cell of a fixed order.
    Maker {
        move_number: u32,
        cell: Cell,
        threats: &'a [Cell],
        completes: bool,
        passed: Option<Cell>,
        off_plan: bool,
    },
    /// Breaker's reply in the line (the longest defence); `blocks` when it takes a finishing cell,
    /// `left_open` a finishing cell it leaves (the longest defence against this Maker, which keeps
    /// its proof's order, need not block).
    Breaker { cell: Cell, blocks: bool, left_open: Option<Cell> },
}

/// What the shown move of a line does, in one or two short sentences.
pub fn line_move(lang: Language, step: LineMove) -> String {
    match (lang, step) {
        (Language::English, LineMove::First { number, cell, best: false, .. }) => {
            format!("Your move {number} at {}.", place(lang, cell))
        }
        (Language::English, LineMove::First { cell, best: true, played, .. }) => {
            format!("The best reply: {cell} (you played {played}).")
        }
        (Language::Japanese, LineMove::First { number, cell, best: false, .. }) => {
            format!("あなたの{number}手目：{}", place(lang, cell))
        }
        (Language::Japanese, LineMove::First { cell, best: true, played, .. }) => {
            format!("最善の受け：{cell}（実際は {played}）")
        }
        (_, LineMove::Maker { move_number, cell, threats, completes, passed, off_plan }) => {
            let head = match (lang, passed) {
                (Language::English, _) if off_plan => format!(
                    "Maker's move {move_number} at {cell}, off its plan (the cell its plan names next already holds a Maker stone, so it takes the first free cell in a fixed order)"
                ),
                (Language::Japanese, _) if off_plan => format!(
                    "作り手の{move_number}手目：{cell}（計画外の石：計画の次のマスにはもう自分の石があるので、決まった順で最初の空きマスに打ちます）"
                ),
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
                    "{head}: a {}. {} each finish a Snaky; Breaker can block only one.",
                    many_threat(lang, finishing.len()),
                    and_list(lang, &finishing)
                ),
                (Language::Japanese, false, ThreatKind::DoubleThreat) => format!(
                    "{head}。{}：{} の{}でも完成。ふさげるのは一つだけです。",
                    many_threat(lang, finishing.len()),
                    and_list(lang, &finishing),
                    any_of_ja(finishing.len())
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
            "Breaker's longest defence: here no reply near the stones holds this Maker longer than a stone far away (a block there gains nothing against its plan), so the line plays far away."
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
            "壊し手のいちばん長い守り：ここでは石の近くのどの手も、遠くの石よりこの作り手を長くは止められない（近くでふさいでも計画には得がない）ので、遠くに打ちます"
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
    listed(lang, items, [" and ", " と "])
}

/// "(1,2), (3,4) or (5,6)": a choice of cells, one to take.
pub fn or_list(lang: Language, items: &[String]) -> String {
    listed(lang, items, [" or ", " か "])
}

/// `items` joined by commas, the last by `last` (English, Japanese).
fn listed(lang: Language, items: &[String], last: [&str; 2]) -> String {
    let (comma, joiner) = match lang {
        Language::English => (", ", last[0]),
        Language::Japanese => ("、", last[1]),
    };
    match items.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((final_item, rest)) => format!("{}{joiner}{final_item}", rest.join(comma)),
    }
}

/// The sentence with its first letter in capitals ("in the line…" → "In the line…").
pub fn capitalised(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// A lesson's kind of reason, as its tag reads ([`Principle`]): "Stop a row (or column) before five".
pub fn principle(lang: Language, principle: Principle) -> &'static str {
    match (lang, principle) {
        (Language::English, Principle::RowBeforeFive) => "Stop a row (or column) before five",
        (Language::English, Principle::SharedCell) => "Take the cell two Snakies share",
        (Language::English, Principle::TakeItNow) => "Take now a cell you must block later",
        (Language::English, Principle::MakersNextCell) => "Take Maker's next cell first",
        (Language::English, Principle::SpoilTheSnaky) => "Spoil the Snaky Maker builds next",
        (Language::Japanese, Principle::RowBeforeFive) => "五つ並びになる前に止める",
        (Language::Japanese, Principle::SharedCell) => "2つの Snaky が共有するマスを取る",
        (Language::Japanese, Principle::TakeItNow) => "あとでふさぐマスをいま取る",
        (Language::Japanese, Principle::MakersNextCell) => "作り手の次のマスを先に取る",
        (Language::Japanese, Principle::SpoilTheSnaky) => "作り手が次に作る Snaky をつぶす",
    }
}

/// The tag before a lesson's reason, from its kind ([`Why::principle`]): "Idea: Stop a row
/// before five. " (empty for a reason of no kind). Said as the idea this board's answer shows,
/// not as a rule for every board.
pub fn idea(lang: Language, why: &Why) -> String {
    why.principle().map_or(String::new(), |p| idea_of(lang, p))
}

/// [`idea`] of a kind.
pub fn idea_of(lang: Language, principle: Principle) -> String {
    match lang {
        Language::English => format!("Idea: {}. ", self::principle(lang, principle)),
        Language::Japanese => format!("ねらい：{}。", self::principle(lang, principle)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::review::Costliest;

    #[test]
    fn lists_read_as_sentences_in_both_languages() {
        let items = ["(1,2)".to_string(), "(3,4)".to_string(), "(5,6)".to_string()];
        assert_eq!(and_list(Language::English, &items), "(1,2), (3,4) and (5,6)");
        assert_eq!(and_list(Language::Japanese, &items[..2]), "(1,2) と (3,4)");
        assert_eq!(and_list(Language::English, &items[..1]), "(1,2)");
        assert_eq!(or_list(Language::English, &items[..2]), "(1,2) or (3,4)");
        assert_eq!(or_list(Language::Japanese, &items[..2]), "(1,2) か (3,4)");
    }

    /// A game's costliest mistake: move 4 at (10,9), -3, where (9,10) kept 21.
    fn move_4_lost_3() -> Costliest {
        let (played, best) = (Cell::new(10, 9), Cell::new(9, 10));
        Costliest { number: 4, played, lost: 3, best, keeps: 21, as_costly: vec![] }
    }

    #[test]
    fn a_takeaway_names_the_costliest_move_and_no_rule() {
        let costliest = move_4_lost_3();
        let game = Takeaway { costly: 3, costliest: Some(costliest), ..Takeaway::default() };
        let english = takeaway(Language::English, &game).expect("said");
        assert!(
            english.starts_with(
                "Costliest: your move 4 at (10,9), -3; a reply on the board would have kept Maker at 21. Find it in practice (Q) first"
            ),
            "{english}"
        );
        assert!(!english.contains("fullest"), "{english}");
        let japanese = takeaway(Language::Japanese, &game).expect("said");
        assert!(
            japanese.starts_with("いちばん痛かった手：4手目 (10,9)（-3）。21のままにできる手"),
            "{japanese}"
        );
        // The reply is left to find (newcomer #104).
        assert!(!english.contains("(9,10)") && !japanese.contains("(9,10)"), "{english} {japanese}");
        // Only blocks of a finish: forced, not mistakes, nothing to take to the next game.
        let blocks = Takeaway { costly: 2, blocked: 2, ..Takeaway::default() };
        assert_eq!(takeaway(Language::English, &blocks), None);
    }

    #[test]
    fn a_takeaway_says_one_thing_the_costliest_move_first() {
        let won_by = Some(WonBy { move_number: 10, shape: DoubleShape::RowOfFive });
        let costliest = move_4_lost_3();
        let game = Takeaway { costly: 3, blocked: 0, left_open: 1, won_by, costliest: Some(costliest) };
        let said = takeaway(Language::English, &game).expect("said");
        assert!(said.starts_with("Costliest: your move 4"), "{said}");
        assert!(!said.contains("Take a finishing cell first") && !said.contains("row of five"), "{said}");
        // No costliest move (its better reply only far away): the finish left open.
        let open = Takeaway { costliest: None, ..game };
        let said = takeaway(Language::English, &open).expect("said");
        assert!(said.starts_with("Take a finishing cell first") && !said.contains("row of five"), "{said}");
        // Nor that: the row of five, said as a fact.
        let said = takeaway(Language::English, &Takeaway { left_open: 0, ..open }).expect("said");
        assert!(said.contains("grew from a row of five") && !said.contains("never"), "{said}");
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
            off_plan: false,
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
            off_plan: false,
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
                off_plan: false,
            };
            assert!(line_move(lang, left).contains("(6,10)"));
        }
        assert!(Cell::new(82, 0).is_far_away() && !Cell::new(81, 0).is_far_away());
        assert!(Cell::new(0, -21).is_far_away() && !Cell::new(0, -20).is_far_away());
    }

    /// A pass's stone is named "far away", never by its coordinates (newcomer #89 read "Your
    /// move 5 at (1000,-1000)"); a cell on the board by its own.
    #[test]
    fn a_pass_is_named_far_away() {
        let pass = Cell::new(1_000, -1_000);
        assert_eq!(place(Language::English, pass), "(far away)");
        assert_eq!(place(Language::Japanese, pass), "（遠く）");
        assert_eq!(place(Language::English, Cell::new(6, 7)), "(6,7)");
        let first = LineMove::First { number: 5, cell: pass, best: false, played: pass };
        for lang in [Language::English, Language::Japanese] {
            assert!(!line_move(lang, first).contains("1000"), "{}", line_move(lang, first));
        }
        let costliest = Costliest { played: pass, ..move_4_lost_3() };
        let game = Takeaway { costly: 1, costliest: Some(costliest), ..Takeaway::default() };
        let said = takeaway(Language::English, &game).expect("said");
        assert!(said.starts_with("Costliest: your move 4 at (far away), -3"), "{said}");
    }
}
