//! The strings of Snaky as Maker (the player builds, a computer Breaker blocks, the proof coaches).

use crate::app::snaky::model::maker::ProofLine;
use crate::save::Language;
use crate::snaky::Cell;
use crate::snaky::Player;
use crate::snaky::as_maker::{Advice, Aim, CoachedMove, Footing, HintReason, Level, MakerGame};

fn cell(c: Cell) -> String {
    format!("({},{})", c.x, c.y)
}

pub fn title(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "Snaky：あなたが作り手",
        Language::English => "Snaky: you are Maker",
    }
}

/// The menu's entry.
pub fn menu_entry(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "Snaky（作り手）",
        Language::English => "Snaky as Maker",
    }
}

/// The Breaker screen's button to change sides.
pub fn switch_button(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "作り手で (X)",
        Language::English => "As Maker (X)",
    }
}

pub fn subtitle(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "Snaky をつくれば勝ち。COM（壊し手）がじゃまします。",
        Language::English => "Complete a Snaky to win; the computer Breaker blocks.",
    }
}

pub fn level_name(lang: Language, level: Level) -> &'static str {
    match (lang, level) {
        (Language::Japanese, Level::Blocker) => "ふさぎ",
        (Language::Japanese, Level::Potential) => "重み",
        (Language::Japanese, Level::Searcher) => "読み",
        (Language::English, Level::Blocker) => "Blocker",
        (Language::English, Level::Potential) => "Potential",
        (Language::English, Level::Searcher) => "Searcher",
    }
}

/// One line on how the computer Breaker plays.
pub fn level_note(lang: Language, level: Level) -> &'static str {
    match (lang, level) {
        (Language::Japanese, Level::Blocker) => {
            "あと1手の所をふさぎ、ほかはふさがれていないあなたの Snaky が一番多く通るマスを取る（同点はランダム）。"
        }
        (Language::Japanese, Level::Potential) => {
            "ふさがれていないあなたの Snaky を、あなたの石1つごとに2倍に数え、合計が一番大きいマスを取る。"
        }
        (Language::Japanese, Level::Searcher) => {
            "重みと同じ数え方で上位のマスから、そこを取ってもあなたのリーチの連続で負けないマスを読んで取る。"
        }
        (Language::English, Level::Blocker) => {
            "Blocks a one-move finish, else takes the cell on the most of your unblocked Snakies (ties at random)."
        }
        (Language::English, Level::Potential) => {
            "Counts your unblocked Snakies, each doubled for every stone of yours in it; takes the cell where they count most."
        }
        (Language::English, Level::Searcher) => {
            "Counts as Potential does, then reads ahead: of its best cells, takes one after which your threats cannot force a win."
        }
    }
}

pub fn status(lang: Language, won: Option<u32>, assisted: bool, can_finish: bool) -> String {
    match (lang, won) {
        (Language::Japanese, None) if can_finish => "あなたの番：丸のマスで Snaky が完成します！".into(),
        (Language::English, None) if can_finish => "Your turn: a ringed cell completes your Snaky!".into(),
        (Language::Japanese, None) => "あなたの番：Snaky をつくろう".into(),
        (Language::English, None) => "Your turn: claim a cell to build a Snaky".into(),
        (Language::Japanese, Some(n)) if assisted => format!("{n}手で完成！（ヒントあり）"),
        (Language::Japanese, Some(n)) => format!("{n}手で完成！"),
        (Language::English, Some(n)) if assisted => format!("Snaky in {n} Maker moves! (with help)"),
        (Language::English, Some(n)) => format!("Snaky in {n} Maker moves!"),
    }
}

/// The goal and the count so far; once the hint or undo helped, that the game is no best (said
/// here once rather than after every hint: newcomer #20). Once the goal can no longer be met (the
/// par-th move made, no Snaky yet), that is said with what to do (newcomer #47 saw the game just
/// go on).
pub fn goal(lang: Language, par: u32, moves: u32, assisted: bool, won: bool) -> String {
    let past = match (lang, moves > par, moves >= par && !won) {
        (Language::Japanese, _, true) => "（目標に届きません：完成まで続けるか、はじめから R）",
        (Language::English, _, true) => " (goal missed: play on to finish, or New game, R)",
        (Language::Japanese, true, false) => "（目標を超えました）",
        (Language::English, true, false) => " (past the goal)",
        (_, false, false) => "",
    };
    match lang {
        Language::Japanese => format!(
            "目標：{par}手以内に勝つ　いま {moves}手{past}{}",
            if assisted { "（助けあり：最高記録に数えません）" } else { "" }
        ),
        Language::English => format!(
            "Goal: win within {par} Maker moves. Yours so far: {moves}{past}{}",
            if assisted { " (with help: it will not count as a best)" } else { "" }
        ),
    }
}

/// The proof's verdict on the position, `made` Maker moves in.
pub fn coach(lang: Language, advice: Option<&Advice>, made: u32) -> String {
    match (lang, advice) {
        (_, None) => String::new(),
        (Language::Japanese, Some(a)) if a.footing.on_stones() => {
            format!("証明つき：あと{}手以内に勝てます", a.within)
        }
        (Language::English, Some(a)) if a.footing.on_stones() && a.within == 1 => {
            "Proven: you win within 1 more move".into()
        }
        (Language::English, Some(a)) if a.footing.on_stones() => {
            format!("Proven: you win within {} more moves", a.within)
        }
        // Off the proof the one proven bound left is a fresh start on clear ground.
        // Not "off the proof", which read as a lost game (newcomer #38): the position may be
        // fine; only no card builds on these stones.
        // Told as a move number, as the cost of leaving the proof is (newcomer #53 read "within
        // 19 more" here beside "by move 24" there, two numbers for one bound).
        (Language::Japanese, Some(a)) => {
            format!(
                "あなたの石を使う証明はまだありません（別の場所からやり直しても、最悪{}手目までに勝てます）",
                made + a.within
            )
        }
        (Language::English, Some(a)) => {
            format!("No proof on your stones yet (at worst, a fresh start wins by move {})", made + a.within)
        }
    }
}

