//! The strings of Snaky practice (boards of the player's game, turned, to find a reply that holds).

use crate::save::Language;
use crate::snaky::practice::{LeftOut, Origin, Verdict};
use crate::snaky::review::Role;
use crate::snaky::words;
use crate::snaky::{Cell, Symmetry};

fn cell(c: Cell) -> String {
    format!("({},{})", c.x, c.y)
}

pub fn title(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "Snaky 練習",
        Language::English => "Snaky practice",
    }
}

/// One short line: a longer one wrapped the title onto two lines at 1280×800 and moved the board a
/// row down from the game's (newcomer #110 clicked a row off); each board says how it is shown.
pub fn subtitle(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "あなたやほかの対局の局面：持ちこたえる手を見つけよう。",
        Language::English => "Boards from your game and others: find a reply that holds.",
    }
}

/// The Breaker screen's button (after a game with something to practise).
pub fn button(lang: Language, boards: usize) -> String {
    match lang {
        // No board of its own: boards of other games, and the practice screen says why the
        // game's costly moves are none (newcomer #28 saw no reason behind a greyed button).
        Language::Japanese if boards == 0 => "練習：ほかの対局から (Q)".to_string(),
        Language::English if boards == 0 => "Practise: boards from other games (Q)".to_string(),
        Language::Japanese => format!("練習 {boards}問 (Q)"),
        Language::English if boards == 1 => "Practise: 1 board (Q)".to_string(),
        Language::English => format!("Practise: {boards} boards (Q)"),
    }
}

/// Practice asked for while the game goes on.
pub fn after_the_game(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "練習は対局が終わってから（作り手が Snaky を完成させたあと）開けます。",
        Language::English => "Practice opens once the game is over (Maker has completed its Snaky).",
    }
}

/// What the notice says when the game gives nothing to practise.
pub fn nothing(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => {
            "練習する局面はありません：この対局には、盤の上に持ちこたえる手があったのに作り手の手数を減らした手がありません（完成のマスのふさぎ方は学び W で）。"
        }
        Language::English => {
            "Nothing to practise: no move of this game cost Maker moves where a reply on the board would have held, blocks of a finish aside (the lesson, W, says which finish to block)."
        }
    }
}

/// How the board is turned, in words: so the player knows why it looks new.
fn turned(lang: Language, symmetry: Symmetry) -> &'static str {
    // Digits as SPEC §2.3's bit rule: 2 negate x, 4 negate y, 1 then swap.
    match (lang, symmetry.digit()) {
        (Language::Japanese, 0) => "そのままにしたもの",
        (Language::English, 0) => "as played",
        (Language::Japanese, 6) => "半回転したもの",
        (Language::Japanese, 3 | 5) => "90度回転したもの",
        (Language::Japanese, _) => "鏡うつしにしたもの",
        (Language::English, 6) => "turned half round",
        (Language::English, 3 | 5) => "turned a quarter",
        (Language::English, _) => "mirrored",
    }
}

/// "Board 2 of 4".
pub fn status(lang: Language, (at, of): (usize, usize)) -> String {
    match lang {
        Language::Japanese => format!("第{at}問（全{of}問）"),
        Language::English => format!("Board {at} of {of}"),
    }
}

/// The task.
pub fn task(lang: Language, holds: u32) -> String {
    match lang {
        Language::Japanese => format!(
            "あなた（壊し手）の番です。打ったあとも「作り手は{holds}手目までに勝つ」のままになる手を見つけてください。"
        ),
        Language::English => {
            format!(
                "Your move as Breaker. Find a reply after which Maker wins by its move {holds}, not sooner."
            )
        }
    }
}

