//! The Snaky screens' strings with numbers in them (the fixed ones are [`T`] keys).

use crate::app::snaky::model::assist::Assist;
use crate::app::snaky::model::lesson::InTheGame;
use crate::save::Language;
use crate::snaky::review::Ended;
use crate::snaky::{
    BreakerKind, Cell, Maker, MoveError, RecordError, RecordErrorKind, ReviewedMove, Symmetry,
};

/// "1 Maker move", "17 Maker moves".
fn maker_moves(count: impl TryInto<u64>) -> String {
    let count: u64 = count.try_into().unwrap_or(u64::MAX);
    if count == 1 { "1 Maker move".into() } else { format!("{count} Maker moves") }
}

pub fn breaker_name(lang: Language, kind: BreakerKind) -> &'static str {
    match (lang, kind) {
        (Language::Japanese, BreakerKind::RandomNear) => "ランダム",
        (Language::Japanese, BreakerKind::EnvelopeRandom) => "囲い",
        (Language::Japanese, BreakerKind::Greedy) => "欲ばり",
        (Language::Japanese, BreakerKind::Perfect) => "最強",
        (Language::Japanese, BreakerKind::Mixed) => "まぜこぜ",
        (Language::English, BreakerKind::RandomNear) => "Random",
        (Language::English, BreakerKind::EnvelopeRandom) => "Keep-free",
        (Language::English, BreakerKind::Greedy) => "Greedy",
        (Language::English, BreakerKind::Perfect) => "Perfect",
        (Language::English, BreakerKind::Mixed) => "Mixed",
    }
}

/// The line under the title: what the chosen Maker guarantees.
pub fn subtitle(lang: Language, bound: u32) -> String {
    match lang {
        Language::Japanese => {
            format!("あなたは壊し手。COM（作り手）は証明された戦略で{bound}手以内に必ず勝ちます。")
        }
        Language::English => {
            format!("You are Breaker. The COM (Maker) wins within {bound} moves with a proven strategy.")
        }
    }
}

/// The Makers by name: whose certificate, and its bound.
pub fn maker_name(lang: Language, maker: Maker) -> String {
    let bound = maker.bound();
    match (lang, maker) {
        (Language::Japanese, Maker::Paper) => format!("論文（{bound}）"),
        (Language::Japanese, Maker::Ours | Maker::Ours19) => format!("自作（{bound}）"),
        (Language::English, Maker::Paper) => format!("paper ({bound})"),
        (Language::English, Maker::Ours | Maker::Ours19) => format!("ours ({bound})"),
    }
}

/// The browser's heading for a card.
pub fn card_title(lang: Language, card: u32, inline: bool) -> String {
    match (lang, inline) {
        (Language::Japanese, _) => format!("カード {card}"),
        (Language::English, _) => format!("Card {card}"),
    }
}

/// A card's numbers: height, |A|, |T|, pivot.
pub fn card_numbers(lang: Language, height: u32, required: usize, envelope: usize, pivot: Cell) -> String {
    match lang {
        Language::Japanese => {
            format!("高さ h = {height}　|A| = {required}　|T| = {envelope}　ピボット {}", cell(pivot))
        }
        Language::English => {
            format!("height h = {height}   |A| = {required}   |T| = {envelope}   pivot {}", cell(pivot))
        }
    }
}

/// The most Maker moves a Breaker can force from this card.
pub fn card_delay(lang: Language, delay: u32) -> String {
    match lang {
        Language::Japanese => format!("最強の壊し手でも {delay}手で完成（証明書のとおりに打つとき）"),
        Language::English => {
            format!("Against the perfect Breaker: {} (playing the certificate literally)", maker_moves(delay))
        }
    }
}

pub fn children_heading(lang: Language, count: usize) -> String {
    match lang {
        Language::Japanese => format!("子カード {count}枚（置きかた：対称 s と平行移動）"),
        Language::English => format!("{count} children (placement: symmetry s and translation)"),
    }
}

pub fn child_reference(lang: Language, card: u32, placement: &str, height: u32) -> String {
    match lang {
        Language::Japanese => format!("カード {card}　{placement}　高さ {height}"),
        Language::English => format!("card {card}   {placement}   height {height}"),
    }
}

pub fn child_inline(lang: Language, pivot: Cell, height: u32) -> String {
    match lang {
        Language::Japanese => format!("この行の中の組み合わせ（ピボット {}）　高さ {height}", cell(pivot)),
        Language::English => format!("inline combination (pivot {})   height {height}", cell(pivot)),
    }
}

pub fn and_more(lang: Language, count: usize) -> String {
    match lang {
        Language::Japanese => format!("…ほか {count}"),
        Language::English => format!("… and {count} more"),
    }
}

/// Under the heat map's buttons: what the numbers mean, and the reply outside the envelope.
/// The hint in words: the replies that delay Maker most, and the guarantee each keeps.
pub fn hint_legend(lang: Language, cells: &[Option<Cell>], keeps: u32) -> String {
    let mut named: Vec<String> = cells.iter().flatten().take(3).map(|&c| cell(c)).collect();
    if cells.iter().flatten().count() > 3 {
        named.push("…".to_string());
    }
    if cells.iter().any(Option::is_none) {
        named.push(match lang {
            Language::Japanese => "囲いの外".to_string(),
            Language::English => "outside the envelope".to_string(),
        });
    }
    match lang {
        Language::Japanese => format!("ヒント：{}：保証 {keeps}手のまま", named.join("、")),
        Language::English => {
            format!("Hint: {}: keeps {keeps}", named.join(", "))
        }
    }
}

pub fn heat_legend(lang: Language, outside: u32) -> String {
    match lang {
        Language::Japanese => {
            format!("数字＝そこに打ったあとの保証（外は{outside}）")
        }
        Language::English => {
            format!("Numbers: the guarantee after your reply there (outside: {outside})")
        }
    }
}

/// Above the tempo graph: a bar per move, Maker's and the player's (`Game::tempo`; newcomer #79
/// counted 28 bars under "each of your moves"), on one line so the page below keeps its room.
pub fn tempo(lang: Language, bound: u32, now: u32) -> String {
    match lang {
        Language::Japanese => format!("一手ごと（両者）の保証：{bound}手 → {now}手"),
        Language::English => format!("The guarantee after every move: {bound} → {now}"),
    }
}

/// Told when blind mode is switched.
pub fn blind_toggled(lang: Language, blind: bool) -> String {
    match (lang, blind) {
        (Language::Japanese, true) => {
            "目かくしモード：保証と表示をかくした新しいゲームです。作り手の何手目まで耐えられるか。".into()
        }
        (Language::Japanese, false) => "目かくしモードをやめました。新しいゲームです。".into(),
        (Language::English, true) => {
            "Blind mode: a new game with overlays, guarantee and card hidden.".into()
        }
        (Language::English, false) => "Blind mode off. A new game.".into(),
    }
}

/// The end of a blind game: how long the player held out, and the best so far for this Maker.
pub fn blind_result(lang: Language, maker: Maker, moves: usize, best: u32) -> String {
    let name = maker_name(lang, maker);
    match lang {
        Language::Japanese => {
            format!("目かくしで作り手の {moves}手目まで耐えました（{name} の最高記録：{best}手）。")
        }
        Language::English => {
            format!("Blind: you held out {} (best against {name}: {best}).", maker_moves(moves))
        }
    }
}

/// Told when the player switches Makers (a new game starts). Short: with the new game's turn
/// after it, the two fit the notice's three lines (newcomer #46 saw a longer pair run over the
/// Maker buttons).
pub fn maker_chosen(lang: Language, maker: Maker) -> String {
    let name = maker_name(lang, maker);
    match lang {
        Language::Japanese => {
            format!("作り手を{name}にしました。作戦が別なので、前に長くもった手が早く負けることもあります。")
        }
        Language::English => {
            format!("Maker is now {name}, with its own plan: a reply that held before may cost here.")
        }
    }
}

/// Every certificate passes every check.
pub fn checks_passed(lang: Language) -> String {
    let (paper, ours, ours19) = (Maker::Paper.bound(), Maker::Ours.bound(), Maker::Ours19.bound());
    match lang {
        Language::Japanese => format!(
            "すべて合格：論文の作り手はどんな壊し手にも{paper}手以内に、自作の作り手は{ours}手以内と{ours19}手以内に勝ちます。"
        ),
        Language::English => format!(
            "All checks pass: the paper's Maker wins within {paper} moves against every Breaker, ours within {ours} and {ours19}."
        ),
    }
}

/// "Maker wins by its move k": the bound that never increases (a count of Maker's moves from its first).
pub fn guarantee(lang: Language, k: u32) -> String {
    match lang {
        Language::Japanese => format!("作り手は {k}手目までに勝つ"),
        Language::English => format!("Maker wins by its move {k}"),
    }
}