/// After a win: the count against the goal; an unaided win within it points to `next`, the next
/// level not yet beaten within the goal, or with every level beaten to doing it again faster
/// (newcomer #53, who had beaten the Searcher, was sent to it again).
pub fn result(lang: Language, moves: u32, par: u32, next: Option<Level>, assisted: bool) -> String {
    let next = (moves <= par && !assisted).then(|| match (lang, next) {
        (Language::Japanese, None) => {
            format!("こんどは{}手より早く勝てるか、ためしてみましょう。", moves)
        }
        (Language::English, None) => format!("Next: can you win in fewer than {moves}?"),
        (Language::Japanese, Some(level)) => {
            format!(
                "つぎは、まだ目標内で勝っていない{}（{}）と対局してみましょう。",
                level_name(lang, level),
                level as u8 + 1
            )
        }
        (Language::English, Some(level)) => {
            format!(
                "Next: try {} ({}), not yet beaten within the goal.",
                level_name(lang, level),
                level as u8 + 1
            )
        }
    });
    let said = match lang {
        Language::Japanese if moves <= par => format!("目標の{par}手以内に勝ちました！"),
        Language::Japanese => format!("目標の{par}手より{}手多くかかりました", moves - par),
        Language::English if moves <= par => format!("Within the goal of {par} moves!"),
        Language::English => format!(
            "{} over the goal of {par}; below, the moves that put the proven win further away",
            moves - par
        ),
    };
    match next {
        Some(next) => format!("{said} {next}"),
        None => said,
    }
}

/// Where the proof comes from, in one line, always in the same order: by which of the player's
/// moves, past the goal or not, then how: through threats (every move a threat, the last a double
/// threat), or through our proof (the stones are on its plan: a card applies,
/// its number is the command line's, `snaky coach`). Off the proof: what to aim for.
pub fn coach_source(
    lang: Language,
    advice: Option<&Advice>,
    made: u32,
    par: u32,
    aim: Option<Aim>,
) -> String {
    let Some(a) = advice else { return String::new() };
    let by = made + a.within;
    let when = match lang {
        _ if !a.footing.on_stones() => String::new(),
        Language::Japanese if by > par => format!("{by}手目までに（目標の{par}手を{}手超えます）", by - par),
        Language::Japanese => format!("{by}手目までに"),
        Language::English if by > par => format!("By your move {by} ({} past the goal of {par})", by - par),
        Language::English => format!("By your move {by}"),
    };
    let bound = a.maker.bound();
    match (lang, a.footing) {
        (Language::Japanese, Footing::Threats) => {
            format!("{when}、リーチの連続で：毎手リーチで受けさせ、最後はダブルリーチ")
        }
        (Language::English, Footing::Threats) => format!(
            "{when}, through threats: each move a threat the Breaker must answer, the last a double threat"
        ),
        // Before the first stone: the proof's opening.
        (Language::Japanese, Footing::Here) if made == 0 => {
            format!("{when}、{bound}手証明で：その最初の一手から")
        }
        (Language::English, Footing::Here) if made == 0 => {
            format!("{when}, through our {bound}-move proof: from its first move")
        }
        (Language::Japanese, Footing::Here) => {
            format!("{when}、{bound}手証明で：あなたの石はその計画どおりです")
        }
        (Language::English, Footing::Here) => {
            format!("{when}, through our {bound}-move proof: your stones are on its plan")
        }
        (_, Footing::Afresh) => aim_words(lang, aim),
    }
}

/// Off the proof: what the stones say to aim for next (never which cell: that is the hint's).
/// Newcomer #36 read one fixed sentence for thirteen moves of building from scratch.
fn aim_words(lang: Language, aim: Option<Aim>) -> String {
    match (lang, aim) {
        (Language::Japanese, Some(Aim::Threats { moves })) => format!(
            "まだ決め手はありません。いまリーチになるマスが{moves}か所：受けられたあとも石が次の形に残るリーチを選び、ダブルリーチをねらいましょう"
        ),
        (Language::English, Some(Aim::Threats { moves: 1 })) => {
            "No forced win yet. 1 cell makes a threat now: take it if its stone stays in a second shape once blocked, towards a double threat.".into()
        }
        (Language::English, Some(Aim::Threats { moves })) => format!(
            "No forced win yet. {moves} cells make a threat now: choose one whose stone stays in a second shape once blocked, towards a double threat."
        ),
        (Language::Japanese, Some(Aim::Build { stones: 0 })) => {
            "ふさがれていない形にあなたの石はありません。ひらけた場所で新しく作りましょう".into()
        }
        (Language::English, Some(Aim::Build { stones: 0 })) => {
            "Every shape through your stones is blocked: start a new one in open space.".into()
        }
        // Not "a row of 4 with room at both ends": every computer Breaker blocks a lone row's ends
        // (newcomer #38, who won by growing a second line across the first).
        (Language::Japanese, Some(Aim::Build { stones })) => format!(
            "まだリーチはありません。ふさがれていない形にあなたの石は最大{stones}つ（6つで完成）。交わる2本の列を育て、1つの石が両方に効くように：1本だけの列は両端をふさがれます"
        ),
        (Language::English, Some(Aim::Build { stones })) => format!(
            "No threat yet: your fullest unblocked shape holds {stones} of its 6 cells. Grow two lines that cross, so a stone serves both: a lone row gets both ends blocked."
        ),
        (Language::Japanese, None) => {
            "ねらい：ダブルリーチ（二つのマスのどちらでも Snaky が完成する形）。たとえば4マスの列の端が上にも下にも曲がれる形".into()
        }
        (Language::English, None) => {
            "Aim for a double threat: two cells that each finish a Snaky, such as a row of 4 whose end can bend either way.".into()
        }
    }
}

/// Whether the proven win comes within the goal (the coach's line is drawn in the proof's
/// colour) or after it (in the past-the-goal colour).
pub fn within_goal(advice: Option<&Advice>, made: u32, par: u32) -> bool {
    advice.is_none_or(|a| !a.footing.on_stones() || made + a.within <= par)
}