/// Where the board comes from, and what the move played in the game did here: `played`, the
/// cell as the game showed it and as this turned board shows it (newcomer #46 read the turned
/// board's name as a wrong memory of their move). A board of another game is a computer
/// Breaker's (`origin`), its move named only as this board shows it.
pub fn in_the_game(
    lang: Language,
    (move_number, origin): (usize, Origin),
    symmetry: Symmetry,
    played: [Cell; 2],
    verdict: Verdict,
) -> String {
    let Verdict::Costs { keeps, lost } = verdict else { return String::new() };
    let ([in_game, here], turned) = (played.map(cell), turned(lang, symmetry));
    // A board of the player's game as the game showed it: one name for the move, no turn to undo
    // (newcomers #107 and #108).
    if symmetry == Symmetry::IDENTITY && origin == Origin::Yours && !played[0].is_far_away() {
        return match lang {
            Language::Japanese => format!(
                "あなたの{move_number}手目の局面（対局のまま）。対局では赤い丸の {in_game} に打ち、作り手は{keeps}手目までに勝てるようになりました（{lost}手早く）。"
            ),
            Language::English => format!(
                "Your move {move_number}'s board, as in your game. You played the red circle, {in_game}: Maker could then win by move {keeps}, {lost} sooner."
            ),
        };
    }
    // A pass: its stone lies far away, not on the board (newcomer #89 was shown the red circle
    // of "(-1000,-984)").
    let pass = played[0].is_far_away();
    match (lang, origin, pass) {
        (Language::Japanese, Origin::Yours, true) => format!(
            "あなたの{move_number}手目の局面を{turned}。対局ではパス（遠くに打つ）で、作り手は{keeps}手目までに勝てるようになりました（{lost}手早く）。"
        ),
        (Language::English, Origin::Yours, true) => format!(
            "Your move {move_number}'s board, {turned}. In the game you passed (a stone far away): Maker could then win by move {keeps}, {lost} sooner."
        ),
        (Language::Japanese, Origin::Yours, false) => format!(
            "あなたの{move_number}手目の局面を{turned}。対局では {in_game} に打ち（この盤では赤い丸の {here}）、作り手は{keeps}手目までに勝てるようになりました（{lost}手早く）。"
        ),
        (Language::English, Origin::Yours, false) => format!(
            "Your move {move_number}'s board, {turned}. In the game you played {in_game} (on this board the red circle, {here}): Maker could then win by move {keeps}, {lost} sooner."
        ),
        (Language::Japanese, Origin::Computer { .. }, true) => format!(
            "ほかの対局（COM の壊し手とこの作り手）の局面を{turned}。COM はパス（遠くに打つ）で、作り手は{keeps}手目までに勝てるようになりました（{lost}手早く）。"
        ),
        (Language::English, Origin::Computer { .. }, true) => format!(
            "A board from another game (a computer Breaker against this Maker), {turned}. The computer passed (a stone far away): Maker could then win by move {keeps}, {lost} sooner."
        ),
        (Language::Japanese, Origin::Computer { .. }, false) => format!(
            "ほかの対局（COM の壊し手とこの作り手）の局面を{turned}。COM は赤い丸の {here} に打ち、作り手は{keeps}手目までに勝てるようになりました（{lost}手早く）。"
        ),
        (Language::English, Origin::Computer { .. }, false) => format!(
            "A board from another game (a computer Breaker against this Maker), {turned}. The computer played the red circle, {here}: Maker could then win by move {keeps}, {lost} sooner."
        ),
    }
}

/// The button that adds boards from other games.
pub fn more(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "ほかの対局から (M)",
        Language::English => "More boards (M)",
    }
}

/// The button that draws Maker's plan after the game's move on a solved board (L), or hides it:
/// `Some(shown)`; `None` on a solved board whose reason speaks of no move of the plan, where it
/// says there is nothing to draw (newcomers #122 and #124 found "Maker's plan" grey once solved).
pub fn plan_button(lang: Language, shown: Option<bool>) -> &'static str {
    match (lang, shown) {
        (Language::Japanese, Some(false)) => "作り手の計画 (L)",
        (Language::Japanese, Some(true)) => "計画を消す (L)",
        (Language::Japanese, None) => "この盤は計画の図なし",
        (Language::English, Some(false)) => "Maker's plan (L)",
        (Language::English, Some(true)) => "Hide the plan (L)",
        (Language::English, None) => "No plan on this board",
    }
}