/// The analysis page's plan: the card Maker follows (or a step inside it).
pub fn card(lang: Language, card: u32, inline: bool) -> String {
    match (lang, inline) {
        (Language::Japanese, false) => format!("カード{card}"),
        (Language::English, false) => format!("card {card}"),
        (Language::Japanese, true) => format!("カード{card}の中"),
        (Language::English, true) => format!("in card {card}"),
    }
}

pub fn cell(cell: Cell) -> String {
    format!("({},{})", cell.x, cell.y)
}

/// A move as the board numbers it: each player's moves count from 1 ("Maker's move 5", "your
/// move 4"), as on the stones and in the lesson.
pub fn numbered_move(lang: Language, maker: bool, number: usize) -> String {
    match (lang, maker) {
        (Language::Japanese, true) => format!("作り手の{number}手目"),
        (Language::Japanese, false) => format!("あなたの{number}手目"),
        (Language::English, true) => format!("Maker's move {number}"),
        (Language::English, false) => format!("your move {number}"),
    }
}

/// Which lines of Maker's Snakies short the board draws (`S` steps through them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortLines {
    /// Those two cells short.
    Two,
    /// Those two and, fainter, those three short.
    TwoAndThree,
    /// Those three short, where none is two short (the lesson's legend).
    Three,
    /// None (hidden with `S`).
    Hidden,
}

/// The legend of the lines of Maker's Snakies short: what they are, and what `S` does next;
/// `over`: in a finished game's review, where the keys go unsaid.
fn short_lines(lang: Language, lines: ShortLines, over: bool) -> String {
    let three = matches!(lines, ShortLines::TwoAndThree | ShortLines::Three);
    let (first, faint) = match lang {
        Language::Japanese => (
            "紫の線：あと2マスで完成する作り手の Snaky、点は足りないマス",
            "うすい線：指すマスを通るあと3マスの Snaky",
        ),
        Language::English => (
            "Purple lines: Maker's Snakies two cells short, a dot on each cell they lack",
            "faint: those three short through the cell you point at",
        ),
    };
    let faint = match (lang, three) {
        (_, false) => String::new(),
        (Language::Japanese, true) => format!("。{faint}"),
        (Language::English, true) => format!("; {faint}"),
    };
    let keys = match (lang, lines) {
        (Language::Japanese, ShortLines::Two) => "（マスを指すとそこを通る形だけ、S であと3マスも）",
        (Language::Japanese, ShortLines::TwoAndThree | ShortLines::Three) => {
            "（マスを指すとそこを通る形だけ、S で消す）"
        }
        (Language::Japanese, ShortLines::Hidden) => "（S で表示）",
        (Language::English, ShortLines::Two) => " (point at a cell for its own; S adds those three short)",
        (Language::English, ShortLines::TwoAndThree | ShortLines::Three) => {
            " (point at a cell for its own; S hides them)"
        }
        (Language::English, ShortLines::Hidden) => " (S shows them)",
    };
    let keys = if over { "" } else { keys };
    let end = match lang {
        Language::Japanese => "。",
        Language::English => ".",
    };
    format!("{first}{faint}{keys}{end}")
}

/// What the rings on the board mean, said only for the rings there are.
/// `finishing`: how many finishing cells are ringed; with two or more the goal line says why this
/// Maker may leave them ([`double_threat_par`]), so the ring's legend is short. `block_falls_to`:
/// with one, Breaker to move, the count its block leaves when that is lower than the count now,
/// said before the block so that the fall is not read as the block's fault. `over`: a finished
/// game under review, whose panel also holds the chips and the lesson's help, so the keys and
/// the pointer go unsaid (newcomer #112 saw the review's legend cut off at the panel's foot).
/// `lines`: the lines of Maker's Snakies short, where there are any.
pub fn marks_legend(
    lang: Language,
    costly: bool,
    finishing: usize,
    block_falls_to: Option<u32>,
    lines: Option<ShortLines>,
    over: bool,
) -> String {
    let mut said = Vec::new();
    if let Some(lines) = lines {
        said.push(short_lines(lang, lines, over));
    }
    if costly {
        said.push(match (lang, over) {
            (Language::Japanese, false) => {
                "赤い輪：作り手の勝ちを早めたあなたの手（理由は対局のあと、学び W で）。".to_string()
            }
            (Language::English, false) => {
                "Red ring: your move that let Maker win sooner (after the game, the lesson, W, shows why)."
                    .to_string()
            }
            (Language::Japanese, true) => "赤い輪：作り手の勝ちを早めたあなたの手。".to_string(),
            (Language::English, true) => "Red ring: your move that let Maker win sooner.".to_string(),
        });
    }
    said.push(match (lang, finishing, block_falls_to) {
        (_, 0, _) => String::new(),
        (Language::Japanese, 1, Some(k)) => format!(
            "紫の輪：作り手がそこに打つと Snaky が完成するマス。ふさぎましょう：完成を取る相手ならそこですぐ勝ちます。ふさぐと数字は{k}に下がりますが、ミスではありません：数字はこの作り手の証明の上限で、ふさぐ手で下がることがあります。"
        ),
        (Language::English, 1, Some(k)) => format!(
            "Purple ring: Maker's stone there would complete a Snaky. Block it: any Maker that takes a finish wins there at once. The guarantee then falls to {k}, not through a mistake: it is this Maker's proven bound, and a block can lower it."
        ),
        (Language::Japanese, 1, None) => {
            "紫の輪：作り手がそこに打つと Snaky が完成するマス。すぐふさぎましょう（この作り手はあとに回すこともありますが、ほかの相手ならそこですぐ勝ちます）。".to_string()
        }
        (Language::English, 1, None) => {
            "Purple ring: Maker's stone there would complete a Snaky. Block it now (this Maker may leave it for later; any other Maker would win there at once).".to_string()
        }
        (Language::Japanese, _, _) => "紫の輪：作り手がそこに打つと Snaky が完成するマス。".to_string(),
        (Language::English, _, _) => "Purple ring: Maker's stone there would complete a Snaky.".to_string(),
    });
    said.retain(|s| !s.is_empty());
    said.join(" ")
}

/// The turn's heading while Maker has finishing cells: block the one, or, with two (a double
/// threat) or more (counted: newcomers #70 and #71 met three headed "Double threat"), one of them: a Maker that takes a finish wins on its next move (this one may
/// keep its proof's order).
pub fn turn_with_threats(lang: Language, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
    let list = crate::snaky::words::and_list(lang, &names);
    match (lang, cells.len()) {
        (Language::English, 1) => format!("Block {list}: it finishes a Snaky"),
        (Language::English, n) => {
            let threat = crate::snaky::words::capitalised(&crate::snaky::words::many_threat(lang, n));
            format!("{threat}: block {}", crate::snaky::words::or_list(lang, &names))
        }
        (Language::Japanese, 1) => format!("{list} をふさごう：Snaky が完成するマス"),
        (Language::Japanese, n) => {
            let threat = crate::snaky::words::many_threat(lang, n);
            format!("{threat}：{} をふさごう", crate::snaky::words::or_list(lang, &names))
        }
    }
}

/// The best reply's line button on a forced block of a finish, which has none.
pub fn no_best_line(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "ほかの手はありません：ふさぐしかない手",
        Language::English => "No better reply: the block was forced",
    }
}

/// A move that took none of the finishing cells free before it: any Maker but this one completes
/// there now.
pub fn left_open(lang: Language, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell(c)).collect();
    let said = crate::snaky::words::and_list(lang, &names);
    match (lang, cells.len()) {
        (Language::English, 1) => format!(
            "You left {said} open: it finishes a Snaky. This Maker keeps its proof's order, but any other would complete it now. Take a finishing cell first."
        ),
        (Language::English, _) => format!(
            "You left {said} open: each finishes a Snaky. This Maker keeps its proof's order, but any other would complete one now. Take a finishing cell first."
        ),
        (Language::Japanese, _) => format!(
            "{said} を空けたままにしました：Snaky が完成するマスです。この作り手は証明の手順どおりに打ちますが、ほかの相手ならいま完成させます。完成のマスは先にふさぎましょう。"
        ),
    }
}