/// What the player's last move cost: the proven finish moved away, from one of the player's
/// moves to a later one (`now`: the proof at this turn, `made`: the player's moves so far), and
/// (`missed`) the proof's move instead, with what it and the move played each did on the board.
pub fn cost(
    lang: Language,
    cost: u32,
    now: Option<&Advice>,
    made: u32,
    missed: Option<&(HintReason, HintReason)>,
) -> String {
    let Some(now) = now.filter(|_| cost > 0) else { return String::new() };
    let to = made + now.within;
    let from = to - cost.min(to);
    let head = match (lang, now.footing) {
        (Language::Japanese, Footing::Afresh) => {
            format!(
                "いまの手で証明から外れました：いまの石を使う証明はありません。最悪でも、別の場所からやり直して{to}手目に勝てます（{from}手目ではなく）。まった（Z）で戻れます（その対局は助けありになります）。"
            )
        }
        (Language::Japanese, _) => {
            format!("いまの手で{cost}手遠回り（最悪でも勝てるのが{from}手目から{to}手目に）。")
        }
        (Language::English, Footing::Afresh) => {
            format!(
                "That move left the proof: none builds on your stones now, and at worst a fresh start wins by move {to} (not {from}). Undo (Z) takes it back (the game then counts as helped)."
            )
        }
        (Language::English, _) => {
            format!("That move cost {cost} (at worst, win by move {to}, not {from}).")
        }
    };
    match missed {
        Some((proof, yours)) => format!("{head}{}", missed_move(lang, proof, yours)),
        None => head,
    }
}

/// " The proof's move instead put 3 of your stones on one unblocked shape; yours, 2.": what the
/// move the proof wanted did, in board terms, set against the move played when that built less;
/// never which cell (newcomers #36 and #38: a cell named unasked was help the game did not count).
fn missed_move(lang: Language, proof: &HintReason, yours: &HintReason) -> String {
    let did = |reason: &HintReason| match (lang, reason) {
        (Language::Japanese, HintReason::Completes) => "Snaky が完成".to_string(),
        (Language::English, HintReason::Completes) => "completed your Snaky".to_string(),
        (Language::Japanese, HintReason::DoubleThreat(_)) => "ダブルリーチ".to_string(),
        (Language::English, HintReason::DoubleThreat(_)) => "made a double threat".to_string(),
        (Language::Japanese, HintReason::Threat(_)) => "リーチ".to_string(),
        (Language::English, HintReason::Threat(_)) => "made a threat".to_string(),
        (Language::Japanese, HintReason::Builds(k)) => {
            format!("ふさがれていない形にあなたの石が{k}個")
        }
        (Language::English, HintReason::Builds(k)) => {
            format!("put {k} of your stones on one unblocked shape")
        }
        (Language::Japanese, HintReason::Prepares(_)) => "次のダブルリーチへの一手".to_string(),
        (Language::English, HintReason::Prepares(_)) => "prepared a double threat".to_string(),
        (Language::Japanese, HintReason::Opens) => "証明の次の形の一手目".to_string(),
        (Language::English, HintReason::Opens) => "started the proof's next shape".to_string(),
    };
    let yours = match (lang, proof, yours) {
        // Only a thinner shape is worth setting against it.
        (Language::Japanese, HintReason::Builds(p), HintReason::Builds(k)) if k < p => {
            format!("（あなたの手では{k}個）")
        }
        (Language::English, HintReason::Builds(p), HintReason::Builds(k)) if k < p => format!("; yours, {k}"),
        // A shape as full or fuller of the player's own is no answer to the proof's plan: said,
        // so the proof's count does not read as a slip (newcomer #45 had just made 4 to its 3)
        // and an equal count does not read as no difference (#47 read "3 … yours put 3").
        (Language::Japanese, HintReason::Builds(p), HintReason::Builds(k)) => {
            let also = if k == p { "も" } else { "は" };
            format!("（あなたの手{also}{k}個ですが、証明の計画に要るのはあなたのマスではありません）")
        }
        (Language::English, HintReason::Builds(p), HintReason::Builds(k)) => {
            let too = if k == p { " too" } else { "" };
            format!("; yours put {k}{too}, but the proof's plan needs its cell, not yours")
        }
        (Language::Japanese, HintReason::Builds(_), HintReason::Opens) => {
            "（あなたの手はどの石ともつながりません）".into()
        }
        (Language::English, HintReason::Builds(_), HintReason::Opens) => "; yours joined none".into(),
        _ => String::new(),
    };
    match lang {
        Language::Japanese => format!("証明の手なら：{}{yours}。", did(proof)),
        Language::English => format!(" The proof's move instead {}{yours}.", did(proof)),
    }
}

/// The proven win came closer than the proof before promised (a weak reply, or a move that did
/// better than the hint).
pub fn gain(lang: Language, gain: u32) -> String {
    match (lang, gain) {
        (_, 0) => String::new(),
        (Language::Japanese, n) => {
            format!("壊し手の受けのあと、証明の勝ちが {n}手近づきました（-{n}）")
        }
        (Language::English, 1) => {
            "The Breaker's reply was weak: the proven win came 1 move closer (-1)".into()
        }
        (Language::English, n) => {
            format!("The Breaker's reply was weak: the proven win came {n} moves closer (-{n})")
        }
    }
}

/// Before the first move: where to see how a win is built.
pub fn first_move_tip(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => {
            "はじめて？ L で勝ち方（リーチ、五つ並び、四つ並び、先にリーチ、交わる形、序盤）を6つの小さな盤で。P で証明の進行が盤の上で進みます（助けに数えます）。"
        }
        Language::English => {
            "New to this? L teaches how to win (threat, row of five, open four, threat first, crossing, and the opening) on six small boards. P plays the proof's line on the board (it counts as help)."
        }
    }
}