/// What a board asks next, after a try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// No reply that holds found yet.
    TryAgain,
    /// One found; the answers not shown yet.
    TryOthers,
    /// The answers are on the board.
    Nothing,
}

/// The last try, and what to do next. `double`: the double threat the try lets Maker make along
/// the lesson's line after it (Maker's move, its finishing cells, and the move at which a Maker
/// that takes every finish would win along that line where this one wins later).
pub fn tried(
    lang: Language,
    cell: Cell,
    verdict: Verdict,
    double: Option<(u32, &[Cell], Option<u32>)>,
    next: Next,
) -> String {
    let at = self::cell(cell);
    let next = match (lang, next) {
        (_, Next::Nothing) => "",
        (Language::English, Next::TryAgain) => "Try again.",
        (Language::English, Next::TryOthers) => "Try others, or A for every reply that holds.",
        (Language::Japanese, Next::TryAgain) => "もう一度。",
        (Language::Japanese, Next::TryOthers) => "ほかの手も試せます（A：持ちこたえる手をすべて表示）。",
    };
    // Why it cost, in the lesson's terms: the double threat it let Maker make, drawn with the
    // moves that lead there (newcomer #110 looked for "(1,11) and (6,10)" on a board without
    // them).
    // Where this Maker wins later than a Maker that takes finishes would, the sentence says why the
    // two numbers differ, as the lesson does (newcomer #134 read "a double threat with its move
    // 9" beside "win by its move 19" as numbers that do not match).
    let why = double.map_or(String::new(), |(number, cells, passed)| {
        let names: Vec<String> = cells.iter().map(|&c| self::cell(c)).collect();
        let threat = words::many_threat(lang, cells.len());
        let names = words::and_list(lang, &names);
        match (lang, passed) {
            (Language::English, None) => format!(
                " After it, Maker forces a {threat} with its move {number} (the pale stones): {names} (purple circles) each finish a Snaky."
            ),
            (Language::English, Some(next)) => format!(
                " After it, Maker forces a {threat} with its move {number} (the pale stones): {names} (purple circles) each finish a Snaky. A Maker that takes a finish would win at move {next}; this one keeps to its plan instead."
            ),
            (Language::Japanese, passed) => {
                let any = if cells.len() <= 2 { "どちら" } else { "どれ" };
                let plan = passed.map_or(String::new(), |next| {
                    format!("完成を取る作り手なら{next}手目で勝ちますが、この作り手は証明の手順どおりに打ちます。")
                });
                format!(
                    "このあと作り手は{number}手目で{threat}を作れます（うすい石）：{names}（紫の丸）の{any}でも Snaky が完成します。{plan}"
                )
            }
        }
    });
    let said = match (lang, verdict) {
        (Language::English, Verdict::Costs { keeps, lost }) => {
            format!("{at}: Maker would win by its move {keeps}, {lost} sooner (-{lost}).{why} {next}")
        }
        (Language::Japanese, Verdict::Costs { keeps, lost }) => {
            format!("{at}：作り手は{keeps}手目までに勝てます（{lost}手早く、-{lost}）。{why}{next}")
        }
        (Language::English, Verdict::Holds { keeps }) => {
            format!("Yes: {at} holds. Maker still wins by its move {keeps}, not sooner. {next}")
        }
        (Language::Japanese, Verdict::Holds { keeps }) => {
            format!("正解：{at} で持ちこたえます。作り手の勝ちはまだ{keeps}手目までです。{next}")
        }
        (_, Verdict::Taken) => String::new(),
    };
    said.trim_end().to_string()
}