/// The moment a move costs: how much, and the count a reply would have kept (`better`: the
/// lesson's best reply, not named here, and the count it keeps), with where to find which and why. A move that blocked a
/// finishing cell (`blocked`) is told that this was right in general. No rule of thumb: none
/// finds the best reply against these Makers more than two times in three.
pub fn costly_now(
    lang: Language,
    (number, played): (usize, Cell),
    lost: u32,
    better: Option<(Cell, u32)>,
    blocked: Option<Cell>,
) -> String {
    if let Some(at) = blocked {
        return match lang {
            Language::Japanese => format!(
                "完成のマス {} をふさぎました：正解です（完成のマスは空けないこと）。数字が{lost}下がったのは、数字がこの作り手の証明の上限で、ふさぐ手で下がることがあるからです。ミスではありません。",
                cell(at)
            ),
            Language::English => format!(
                "You blocked the finish {}: forced, and right (never leave a finish open). The guarantee fell by {lost}: it is this Maker's proven bound, and a block can lower it; not a mistake.",
                cell(at)
            ),
        };
    }
    match (lang, better) {
        (Language::Japanese, None) => {
            format!(
                "あなたの{number}手目 {} で作り手の勝ちが{lost}手早まりました。理由は対局のあと、学び（W）で。",
                crate::snaky::words::place(lang, played)
            )
        }
        (Language::English, None) => {
            format!(
                "Your move {number} at {} let Maker win {lost} sooner; after the game, the lesson (W) shows why.",
                crate::snaky::words::place(lang, played)
            )
        }
        // The count a reply kept, not the reply: the lesson shows it after the game, and practice
        // asks for it (newcomers #71, #72 and #75 found practice a recall test of the cell told
        // here at once).
        (Language::Japanese, Some((_, keeps))) => format!(
            "あなたの{number}手目 {} で作り手の勝ちが{lost}手早まりました。数字を{keeps}のまま保てる手が盤上にありました。どの手で、なぜかは対局のあとの学び（W）で。練習（Q）ではその手を探します。",
            crate::snaky::words::place(lang, played)
        ),
        (Language::English, Some((_, keeps))) => format!(
            "Your move {number} at {} let Maker win {lost} sooner; another reply would have kept its guarantee at {keeps}. After the game, the lesson (W) shows which and why, and practice (Q) asks you to find it.",
            crate::snaky::words::place(lang, played)
        ),
    }
}

/// The board's corner readout: the cell under the pointer or the keyboard cursor, whichever moved
/// last, said as such (newcomers #77 and #78 did not know what the bare "(7,8)" was).
pub fn pointing_at(lang: Language, at: Cell) -> String {
    match lang {
        Language::Japanese => format!("指しているマス {}", cell(at)),
        Language::English => format!("Pointing at {}", cell(at)),
    }
}

/// The last move, as the board numbers it.
pub fn last_move(lang: Language, maker: bool, number: usize, at: Cell) -> String {
    let said = numbered_move(lang, maker, number);
    match lang {
        Language::Japanese => format!("{said} {}", cell(at)),
        Language::English => format!("{}: {}", crate::snaky::words::capitalised(&said), cell(at)),
    }
}

/// What review shows: the position after this move (`maker`'s move `number`, as the board
/// numbers it).
pub fn reviewing(lang: Language, maker: bool, number: usize) -> String {
    let after = numbered_move(lang, maker, number);
    match lang {
        Language::Japanese => format!("ふりかえり：{after}のあと"),
        Language::English => format!("Reviewing: after {after}"),
    }
}

pub fn watching(lang: Language, kind: BreakerKind, running: bool) -> String {
    let name = breaker_name(lang, kind);
    match (lang, running) {
        (Language::Japanese, true) => format!("COMの壊し手（{name}）が打っています"),
        (Language::Japanese, false) => format!("COMの壊し手（{name}）：停止中"),
        (Language::English, true) => format!("Watching the {name} Breaker"),
        (Language::English, false) => format!("{name} Breaker: paused"),
    }
}

pub fn speed(lang: Language, seconds: f32) -> String {
    match (lang, seconds == 0.0) {
        (Language::Japanese, true) => "最速".into(),
        (Language::English, true) => "fastest".into(),
        (Language::Japanese, false) => format!("{seconds:.2}秒ごと"),
        (Language::English, false) => format!("every {seconds:.2} s"),
    }
}

/// Why a move was refused.
pub fn move_error(lang: Language, error: &MoveError) -> String {
    match (lang, error) {
        (Language::Japanese, MoveError::Occupied(at)) => {
            format!("{} にはもう石があります。空いているマスをえらんでください。", cell(*at))
        }
        (Language::English, MoveError::Occupied(at)) => {
            format!("{} is already taken: choose a free cell.", cell(*at))
        }
        (Language::Japanese, MoveError::GameOver) => {
            "ゲームはおわりました。まった・ふりかえり・はじめからができます。".into()
        }
        (Language::English, MoveError::GameOver) => "The game is over: undo, review or restart.".into(),
        (Language::Japanese, MoveError::MakerToMove) => "いまは作り手の番です。".into(),
        (Language::English, MoveError::MakerToMove) => "It is Maker's turn.".into(),
        (Language::Japanese, MoveError::BreakerToMove) => "いまは壊し手の番です。".into(),
        (Language::English, MoveError::BreakerToMove) => "It is Breaker's turn.".into(),
    }
}

pub fn watching_refusal(lang: Language) -> String {
    match lang {
        Language::Japanese => {
            "COMの壊し手が打っています。自分で打つには「自分で打つ」（T）か停止（Space）を。".into()
        }
        Language::English => {
            "The computer Breaker is playing: press Take over (T) or Pause (Space) first.".into()
        }
    }
}

pub fn reviewing_refusal(lang: Language) -> String {
    match lang {
        Language::Japanese => "ふりかえり中です。Enter でここから再開、Esc でふりかえりをやめます。".into(),
        Language::English => "You are reviewing: Enter resumes from here, Esc stops reviewing.".into(),
    }
}

/// A refused game record, naming the bad move's position.
pub fn record_error(lang: Language, error: &RecordError) -> String {
    let position = error.position;
    let token = crate::snaky::errors::shown(&error.token);
    let why = match (&error.kind, lang) {
        (RecordErrorKind::Malformed, Language::Japanese) => {
            "「x,y」（x と y は整数）の形ではありません".to_string()
        }
        (RecordErrorKind::Malformed, Language::English) => {
            "not of the form `x,y` with integers x and y".to_string()
        }
        (RecordErrorKind::OutOfRange, Language::Japanese) => {
            "座標が大きすぎます（x と y は -2147483648 から 2147483647 まで）".to_string()
        }
        (RecordErrorKind::OutOfRange, Language::English) => {
            "a coordinate out of range (x and y go from -2147483648 to 2147483647)".to_string()
        }
        (RecordErrorKind::Illegal(e), _) => move_error(lang, e),
    };
    match lang {
        Language::Japanese => format!("棋譜を読み込めません：{position}手目「{token}」：{why}"),
        Language::English => format!("Record refused: move {position} (`{token}`): {why}"),
    }
}

/// `turned_back`: the game it replaced was turned, and a record plays in the paper's orientation.
pub fn record_loaded(lang: Language, moves: usize, turned_back: bool) -> String {
    match (lang, turned_back) {
        (Language::Japanese, false) => format!("棋譜を読み込みました（壊し手 {moves}手）。"),
        (Language::Japanese, true) => format!("棋譜を読み込みました（壊し手 {moves}手、論文の向きで）。"),
        (Language::English, false) => format!("Record loaded ({moves} Breaker moves)."),
        (Language::English, true) => {
            format!("Record loaded ({moves} Breaker moves), in the paper's orientation.")
        }
    }
}

/// `turned`: the game's plan was turned, and the record is written turned back.
pub fn record_copied(lang: Language, record: &str, turned: bool) -> String {
    let shown = if record.is_empty() { "-" } else { record };
    match (lang, turned) {
        (Language::Japanese, false) => format!("棋譜をコピーしました：{shown}"),
        (Language::Japanese, true) => format!("棋譜をコピーしました（論文の向きに戻して記録）：{shown}"),
        (Language::English, false) => format!("Record copied: {shown}"),
        (Language::English, true) => format!("Record copied (turned back as in the paper): {shown}"),
    }
}

/// A new game whose Maker plays the last game's plan turned `turn` about the opening (the replies
/// that held then hold now, turned the same way): `alone`, as the whole notice; else after another
/// notice (blind mode), in a few words.
pub fn turned_since_last(lang: Language, turn: Symmetry, alone: bool) -> String {
    let how = turn_words(turn);
    // Alone it shares the notice's room with the first claim's tip: two lines at most.
    match (lang, alone) {
        (Language::Japanese, true) => format!("今回は前局と同じ作戦を (8,8) を中心に{}打ちます。", how[0]),
        (Language::English, true) => format!("This game: the last game's plan {} about (8,8).", how[1]),
        (Language::Japanese, false) => format!("今回は前局の作戦を{}打ちます。", how[0]),
        (Language::English, false) => {
            format!("This game: the last one's plan {}.", how[1].trim_start_matches("given "))
        }
    }
}