/// What the player's last move threatened, and what the Breaker's reply did about it: a double
/// threat is the moment the game is won, and the Breaker's instant reply hides one of its rings.
pub fn threats(lang: Language, threats: &[Cell], reply: Option<Cell>) -> String {
    let names: Vec<String> = threats.iter().map(|&c| cell(c)).collect();
    let blocked = reply.filter(|r| threats.contains(r));
    let open = threats.iter().find(|&&c| Some(c) != blocked).copied();
    match (lang, threats.len()) {
        (_, 0) => String::new(),
        (Language::Japanese, 1) => match blocked {
            Some(_) => {
                format!("あなたの手で {} がリーチに：壊し手はそこをふさぐしかありませんでした", names[0])
            }
            None => format!("あなたの手で {} がリーチに：まだ空いています。打てば完成！", names[0]),
        },
        (Language::English, 1) => match blocked {
            Some(_) => format!("Your move threatened a finish at {}: the Breaker had to block it", names[0]),
            None => format!("Your move threatens a finish at {}, still open: claim it to win!", names[0]),
        },
        // Which one the Breaker took, and which is left (newcomer #30 read the taken cell as
        // still open).
        (Language::Japanese, _) => match (blocked, open) {
            (Some(took), Some(left)) => format!(
                "ダブルリーチ！ {} のどれでも完成。壊し手は {} をふさぎました。{} に打てば勝ち！",
                names.join("・"),
                cell(took),
                cell(left)
            ),
            (_, Some(left)) => {
                format!("ダブルリーチ！ {} のどれでも完成。{} に打てば勝ち！", names.join("・"), cell(left))
            }
            _ => format!("ダブルリーチ！ {} のどれでも完成。", names.join("・")),
        },
        (Language::English, _) => match (blocked, open) {
            (Some(took), Some(left)) => format!(
                "Double threat! {} each finished a Snaky; the Breaker blocked {}. Claim {} to win!",
                names.join(" and "),
                cell(took),
                cell(left)
            ),
            (_, Some(left)) => {
                format!(
                    "Double threat! {} each finish a Snaky. Claim {} to win!",
                    names.join(" and "),
                    cell(left)
                )
            }
            _ => format!("Double threat! {} each finish a Snaky.", names.join(" and ")),
        },
    }
}

pub fn hint_button(lang: Language, shown: bool) -> &'static str {
    match (lang, shown) {
        (Language::Japanese, false) => "ヒント (H)",
        // Shown, the button is lit; a longer label wrapped its key onto a line of its own.
        (Language::Japanese, true) => "ヒント (H)",
        (Language::English, false) => "Hint (H)",
        (Language::English, true) => "Hide hint (H)",
    }
}

/// The button that shows or puts away the proof's line.
pub fn proof_line_button(lang: Language, open: bool) -> &'static str {
    match (lang, open) {
        (Language::Japanese, false) => "証明の進行 (P)",
        (Language::Japanese, true) => "とじる (P)",
        (Language::English, false) => "Proof's line (P)",
        (Language::English, true) => "Close line (P)",
    }
}

/// The proof's line on the board: where it is, and what its last shown move does (the player's:
/// what the hint does there; the Breaker's: the cell it takes).
pub fn proof_line(lang: Language, game: &MakerGame, line: &ProofLine) -> String {
    let (shown, all) = (line.shown, line.moves.len());
    let head = match lang {
        Language::Japanese => format!(
            "ここから毎回ヒントどおりに打つと（相手はこのCOM。ひとりでに進み、→／←で1手ずつ、Esc：とじる）：{shown}/{all}手"
        ),
        Language::English => {
            format!(
                "Every hint from here, against this Breaker (it plays by itself; →/←: step, Esc: close): {shown}/{all}"
            )
        }
    };
    let Some(m) = shown.checked_sub(1).map(|last| line.moves[last]) else {
        return match lang {
            Language::Japanese => format!("{head}。→ で進みます。"),
            Language::English => format!("{head}. → plays it."),
        };
    };
    let before = ProofLine { shown: shown - 1, ..line.clone() }.position(game);
    let what = match (lang, m.player) {
        (_, Player::Maker) => {
            let number = before.maker_cells().len() + 1;
            let reason = hint_reason(lang, &HintReason::of(&before, m.cell));
            match lang {
                Language::Japanese => format!("あなたの{number}手目 {}：{reason}", cell(m.cell)),
                Language::English => format!("Your move {number} at {}: {reason}", cell(m.cell)),
            }
        }
        (Language::Japanese, Player::Breaker) => format!("壊し手は {} を取ります", cell(m.cell)),
        (Language::English, Player::Breaker) => format!("The Breaker takes {}", cell(m.cell)),
    };
    // "it completes your Snaky!" ends its own sentence.
    let stop = |full: &'static str| if what.ends_with('!') || what.ends_with('！') { "" } else { full };
    match lang {
        Language::Japanese => format!("{head}。{what}{}", stop("。")),
        Language::English => format!("{head}. {what}{}", stop(".")),
    }
}

/// Why the hinted cell, in board terms: what claiming it does at once.
pub fn hint_reason(lang: Language, reason: &HintReason) -> String {
    match (lang, reason) {
        (Language::Japanese, HintReason::Completes) => "Snaky が完成します！".into(),
        (Language::English, HintReason::Completes) => "it completes your Snaky!".into(),
        (Language::Japanese, HintReason::DoubleThreat(cells)) => {
            let names: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
            format!("ダブルリーチになります（{}）", names.join("・"))
        }
        (Language::English, HintReason::DoubleThreat(cells)) => {
            let names: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
            format!("it makes a double threat, {}", names.join(" and "))
        }
        (Language::Japanese, HintReason::Threat(at)) => {
            format!("リーチになり、壊し手は {} をふさぐしかありません", cell(*at))
        }
        (Language::Japanese, HintReason::Prepares(cells)) => {
            let names: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
            format!("次に {} に打てばダブルリーチになります", names.join("・"))
        }
        (Language::English, HintReason::Prepares(cells)) => {
            let names: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
            let cells = crate::snaky::words::and_list(Language::English, &names).replacen(" and ", " or ", 1);
            format!("it prepares a double threat: next, a stone on {cells} would make one")
        }
        (Language::English, HintReason::Threat(at)) => {
            format!("it makes a threat: the Breaker must take {}", cell(*at))
        }
        (Language::Japanese, HintReason::Builds(k)) => {
            format!("ふさがれていない Snaky の形で、あなたの石が{k}個になります")
        }
        (Language::English, HintReason::Builds(k)) => {
            format!("it joins your stones: {k} of them on one unblocked Snaky shape")
        }
        (Language::Japanese, HintReason::Opens) => "証明の次の形の一手目です".into(),
        (Language::English, HintReason::Opens) => "it starts the proof's next shape".into(),
    }
}