/// After the answers were asked for.
pub fn shown(lang: Language, answer: Cell, holds: u32) -> String {
    let at = cell(answer);
    match lang {
        Language::English => {
            format!("A reply that holds: {at} (green): Maker still wins by its move {holds}, not sooner.")
        }
        Language::Japanese => format!("持ちこたえる手：{at}（緑）。作り手の勝ちはまだ{holds}手目までです。"),
    }
}

/// Why the first answer holds, said once a board is answered, from Maker's plan after the move
/// played. `plan`: that answer as shown here and what it was in the plan. Far cells that hold too
/// go unsaid (newcomers #73, #74 read them as far play being as good as a block). No rule of
/// thumb: none finds the best reply against these Makers more than two times in three.
/// `drawn`: the board tints the Snaky the answer spoils (yellow tiles), with this many of Maker's
/// stones. `line`: the reason has moves to draw, and whether they are drawn now (L). `several`:
/// the board shows more than one green cell (with one, "every green cell" read as a slip to
/// newcomer #128).
pub fn why_it_holds(
    lang: Language,
    plan: Option<(Cell, Role, Option<u32>)>,
    drawn: Option<usize>,
    line: Option<bool>,
    several: bool,
) -> String {
    let green = match lang {
        Language::Japanese => "緑のマスはどれも持ちこたえる手です。",
        Language::English => "Every green cell holds.",
    };
    let Some((answer, role, taken)) = plan else { return green.to_string() };
    let green = if several { green } else { "" };
    // Of many Snakies through the answer the board tints one, the fullest, and the words say it
    // by its stones, not by a count no player checks (newcomer #107 read "lies on 28 Snakies …
    // (the yellow tiles)" beside one shape; #115 could not use "lies on 28 Snakies" in play).
    let many = matches!(role, Role::NeededFree { shapes } if shapes > 1);
    let fact = match (lang, drawn, many) {
        (Language::Japanese, Some(stones), true) => format!(
            "{} には、あなたの手のあとの作り手の計画がまだ作れる Snaky がいくつも通り、いちばん進んだものには作り手の石がもう{stones}個あります（黄色のマス）：そこに石があればすべて使えなくなります",
            cell(answer)
        ),
        (Language::English, Some(stones), true) => format!(
            "{} lies on Snakies Maker could still build after your move, the fullest of those through it already holding {stones} of its stones (the yellow tiles): a stone there spoils them all",
            cell(answer)
        ),
        _ => words::role_fact(lang, cell(answer), role, taken),
    };
    // The tinted Snaky's stones on this board, as the lesson says them (newcomer #120 asked for
    // each answer as one Snaky on the board, with the Maker stones it already holds).
    let tiles = match (lang, drawn.filter(|_| !many)) {
        (_, None) => String::new(),
        (Language::Japanese, Some(0)) => "（黄色のマス：作り手の石はまだありません）".to_string(),
        (Language::Japanese, Some(stones)) => format!("（黄色のマス：作り手の石がもう{stones}個）"),
        (Language::English, Some(0)) => " (the yellow tiles, none of Maker's stones on them yet)".to_string(),
        (Language::English, Some(stones)) => {
            format!(" (the yellow tiles, already holding {stones} of Maker's stones)")
        }
    };
    // `line`: the moves the reason speaks of, drawn (newcomer #112) or on L (#115 and #116 found
    // them a muddle over the answers).
    let pale = match (lang, line) {
        (_, None) => "",
        (Language::Japanese, Some(true)) => "（うすい石：対局の手のあとの作り手の計画。L で消す）",
        (Language::English, Some(true)) => " (pale stones: Maker's plan after the game's move; L hides them)",
        (Language::Japanese, Some(false)) => "（L：対局の手のあとの作り手の計画を表示）",
        (Language::English, Some(false)) => " (L draws Maker's plan after the game's move)",
    };
    match lang {
        Language::Japanese => format!("{} が持ちこたえる理由{pale}：{fact}{tiles}。{green}", cell(answer)),
        Language::English => {
            format!("Why {} holds{pale}: {fact}{tiles}. {green}", cell(answer)).trim_end().to_string()
        }
    }
}