/// How a turn about the opening moves the board, in words (a mirror says which way: newcomer #63
/// asked "mirrored across which line?").
/// A quarter turn and a diagonal say which one (newcomer #81 could not match the turn told to the
/// board): the board's rows count up, so x' = -y, y' = x turns anticlockwise.
fn turn_words(turn: Symmetry) -> [&'static str; 2] {
    let [a, b, c, d] = turn.matrix();
    match (a * d - b * c, a, c) {
        (-1, -1, _) => ["左右に裏返して", "mirrored left to right"],
        (-1, 1, _) => ["上下に裏返して", "mirrored top to bottom"],
        (-1, _, 1) => ["斜め（／）に裏返して", "mirrored across the rising diagonal"],
        (-1, _, _) => ["斜め（＼）に裏返して", "mirrored across the falling diagonal"],
        (_, -1, _) => ["180度回して", "given a half turn"],
        (_, 1, _) => ["そのまま", "unturned"],
        (_, _, 1) => ["左回りに90度回して", "given a quarter turn anticlockwise"],
        _ => ["右回りに90度回して", "given a quarter turn clockwise"],
    }
}

pub fn record_file_error(lang: Language, path: &str, error: &str) -> String {
    match lang {
        Language::Japanese => format!("ファイル {path} を読めません：{error}"),
        Language::English => format!("Cannot read the file {path}: {error}"),
    }
}

pub fn clipboard_error(lang: Language, error: &str) -> String {
    match lang {
        Language::Japanese => format!("クリップボードのエラー：{error}"),
        Language::English => format!("Clipboard error: {error}"),
    }
}

/// The stones the view does not show: `count` near the others (L or C brings them back) and
/// `far` played far away (no view near the others shows them). `last_move_key`: L centres on the
/// last move on this screen (only the Breaker's: elsewhere L does something else, or nothing).
pub fn off_view(lang: Language, count: usize, far: usize, last_move_key: bool) -> String {
    let keys = match (lang, last_move_key) {
        (Language::Japanese, true) => "L：最後の手へ　C：中央へ",
        (Language::Japanese, false) => "C：中央へ",
        (Language::English, true) => "L: last move, C: centre",
        (Language::English, false) => "C: centre",
    };
    let near = match lang {
        _ if count == 0 => String::new(),
        Language::Japanese => format!("画面の外に石が {count}個（{keys}）"),
        Language::English if count == 1 => format!("1 stone outside the view ({keys})"),
        Language::English => format!("{count} stones outside the view ({keys})"),
    };
    let far = match lang {
        _ if far == 0 => String::new(),
        Language::Japanese => format!("パス {far}回（遠くに打った壊し手の石は盤に映りません）"),
        Language::English if far == 1 => "1 pass (Breaker's stone far away, not drawn)".into(),
        Language::English => format!("{far} passes (Breaker's stones far away, not drawn)"),
    };
    match (near.is_empty(), far.is_empty(), lang) {
        (false, false, Language::Japanese) => format!("{near}　{far}"),
        (false, false, Language::English) => format!("{near}; {far}"),
        _ => near + &far,
    }
}

/// The goal line: par (the guarantee at the start) and the bests kept for this Maker.
/// `hidden`: blind mode, where the number above is the hidden guarantee's note, not a count
/// (newcomer #63 read "keep the number above at 21" beside no number). `tally`: the Maker moves
/// the player's mistakes gave away so far, and how far this Maker's count has fallen from par:
/// only a forced block of a finish lowers the count without a mistake (newcomers #101 and #102
/// could not tell which number to play for; #104, #105 and #109 asked for one number).
pub fn par_line(
    lang: Language,
    par: u32,
    best: Option<u32>,
    blind_best: Option<u32>,
    hidden: bool,
    tally: Option<(u32, u32)>,
) -> String {
    let record = match (lang, best, blind_best) {
        (_, None, None) => String::new(),
        (Language::Japanese, Some(best), None) => format!("　あなたの最高 {best}手"),
        (Language::Japanese, None, Some(blind)) => format!("　あなたの最高（目かくし）{blind}手"),
        (Language::Japanese, Some(best), Some(blind)) => {
            format!("　あなたの最高 {best}手（目かくし {blind}手）")
        }
        (Language::English, Some(best), None) => format!("; your best {best}"),
        (Language::English, None, Some(blind)) => format!("; your best {blind} (blind)"),
        (Language::English, Some(best), Some(blind)) => format!("; your best {best} (blind {blind})"),
    };
    // Par is where the heading's count starts (newcomer #23 read "by its move 21" and "par 21" as
    // the same thing said twice).
    if let (false, Some((cost, fall))) = (hidden, tally) {
        // The heading above is this Maker's count, the one number (newcomers #104, #105 and #109
        // asked for one); this line says what lowered it: the player's mistakes, and blocks of a
        // finish, which are forced and no mistake. One line's worth (newcomer #104 saw the longer
        // ones cut off at the slot's foot).
        let forced = fall.saturating_sub(cost);
        return match (lang, cost, forced) {
            (Language::Japanese, 0, 0) => format!("パー {par}：作り手に{par}手ぜんぶ使わせよう{record}"),
            (Language::Japanese, _, 0) => format!("パー {par}。あなたのミスで-{cost}{record}"),
            (Language::Japanese, 0, _) => {
                format!("パー {par}。強制のふさぎで-{forced}（ミスではない）{record}")
            }
            (Language::Japanese, _, _) => {
                format!("パー {par}。ミスで-{cost}、強制のふさぎで-{forced}（ミスではない）{record}")
            }
            (Language::English, 0, 0) => format!("Par {par}: make Maker need all {par} moves{record}"),
            (Language::English, _, 0) => format!("Par {par}. Your mistakes: -{cost}{record}"),
            (Language::English, 0, _) => {
                format!("Par {par}. Forced blocks: -{forced} (not mistakes){record}")
            }
            (Language::English, _, _) => {
                format!("Par {par}. Your mistakes: -{cost}; forced blocks: -{forced} (not mistakes){record}")
            }
        };
    }
    match (lang, hidden) {
        (Language::Japanese, false) => {
            format!("パー {par}：作り手に{par}手ぜんぶ使わせよう。まずい手で減ります{record}")
        }
        (Language::English, false) => {
            format!("Par {par}: make Maker need all {par} moves; a costly move lowers the guarantee{record}")
        }
        (Language::Japanese, true) => {
            format!("パー {par}：作り手の{par}手目まで耐えよう（数は最後に出ます）{record}")
        }
        (Language::English, true) => {
            format!("Par {par}: hold out {par} Maker moves (the guarantee shows at the end){record}")
        }
    }
}

/// Before Breaker's first claim, below the goal: where the first claim holds longest (a cell
/// beside Maker's stone, sharing a side: the tests check it for every Maker and every turn of
/// its plan) and what a claim far away gives away (`sooner`, from the heat map).
pub fn first_claim_tip(lang: Language, sooner: u32) -> String {
    match lang {
        Language::Japanese => format!(
            "最初の一手：作り手の石のとなり（辺で接するマス）がいちばん長く持ちます。遠くだと{sooner}手早く負けます。"
        ),
        Language::English => format!(
            "First claim: beside Maker's stone (sharing a side) holds longest; far away, Maker wins {sooner} sooner."
        ),
    }
}

