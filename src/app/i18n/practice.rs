//! The strings of Snaky practice (boards of the player's game, turned, to find a reply that holds).

use crate::save::Language;
use crate::snaky::practice::Verdict;
use crate::snaky::review::{Fullest, Role};
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

pub fn subtitle(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "あなたの対局の局面を回して出題：持ちこたえる手を見つけよう。",
        Language::English => "Boards from your game, turned: find a reply that holds.",
    }
}

/// The Breaker screen's button (after a game with something to practise).
pub fn button(lang: Language, boards: usize) -> String {
    match lang {
        // Greyed, it still says where the reason is (newcomer #28 saw no reason).
        Language::Japanese if boards == 0 => "練習する局面なし（Q：理由）".to_string(),
        Language::English if boards == 0 => "Practise: no board this game (Q: why)".to_string(),
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
            "あなた（壊し手）の番です。打ったあとも作り手の計画が{holds}手かかる手を見つけてください。"
        ),
        Language::English => {
            format!("Your move as Breaker. Find a reply after which Maker's plan still needs {holds} moves.")
        }
    }
}

/// Where the board comes from, and what the move played in the game did here: `played`, the
/// cell as the game showed it and as this turned board shows it (newcomer #46 read the turned
/// board's name as a wrong memory of their move).
pub fn in_the_game(
    lang: Language,
    move_number: usize,
    symmetry: Symmetry,
    played: [Cell; 2],
    verdict: Verdict,
) -> String {
    let Verdict::Costs { keeps, lost } = verdict else { return String::new() };
    let ([in_game, here], turned) = (played.map(cell), turned(lang, symmetry));
    match lang {
        Language::Japanese => format!(
            "あなたの{move_number}手目の局面を{turned}。対局では {in_game} に打ち（この盤では赤い丸の {here}）、作り手は{keeps}手で勝てるようになりました（{lost}手早く）。"
        ),
        Language::English => format!(
            "Your move {move_number}'s board, {turned}. In the game you played {in_game} (on this board the red circle, {here}): Maker could then win by move {keeps}, {lost} sooner."
        ),
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

/// The last try, and what to do next.
pub fn tried(lang: Language, cell: Cell, verdict: Verdict, fullest: Fullest, next: Next) -> String {
    let at = self::cell(cell);
    let on = on_shape(lang, fullest);
    let next = match (lang, next) {
        (_, Next::Nothing) => "",
        (Language::English, Next::TryAgain) => "Try again.",
        (Language::English, Next::TryOthers) => "Try others, or A for every reply that holds.",
        (Language::Japanese, Next::TryAgain) => "もう一度。",
        (Language::Japanese, Next::TryOthers) => "ほかの手も試せます（A：持ちこたえる手をすべて表示）。",
    };
    let said = match (lang, verdict) {
        (Language::English, Verdict::Costs { keeps, lost }) => {
            format!("{at}: Maker's plan would need only {keeps} (-{lost}). {on} {next}")
        }
        (Language::Japanese, Verdict::Costs { keeps, lost }) => {
            format!("{at}：作り手の計画は{keeps}手で済みます（-{lost}）。{on}{next}")
        }
        (Language::English, Verdict::Holds { keeps }) => {
            format!("Yes: {at} holds. Maker's plan still needs {keeps}. {on} {next}")
        }
        (Language::Japanese, Verdict::Holds { keeps }) => {
            format!("正解：{at} で持ちこたえます。作り手の計画はまだ{keeps}手かかります。{on}{next}")
        }
        (_, Verdict::Taken) => String::new(),
    };
    said.trim_end().to_string()
}

/// "It lies on 2 open shapes holding 3 of Maker's stones."
fn on_shape(lang: Language, fullest: Fullest) -> String {
    let Fullest { stones, shapes } = fullest;
    match lang {
        Language::English if stones == 0 => "It lies on no open shape holding Maker's stones.".to_string(),
        Language::English if shapes == 1 => {
            format!("It lies on 1 open shape holding {stones} of Maker's stones.")
        }
        Language::English => format!("It lies on {shapes} open shapes holding {stones} of Maker's stones."),
        Language::Japanese if stones == 0 => "作り手の石を含む空いた形の上にはありません。".to_string(),
        Language::Japanese => format!("作り手の石を{stones}個含む空いた形{shapes}つの上にあります。"),
    }
}

/// After the answers were asked for.
pub fn shown(lang: Language, answer: Cell, fullest: Fullest, holds: u32) -> String {
    let at = cell(answer);
    let on = on_shape(lang, fullest);
    match lang {
        Language::English => {
            format!("A reply that holds: {at} (green), and Maker's plan still needs {holds}. {on}")
        }
        Language::Japanese => {
            format!("持ちこたえる手：{at}（緑）。作り手の計画はまだ{holds}手かかります。{on}")
        }
    }
}

/// The rule of thumb, said once a board is answered; for a board it does not find, why not and
/// why the first answer holds, from Maker's plan after the move played. `plan`: that answer as
/// shown here, what it was in the plan, and the most of Maker's stones on an open shape through
/// it and through the move played, as the board's a×b (the rule's count, never greater for the
/// answer here).
pub fn rule(lang: Language, plan: Option<(Cell, Role, [Fullest; 2])>) -> String {
    let Some((answer, role, [theirs, yours])) = plan else {
        return match lang {
            Language::Japanese => {
                "コツ：作り手の石をいちばん多く含む空いた形をふさぐ。緑のマスはどれも持ちこたえる手です。"
            }
            Language::English => {
                "Rule of thumb: block the open shape holding the most of Maker's stones. Every green cell holds."
            }
        }
        .to_string();
    };
    let fact = words::role_fact(lang, cell(answer), role);
    // As the board writes them: a×b, the most of Maker's stones on a shape and how many shapes.
    let count = |f: Fullest| format!("{}×{}", f.stones, f.shapes);
    let (ys, ts, at) = (count(yours), count(theirs), cell(answer));
    let why_not = match (lang, yours > theirs) {
        (Language::English, false) => format!(
            "The rule of thumb (block the fullest shape) does not tell this one from your move: both are {ys}."
        ),
        (Language::English, true) => format!(
            "Here the rule of thumb (block the fullest shape) points the wrong way: your move was {ys}, fuller than {at}'s {ts}."
        ),
        (Language::Japanese, false) => {
            format!("この局面はコツ（石のいちばん多い形をふさぐ）では見分けられません：どちらも{ys}です。")
        }
        (Language::Japanese, true) => format!(
            "この局面ではコツ（石のいちばん多い形をふさぐ）が外れます：あなたの手は{ys}で、{at} の{ts}より多く見えます。"
        ),
    };
    match lang {
        Language::Japanese => {
            format!("{why_not}持ちこたえる理由：{fact}。緑のマスはどれも持ちこたえる手です。")
        }
        Language::English => format!("{why_not} Why it holds: {fact}. Every green cell holds."),
    }
}

/// Boards done so far.
pub fn score(lang: Language, (done, first_try): (usize, usize), of: usize) -> String {
    match lang {
        Language::Japanese => format!("{of}問中{done}問終了、うち{first_try}問は一度で正解。"),
        Language::English => format!("{done} of {of} boards done, {first_try} at the first try."),
    }
}

/// The round just finished, said on the first board of the next.
pub fn round_done(lang: Language, (done, first_try): (usize, usize), of: usize) -> String {
    match lang {
        Language::Japanese => {
            format!("一巡しました：{of}問中{done}問終了、うち{first_try}問は一度で正解。第1問からもう一度。")
        }
        Language::English => {
            format!("Round done: {done} of {of} boards, {first_try} at the first try. From board 1 again.")
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
            "赤：試して持ちこたえなかった手（試した手だけ）。a×b は、そのマスを通る空いた形のうち作り手の石がいちばん多いもの（a個）とその数（b個）。緑：持ちこたえる手。赤い丸：対局で打った手。"
        }
        Language::English => {
            "Red: your tries that do not hold (only those tried are marked). a×b (such as 3×2): the open shapes through the cell hold at most a of Maker's stones, and b shapes hold that many. Green: replies that hold. Red circle: your move in the game."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board the rule of thumb finds gives the rule; another gives why its answer held, with the
    /// answer as this board shows it and the move number of Maker's plan.
    #[test]
    fn an_answered_board_gives_the_rule_or_the_plan_s_reason() {
        assert!(rule(Language::English, None).starts_with("Rule of thumb: block the open shape"));
        let f = |stones, shapes| Fullest { stones, shapes };
        let said = rule(
            Language::English,
            Some((Cell::new(6, 7), Role::CompletedSnaky { move_number: 11 }, [f(3, 2), f(3, 2)])),
        );
        let tied = "The rule of thumb (block the fullest shape) does not tell this one from your move: both are 3×2.";
        assert!(said.starts_with(tied), "{said}");
        assert!(
            said.contains("Why it holds: (6,7) is a cell of the Snaky Maker completes at move 11"),
            "{said}"
        );
        // As many stones on more shapes is fuller by the board's a×b (newcomer #50: 3×3 and 3×1).
        let said = rule(Language::English, Some((Cell::new(6, 7), Role::NeededFree, [f(3, 1), f(3, 3)])));
        let wrong = "Here the rule of thumb (block the fullest shape) points the wrong way: your move was 3×3, fuller than (6,7)'s 3×1.";
        assert!(said.starts_with(wrong), "{said}");
        let said = rule(Language::Japanese, Some((Cell::new(6, 7), Role::NeededFree, [f(2, 1), f(4, 1)])));
        assert!(said.contains("あなたの手は4×1で、(6,7) の2×1より多く見えます"), "{said}");
        assert!(said.contains("持ちこたえる理由：(6,7) は"), "{said}");
    }
}