/// The game's costly moves that are not boards, and why (`left` as 0-based indices): the lesson's
/// chips count more costly moves than practice has boards (newcomer #86 asked why). `None` when
/// every costly move is a board.
pub fn left_out(lang: Language, left: &[(usize, LeftOut)]) -> Option<String> {
    let mut said = Vec::new();
    for why in [LeftOut::FarAway, LeftOut::BlockedFinish] {
        let numbers: Vec<String> =
            left.iter().filter(|&&(_, w)| w == why).map(|&(i, _)| (i + 1).to_string()).collect();
        let moves = match (lang, numbers.len()) {
            (_, 0) => continue,
            (Language::English, 1) => format!("your move {}", numbers[0]),
            (Language::English, _) => format!("your moves {}", words::and_list(lang, &numbers)),
            (Language::Japanese, _) => format!("{}手目", numbers.join("・")),
        };
        let one = numbers.len() == 1;
        said.push(match (lang, why) {
            // Newcomer #95 read "no cell would have done better" beside the move's "-1": the
            // pass did better than the move, and nothing near the stones did better than the pass
            // (#106 read "would have kept more than it" three times).
            (Language::English, LeftOut::FarAway) => format!(
                "No board for {moves}: {} did worse than a stone anywhere far away (a pass), and no cell near the stones did better than a pass, so there is no cell to find.",
                if one { "it" } else { "each" }
            ),
            (Language::Japanese, LeftOut::FarAway) => {
                format!("{moves}は出題しません：パス（遠くに打つ）のほうが保てました。石の近くにパスより保てるマスはないので、探すマスがありません。")
            }
            (Language::English, LeftOut::BlockedFinish) => format!(
                "No board for {moves}: {} a finishing cell, right against any Maker (the lesson, W, says which finish to block).",
                if one { "it blocked" } else { "each blocked" }
            ),
            (Language::Japanese, LeftOut::BlockedFinish) => format!(
                "{moves}は出題しません：完成のマスのふさぎで、どの作り手にも正しい手です（どれをふさぐかは学び W で）。"
            ),
        });
    }
    (!said.is_empty()).then(|| said.join(if lang == Language::English { " " } else { "" }))
}

/// Boards solved so far (those whose answers were shown are not).
pub fn score(lang: Language, (solved, first_try): (usize, usize), of: usize) -> String {
    match lang {
        Language::Japanese => format!("{of}問中{solved}問正解、うち{first_try}問は一度で。"),
        Language::English => format!("{solved} of {of} boards solved, {first_try} at the first try."),
    }
}

/// Said under the score once the round's last board is done, beside More boards made the first
/// button.
/// `same_idea`: the board has an idea, and the boards added share it.
pub fn more_next(lang: Language, same_idea: bool) -> &'static str {
    match (lang, same_idea) {
        (Language::Japanese, true) => "次は「ほかの対局から (M)」：同じねらいの新しい盤で。",
        (Language::Japanese, false) => "次は「ほかの対局から (M)」：新しい盤で。",
        (Language::English, true) => "Next: More boards (M), fresh boards of the same idea.",
        (Language::English, false) => "Next: More boards (M), fresh boards from other games.",
    }
}

/// The round just finished, said on the first board of the next.
pub fn round_done(lang: Language, (solved, first_try): (usize, usize), of: usize) -> String {
    match lang {
        Language::Japanese => {
            format!("一巡しました：{of}問中{solved}問正解、うち{first_try}問は一度で。第1問からもう一度。")
        }
        Language::English => {
            format!(
                "Round done: {solved} of {of} boards solved, {first_try} at the first try. From board 1 again."
            )
        }
    }
}

pub fn show_answer(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "答えを見る (A)",
        Language::English => "Show answers (A)",
    }
}