/// The goal line's place during a double threat, Breaker to move, in at most three lines of the
/// panel (its room, so the buttons never move): what this Maker's count becomes after each block,
/// and that a Maker that takes a finish wins with its next move (`next`) whatever is blocked:
/// this one keeps to its plan (the heading's count), so the block is forced and no mistake. When
/// its count depends on which cell is blocked (`differ`), that is said (newcomer #48 held 19 and
/// 15 from the same double threat, told "never a mistake"); when every block lowers it alike
/// (`falls_to`), that is said before the block. When the count (`count`, the heading's) is the
/// next move, this Maker's next stone finishes whatever is blocked, and only that is said
/// (newcomer #68 was told a block kept 10, and Maker finished at 9).
///
/// `blocks`: every finishing cell with what a block there keeps
/// ([`crate::snaky::review::finish_block_counts`]); those beyond the two named in `differ` (a
/// triple threat's third) are named beside the block that keeps as much, or with their own count.
pub fn double_threat_par(
    lang: Language,
    next: usize,
    count: u32,
    differ: Option<((Cell, u32), (Cell, u32))>,
    falls_to: Option<u32>,
    blocks: &[(Cell, u32)],
) -> String {
    if count as usize == next {
        return match lang {
            Language::Japanese => format!(
                "1つの石で2つの完成はふさげません：どちらをふさいでも、作り手は {next}手目で完成させます。負けはこの前の手で決まりました"
            ),
            Language::English => format!(
                "One stone cannot block two finishes: whichever you block, Maker completes a Snaky at its move {next}. The game was decided earlier."
            ),
        };
    }
    // Which block keeps this Maker's count is its plan's order, which the board does not show:
    // said at once (newcomers #52 and #54 had to guess, and were told only after the game).
    // Every finishing cell is named (newcomers #88, #93 and #94 met a triple threat's third
    // unnamed): a third cell goes beside the named block that keeps as much, else on its own.
    let (either_ja, either_en) = if blocks.len() > 2 { ("どれ", "Any") } else { ("どちら", "Either") };
    let named = differ.map(|((best, _), (worst, _))| [best, worst]);
    let others: Vec<(Cell, u32)> =
        blocks.iter().copied().filter(|(c, _)| named.is_some_and(|named| !named.contains(c))).collect();
    if let Some(((best, keeps), (worst, low))) = differ
        && !others.is_empty()
    {
        let group = |first: Cell, value: u32| -> Vec<String> {
            std::iter::once(cell(first))
                .chain(others.iter().filter(|&&(_, v)| v == value).map(|&(c, _)| cell(c)))
                .collect()
        };
        let rest: Vec<(Cell, u32)> =
            others.iter().copied().filter(|&(_, v)| v != keeps && v != low).collect();
        let (tops, lows) = (group(best, keeps), group(worst, low));
        return match lang {
            Language::Japanese => {
                let mut said = format!(
                    "{} をふさげば、この作り手の勝ちは{keeps}手目のまま。{} なら{low}手目",
                    crate::snaky::words::or_list(lang, &tops),
                    crate::snaky::words::or_list(lang, &lows)
                );
                for (c, v) in rest {
                    said.push_str(&format!("、{} なら{v}手目", cell(c)));
                }
                said.push_str(&format!("（完成を取る作り手なら{next}手目で勝ち）"));
                said
            }
            Language::English => {
                let mut said = format!(
                    "Block {}: this Maker still wins by move {keeps}; {}: by move {low}",
                    crate::snaky::words::or_list(lang, &tops),
                    crate::snaky::words::or_list(lang, &lows)
                );
                for (c, v) in rest {
                    said.push_str(&format!("; {}: by move {v}", cell(c)));
                }
                said.push_str(&format!(". (A Maker taking a finish wins at move {next}.)"));
                said
            }
        };
    }
    match (lang, differ, falls_to) {
        (Language::Japanese, Some(((best, keeps), (worst, low))), _) => format!(
            "{} をふさげば、この作り手の勝ちは{keeps}手目のまま。{} をふさぐと{low}手目（完成を取る作り手なら{next}手目で勝ち）",
            cell(best),
            cell(worst)
        ),
        (Language::English, Some(((best, keeps), (worst, low))), _) => format!(
            "Block {}: this Maker still wins by move {keeps}; block {}: by move {low}. It keeps to its plan (one taking a finish wins at move {next}).",
            cell(best),
            cell(worst)
        ),
        (Language::Japanese, None, Some(k)) => format!(
            "{either_ja}をふさいでも、この作り手の勝ちは{k}手目に早まります（完成を取る作り手なら{next}手目）。ふさぐ手は強制で、ミスではありません"
        ),
        (Language::English, None, Some(k)) => format!(
            "{either_en} block: this Maker then wins by move {k} (one taking a finish wins at move {next}). Your block is forced, not a mistake."
        ),
        (Language::Japanese, None, None) => format!(
            "{either_ja}をふさいでもこの作り手の数のまま（計画どおり。完成を取る作り手なら{next}手目で勝ち）。ふさぐ手は強制でミスではありません"
        ),
        (Language::English, None, None) => format!(
            "{either_en} block keeps this Maker's guarantee: it keeps to its plan (one taking a finish wins at {next}). Your block is forced, not a mistake."
        ),
    }
}

/// Maker's move `number` at `cell` was not its plan's: the plan's cell already held its stone, so its rules
/// gave it the first free cell of a fixed order; its plan still wins in time (newcomer #116 took
/// such a stone in the frame's far corner for a fault).
pub fn spare_stone(lang: Language, number: usize, at: Cell) -> String {
    match lang {
        Language::Japanese => format!(
            "作り手の{number}手目 {} は計画外の石です：計画が次に示すマスはもう作り手の石なので、決まった順で最初の空きマスに打ちました。計画はそれでも見出しの手までに勝ちます。",
            cell(at)
        ),
        Language::English => format!(
            "Maker's move {number} at {} is off its plan: the cell its plan names next is already Maker's, so it takes the first free cell in a fixed order. Its plan still wins by the heading's move.",
            cell(at)
        ),
    }
}

/// The end of a game: how long whoever held it — the player (`None`) or the computer Breaker it
/// was handed to — held out, against par.
pub fn held_out(
    lang: Language,
    by: Option<BreakerKind>,
    moves: usize,
    par: u32,
    assisted: Option<Assist>,
) -> String {
    match (lang, by, assisted) {
        (Language::Japanese, None, Some(how)) => {
            format!("{}、作り手の {moves}手目まで耐えました（パー {par}）", assist(lang, how))
        }
        (Language::English, None, Some(how)) => {
            format!("You held out {} {} (par {par})", maker_moves(moves), assist(lang, how))
        }
        (Language::Japanese, None, None) => format!("作り手の {moves}手目まで耐えました（パー {par}）"),
        (Language::English, None, None) => format!("You held out {} (par {par})", maker_moves(moves)),
        (Language::Japanese, Some(kind), _) => {
            let name = breaker_name(lang, kind);
            format!("COMの壊し手（{name}）は作り手の {moves}手目まで耐えました（パー {par}）")
        }
        (Language::English, Some(kind), _) => {
            format!("The {} Breaker held out {} (par {par})", breaker_name(lang, kind), maker_moves(moves))
        }
    }
}

/// What helped the player, as the result says it: "with the hint on".
pub fn assist(lang: Language, assist: Assist) -> &'static str {
    match (lang, assist) {
        (Language::Japanese, Assist::Hint) => "ヒントを見ながら",
        (Language::Japanese, Assist::Heat) => "ヒートマップを見ながら",
        (Language::Japanese, Assist::Cards) => "カードの表示を見ながら",
        (Language::Japanese, Assist::Undo) => "まったを使って",
        (Language::Japanese, Assist::Resume) => "ふりかえりから再開して",
        (Language::Japanese, Assist::Computer) => "COMの壊し手の手もまじえて",
        (Language::Japanese, Assist::Record) => "読み込んだ棋譜から",
        (Language::English, Assist::Hint) => "with the hint on",
        (Language::English, Assist::Heat) => "with the heat map on",
        (Language::English, Assist::Cards) => "with the card overlays on",
        (Language::English, Assist::Undo) => "with undo",
        (Language::English, Assist::Resume) => "after resuming from review",
        (Language::English, Assist::Computer) => "with a computer Breaker's moves",
        (Language::English, Assist::Record) => "from a loaded record",
    }
}

/// How many of the player's first moves kept par, and in the last game, then where it dropped.
fn kept_par_said(lang: Language, par: u32, (kept, last): (usize, Option<usize>)) -> String {
    let last = match (lang, last) {
        (_, None) => String::new(),
        (Language::Japanese, Some(0)) => "（前の対局では0手）".to_string(),
        (Language::Japanese, Some(n)) => format!("（前の対局では最初の{n}手）"),
        (Language::English, Some(0)) => " (last game: none)".to_string(),
        (Language::English, Some(n)) => format!(" (last game: the first {n})"),
    };
    match (lang, kept) {
        (Language::Japanese, 0) => {
            format!(
                "1手目から保証がパー {par} を下回りました{last}。ふりかえり（V）で、どこで下がったかが分かります。"
            )
        }
        (Language::Japanese, n) => {
            format!(
                "最初の{n}手はパー {par} を保ちました{last}。ふりかえり（V）で、どこで下がったかが分かります。"
            )
        }
        (Language::English, 0) => {
            format!(
                "Your move 1 already took the guarantee below par {par}{last}. Review (V) shows where it dropped."
            )
        }
        (Language::English, 1) => {
            format!("Your first move kept par {par}{last}. Review (V) shows where the guarantee dropped.")
        }
        (Language::English, n) => {
            format!(
                "Your first {n} moves kept par {par}{last}. Review (V) shows where the guarantee dropped."
            )
        }
    }
}