/// The hint's line: the proof's move and why; off the proof, its fresh start and (`near`) a move
/// near the player's stones, said to be unproven.
pub fn hint(
    lang: Language,
    hint: Option<&Advice>,
    reason: Option<&HintReason>,
    near: Option<&(Cell, HintReason)>,
) -> String {
    let why = |lang| reason.map(|r| hint_reason(lang, r));
    let near = |lang| match (lang, near) {
        (Language::Japanese, Some((at, r))) => {
            format!("あなたの石の近くなら（証明なし）：{}、{}。", cell(*at), hint_reason(lang, r))
        }
        (Language::English, Some((at, r))) => {
            format!(" Near your stones, not proven: {}, {}.", cell(*at), hint_reason(lang, r))
        }
        (_, None) => String::new(),
    };
    // The hint stays on from move to move (newcomer #42 did not know, and every move counted as
    // help): said once, after what it shows.
    let stays = |lang| match lang {
        Language::Japanese => "H をもう一度押すまで出たまま。出ている間の手は助けに数えます。",
        Language::English => " It stays on until you press H again; moves made with it count as help.",
    };
    let said = match (lang, hint) {
        (Language::Japanese, Some(a)) if a.footing.on_stones() => format!(
            "証明の次の一手（確実ですが、最短とはかぎりません）：{}{}",
            cell(a.hint),
            why(lang).map_or(String::new(), |w| format!("。{w}"))
        ),
        (Language::English, Some(a)) if a.footing.on_stones() => format!(
            "The proof's next move (sure, not always fastest): {}{}",
            cell(a.hint),
            why(lang).map_or(String::new(), |w| format!(": {w}"))
        ),
        (Language::Japanese, Some(a)) => format!(
            "証明の確実な道：壊し手の石のない所 {} からやり直し（{}手以内）。{}",
            cell(a.hint),
            a.within,
            near(lang)
        ),
        (Language::English, Some(a)) => format!(
            "The proof's sure way: a fresh start at {}, clear of the Breaker's stones (within {} more).{}",
            cell(a.hint),
            a.within,
            near(lang)
        ),
        _ => return String::new(),
    };
    let stop = match lang {
        Language::Japanese => "。",
        Language::English => ".",
    };
    // A sentence that ends itself ("… completes your Snaky!") takes no second stop.
    let ended = said.ends_with(stop) || said.ends_with('!') || said.ends_with('！');
    let said = if ended { said } else { said + stop };
    said + stays(lang)
}

/// The level asked for during a game, waiting for the same choice again.
pub fn confirm_level(lang: Language, level: Level, playing: Level) -> String {
    let name = level_name(lang, level);
    match lang {
        Language::Japanese if level == playing => {
            "いまの対局をやめて、はじめからにしますか？もう一度「はじめから」(R) で始まります。手を打てば対局を続けます。".into()
        }
        Language::English if level == playing => {
            "Leave this game for a new one? Press New game (R) again to start; a move on the board keeps this game.".into()
        }
        Language::Japanese => {
            format!("いまの対局をやめて{name}と新しく対局しますか？もう一度押すと始まります。手を打てば対局を続けます。")
        }
        Language::English => {
            format!("Leave this game for a new one against {name}? Choose it again to start; a move on the board keeps this game.")
        }
    }
}

/// The colour legend's words: the player's side (`you`) or the computer's.
pub fn side(lang: Language, you: bool) -> &'static str {
    match (lang, you) {
        (Language::Japanese, true) => "あなた（作り手）",
        (Language::Japanese, false) => "COM（壊し手）",
        (Language::English, true) => "You (Maker)",
        (Language::English, false) => "Computer Breaker",
    }
}

/// What the marks on the board mean. With the hint shown, only the marks it adds and the
/// finishing ring: the hint's texts take the room (the whole legend ran out of the panel at
/// 1280×800).
pub fn legend(lang: Language, hint_shown: bool, line_shown: bool) -> &'static str {
    if line_shown {
        return match lang {
            Language::Japanese => "うすい石：証明の進行（実際の対局とは別）。紫の丸：打てば完成。",
            Language::English => {
                "Pale stones: the proof's line (not your game). Purple ring: completes a Snaky."
            }
        };
    }
    match (lang, hint_shown) {
        (Language::Japanese, false) => {
            "勝ち方：ダブルリーチ（壊し手は片方しかふさげません）。紫の丸：打てば完成。緑の四角：ヒント。点線の枠：証明が始まる盤（外に打ってもよい）。"
        }
        (Language::Japanese, true) => {
            "緑の四角：ヒント（黄色：ヒントで石がそろっていく形。枠だけ：石の近くの一手、証明なし）。紫の丸：打てば完成。"
        }
        (Language::English, false) => {
            "To win: a double threat (the Breaker blocks one cell, not two). Purple ring: completes your Snaky. Green square: the hint. Dashed frame: the board the proofs start on (play past it freely)."
        }
        (Language::English, true) => {
            "Green square: the hint (yellow: the shape it builds; outline only: a move near your stones, not proven). Purple ring: completes your Snaky."
        }
    }
}

/// Over the panel's pictures of the shape.
pub fn shape_label(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "Snaky：4マスまっすぐ、1段ずれてもう2マス（8つの向き）",
        Language::English => "Snaky, 6 cells: 4 in a row, then 2 more one row over from its end (8 ways)",
    }
}

pub fn level_label(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "COM の壊し手：",
        Language::English => "Computer Breaker:",
    }
}

/// The best unaided win against `level`, and what every hint would win this game in, told apart
/// from the goal (`par`), which is the proof's worst case.
pub fn best(lang: Language, level: Level, best: Option<u32>, hint_par: Option<u32>, par: u32) -> String {
    let name = level_name(lang, level);
    let best = match (lang, best) {
        (Language::Japanese, Some(n)) => format!("あなたの記録（{name}、ヒントなし）：{n}手"),
        (Language::Japanese, None) => format!("あなたの記録（{name}、ヒントなし）：まだなし"),
        (Language::English, Some(n)) => format!("Your record against {name}, no help: {n} moves"),
        (Language::English, None) => format!("Your record against {name}, no help: none yet"),
    };
    // What the hints do against this game's Breaker: a target within reach, told apart from the
    // goal, which is the proof's worst case (newcomers #38 and #40 saw 8 beside 19 and asked which
    // counted).
    match (lang, hint_par) {
        (_, None) => best,
        (Language::Japanese, Some(n)) => {
            format!(
                "{best}。1手目からヒントどおりに打つと、この対局の{name}には{n}手で勝てます（最悪でも{par}手）"
            )
        }
        (Language::English, Some(n)) => {
            format!(
                "{best}. Following every hint from move 1 wins against this game's {name} in {n} moves ({par} at worst)"
            )
        }
    }
}

