//! The Snaky screens' strings with numbers in them (the fixed ones are [`T`] keys).

use super::T;
use crate::save::Language;
use crate::snaky::{BreakerKind, Cell, Maker, MoveError, RecordError, RecordErrorKind};

/// "1 move", "2 moves".
fn moves(count: impl Into<u64>) -> String {
    let count = count.into();
    if count == 1 { "1 move".into() } else { format!("{count} moves") }
}

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
        (Language::English, BreakerKind::EnvelopeRandom) => "Envelope",
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

/// The two Makers by name: whose certificate, and its bound.
pub fn maker_name(lang: Language, maker: Maker) -> String {
    let bound = maker.bound();
    match (lang, maker) {
        (Language::Japanese, Maker::Paper) => format!("論文（{bound}）"),
        (Language::Japanese, Maker::Ours) => format!("自作（{bound}）"),
        (Language::English, Maker::Paper) => format!("paper ({bound})"),
        (Language::English, Maker::Ours) => format!("ours ({bound})"),
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
pub fn heat_legend(lang: Language, outside: u32) -> String {
    match lang {
        Language::Japanese => {
            format!("数字：そこに打ったあとの作り手のカードの高さ（囲いの外：{outside}）")
        }
        Language::English => {
            format!("Numbers: Maker's card height after your reply there (outside: {outside})")
        }
    }
}

/// Above the tempo graph.
pub fn tempo(lang: Language, bound: u32, now: u32) -> String {
    match lang {
        Language::Japanese => format!("保証の移り変わり（はじめ {bound}手 → いま {now}手）"),
        Language::English => format!("The guarantee move by move (from {bound} to {now})"),
    }
}

/// Told when blind mode is switched.
pub fn blind_toggled(lang: Language, blind: bool) -> String {
    match (lang, blind) {
        (Language::Japanese, true) => "目かくしモード：表示・保証・カードをかくして新しいゲームです。作り手の何手目まで耐えられるか。".into(),
        (Language::Japanese, false) => "目かくしモードをやめました。新しいゲームです。".into(),
        (Language::English, true) => "Blind mode: overlays, guarantee and card hidden, a new game. How many Maker moves can you hold out?".into(),
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

/// Told when the player switches Makers (a new game starts).
pub fn maker_chosen(lang: Language, maker: Maker) -> String {
    let name = maker_name(lang, maker);
    match (lang, maker) {
        (Language::Japanese, Maker::Paper) => {
            format!("作り手を{name}にしました：論文の証明書のとおりに打ちます。新しいゲームです。")
        }
        (Language::Japanese, Maker::Ours) => format!(
            "作り手を{name}にしました：このゲームの探索が見つけ、検証した証明書で、{}手以内に勝ちます。新しいゲームです。",
            maker.bound()
        ),
        (Language::English, Maker::Paper) => {
            format!("Maker is now {name}: it plays the paper's certificate. A new game begins.")
        }
        (Language::English, Maker::Ours) => format!(
            "Maker is now {name}: a certificate our own search found and our verifier proves, within {} moves. A new game begins.",
            maker.bound()
        ),
    }
}

/// Both certificates pass every check.
pub fn checks_passed(lang: Language) -> String {
    let (paper, ours) = (Maker::Paper.bound(), Maker::Ours.bound());
    match lang {
        Language::Japanese => format!(
            "すべて合格：論文の作り手はどんな壊し手にも{paper}手以内に、自作の作り手は{ours}手以内に勝ちます。"
        ),
        Language::English => format!(
            "All checks pass: the paper's Maker wins within {paper} moves against every Breaker, ours within {ours}."
        ),
    }
}

/// "Maker wins within k moves" — the bound that never increases.
pub fn guarantee(lang: Language, k: u32) -> String {
    match lang {
        Language::Japanese => format!("作り手は {k}手以内に勝つ"),
        Language::English => format!("Maker wins within {}", moves(k)),
    }
}

pub fn card(lang: Language, card: u32, inline: bool) -> String {
    match (lang, inline) {
        (_, false) => card.to_string(),
        (Language::Japanese, true) => format!("{card} の中"),
        (Language::English, true) => format!("inside {card}"),
    }
}

pub fn cell(cell: Cell) -> String {
    format!("({},{})", cell.x, cell.y)
}

pub fn last_move(lang: Language, maker: bool, number: usize, at: Cell) -> String {
    let who = if maker { T::Maker.get(lang) } else { T::Breaker.get(lang) };
    match lang {
        Language::Japanese => format!("{number}手目　{who} {}", cell(at)),
        Language::English => format!("Move {number}: {who} {}", cell(at)),
    }
}

/// The result panel: how many moves Maker needed and what had been promised.
pub fn result(lang: Language, maker_moves: usize, bound: u32, guarantee: u32) -> String {
    match lang {
        Language::Japanese => format!(
            "作り手は {maker_moves}手目で Snaky を完成させました。はじめの保証は「{bound}手以内」、この局面での保証は「{guarantee}手以内」でした。"
        ),
        Language::English => format!(
            "Maker completed Snaky with its move {maker_moves}. The guarantee was \"within {bound} moves\" at the start and \"within {guarantee}\" for this game."
        ),
    }
}

pub fn reviewing(lang: Language, shown: usize, total: usize) -> String {
    match lang {
        Language::Japanese => format!("ふりかえり：{shown} / {total} 手目"),
        Language::English => format!("Reviewing move {shown} of {total}"),
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

pub fn record_loaded(lang: Language, moves: usize) -> String {
    match lang {
        Language::Japanese => format!("棋譜を読み込みました（壊し手 {moves}手）。"),
        Language::English => format!("Record loaded ({moves} Breaker moves)."),
    }
}

pub fn record_copied(lang: Language, record: &str) -> String {
    let shown = if record.is_empty() { "-" } else { record };
    match lang {
        Language::Japanese => format!("棋譜をコピーしました：{shown}"),
        Language::English => format!("Record copied: {shown}"),
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

pub fn off_view(lang: Language, count: usize) -> String {
    match lang {
        Language::Japanese => format!("画面の外に石が {count}個（L：最後の手へ　C：中央へ）"),
        Language::English if count == 1 => "1 stone outside the view (L: last move, C: centre)".into(),
        Language::English => format!("{count} stones outside the view (L: last move, C: centre)"),
    }
}

pub fn computer_won(lang: Language, kind: BreakerKind, maker_moves: usize) -> String {
    let name = breaker_name(lang, kind);
    match lang {
        Language::Japanese => format!("COMの壊し手（{name}）は作り手の {maker_moves}手目まで耐えました。"),
        Language::English => format!("The {name} Breaker lasted {}.", self::maker_moves(maker_moves)),
    }
}