/// Told at the end of a game the player held: the result and the best against this Maker; a game
/// the player was helped in says so, and that it is not a best. After a mistake, how many moves
/// kept par, beside the last game's (`kept_par`): progress a player can see from game to game.
#[allow(clippy::too_many_arguments)]
pub fn game_result(
    lang: Language,
    maker: Maker,
    moves: usize,
    best: u32,
    blind: bool,
    assisted: Option<Assist>,
    ended: Ended,
    mistakes: u32,
    kept_par: (usize, Option<usize>),
) -> String {
    let name = maker_name(lang, maker);
    let par = maker.bound();
    // The moves held are the one number (newcomers #104, #105 and #109 read a score beside them
    // as a rival result); where they fell for more than the player's mistakes, what else lowered
    // them (forced blocks of a finish, or the plan finishing before its worst case).
    let other = par.saturating_sub(moves as u32).saturating_sub(mistakes);
    let split = match (lang, mistakes, other) {
        // With no mistake, the next sentence says why it fell ([`Ended`]).
        (_, _, 0) | (_, 0, _) => String::new(),
        (Language::Japanese, _, _) => format!("ミスで-{mistakes}、ほかの-{other}はミスではありません。"),
        (Language::English, _, _) => {
            format!(" Your mistakes cost {mistakes}; the other {other} below par were not mistakes.")
        }
    };
    if let Some(how) = assisted {
        let how = assist(lang, how);
        let best = match (lang, best) {
            (Language::Japanese, 0) => "自力の記録はまだありません".to_string(),
            (Language::Japanese, _) => format!("自力の最高は {best}手"),
            (Language::English, 0) => "no unassisted game yet".to_string(),
            (Language::English, _) => format!("your unassisted best is {best}"),
        };
        return match lang {
            Language::Japanese => format!(
                "{how}、作り手の {moves}手目まで耐えました（パー {par}）。助けを使った対局は最高記録に数えません（{name} での{best}）。"
            ),
            Language::English => format!(
                "You held out {} {how} (par {par}). Assisted games do not count as a best ({name}: {best}).",
                maker_moves(moves)
            ),
        };
    }
    // Where to look next: the moves that lowered the guarantee, or, with none, why the plan
    // still finished before par.
    let next = match (lang, ended, moves as u32 >= par) {
        (_, Ended::Lowered, _) => kept_par_said(lang, par, kept_par),
        (Language::Japanese, Ended::LeftOpen(n), _) => {
            format!("保証を下げた手はありませんが、{n}手目で完成のマスを空けたままにしました。完成のマスは先にふさぎましょう。")
        }
        (Language::English, Ended::LeftOpen(n), _) => format!(
            "None of your moves lowered the guarantee, but your move {n} left a finishing cell open: take finishing cells first."
        ),
        (Language::Japanese, Ended::Blocked, _) => {
            "ミスはありません。数字が下がったのは完成のマスをふさいだ手だけで、これは強制された正しい手です（この作り手は証明の手順どおりに打つので、ふさいでも数字が動くことがあります）。".to_string()
        }
        (Language::English, Ended::Blocked, _) => "No mistake of yours: the guarantee fell only at your blocks of a finish, which were forced and right (this Maker keeps its proof's order, so a block can lower it).".to_string(),
        (Language::Japanese, Ended::Unlowered, true) => "保証を下げたミスはひとつもありません。".to_string(),
        (Language::English, Ended::Unlowered, true) => "No mistake of yours lowered the guarantee.".to_string(),
        (Language::Japanese, Ended::Unlowered, false) => {
            "保証を下げたミスはありません。計画が最悪の場合より早く完成しました（パーは計画に要る最大の手数です）。".to_string()
        }
        (Language::English, Ended::Unlowered, false) => "No mistake of yours lowered the guarantee; the plan finished before its worst case (par is the most it can need).".to_string(),
    };
    match (lang, blind) {
        (Language::Japanese, false) => format!(
            "作り手の {moves}手目まで耐えました（パー {par}、{name} でのこれまでの最高：{best}手）。{split}{next}"
        ),
        (Language::Japanese, true) => {
            format!(
                "目かくしで作り手の {moves}手目まで耐えました（パー {par}、{name} でのこれまでの目かくし最高：{best}手）。"
            )
        }
        (Language::English, false) => format!(
            "You held out {} (par {par}; your best so far against {name}: {best}).{split} {next}",
            maker_moves(moves)
        ),
        (Language::English, true) => format!(
            "Blind: you held out {} (par {par}; your blind best so far against {name}: {best}).",
            maker_moves(moves)
        ),
    }
}

/// A chip of the lesson: the player's move (its stone's number on the board) and the Maker moves it lost.
/// `forced`: the move blocked a finishing cell, which no reply could avoid: it is said so, not
/// with this Maker's count (newcomer #37 read a calm "-6" as a mistake the lesson then denied).
pub fn lesson_chip(lang: Language, number: usize, lost: u32, forced: bool) -> String {
    match (lang, lost, forced) {
        // A move that kept the guarantee is just its number: the chips of a 20-move game keep to
        // three rows.
        (Language::Japanese, 0, _) => format!("{number}手目"),
        (Language::Japanese, _, true) => format!("{number}手目 強制"),
        (Language::Japanese, _, false) => format!("{number}手目 -{lost}"),
        (Language::English, 0, _) => format!("#{number}"),
        (Language::English, _, true) => format!("#{number} forced"),
        (Language::English, _, false) => format!("#{number} -{lost}"),
    }
}

/// The lesson for one of the player's moves: the guarantee before and after, and the replies that
/// would have kept the most.
pub fn lesson_line(lang: Language, number: usize, lesson: &ReviewedMove) -> String {
    let (played, before, after, kept) =
        (lesson.breaker, lesson.guarantee_before, lesson.guarantee_after, lesson.kept);
    let (best, outside) = (&lesson.best, lesson.best_outside);
    let mut replies: Vec<String> = best.iter().take(6).map(|&c| cell(c)).collect();
    if best.len() > 6 {
        replies.push("…".to_string());
    }
    if outside {
        replies.push(match lang {
            Language::Japanese => "囲いの外".to_string(),
            Language::English => "anywhere outside the envelope".to_string(),
        });
    }
    let at = crate::snaky::words::place(lang, played);
    match (lang, before > after) {
        (Language::Japanese, false) => {
            format!("あなたの{number}手目 {at}：保証は {before}手のまま。いい手です。")
        }
        (Language::Japanese, true) => format!(
            "あなたの{number}手目 {at}：保証が {before}手 → {after}手（-{}）。{kept}手を保てた手：{}",
            before - after,
            replies.join("、")
        ),
        (Language::English, false) => {
            format!("Your move {number} at {at}: the guarantee stayed at {before}. Well played.")
        }
        (Language::English, true) => format!(
            "Your move {number} at {at}: the guarantee went {before} → {after} (-{}). Replies that kept {kept}: {}.",
            before - after,
            replies.join(", ")
        ),
    }
}

/// Told when a computer Breaker takes the game: what it does now and how to stop it.
pub fn handed(lang: Language, kind: BreakerKind) -> String {
    let name = breaker_name(lang, kind);
    match lang {
        Language::Japanese => {
            format!("COMの壊し手（{name}）が打ちます。Space：一時停止　N：1手ずつ　T：自分で打つ")
        }
        Language::English => {
            format!("The {name} Breaker plays now. Space: pause, N: one move, T: take over")
        }
    }
}

/// Asked before a switch that ends the game in progress.
pub fn confirm_new_game(lang: Language, blind: Option<bool>, maker: Option<Maker>) -> String {
    let what = match (lang, blind, maker) {
        (Language::Japanese, Some(true), _) => {
            "目かくしゲームでは保証がかくれ、作り手が勝つまで自分の力だけで打ちます。もう一度 B で始めます。".to_string()
        }
        (Language::Japanese, Some(false), _) => {
            "もう一度 B で目かくしをやめ、新しいゲームを始めます。".to_string()
        }
        (Language::Japanese, None, Some(maker)) => {
            format!("もう一度 {} をえらぶ（ボタンか K）と、新しいゲームを始めます。", maker_name(lang, maker))
        }
        (Language::English, Some(true), _) => {
            "A blind game hides the guarantee until Maker wins: you play on your own. Press B again to start one."
                .to_string()
        }
        (Language::English, Some(false), _) => {
            "Press B again to leave blind mode with a new game.".to_string()
        }
        (Language::English, None, Some(maker)) => {
            format!(
                "Choose {} again (its button or K) to start a new game against it.",
                maker_name(lang, maker)
            )
        }
        (_, None, None) => String::new(),
    };
    match lang {
        Language::Japanese => format!("いまのゲームは終わりになります。{what}"),
        Language::English => format!("This ends the game in progress. {what}"),
    }
}

/// The guarantee line once Maker has won.
pub fn maker_won_at(lang: Language, moves: usize) -> String {
    match lang {
        Language::Japanese => format!("作り手は {moves}手目で勝ちました"),
        Language::English => format!("Maker won with its move {moves}"),
    }
}

/// The guarantee line at the end of a lesson's line (not the game's result).
pub fn line_won_at(lang: Language, moves: usize) -> String {
    match lang {
        Language::Japanese => format!("この進行では {moves}手目で完成"),
        Language::English => format!("Line: Snaky at move {moves}"),
    }
}