pub fn new_game(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "はじめから (R)",
        Language::English => "New game (R)",
    }
}

pub fn undo(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "まった (Z)",
        Language::English => "Undo (Z)",
    }
}

/// After a win: the moves that cost, or that none did.
pub fn review(lang: Language, moves: &[CoachedMove]) -> Vec<String> {
    let mut lines = costly(lang, moves);
    lines.extend(off_proof(lang, moves));
    lines.extend(gains(lang, moves));
    lines
}

/// The moves made with no proof on the player's stones (newcomer #13: a long stretch went by
/// without a word), other than the hint's fresh start (that move follows the proof): how many,
/// which (in runs: "2-3 and 5"; newcomer #20 read "Moves 7 to 10 (3)" as a miscount), and that
/// nothing measured them.
///
/// A move among them that brought the stones back onto a proof is said apart (newcomer #59 read
/// "on its plan" after move 6 in the game, then "move 6 was played while no proven plan used
/// your stones" here).
fn off_proof(lang: Language, moves: &[CoachedMove]) -> Vec<String> {
    let played_off = |m: &&CoachedMove| !m.before.footing.on_stones() && m.cell != m.before.hint;
    let back_on = |m: &&CoachedMove| m.after.is_some_and(|a| a.footing.on_stones()) || m.won;
    let (back, off): (Vec<&CoachedMove>, Vec<&CoachedMove>) =
        moves.iter().filter(played_off).partition(back_on);
    let numbers = |moves: Vec<&CoachedMove>| -> Vec<usize> { moves.into_iter().map(|m| m.number).collect() };
    let (back, off) = (numbers(back), numbers(off));
    let mut lines: Vec<String> = off_proof_moves(lang, &off).into_iter().collect();
    if !back.is_empty() {
        let which = crate::snaky::words::and_list(lang, &runs(lang, &back));
        lines.push(match (lang, back.len()) {
            (Language::Japanese, _) => format!("{which}手目で、あなたの石はふたたび証明の計画にのりました。"),
            (Language::English, 1) => format!("Move {which} put your stones back on a proof's plan."),
            (Language::English, _) => format!("Moves {which} each put your stones back on a proof's plan."),
        });
    }
    lines
}

/// The moves played off the proof that stayed off: how many and which.
fn off_proof_moves(lang: Language, off: &[usize]) -> Option<String> {
    let n = off.len();
    let which = crate::snaky::words::and_list(lang, &runs(lang, off));
    Some(match (lang, n) {
        (_, 0) => return None,
        (Language::Japanese, _) => format!(
            "{n}手（{which}手目）は、証明の計画があなたの石を使えないときに打った手なので、遠回りかどうかは数えていません。こういうときはダブルリーチをねらいましょう。"
        ),
        (Language::English, 1) => format!(
            "Move {which} was played while no proven plan used your stones, so it has no cost to show. At such times, aim for a double threat."
        ),
        (Language::English, _) => format!(
            "Moves {which} ({n}) were played while no proven plan used your stones, so they have no cost to show. At such times, aim for a double threat."
        ),
    })
}

/// Increasing move numbers as runs: [2, 3, 5] → ["2-3", "5"] ("2〜3" in Japanese).
fn runs(lang: Language, numbers: &[usize]) -> Vec<String> {
    let to = match lang {
        Language::English => "-",
        Language::Japanese => "〜",
    };
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => runs.push((n, n)),
        }
    }
    runs.into_iter()
        .map(|(first, last)| if first == last { first.to_string() } else { format!("{first}{to}{last}") })
        .collect()
}

/// The moves after which the proven win came closer than planned (the Breaker gave ground).
fn gains(lang: Language, moves: &[CoachedMove]) -> Option<String> {
    let gained: Vec<String> = moves
        .iter()
        .filter(|m| m.gain > 0)
        .map(|m| match lang {
            Language::Japanese => format!("{}手目（-{}）", m.number, m.gain),
            Language::English => format!("move {} (-{})", m.number, m.gain),
        })
        .collect();
    (!gained.is_empty()).then(|| match lang {
        Language::Japanese => format!("壊し手の受けで証明の勝ちが近づいた手：{}", gained.join("、")),
        Language::English => {
            format!("Where the Breaker's reply brought the proven win closer: {}", gained.join(", "))
        }
    })
}