/// The button to the next board; with one board, to the same again.
pub fn next(lang: Language, boards: usize) -> &'static str {
    match (lang, boards) {
        (Language::Japanese, 1) => "もう一度 (N)",
        (Language::Japanese, _) => "次の問題 (N)",
        (Language::English, 1) => "Again (N)",
        (Language::English, _) => "Next board (N)",
    }
}

pub fn back_to_game(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "対局にもどる",
        Language::English => "Back to the game",
    }
}

/// The board's marks.
pub fn legend(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => {
            "赤：試して持ちこたえなかった手（試した手だけ）。緑：持ちこたえる手。赤い丸：対局で打たれた手。黄色のマス：答えがつぶす Snaky。うすい石：最後に試した手のあと、作り手がダブルリーチを作る Snaky の石（番号は手の順、あいだの手は表示なし）、解けたあとは L で対局の手のあとの作り手の計画（理由が計画の手を語る盤だけ）。"
        }
        Language::English => {
            "Red: your tries that do not hold (only those tried are marked). Green: replies that hold. Red circle: the move played in the game. Yellow tiles: the Snaky the answer spoils. Pale stones: after your last try, Maker's stones on the Snakies of the double threat it forces (numbered in order; the moves between left out); once solved, L draws Maker's plan after the game's move (where the reason speaks of its moves)."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answered board gives why its answer held, with the answer as this board shows it and
    /// the move number of Maker's plan, and no rule of thumb.
    #[test]
    fn an_answered_board_gives_the_plan_s_reason() {
        assert_eq!(why_it_holds(Language::English, None, None, None, true), "Every green cell holds.");
        // One green cell on the board: no "every green cell" (newcomer #128).
        let said = why_it_holds(
            Language::English,
            Some((Cell::new(6, 7), Role::CompletedSnaky { move_number: 11 }, None)),
            None,
            None,
            false,
        );
        assert!(said.ends_with("spoils that Snaky."), "{said}");
        let said = why_it_holds(
            Language::Japanese,
            Some((Cell::new(6, 7), Role::CompletedSnaky { move_number: 11 }, None)),
            None,
            None,
            false,
        );
        assert!(!said.contains("緑のマスはどれも"), "{said}");
        let said = why_it_holds(
            Language::English,
            Some((Cell::new(6, 7), Role::CompletedSnaky { move_number: 11 }, None)),
            None,
            None,
            true,
        );
        assert_eq!(
            said,
            "Why (6,7) holds: in the line after your move, Maker completes a Snaky through (6,7) with its move 11: a stone there spoils that Snaky. Every green cell holds."
        );
        // With the line drawn, the words say where it is (newcomer #112).
        let said = why_it_holds(
            Language::English,
            Some((Cell::new(6, 7), Role::CompletedSnaky { move_number: 11 }, None)),
            None,
            Some(true),
            true,
        );
        assert!(
            said.starts_with(
                "Why (6,7) holds (pale stones: Maker's plan after the game's move; L hides them): in"
            ),
            "{said}"
        );
        // Not drawn until asked for (newcomers #115 and #116); a cell Maker's plan takes itself
        // before the named move is said so (#115).
        let said = why_it_holds(
            Language::English,
            Some((Cell::new(6, 7), Role::CompletedSnaky { move_number: 11 }, Some(4))),
            None,
            Some(false),
            true,
        );
        assert_eq!(
            said,
            "Why (6,7) holds (L draws Maker's plan after the game's move): in the line after your move, Maker takes (6,7) itself at move 4 and completes a Snaky through it with its move 11: a stone there first spoils that Snaky. Every green cell holds."
        );
        let said = why_it_holds(
            Language::Japanese,
            Some((Cell::new(6, 7), Role::NeededFree { shapes: 3 }, None)),
            None,
            None,
            true,
        );
        assert!(said.starts_with("(6,7) が持ちこたえる理由：(6,7) には"), "{said}");
        // Of three Snakies through it, the board tints one, and says which (newcomer #107).
        let said = why_it_holds(
            Language::English,
            Some((Cell::new(6, 7), Role::NeededFree { shapes: 3 }, None)),
            Some(3),
            None,
            true,
        );
        assert!(
            said.contains(
                "the fullest of those through it already holding 3 of its stones (the yellow tiles): a stone there spoils them all"
            ),
            "{said}"
        );
    }

    /// A costly try's double threat says, where this Maker wins later than a Maker taking finishes
    /// would, the move at which such a Maker wins, and that this one keeps to its plan (newcomer
    /// #134 read a double threat at move 9 beside a win by move 19 as numbers that disagree).
    #[test]
    fn a_double_threat_this_maker_passes_says_where_a_finish_would_win() {
        let cells = [Cell::new(8, 7), Cell::new(10, 5)];
        let costs = Verdict::Costs { keeps: 19, lost: 1 };
        let said =
            tried(Language::English, Cell::new(7, 8), costs, Some((9, &cells, Some(10))), Next::TryAgain);
        assert_eq!(
            said,
            "(7,8): Maker would win by its move 19, 1 sooner (-1). After it, Maker forces a double threat with its move 9 (the pale stones): (8,7) and (10,5) (purple circles) each finish a Snaky. A Maker that takes a finish would win at move 10; this one keeps to its plan instead. Try again."
        );
        let costs = Verdict::Costs { keeps: 10, lost: 10 };
        let said = tried(Language::English, Cell::new(7, 8), costs, Some((9, &cells, None)), Next::TryAgain);
        assert!(!said.contains("takes a finish"), "{said}");
        let costs = Verdict::Costs { keeps: 19, lost: 1 };
        let said =
            tried(Language::Japanese, Cell::new(7, 8), costs, Some((9, &cells, Some(10))), Next::TryAgain);
        assert!(said.contains("完成を取る作り手なら10手目で勝ちますが"), "{said}");
    }

    /// The note on costly moves that are not boards names each by its number (from 1) under its
    /// reason, far-away ones first.
    #[test]
    fn the_moves_left_out_are_named_under_their_reason() {
        let left = [(4, LeftOut::BlockedFinish), (1, LeftOut::FarAway), (8, LeftOut::BlockedFinish)];
        assert_eq!(
            left_out(Language::English, &left).as_deref(),
            Some(
                "No board for your move 2: it did worse than a stone anywhere far away (a pass), and no cell near the stones did better than a pass, so there is no cell to find. No board for your moves 5 and 9: each blocked a finishing cell, right against any Maker (the lesson, W, says which finish to block)."
            )
        );
        let japanese = left_out(Language::Japanese, &left).expect("said");
        assert!(
            japanese.starts_with("2手目は出題しません") && japanese.contains("5・9手目は出題しません"),
            "{japanese}"
        );
        assert_eq!(left_out(Language::English, &[]), None);
    }

    /// A board whose move in the game was a pass says so, with no red circle to look for and no
    /// far coordinates (newcomer #89 was shown "(-1000,-984)").
    #[test]
    fn a_passed_move_s_board_says_pass() {
        let pass = [Cell::new(1_000, -1_000), Cell::new(-1_000, -984)];
        let costs = Verdict::Costs { keeps: 16, lost: 1 };
        for lang in [Language::English, Language::Japanese] {
            let said = in_the_game(lang, (5, Origin::Yours), Symmetry::ALL[1], pass, costs);
            assert!(!said.contains("1000") && !said.contains("984"), "{said}");
            assert!(said.contains("passed") || said.contains("パス"), "{said}");
        }
        let on_board = in_the_game(
            Language::English,
            (5, Origin::Yours),
            Symmetry::ALL[1],
            [Cell::new(6, 7), Cell::new(7, 6)],
            costs,
        );
        assert!(on_board.contains("the red circle, (7,6)"), "{on_board}");
    }
}