/// The lesson's heading: which of the player's moves it is about, and where the board is (the
/// count under it is the board's: before the move, it is not the move's result, which newcomer
/// #55 read it as): before the move (`step` 0) or along the line after it (`best`: after the best
/// reply).
pub fn lesson_title(lang: Language, number: usize, step: usize, best: bool) -> String {
    match (lang, step, best) {
        (Language::Japanese, 0, _) => format!("あなたの{number}手目をふりかえる：打つ前の盤"),
        (Language::Japanese, _, false) => format!("あなたの{number}手目をふりかえる：そのあとの進行"),
        (Language::Japanese, _, true) => format!("あなたの{number}手目をふりかえる：最善の受けのあと"),
        (Language::English, 0, _) => format!("Lesson: the board before your move {number}"),
        (Language::English, _, false) => format!("Lesson: the line after your move {number}"),
        (Language::English, _, true) => format!("Lesson: the line after the best reply to move {number}"),
    }
}

/// A line's button: whose move it follows and the Maker move that completes it.
pub fn line_button(lang: Language, best: bool, completes_at: Option<u32>) -> String {
    // Short enough for the two to share a row (newcomer #112 saw the lesson's legend cut off);
    // said as the player's result, how long the line held Maker (newcomer #115 read "Your move:
    // wins at 11" as the move winning).
    let at = completes_at.map_or(String::new(), |m| match lang {
        Language::Japanese => format!("：{m}手目"),
        Language::English => format!(": held to {m}"),
    });
    match (lang, best) {
        (Language::Japanese, false) => format!("あなたの手{at}"),
        (Language::Japanese, true) => format!("最善の受け{at}"),
        (Language::English, false) => format!("Your move{at}"),
        (Language::English, true) => format!("Best reply{at}"),
    }
}

/// How the lesson marks the move played: it lost some (red), or was a forced block of a finish
/// or kept the guarantee (green; newcomer #75 saw a red square on a move called well played).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    Lost,
    Forced,
    Kept,
}

/// The one tint a lesson's board shows before the move: the shape its best reply blocks
/// (yellow), else the Snaky its line ends with (purple).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonTint {
    Shape,
    /// The Snaky Maker threatens after the move, which the best reply's words name.
    Threatened,
    Aim,
}

/// What the lesson's marks mean, for those on the board: before the move (`step` 0) the move
/// played, the replies near the stones that kept the guarantee, and the one tint on the board:
/// the shape the lesson names, or the Snaky its line ends with; along a line its pale stones and
/// the finishing rings. A forced block of a finish has no other reply to mark. `two_short`: the
/// board before the move outlines Snakies Maker had two cells short. `named`: it rings the
/// finishing cells the line's sentence names. Short enough to stay inside the panel (newcomers
/// #101 and #102 saw the old one cut off at its foot).
pub fn lesson_legend(
    lang: Language,
    step: usize,
    played: Played,
    best: bool,
    tint: Option<LessonTint>,
    lines: Option<ShortLines>,
    named: bool,
) -> String {
    let circles = match (lang, named && step == 0 && played == Played::Lost) {
        (_, false) => "",
        (Language::Japanese, true) => "　紫の丸：上の文の完成のマス",
        (Language::English, true) => " Purple circles: the finishing cells named above.",
    };
    // Those three short alone: the lesson's tightest boards keep it to a line (newcomers #133
    // and #134 asked for them; the play legend says what the dots are).
    let outlines = match (lang, lines.filter(|_| step == 0)) {
        (_, None | Some(ShortLines::Hidden)) => "",
        (Language::Japanese, Some(ShortLines::Two)) => "　紫の線：あと2マスの Snaky（点：足りないマス）",
        (Language::English, Some(ShortLines::Two)) => {
            " Purple lines: Maker's Snakies two short (dots: the cells they lack)."
        }
        (Language::Japanese, Some(ShortLines::TwoAndThree)) => {
            "　紫の線：あと2マス、うすい線：指すマスを通るあと3マスの Snaky（点：足りないマス）"
        }
        (Language::English, Some(ShortLines::TwoAndThree)) => {
            " Purple lines: Maker's Snakies two short; faint: three short where you point."
        }
        (Language::Japanese, Some(ShortLines::Three)) => "　うすい線：指すマスを通るあと3マスの Snaky",
        (Language::English, Some(ShortLines::Three)) => " Faint: Snakies three short where you point.",
    };
    let outlines = format!("{outlines}{circles}");
    match (lang, step, played, best) {
        (Language::Japanese, 0, Played::Kept, _) => {
            format!("緑：あなたの手（保証を保った手）と、石の近くで保てたほかの手{outlines}")
        }
        (Language::English, 0, Played::Kept, _) => {
            format!("Green: your move, which kept the guarantee, and the other replies near the stones that did.{outlines}")
        }
        (Language::Japanese, 0, Played::Lost, _) => {
            let tint = match tint {
                Some(LessonTint::Shape) => "　黄色のマス：最善の受けがふさぐ形",
                Some(LessonTint::Threatened) => "　黄色のマス：最善の受けがつぶす Snaky",
                Some(LessonTint::Aim) => "　紫のマス：進行の最後に完成する Snaky",
                None => "",
            };
            format!("赤：あなたの手　緑：最善の受け（ぬり）と保てたほかの手{tint}{outlines}")
        }
        (Language::English, 0, Played::Lost, _) => {
            let tint = match tint {
                Some(LessonTint::Shape) => " Yellow tiles: the shape the best reply blocks.",
                Some(LessonTint::Threatened) => " Yellow tiles: the Snaky the best reply spoils.",
                Some(LessonTint::Aim) => " Purple tiles: the Snaky the line ends with.",
                None => "",
            };
            format!("Red: your move. Green: the best reply (filled) and other replies that kept the guarantee.{tint}{outlines}")
        }
        (Language::Japanese, 0, Played::Forced, _) => "緑：あなたの手（ふさぐしかない手）　紫の丸：作り手が次に完成できるマス　紫のマス：進行の最後に完成する Snaky".into(),
        (Language::English, 0, Played::Forced, _) => "Green: your move, a forced block. Purple circle: Maker completes a Snaky there. Purple tiles: the Snaky the line ends with.".into(),
        (Language::Japanese, _, _, false) => "うすい石：進行　紫の丸：作り手が次に完成できるマス　赤の枠：あなたの手".into(),
        (Language::English, _, _, false) => "Pale stones: the line. Purple circle: Maker completes a Snaky there. Red square: your move.".into(),
        (Language::Japanese, _, _, true) => "うすい石：進行　紫の丸：作り手が次に完成できるマス　緑の枠：最善の受け".into(),
        (Language::English, _, _, true) => "Pale stones: the line. Purple circle: Maker completes a Snaky there. Green square: the best reply.".into(),
    }
}

/// Where the lesson's line is: before the move (the heading above names it: newcomers #107 and
/// #108 saw the longer caption push the legend off the panel), or at step `step` of `last` (then
/// followed by the move's sentence).
///
/// `left`: where the game itself left the line (the player's move number), `Some(None)` if it
/// followed it to the end, `None` when not known (the best reply's line, or a game still played).
pub fn line_position(lang: Language, step: usize, last: usize, left: Option<Option<usize>>) -> String {
    match (lang, step, left) {
        (Language::Japanese, 0, Some(None)) => {
            "→ で、いちばん長い守りに対して作り手が打てた進行を再生（実際の対局もこのとおり）。".to_string()
        }
        (Language::Japanese, 0, Some(Some(at))) => format!(
            "→ で、いちばん長い守りに対して作り手が打てた進行を再生（実際の対局は{at}手目で別の手に）。"
        ),
        (Language::Japanese, 0, None) => {
            "→ で、いちばん長い守りに対して作り手が打てた進行を再生（実際の対局とは別）。".to_string()
        }
        (Language::English, 0, Some(None)) => {
            "→ plays what Maker could then force against the longest defence: your game went this way."
                .to_string()
        }
        (Language::English, 0, Some(Some(at))) => format!(
            "→ plays what Maker could then force against the longest defence (your game left it at your move {at})."
        ),
        (Language::English, 0, None) => {
            "→ plays what Maker could then force against the longest defence (not your game).".to_string()
        }
        // "Step", so the count is not read as a move number (newcomer #31).
        (Language::Japanese, _, _) => format!("進行 {step}/{last}　"),
        (Language::English, _, _) => format!("Step {step}/{last}   "),
    }
}

/// After the lesson's rule of the row of five: where the primer plays it.
pub fn primer_row_of_five(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "（遊び方 G、勝ち方 L のステップ2）",
        Language::English => " (Try it: How to play, G, then How Maker wins, L, step 2.)",
    }
}