/// The moves that put the proven win further away, with the hint each time.
fn costly(lang: Language, moves: &[CoachedMove]) -> Vec<String> {
    let costly: Vec<&CoachedMove> = moves.iter().filter(|m| m.cost > 0).collect();
    if costly.is_empty() {
        return vec![match lang {
            Language::Japanese => {
                "盤に残ったどの手も証明のペースを守りました（まったで戻した手は数えません）。".into()
            }
            Language::English => {
                "Every move left on the board kept the proof's pace (a move taken back is not counted)."
                    .into()
            }
        }];
    }
    let mut lines = vec![match lang {
        Language::Japanese => "遠回りした手：".into(),
        Language::English => "The moves that cost:".into(),
    }];
    const SHOWN: usize = 4;
    // The player's move by which the proof's moves from before `m` won against this Breaker.
    let line_won_by = |m: &CoachedMove| {
        m.number - 1 + m.line.iter().filter(|l| l.player == crate::snaky::Player::Maker).count()
    };
    for m in costly.iter().take(SHOWN) {
        let left = m.left_proof;
        // Both counts as "by your move N" (newcomer #36 read "at worst by move 22" and "surely by
        // move 12" as two answers to one question): the proof's promise against any Breaker, and
        // where its moves won against this one.
        let worst = m.number - 1 + m.before.within as usize;
        let here = line_won_by(m);
        lines.push(match lang {
            // Said as moves, and as the proof's move rather than "the hint" (newcomer #25 read
            // "+5" with no unit, and "the hint was" as if they had pressed it).
            Language::Japanese => format!(
                "{}手目 {}：証明の勝ちが{}手遠のいた{}。証明の手は {}（どんな壊し手にも{worst}手目までに確実に勝てる{}）",
                m.number,
                cell(m.cell),
                m.cost,
                if left { "、証明から外れた" } else { "" },
                cell(m.before.hint),
                if here < worst { format!("。この壊し手には{here}手目で完成") } else { String::new() },
            ),
            Language::English => format!(
                "Move {} at {}: the proven win moved {} {} later{}. The proof's move was {}: a sure win by move {worst} against any Breaker{}",
                m.number,
                cell(m.cell),
                m.cost,
                if m.cost == 1 { "move" } else { "moves" },
                if left { "; it left the proof" } else { "" },
                cell(m.before.hint),
                if here < worst { format!(", and its moves won by move {here} against this one") } else { String::new() },
            ),
        });
    }
    // The player may have won sooner than a sure line: the proof promises at worst, not fastest.
    let won_at = moves.last().filter(|m| m.won).map(|m| m.number);
    let sooner = costly.iter().take(SHOWN).any(|m| won_at.is_some_and(|won| won < line_won_by(m)));
    if sooner {
        lines.push(match lang {
            Language::Japanese => {
                "あなたはそれより早く勝ちました：証明のヒントは確実な勝ちで、いちばん早いとはかぎりません。"
                    .into()
            }
            Language::English => {
                "You won sooner than that: the proof's hints are sure, not always fastest.".into()
            }
        });
    }
    if costly.len() > SHOWN {
        let more = costly.len() - SHOWN;
        lines.push(match lang {
            Language::Japanese => format!("ほか{more}手"),
            Language::English if more == 1 => "and 1 more".into(),
            Language::English => format!("and {more} more"),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::Maker;
    use crate::snaky::placement::Placement;

    /// A double threat the Breaker answered names the cell it took and the one left (newcomer
    /// #30 read the taken cell as still open).
    #[test]
    fn a_double_threat_names_the_cell_taken_and_the_cell_left() {
        let (a, b) = (Cell::new(11, 13), Cell::new(11, 15));
        let said = threats(Language::English, &[a, b], Some(a));
        assert!(said.contains("the Breaker blocked (11,13). Claim (11,15) to win!"), "{said}");
        let said = threats(Language::Japanese, &[a, b], Some(b));
        assert!(said.contains("壊し手は (11,15) をふさぎました。(11,13) に打てば勝ち！"), "{said}");
        let single = threats(Language::English, &[a], Some(a));
        assert_eq!(single, "Your move threatened a finish at (11,13): the Breaker had to block it");
    }

    fn advice(within: u32, footing: Footing) -> Advice {
        let (hint, maker, card, inline) = (Cell::new(8, 8), Maker::Ours19, 0, false);
        Advice { within, hint, footing, maker, card, inline, placement: Placement::IDENTITY }
    }

    /// Newcomer #20: every hint repeated that the game would not count. The goal line says it
    /// once the game is helped, and the hint no longer does.
    #[test]
    fn a_helped_game_is_said_once_on_the_goal_line() {
        assert_eq!(
            goal(Language::English, 19, 6, false, false),
            "Goal: win within 19 Maker moves. Yours so far: 6"
        );
        assert_eq!(
            goal(Language::English, 19, 20, true, true),
            "Goal: win within 19 Maker moves. Yours so far: 20 (past the goal) (with help: it will not count as a best)"
        );
        assert!(goal(Language::Japanese, 19, 6, true, false).ends_with("（助けあり：最高記録に数えません）"));
        // Once the 19th move is made with no Snaky, the goal is out of reach: said, with what to do.
        for moves in [19, 23] {
            assert!(
                goal(Language::English, 19, moves, false, false)
                    .ends_with("(goal missed: play on to finish, or New game, R)"),
                "{moves}"
            );
        }
        assert_eq!(
            goal(Language::English, 19, 19, false, true),
            "Goal: win within 19 Maker moves. Yours so far: 19"
        );
        for lang in [Language::English, Language::Japanese] {
            let said = hint(lang, Some(&advice(7, Footing::Here)), None, None);
            assert!(!said.contains("best") && !said.contains("記録"), "{said}");
        }
    }

    #[test]
    fn a_costly_move_says_what_the_proofs_move_did_never_which_cell() {
        let missed = (HintReason::Threat(Cell::new(10, 10)), HintReason::Builds(2));
        for lang in [Language::English, Language::Japanese] {
            for footing in [Footing::Here, Footing::Afresh] {
                let said = cost(lang, 2, Some(&advice(7, footing)), 5, Some(&missed));
                assert!(!said.contains("(10,10)"), "{said}");
            }
        }
        let said = cost(Language::English, 2, Some(&advice(7, Footing::Here)), 5, Some(&missed));
        assert_eq!(
            said,
            "That move cost 2 (at worst, win by move 12, not 10). The proof's move instead made a threat."
        );
        let built = (HintReason::Builds(3), HintReason::Builds(2));
        let said = cost(Language::English, 2, Some(&advice(7, Footing::Here)), 5, Some(&built));
        assert!(
            said.ends_with("The proof's move instead put 3 of your stones on one unblocked shape; yours, 2."),
            "{said}"
        );
        let fuller = (HintReason::Builds(3), HintReason::Builds(4));
        let said = cost(Language::English, 2, Some(&advice(7, Footing::Here)), 5, Some(&fuller));
        assert!(
            said.ends_with(
                "on one unblocked shape; yours put 4, but the proof's plan needs its cell, not yours."
            ),
            "{said}"
        );
        let equal = (HintReason::Builds(3), HintReason::Builds(3));
        let said = cost(Language::English, 2, Some(&advice(7, Footing::Here)), 5, Some(&equal));
        assert!(
            said.ends_with("; yours put 3 too, but the proof's plan needs its cell, not yours."),
            "{said}"
        );
    }

    /// A costly move's review line says both counts as "by move N": the proof's promise against
    /// any Breaker and, when sooner, where its moves won against this one.
    #[test]
    fn a_costly_moves_two_counts_are_both_by_your_move() {
        use crate::snaky::{Move, Player};
        // Move 4 cost 2: before it the proof won within 16 more (by move 19 at worst); its moves
        // from there won against this Breaker with their 6th Maker move (move 9).
        let line = |maker_moves: usize| -> Vec<Move> {
            (0..maker_moves)
                .flat_map(|i| {
                    [Player::Maker, Player::Breaker]
                        .map(|player| Move { player, cell: Cell::new(i as i32, 0) })
                })
                .collect()
        };
        let costly = |maker_moves: usize| CoachedMove {
            number: 4,
            cell: Cell::new(3, 3),
            before: advice(16, Footing::Here),
            after: None,
            won: false,
            cost: 2,
            gain: 0,
            left_proof: false,
            line: line(maker_moves),
        };
        let en = review(Language::English, &[costly(6)]).join(" ");
        assert!(
            en.contains(
                "a sure win by move 19 against any Breaker, and its moves won by move 9 against this one"
            ),
            "{en}"
        );
        let ja = review(Language::Japanese, &[costly(6)]).join(" ");
        assert!(ja.contains("どんな壊し手にも19手目までに確実に勝てる。この壊し手には9手目で完成"), "{ja}");
        // When the line takes all the proof allows, one count is said.
        let en = review(Language::English, &[costly(16)]).join(" ");
        assert!(en.contains("a sure win by move 19 against any Breaker") && !en.contains("this one"), "{en}");
    }

    /// After a win the review counts the moves made off the proof (with no proof on the stones
    /// before them), which no cost line covers.
    #[test]
    fn the_review_counts_the_moves_made_off_the_proof() {
        let moved = |number: usize, footing: Footing| CoachedMove {
            number,
            cell: Cell::new(number as i32, 0),
            before: advice(19, footing),
            after: None,
            won: false,
            cost: 0,
            gain: 0,
            left_proof: false,
            line: Vec::new(),
        };
        let on = [moved(1, Footing::Here), moved(2, Footing::Threats)];
        assert!(review(Language::English, &on).iter().all(|line| !line.contains("off the proof")));
        let game: Vec<CoachedMove> =
            [Footing::Here, Footing::Afresh, Footing::Afresh, Footing::Threats, Footing::Afresh]
                .into_iter()
                .enumerate()
                .map(|(i, footing)| moved(i + 1, footing))
                .collect();
        let lines = review(Language::English, &game);
        assert!(
            lines.iter().any(|line| line.starts_with("Moves 2-3 and 5 (3) were played while no proven plan")),
            "{lines:?}"
        );
        assert!(review(Language::Japanese, &game).iter().any(|line| line.contains("3手（2〜3 と 5手目）は")));
        // A move that played the hint's fresh start followed the proof: not counted.
        let mut followed = game.clone();
        followed[4].cell = followed[4].before.hint;
        let lines = review(Language::English, &followed);
        assert!(lines.iter().any(|line| line.starts_with("Moves 2-3 (2) were played")), "{lines:?}");
        assert_eq!(runs(Language::English, &[1, 2, 3, 7, 9, 10]), ["1-3", "7", "9-10"]);
        // A move after which a proof built on the stones again is said apart, not as off.
        let mut back = game.clone();
        back[2].after = Some(advice(12, Footing::Here));
        let lines = review(Language::English, &back);
        assert!(lines.iter().any(|line| line.starts_with("Moves 2 and 5 (2) were played")), "{lines:?}");
        assert!(
            lines.iter().any(|line| line == "Move 3 put your stones back on a proof's plan."),
            "{lines:?}"
        );
        let ja = review(Language::Japanese, &back);
        assert!(
            ja.iter().any(|line| line == "3手目で、あなたの石はふたたび証明の計画にのりました。"),
            "{ja:?}"
        );
    }

    /// The coach names the move the proof wins by and whether it is past the goal, in both
    /// languages, and draws it in the goal's colour only while it comes within.
    #[test]
    fn a_proven_win_past_the_goal_says_so() {
        for footing in [Footing::Here, Footing::Threats] {
            // 12 moves made, a win within 7 more: by move 19, the goal itself.
            let on_time = advice(7, footing);
            assert!(within_goal(Some(&on_time), 12, 19));
            assert!(
                coach_source(Language::English, Some(&on_time), 12, 19, None).starts_with("By your move 19,")
            );
            assert!(!coach_source(Language::Japanese, Some(&on_time), 12, 19, None).contains("超え"));
            // Within 8 more: by move 20, one past.
            let late = advice(8, footing);
            assert!(!within_goal(Some(&late), 12, 19));
            let said = coach_source(Language::English, Some(&late), 12, 19, None);
            assert!(said.starts_with("By your move 20 (1 past the goal of 19),"), "{said}");
            assert!(
                coach_source(Language::Japanese, Some(&late), 12, 19, None)
                    .contains("目標の19手を1手超えます")
            );
        }
        // A fresh start promises from wherever it is played: no move to be past.
        let afresh = advice(19, Footing::Afresh);
        assert!(within_goal(Some(&afresh), 12, 19));
        assert!(
            coach_source(Language::English, Some(&afresh), 12, 19, None)
                .starts_with("Aim for a double threat")
        );
        assert!(within_goal(None, 30, 19));
    }

    /// A hint that prepares a double threat names where the next stone would make one.
    #[test]
    fn a_prepared_double_threat_names_its_cells() {
        let reason = HintReason::Prepares(vec![Cell::new(6, 11), Cell::new(9, 11)]);
        let said = hint_reason(Language::English, &reason);
        assert_eq!(said, "it prepares a double threat: next, a stone on (6,11) or (9,11) would make one");
        assert!(hint_reason(Language::Japanese, &reason).contains("(6,11)・(9,11)"));
    }

    /// An unaided win within the goal points to the next level, and only then.
    #[test]
    fn a_win_within_the_goal_points_to_the_next_level() {
        let said = result(Language::English, 12, 19, Some(Level::Potential), false);
        assert_eq!(
            said,
            "Within the goal of 19 moves! Next: try Potential (2), not yet beaten within the goal."
        );
        assert!(result(Language::Japanese, 12, 19, Some(Level::Searcher), false).contains("読み（3）"));
        assert!(result(Language::English, 12, 19, None, false).ends_with("fewer than 12?"));
        assert!(!result(Language::English, 12, 19, Some(Level::Potential), true).contains("Next"));
        assert!(!result(Language::English, 21, 19, Some(Level::Potential), false).contains("Next"));
    }
}