/// After a Breaker move of the line: what the game played there, and what that move cost
/// (`cost`: its loss and whether it was a forced block; newcomer #111 could not tell whether its
/// move there was a mistake).
pub fn in_the_game(lang: Language, in_game: InTheGame, cost: Option<(u32, bool)>) -> String {
    let (cell, number) = match in_game {
        InTheGame::Same => {
            return match lang {
                Language::Japanese => "（実際の対局も同じ）".into(),
                Language::English => " As in your game.".into(),
            };
        }
        InTheGame::Played { cell, index } => (cell, index + 1),
    };
    match (lang, cost) {
        (Language::Japanese, None) => format!("（実際の対局では {cell}）"),
        (Language::Japanese, Some((0, _))) => format!("（実際の対局では {cell}：保証はそのまま）"),
        (Language::Japanese, Some((_, true))) => format!("（実際の対局では {cell}：ふさぐしかない手）"),
        (Language::Japanese, Some((lost, false))) => {
            format!("（実際の対局では {cell}：-{lost}、これも失点（{number}手目））")
        }
        (Language::English, None) => format!(" In your game you played {cell}."),
        (Language::English, Some((0, _))) => {
            format!(" In your game you played {cell}, which kept the guarantee too.")
        }
        (Language::English, Some((_, true))) => format!(" In your game you played {cell}, a forced block."),
        (Language::English, Some((lost, false))) => {
            format!(" In your game you played {cell}, a mistake of its own (-{lost}, chip #{number}).")
        }
    }
}

/// The lesson's first sentence: what the move cost.
pub fn lesson_cost(lang: Language, number: usize, lesson: &ReviewedMove) -> String {
    let (at, before, after) =
        (crate::snaky::words::place(lang, lesson.breaker), lesson.guarantee_before, lesson.guarantee_after);
    match (lang, before > after) {
        (Language::Japanese, false) => {
            format!("あなたの{number}手目 {at}：保証は {before}手のまま。いい手です。")
        }
        (Language::Japanese, true) => {
            format!("あなたの{number}手目 {at}：保証が {before}手 → {after}手（-{}）。", before - after)
        }
        (Language::English, false) => {
            format!("Your move {number} at {at}: the guarantee stayed at {before}. Well played.")
        }
        (Language::English, true) => {
            format!(
                "Your move {number} at {at}: the guarantee went {before} → {after} (-{}).",
                before - after
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heading counts the finishing cells: "Double threat" only for two.
    #[test]
    fn the_threat_heading_counts_the_finishing_cells() {
        let cells = [Cell::new(1, 2), Cell::new(3, 4), Cell::new(5, 6)];
        assert_eq!(turn_with_threats(Language::English, &cells[..1]), "Block (1,2): it finishes a Snaky");
        assert!(turn_with_threats(Language::English, &cells[..2]).starts_with("Double threat: block (1,2)"));
        let three = turn_with_threats(Language::English, &cells);
        assert!(three.starts_with("Triple threat: block (1,2)"), "{three}");
        assert!(three.contains("(5,6)"), "{three}");
        assert!(turn_with_threats(Language::Japanese, &cells).starts_with("トリプルリーチ"));
    }

    /// The count of stones out of view names L only where L brings the last move back (newcomer
    /// #49 pressed it on the Maker's screen and got how to win).
    #[test]
    fn the_stones_out_of_view_name_only_the_keys_that_bring_them_back() {
        assert_eq!(
            off_view(Language::English, 8, 0, true),
            "8 stones outside the view (L: last move, C: centre)"
        );
        assert_eq!(off_view(Language::English, 8, 0, false), "8 stones outside the view (C: centre)");
        assert_eq!(off_view(Language::Japanese, 1, 0, false), "画面の外に石が 1個（C：中央へ）");
    }

    /// The double threat's line says whether the block changes this Maker's count.
    #[test]
    fn the_double_threat_says_whether_the_block_changes_the_count() {
        let differ = Some(((Cell::new(10, 8), 21), (Cell::new(9, 9), 15)));
        assert!(
            double_threat_par(Language::English, 15, 21, differ, None, &[])
                .starts_with("Block (10,8): this Maker still wins by move 21; block (9,9): by move 15.")
        );
        assert!(
            double_threat_par(Language::English, 15, 21, None, None, &[])
                .ends_with("Your block is forced, not a mistake.")
        );
        // A count at the next move: this Maker's next stone finishes whichever is blocked.
        for lang in [Language::English, Language::Japanese] {
            let said = double_threat_par(lang, 9, 9, None, None, &[]);
            assert!(said.contains('9') && !said.contains("21"), "{said}");
            assert_ne!(said, double_threat_par(lang, 9, 10, None, None, &[]));
        }
    }

    /// A triple threat names its third block (newcomers #88, #93 and #94 had to guess it):
    /// beside the named block that keeps as much, else with its own count.
    #[test]
    fn a_triple_threat_names_every_block() {
        let (a, b, c) = (Cell::new(13, 13), Cell::new(12, 12), Cell::new(13, 11));
        let differ = Some(((a, 20), (b, 19)));
        let said = double_threat_par(Language::English, 15, 20, differ, None, &[(a, 20), (b, 19), (c, 19)]);
        assert!(
            said.starts_with(
                "Block (13,13): this Maker still wins by move 20; (12,12) or (13,11): by move 19."
            ),
            "{said}"
        );
        let said = double_threat_par(Language::English, 15, 20, differ, None, &[(a, 20), (b, 19), (c, 20)]);
        assert!(
            said.starts_with(
                "Block (13,13) or (13,11): this Maker still wins by move 20; (12,12): by move 19."
            ),
            "{said}"
        );
        let said = double_threat_par(
            Language::English,
            15,
            21,
            Some(((a, 21), (b, 18))),
            None,
            &[(a, 21), (b, 18), (c, 19)],
        );
        assert!(said.contains("(12,12): by move 18; (13,11): by move 19."), "{said}");
        for lang in [Language::English, Language::Japanese] {
            assert!(
                double_threat_par(lang, 15, 20, differ, None, &[(a, 20), (b, 19), (c, 19)])
                    .contains("(13,11)")
            );
        }
        let any = double_threat_par(Language::English, 15, 21, None, None, &[(a, 21), (b, 21), (c, 21)]);
        assert!(any.starts_with("Any block keeps"), "{any}");
    }

    /// A turn's words match what it does to the board, whose rows count up: a quarter turn
    /// anticlockwise takes the cell right of the centre to the one above it, a mirror left to
    /// right swaps left and right, one across the rising diagonal (bottom left to top right)
    /// swaps the right and the top.
    #[test]
    fn a_turns_words_match_the_board() {
        for turn in Symmetry::ALL {
            let [ja, en] = turn_words(turn);
            let (right, up) = (turn.apply(1, 0), turn.apply(0, 1));
            let expected = match (right, up) {
                ((1, 0), (0, 1)) => "unturned",
                ((0, 1), (-1, 0)) => "given a quarter turn anticlockwise",
                ((0, -1), (1, 0)) => "given a quarter turn clockwise",
                ((-1, 0), (0, -1)) => "given a half turn",
                ((-1, 0), (0, 1)) => "mirrored left to right",
                ((1, 0), (0, -1)) => "mirrored top to bottom",
                ((0, 1), (1, 0)) => "mirrored across the rising diagonal",
                ((0, -1), (-1, 0)) => "mirrored across the falling diagonal",
                other => panic!("not a symmetry of the square: {other:?}"),
            };
            assert_eq!(en, expected, "{turn:?}");
            assert!(!ja.is_empty());
        }
    }

    /// Every double threat's line keeps to par's room, three lines of the panel, with the longest
    /// numbers and cells it can name: at most 135 Latin letters (a line holds about 50 of the
    /// 15 px font; the screenshots show 53) or 66 ems of Japanese (a line holds about 24, and a
    /// wrap may waste up to two).
    #[test]
    fn every_double_threat_line_fits_in_three_lines() {
        // A finishing cell lies beside Maker's stones, within a step of the frame (0 to 16).
        let (far, near, third) = (Cell::new(-1, 17), Cell::new(17, -1), Cell::new(-1, 16));
        let em = |text: &str| -> f32 { text.chars().map(|c| if c.is_ascii() { 0.52 } else { 1.0 }).sum() };
        for lang in [Language::English, Language::Japanese] {
            let cases = [(None, None), (None, Some(19)), (Some(((far, 21), (near, 19))), None)];
            // A triple threat's third block: beside the best, beside the worst, or on its own.
            let two = [(far, 21), (near, 19)];
            let thirds: [&[(Cell, u32)]; 4] = [
                &two,
                &[two[0], two[1], (third, 21)],
                &[two[0], two[1], (third, 19)],
                &[two[0], two[1], (third, 20)],
            ];
            for ((differ, falls_to), others) in cases.into_iter().flat_map(|c| thirds.map(|t| (c, t))) {
                for said in [
                    double_threat_par(lang, 21, 21, differ, falls_to, others),
                    double_threat_par(lang, 20, 21, differ, falls_to, others),
                ] {
                    let fits = match lang {
                        Language::English => said.chars().count() <= 135,
                        Language::Japanese => em(&said) <= 66.0,
                    };
                    assert!(fits, "{lang:?}: {} chars, {} em: {said}", said.chars().count(), em(&said));
                }
            }
        }
    }
}
