//! Every string on screen, in Japanese and English: one table for the whole app.
//!
//! Fixed strings are [`T`] keys; strings with numbers in them are the functions below (the
//! subtraction game's), in [`snaky`] (the Snaky screens') and in [`checks`] (the certificate
//! checks, translated from the engine's data). The font in `assets/fonts/` is subset to the
//! characters of `src/app/` (see `assets/fonts/subset.sh`), and a test checks that every
//! character here is in the font: after adding a string, run the script.

use bevy::prelude::*;

use crate::pokopoko::free::{MAX_BUTTONS, MAX_FREE_PICK, MIN_BUTTONS};
use crate::pokopoko::{FreeError, Hint, Mistake, PickSet, Rule, TurnOrder};
pub use crate::save::Language;

pub mod checks;
pub mod snaky;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lang>();
}

/// The language in use (mirrors the save's setting). Screens are built in it; changing it (on
/// the menu) rebuilds the menu.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Deref)]
pub struct Lang(pub Language);

/// A fixed string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum T {
    Title,
    Subtitle,
    MenuPlay,
    MenuSnaky,
    MenuCards,
    MenuAbout,
    MenuQuit,
    LanguageLabel,
    SoundLabel,
    Mute,
    Back,
    StagesTitle,
    StagesHint,
    Cleared,
    NextUp,
    Locked,
    EndlessFromHere,
    ChooseOrder,
    First,
    Second,
    FirstHint,
    SecondHint,
    Strategy,
    YourTurn,
    ComTurn,
    ComThinking,
    Remaining,
    Confirm,
    ClearSelection,
    YouFirst,
    YouSecond,
    PlayKeys,
    History,
    NoMovesYet,
    Won,
    Lost,
    NextStage,
    RetryStart,
    RetryFromMove,
    ToStages,
    SeeStrategy,
    SpoilerTitle,
    SpoilerWarning,
    Reveal,
    LosingNumbersTitle,
    LosingNumbersHelp,
    RuleTitle,
    HowToWin,
    AboutTitle,
    AboutGame,
    AboutCom,
    AboutSnaky,
    AboutFont,
    AboutKeys,
    SaveNotSaving,
    StageFileError,
    TheMistake,
    // The Snaky screens.
    SnakyTitle,
    MakerChoice,
    CardBrowser,
    CardBrowserShort,
    CardKeys,
    BaseCard,
    SqueezeTable,
    SqueezeHeader,
    BlindNoCards,
    Heat,
    Hint,
    Blind,
    SnakyYourTurn,
    MakerWon,
    Maker,
    Breaker,
    MakerMoves,
    BreakerMoves,
    ActiveCard,
    Height,
    Envelope,
    Required,
    Pivot,
    Undo,
    Restart,
    FarAway,
    Review,
    ResumeHere,
    Computer,
    Step,
    Run,
    Pause,
    TakeOver,
    Record,
    Copy,
    Paste,
    SnakyKeys,
    ReviewKeys,
    Refused,
    NothingToUndo,
    AlreadyLive,
    ChooseComputer,
    ClipboardMissing,
    ClipboardEmpty,
    EngineMissing,
    ChecksTitle,
    ChecksIntro,
    RunChecks,
    ChecksRunning,
    ChecksFailed,
    Close,
    Speed,
    // The subtraction game's key lines.
    IntroKeys,
    ResultKeys,
    StrategyKeys,
    // Free play
    MenuFree,
    FreeTitle,
    FreeIntro,
    FreeButtons,
    FreeRule,
    FreeRange,
    FreeSet,
    FreeMin,
    FreeMax,
    FreeCountsHelp,
    FreeOrder,
    FreePractice,
    FreePracticeHelp,
    FreeOn,
    FreeOff,
    FreeStart,
    FreeSetupKeys,
    FreeToSetup,
    FreePlayAgain,
    FreeWon,
    FreeResultKeys,
    FreeNoLadder,
}

impl T {
    pub fn get(self, lang: Language) -> &'static str {
        match lang {
            Language::Japanese => self.ja(),
            Language::English => self.en(),
        }
    }

    pub fn ja(self) -> &'static str {
        match self {
            T::Title => "無限ぽこぽこ",
            T::Subtitle => "さいごのボタンを押したほうが負け",
            T::MenuPlay => "無限ぽこぽこ であそぶ",
            T::MenuSnaky => "Snaky であそぶ",
            T::MenuCards => "Snaky のカード図鑑",
            T::MenuAbout => "このゲームについて",
            T::MenuQuit => "おわる",
            T::LanguageLabel => "ことば",
            T::SoundLabel => "おと",
            T::Mute => "ミュート (M)",
            T::Back => "もどる",
            T::StagesTitle => "ステージ",
            T::StagesHint => "ステージをクリアすると、つぎのステージがひらきます。",
            T::Cleared => "クリア",
            T::NextUp => "つぎはここ",
            T::Locked => "まだ",
            T::EndlessFromHere => "ここから先は無限につづきます",
            T::ChooseOrder => "先手と後手、どちらにしますか？",
            T::First => "先手",
            T::Second => "後手",
            T::FirstHint => "あなたが先に押す",
            T::SecondHint => "COMが先に押す",
            T::Strategy => "必勝法",
            T::YourTurn => "あなたの番",
            T::ComTurn => "COMの番",
            T::ComThinking => "COMが押しています…",
            T::Remaining => "のこり",
            T::Confirm => "これで押す！",
            T::ClearSelection => "えらびなおす",
            T::YouFirst => "あなたは先手",
            T::YouSecond => "あなたは後手",
            T::PlayKeys => {
                "矢印：いどう　スペース：えらぶ　Enter：押す　Backspace：えらびなおす　Esc：もどる"
            }
            T::History => "これまで",
            T::NoMovesYet => "まだだれも押していません",
            T::Won => "クリア！",
            T::Lost => "ざんねん…",
            T::NextStage => "つぎのステージへ",
            T::RetryStart => "さいしょからやりなおす",
            T::RetryFromMove => "その手からやりなおす",
            T::ToStages => "ステージ一覧",
            T::SeeStrategy => "必勝法を見る",
            T::SpoilerTitle => "ネタバレ注意！",
            T::SpoilerWarning => {
                "このページには勝ち方の答えが書いてあります。自分で見つけたい人は、まだ見ないでください。"
            }
            T::Reveal => "それでも見る",
            T::LosingNumbersTitle => "負けの数",
            T::LosingNumbersHelp => "自分の番にこの数だけのこっていたら、相手がまちがえないかぎり負けです。",
            T::RuleTitle => "きまり",
            T::HowToWin => {
                "相手の番に、いつも負けの数をのこしましょう。はじめの数が負けの数なら後手、そうでなければ先手をえらびます。"
            }
            T::AboutTitle => "このゲームについて",
            T::AboutGame => {
                "無限ぽこぽこは、ボタンを交互に押していくゲームです。1回に押せる数はステージごとに決まっていて、さいごのボタンを押したほうが負けです。どのボタンを押すかは関係なく、のこりの数だけが大事です。"
            }
            T::AboutCom => {
                "COMはけっしてまちがえません。負けたときは、かならずあなたのどこかの手がまちがいです。負けると、どの手がまちがいで、どうすればよかったかを教えます。"
            }
            T::AboutSnaky => {
                "Snaky：COMが作り手（Maker）、あなたが壊し手（Breaker）の Maker-Breaker ゲームです。作り手は論文「Snaky in 21 Maker moves」の証明書のとおりに打ち、どんな壊し手にも21手以内に Snaky を完成させます。このゲームの探索が見つけた自作の証明書なら20手以内です（Snaky の画面でえらべます）。両方の証明書を、下でチェックできます。"
            }
            T::AboutFont => {
                "フォント：Quicksand（SIL Open Font License 1.1）、モトヤLマルベリ（Apache License 2.0）"
            }
            T::AboutKeys => {
                "マウスでもキーボードでもあそべます。矢印キーでいどう、スペースでえらび、Enterで押します。"
            }
            T::SaveNotSaving => {
                "セーブデータを別の名前で残すことができませんでした。こわさないように、今回は記録しません。"
            }
            T::StageFileError => "ステージファイルにまちがいがあるので、組み込みのステージを使います：",
            T::TheMistake => "まちがいはここ",
            T::SnakyTitle => "Snaky",
            T::MakerChoice => "作り手：",
            T::CardBrowser => "カード図鑑",
            T::CardBrowserShort => "図鑑 O",
            T::CardKeys => {
                "←／→：前後のカード　PageUp／PageDown：10枚　Home／End：最初／最後　数字＋Enter：その番号へ　K：証明書　Esc：もどる"
            }
            T::BaseCard => "基本カード：足りない1マスを打てば Snaky の完成です。",
            T::SqueezeTable => "しめつけ表（子カードごと：A、|T|、高さ、枚数、共通部分に残るマス）",
            T::SqueezeHeader => "カード  A  |T|  高さ  枚数 → 残り",
            T::BlindNoCards => "目かくし中はカードを見られません。",
            T::Heat => "ヒート H",
            T::Hint => "ヒント I",
            T::Blind => "目かくし B",
            T::SnakyYourTurn => "あなたの番：空いているマスをクリック",
            T::MakerWon => "作り手の勝ち：Snaky ができました",
            T::Maker => "作り手",
            T::Breaker => "壊し手",
            T::MakerMoves => "作り手の手数",
            T::BreakerMoves => "壊し手の手数",
            T::ActiveCard => "いまのカード",
            T::Height => "高さ h",
            T::Envelope => "囲い T",
            T::Required => "必要な石 A",
            T::Pivot => "ピボット",
            T::Undo => "まった",
            T::Restart => "はじめから",
            T::FarAway => "遠くに打つ",
            T::Review => "ふりかえり",
            T::ResumeHere => "ここから再開",
            T::Computer => "COMの壊し手にまかせる",
            T::Step => "1手",
            T::Run => "再生",
            T::Pause => "停止",
            T::TakeOver => "自分で打つ",
            T::Record => "棋譜",
            T::Copy => "コピー",
            T::Paste => "貼り付け",
            T::SnakyKeys => {
                "クリック：打つ　ドラッグ・矢印：移動　ホイール・＋／－：拡大　C：中央　L：最後の手　F：遠くに打つ　Z：まった　R：はじめから　V：ふりかえり\n1〜5：COMの壊し手　Space：再生／停止　N：1手　T：自分で打つ　K：作り手　B：目かくし　O：図鑑　E／A／P／H／I：表示　Ctrl+C／V：棋譜（ファイルのドロップも可）　Esc：もどる"
            }
            T::ReviewKeys => {
                "ふりかえり中：← →：1手ずつ　Home／End：最初／最後　Enter：ここから再開　Esc・V：ふりかえりをやめる"
            }
            T::Refused => "そこには打てません",
            T::NothingToUndo => "まだ、もどせる手がありません。",
            T::AlreadyLive => "いちばん新しい局面です。",
            T::ChooseComputer => "先にCOMの壊し手をえらんでください（キー1〜4）。",
            T::ClipboardMissing => "クリップボードが使えません。",
            T::ClipboardEmpty => "クリップボードに棋譜がありません。",
            T::EngineMissing => "証明書を読み込めないので、Snaky はあそべません：",
            T::ChecksTitle => "証明書のチェック",
            T::ChecksIntro => {
                "作り手の戦略は証明書そのものです：論文の証明書（728枚のカード、21手）と、このゲームの探索が見つけた自作の証明書（804枚、20手）。下のボタンで、両方をこの場で確かめます。"
            }
            T::RunChecks => "チェックする",
            T::ChecksRunning => "チェック中…（数秒かかります）",
            T::ChecksFailed => "不合格のチェックがあります：",
            T::Close => "とじる",
            T::Speed => "速さ",
            T::IntroKeys => "F または 1：先手　S または 2：後手　Esc：もどる",
            T::ResultKeys => "Enter：つぎへ／やりなおす　R：さいしょから　Esc：ステージ一覧",
            T::StrategyKeys => "Enter：見る　Esc：もどる",
            T::MenuFree => "フリープレイ",
            T::FreeTitle => "フリープレイ",
            T::FreeIntro => "ボタンの数と、1回に押せる数のきまりを自由にきめて、COMと対戦します。",
            T::FreeButtons => "ボタンの数",
            T::FreeRule => "押せる数",
            T::FreeRange => "はんい（最小〜最大）",
            T::FreeSet => "好きな数をえらぶ",
            T::FreeMin => "最小",
            T::FreeMax => "最大",
            T::FreeCountsHelp => "1回に押してよい数をクリックでえらびます（いくつでも）。",
            T::FreeOrder => "手番",
            T::FreePractice => "練習モード",
            T::FreePracticeHelp => {
                "ONにすると、フリープレイ中だけ、のこりの数が負けの数かどうかと、勝てる押し方を表示します。"
            }
            T::FreeOn => "ON",
            T::FreeOff => "OFF",
            T::FreeStart => "はじめる",
            T::FreeSetupKeys => {
                "上下：項目　左右：かえる（Shift：10ずつ）　数字：入力　スペース：えらぶ　Enter：はじめる　S：必勝法　Esc：もどる"
            }
            T::FreeToSetup => "設定にもどる",
            T::FreePlayAgain => "もう一度",
            T::FreeWon => "COMは一度もまちがえませんでしたが、あなたもまちがえませんでした。",
            T::FreeResultKeys => "Enter：もう一度／やりなおす　R：さいしょから　Esc：設定",
            T::FreeNoLadder => "フリープレイの勝ち負けは、ステージの記録には入りません。",
        }
    }

    pub fn en(self) -> &'static str {
        match self {
            T::Title => "Infinite Pokopoko",
            T::Subtitle => "Whoever presses the last button loses",
            T::MenuPlay => "Play Infinite Pokopoko",
            T::MenuSnaky => "Play Snaky",
            T::MenuCards => "Snaky card browser",
            T::MenuAbout => "About",
            T::MenuQuit => "Quit",
            T::LanguageLabel => "Language",
            T::SoundLabel => "Sound",
            T::Mute => "Mute (M)",
            T::Back => "Back",
            T::StagesTitle => "Stages",
            T::StagesHint => "Clear a stage to open the next one.",
            T::Cleared => "Cleared",
            T::NextUp => "Next",
            T::Locked => "Locked",
            T::EndlessFromHere => "From here on, the stages never end",
            T::ChooseOrder => "Do you want to move first or second?",
            T::First => "First",
            T::Second => "Second",
            T::FirstHint => "You press first",
            T::SecondHint => "The COM presses first",
            T::Strategy => "Strategy",
            T::YourTurn => "Your turn",
            T::ComTurn => "COM's turn",
            T::ComThinking => "The COM is pressing…",
            T::Remaining => "Left",
            T::Confirm => "Press them!",
            T::ClearSelection => "Clear selection",
            T::YouFirst => "You move first",
            T::YouSecond => "You move second",
            T::PlayKeys => "Arrows: move   Space: select   Enter: press   Backspace: clear   Esc: back",
            T::History => "So far",
            T::NoMovesYet => "Nobody has pressed yet",
            T::Won => "Cleared!",
            T::Lost => "You lost…",
            T::NextStage => "Next stage",
            T::RetryStart => "Retry from the start",
            T::RetryFromMove => "Retry from that move",
            T::ToStages => "Stage list",
            T::SeeStrategy => "See the strategy",
            T::SpoilerTitle => "Spoiler!",
            T::SpoilerWarning => {
                "This page gives away how to win. If you want to find the rule yourself, don't look yet."
            }
            T::Reveal => "Show me anyway",
            T::LosingNumbersTitle => "Losing numbers",
            T::LosingNumbersHelp => {
                "If this many are left on your turn, you lose unless your opponent makes a mistake."
            }
            T::RuleTitle => "The rule",
            T::HowToWin => {
                "Always leave a losing number on your opponent's turn. If the starting count is a losing number, choose second; otherwise choose first."
            }
            T::AboutTitle => "About",
            T::AboutGame => {
                "Infinite Pokopoko is a game of pressing buttons in turns. Each stage says how many buttons you may press per turn, and whoever presses the last button loses. Which buttons you press does not matter; only how many are left."
            }
            T::AboutCom => {
                "The COM never makes a mistake, so every loss is one of your own moves. After a loss the game shows you exactly which move it was and what would have been right."
            }
            T::AboutSnaky => {
                "Snaky: a Maker-Breaker game where the COM is Maker and you are Breaker. Maker plays the certificate of the paper \"Snaky in 21 Maker moves\" literally and completes Snaky within 21 moves against every Breaker; with ours, found by this game's own search, within 20 (choose on the Snaky screen). Below you can check both certificates."
            }
            T::AboutFont => {
                "Fonts: Quicksand (SIL Open Font License 1.1), Motoya L Maruberi (Apache License 2.0)"
            }
            T::AboutKeys => {
                "Play with the mouse or the keyboard: arrow keys move, Space selects, Enter presses."
            }
            T::SaveNotSaving => {
                "The save file needed to be kept aside, but it could not be moved or copied. To keep it intact, this session will not save."
            }
            T::StageFileError => "The stage file has an error, so the built-in stages are used:",
            T::TheMistake => "The mistake",
            T::SnakyTitle => "Snaky",
            T::MakerChoice => "Maker:",
            T::CardBrowser => "Card browser",
            T::CardBrowserShort => "Cards O",
            T::CardKeys => {
                "Left/Right: previous/next card   PageUp/PageDown: 10 cards   Home/End: first/last   digits + Enter: go to a card   K: certificate   Esc: back"
            }
            T::BaseCard => "A base card: the missing cell completes Snaky.",
            T::SqueezeTable => {
                "Squeeze table (children by card: A, |T|, height, count, cells left in the common intersection)"
            }
            T::SqueezeHeader => " card  A  |T|  h  count → left",
            T::BlindNoCards => "No cards in blind mode.",
            T::Heat => "Heat H",
            T::Hint => "Hint I",
            T::Blind => "Blind B",
            T::SnakyYourTurn => "Your turn: click a free cell",
            T::MakerWon => "Maker wins: Snaky is complete",
            T::Maker => "Maker",
            T::Breaker => "Breaker",
            T::MakerMoves => "Maker moves",
            T::BreakerMoves => "Breaker moves",
            T::ActiveCard => "Active card",
            T::Height => "Height h",
            T::Envelope => "Envelope T",
            T::Required => "Required A",
            T::Pivot => "Pivot",
            T::Undo => "Undo",
            T::Restart => "Restart",
            T::FarAway => "Play far away",
            T::Review => "Review",
            T::ResumeHere => "Resume here",
            T::Computer => "Hand the game to a computer Breaker",
            T::Step => "Step",
            T::Run => "Run",
            T::Pause => "Pause",
            T::TakeOver => "Take over",
            T::Record => "Record",
            T::Copy => "Copy",
            T::Paste => "Paste",
            T::SnakyKeys => {
                "Click: claim   Drag/arrows: pan   Wheel/+-: zoom   C: centre   L: last move   F: far away   Z: undo   R: restart   V: review\n1-5: computer Breaker   Space: run/pause   N: step   T: take over   K: Maker   B: blind   O: cards   E/A/P/H/I: overlays   Ctrl+C/Ctrl+V: record (or drop a file)   Esc: back"
            }
            T::ReviewKeys => {
                "Reviewing: ← →: step   Home/End: first/last   Enter: resume from here   Esc or V: stop reviewing"
            }
            T::Refused => "You cannot play there",
            T::NothingToUndo => "There is no move to undo yet.",
            T::AlreadyLive => "This is the latest position.",
            T::ChooseComputer => "Choose a computer Breaker first (keys 1-4).",
            T::ClipboardMissing => "The clipboard is not available.",
            T::ClipboardEmpty => "The clipboard holds no record.",
            T::EngineMissing => "The certificate could not be loaded, so Snaky cannot be played:",
            T::ChecksTitle => "Certificate checks",
            T::ChecksIntro => {
                "Maker's strategy is a certificate itself: the paper's (728 cards, 21 moves) or ours, found by this game's own search (804 cards, 20 moves). The button below re-checks both here."
            }
            T::RunChecks => "Run the checks",
            T::ChecksRunning => "Checking… (takes a few seconds)",
            T::ChecksFailed => "Some checks fail:",
            T::Close => "Close",
            T::Speed => "Speed",
            T::IntroKeys => "F or 1: first   S or 2: second   Esc: back",
            T::ResultKeys => "Enter: next / retry   R: from the start   Esc: stage list",
            T::StrategyKeys => "Enter: show   Esc: back",
            T::MenuFree => "Free play",
            T::FreeTitle => "Free play",
            T::FreeIntro => {
                "Choose any number of buttons and any rule for how many may be pressed, and play the COM."
            }
            T::FreeButtons => "Buttons",
            T::FreeRule => "Per turn",
            T::FreeRange => "A range (min-max)",
            T::FreeSet => "Any counts",
            T::FreeMin => "Min",
            T::FreeMax => "Max",
            T::FreeCountsHelp => "Click the counts that may be pressed in one turn (as many as you like).",
            T::FreeOrder => "Turn order",
            T::FreePractice => "Practice",
            T::FreePracticeHelp => {
                "When on, free play (only) shows whether the number you face is a losing one and which counts win."
            }
            T::FreeOn => "ON",
            T::FreeOff => "OFF",
            T::FreeStart => "Start",
            T::FreeSetupKeys => {
                "Up/Down: row   Left/Right: change (Shift: by 10)   Digits: type   Space: toggle   Enter: start   S: strategy   Esc: back"
            }
            T::FreeToSetup => "Back to setup",
            T::FreePlayAgain => "Play again",
            T::FreeWon => "The COM made no mistake, and neither did you.",
            T::FreeResultKeys => "Enter: again / retry   R: from the start   Esc: setup",
            T::FreeNoLadder => "Free-play games never count for the stages.",
        }
    }
}

/// A number of buttons per turn, as the stage table shows it: `2〜5` / `2-5`.
pub fn picks(lang: Language, picks: &PickSet) -> String {
    if !picks.is_range() {
        let counts: Vec<String> = picks.counts().iter().map(u32::to_string).collect();
        return counts.join(match lang {
            Language::Japanese => "・",
            Language::English => ", ",
        });
    }
    match (lang, picks.min() == picks.max()) {
        (_, true) => picks.min().to_string(),
        (Language::Japanese, false) => format!("{}〜{}", picks.min(), picks.max()),
        (Language::English, false) => format!("{}-{}", picks.min(), picks.max()),
    }
}

pub fn stage_title(lang: Language, number: u32) -> String {
    match lang {
        Language::Japanese => format!("ステージ {number}"),
        Language::English => format!("Stage {number}"),
    }
}

pub fn buttons(lang: Language, count: u32) -> String {
    match lang {
        Language::Japanese => format!("ボタン {count}個"),
        Language::English => format!("{count} buttons"),
    }
}

/// A ladder tile's record: wins, losses, and whether the first match's turn order was right.
pub fn stage_record(lang: Language, wins: u64, losses: u64, first_right: Option<bool>) -> String {
    let first = match (lang, first_right) {
        (_, None) => "",
        (Language::Japanese, Some(true)) => "・はじめ ○",
        (Language::Japanese, Some(false)) => "・はじめ ×",
        (Language::English, Some(true)) => ", first choice right",
        (Language::English, Some(false)) => ", first choice wrong",
    };
    match lang {
        Language::Japanese => format!("かち {wins}　まけ {losses}{first}"),
        Language::English => format!("{wins} W {losses} L{first}"),
    }
}

/// The ladder's statistics line: stages cleared and how often the turn order chosen was right.
pub fn ladder_stats(lang: Language, cleared: usize, right: u64, matches: u64) -> String {
    let rate = (matches > 0).then(|| (right as f64 * 100.0 / matches as f64).round());
    match (lang, rate) {
        (Language::Japanese, Some(rate)) => {
            format!(
                "クリアしたステージ {cleared}　先手・後手のえらびが正しかった割合 {rate}%（{right}/{matches}）"
            )
        }
        (Language::Japanese, None) => format!("クリアしたステージ {cleared}"),
        (Language::English, Some(rate)) => {
            format!("Stages cleared: {cleared}   Right turn-order choices: {rate}% ({right}/{matches})")
        }
        (Language::English, None) => format!("Stages cleared: {cleared}"),
    }
}

pub fn per_turn(lang: Language, picks_set: &PickSet) -> String {
    let range = picks(lang, picks_set);
    match lang {
        Language::Japanese => format!("1回に {range}個"),
        Language::English => format!("{range} per turn"),
    }
}

pub fn stage_rules(lang: Language, buttons: u32, picks_set: &PickSet) -> String {
    let range = picks(lang, picks_set);
    match lang {
        Language::Japanese => format!(
            "ボタンは {buttons}個。交互に、1回に {range}個ずつ押します。さいごのボタンを押したほうが負けです。"
        ),
        Language::English => format!(
            "{buttons} buttons. Take turns pressing {range} of them at a time. Whoever presses the last button loses."
        ),
    }
}

pub fn selected(lang: Language, count: usize, picks_set: &PickSet) -> String {
    let range = picks(lang, picks_set);
    match lang {
        Language::Japanese => format!("えらんだ数 {count}（{range}個まで）"),
        Language::English => format!("Selected {count} of {range}"),
    }
}

pub fn forced(lang: Language, left: u32, min: u32) -> String {
    match lang {
        Language::Japanese => format!("のこりが{min}個より少ないので、{left}個ぜんぶ押すしかありません。"),
        Language::English => format!("Fewer than {min} left: you must press all {left}."),
    }
}

pub fn turn_line(lang: Language, com: bool, count: u32, left: u32) -> String {
    match (lang, com) {
        (Language::Japanese, false) => format!("あなた　{count}個 → のこり {left}"),
        (Language::Japanese, true) => format!("COM　{count}個 → のこり {left}"),
        (Language::English, false) => format!("You  {count} → {left} left"),
        (Language::English, true) => format!("COM  {count} → {left} left"),
    }
}

pub fn won_text(lang: Language, stage: u32) -> String {
    match lang {
        Language::Japanese => {
            format!(
                "COMは一度もまちがえませんでしたが、あなたもまちがえませんでした。ステージ {} がひらきました。",
                stage + 1
            )
        }
        Language::English => {
            format!("The COM made no mistake, and neither did you. Stage {} is open.", stage + 1)
        }
    }
}

pub fn turn_order(lang: Language, order: TurnOrder) -> &'static str {
    match order {
        TurnOrder::First => T::First.get(lang),
        TurnOrder::Second => T::Second.get(lang),
    }
}

/// The rule in words: "r mod 7 ∈ {1, 2}" becomes "7で割ったあまりが 1 か 2".
pub fn rule_in_words(lang: Language, rule: &Rule) -> String {
    let residues: Vec<String> = rule.residues.iter().map(u32::to_string).collect();
    let period = rule.period;
    let mut words = match lang {
        Language::Japanese => format!("のこりの数を {period} で割ったあまりが {}", residues.join(" か ")),
        Language::English => {
            format!("the number left, divided by {period}, leaves remainder {}", residues.join(" or "))
        }
    };
    if rule.pre_period > 0 {
        let early: Vec<String> = rule.early_losing.iter().map(u32::to_string).collect();
        let early = if early.is_empty() { "-".to_string() } else { early.join(", ") };
        words += &match lang {
            Language::Japanese => format!("（ただし {} 以下では {} だけ）", rule.pre_period, early),
            Language::English => format!(" (but up to {}, only {})", rule.pre_period, early),
        };
    }
    words
}

/// Why a number loses, e.g. "8 mod 7 = 1"; empty before the repeating part starts.
pub fn why_losing(rule: &Rule, number: u32) -> String {
    if number > rule.pre_period && rule.period > 0 {
        format!("{number} mod {} = {}", rule.period, number % rule.period)
    } else {
        String::new()
    }
}

/// The lesson after a loss (SPEC §1.5): the exact mistake and what would have been right.
pub fn mistake(lang: Language, mistake: &Mistake, rule: &Rule, human_move: usize) -> String {
    match mistake {
        Mistake::TurnOrder { chosen, right, buttons } => {
            // English says "choosing second instead of first" in lower case.
            let (chosen, right) = match lang {
                Language::Japanese => (turn_order(lang, *chosen), turn_order(lang, *right)),
                Language::English => (chosen.as_str(), right.as_str()),
            };
            let why = why_losing(rule, *buttons);
            let losing = rule.is_losing(*buttons);
            match (lang, losing) {
                (Language::Japanese, true) => format!(
                    "まちがいは手番えらびでした。{buttons} は負けの数（{why}）なので、先に押すほうが負けます。{chosen}ではなく{right}をえらべば勝てました。"
                ),
                (Language::Japanese, false) => format!(
                    "まちがいは手番えらびでした。{buttons} は負けの数ではないので、先に押して相手に負けの数をのこせます。{chosen}ではなく{right}をえらべば勝てました。"
                ),
                (Language::English, true) => format!(
                    "The mistake was the turn order. {buttons} is a losing number ({why}), so whoever moves first loses. Choosing {right} instead of {chosen} would have won."
                ),
                (Language::English, false) => format!(
                    "The mistake was the turn order. {buttons} is not a losing number, so the first player can leave a losing number for the other. Choosing {right} instead of {chosen} would have won."
                ),
            }
        }
        Mistake::Move { remaining_before, pressed, right_counts, .. } => {
            let left = remaining_before - pressed;
            let options: Vec<String> = right_counts
                .iter()
                .map(|&k| {
                    let leave = remaining_before - k;
                    let why = why_losing(rule, leave);
                    let why = if why.is_empty() { String::new() } else { format!("（{why}）") };
                    match lang {
                        Language::Japanese => format!("{k}個押して {leave}{why} をのこす"),
                        Language::English => format!(
                            "press {k} to leave {leave}{}",
                            why.replace('（', " (").replace('）', ")")
                        ),
                    }
                })
                .collect();
            match lang {
                Language::Japanese => format!(
                    "あなたの{human_move}手目：のこり {remaining_before} で {pressed}個押して {left} をのこしたので、COMが勝てる数になりました。正しくは、{}。",
                    options.join("、または ")
                ),
                Language::English => format!(
                    "Your move {human_move}: with {remaining_before} left you pressed {pressed}, leaving {left}, a winning number for the COM. Right was: {}.",
                    options.join(", or ")
                ),
            }
        }
    }
}

pub fn losing_numbers_line(numbers: &[u32]) -> String {
    let mut line: Vec<String> = numbers.iter().map(u32::to_string).collect();
    line.push("…".to_string());
    line.join(", ")
}

pub fn strategy_heading(lang: Language, picks_set: &PickSet) -> String {
    let range = picks(lang, picks_set);
    match lang {
        Language::Japanese => format!("1回に {range}個 押せるときの必勝法"),
        Language::English => format!("How to win when you may press {range} per turn"),
    }
}

pub fn start_count(lang: Language, buttons: u32, losing: bool, right: TurnOrder) -> String {
    let right = turn_order(lang, right);
    match (lang, losing) {
        (Language::Japanese, true) => format!("ボタン {buttons}個 は負けの数。だから{right}が勝ちます。"),
        (Language::Japanese, false) => {
            format!("ボタン {buttons}個 は負けの数ではありません。だから{right}が勝ちます。")
        }
        (Language::English, true) => format!("{buttons} buttons is a losing number, so {right} wins."),
        (Language::English, false) => format!("{buttons} buttons is not a losing number, so {right} wins."),
    }
}

pub fn save_repaired(lang: Language, problems: usize, path: &str) -> String {
    match lang {
        Language::Japanese => {
            format!(
                "セーブデータのおかしな部分（{problems}か所）をなおして、のこりはそのまま使います。もとのファイルは残してあります：{path}"
            )
        }
        Language::English => format!(
            "The save file had {problems} entries the game never writes; they were left out or corrected and the rest was kept. The file as it was is kept as {path}."
        ),
    }
}

pub fn save_set_aside(lang: Language, path: &str) -> String {
    match lang {
        Language::Japanese => {
            format!("セーブデータが読めなかったので、そのまま別の名前で残して、新しく始めました：{path}")
        }
        Language::English => {
            format!("The save file could not be read. It was kept as {path} and a fresh save started.")
        }
    }
}

/// Screenshot mode only looks at the save: a file that needed repair was repaired in memory.
pub fn save_looked_at_repaired(lang: Language, problems: usize) -> String {
    match lang {
        Language::Japanese => format!(
            "セーブデータのおかしな部分（{problems}か所）を、今回だけなおして使います。ファイルはそのままで、今回は記録しません。"
        ),
        Language::English => format!(
            "The save file has {problems} entries the game never writes; they are left out for this session only. The file is left as it is and this session does not save."
        ),
    }
}

/// Screenshot mode only looks at the save: a file that could not be read was left as it is.
pub fn save_looked_at_unreadable(lang: Language) -> String {
    match lang {
        Language::Japanese => {
            "セーブデータが読めなかったので、新しく始めます。ファイルはそのままで、今回は記録しません。".to_string()
        }
        Language::English => {
            "The save file could not be read, so this session starts fresh. The file is left as it is and this session does not save.".to_string()
        }
    }
}

pub fn save_failed(lang: Language, error: &str) -> String {
    match lang {
        Language::Japanese => format!("セーブできませんでした：{error}"),
        Language::English => format!("Could not save: {error}"),
    }
}

// Free play: the strings with numbers of the free-play setup, the practice hint and the free
// result (their fixed strings are the `T::Free…` keys).

/// The setup in one line: "ボタン 30個・1回に 1・3・4個".
pub fn free_summary(lang: Language, buttons_count: u32, picks_set: &PickSet) -> String {
    let separator = match lang {
        Language::Japanese => "・",
        Language::English => ", ",
    };
    format!("{}{separator}{}", buttons(lang, buttons_count), per_turn(lang, picks_set))
}

/// Why the setup cannot be started.
pub fn free_error(lang: Language, error: &FreeError) -> String {
    match (lang, error) {
        (Language::Japanese, FreeError::Buttons(_)) => {
            format!("ボタンの数は {MIN_BUTTONS}〜{MAX_BUTTONS} にしてください。")
        }
        (Language::English, FreeError::Buttons(_)) => {
            format!("The number of buttons must be from {MIN_BUTTONS} to {MAX_BUTTONS}.")
        }
        (Language::Japanese, FreeError::Count(_)) => format!("押せる数は 1〜{MAX_FREE_PICK} です。"),
        (Language::English, FreeError::Count(_)) => format!("The counts must be from 1 to {MAX_FREE_PICK}."),
        (Language::Japanese, FreeError::MinAboveMax { .. }) => {
            "最小が最大より大きくなっています。".to_string()
        }
        (Language::English, FreeError::MinAboveMax { .. }) => "Min must not be above max.".to_string(),
        (Language::Japanese, FreeError::NoCounts) => "押せる数を1つ以上えらんでください。".to_string(),
        (Language::English, FreeError::NoCounts) => "Choose at least one count.".to_string(),
        (Language::Japanese, FreeError::MinAboveButtons { min, buttons }) => format!(
            "いちばん小さい数（{min}）がボタンの数（{buttons}）より多いので、先に押す人がぜんぶ押すしかありません。"
        ),
        (Language::English, FreeError::MinAboveButtons { min, buttons }) => format!(
            "The smallest count ({min}) is more than the buttons ({buttons}): the first player would have to press them all."
        ),
    }
}

/// The practice hint for the number the player faces.
pub fn practice_hint(lang: Language, hint: &Hint) -> String {
    let left = hint.remaining;
    if hint.losing {
        return match lang {
            Language::Japanese => {
                format!("練習：のこり {left} は負けの数。どう押しても、COMがまちがえないかぎり負けです。")
            }
            Language::English => {
                format!(
                    "Practice: {left} left is a losing number: whatever you press, you lose unless the COM errs."
                )
            }
        };
    }
    let leaves: Vec<String> = hint.winning_counts.iter().map(|k| (left - k).to_string()).collect();
    let counts: Vec<String> = hint.winning_counts.iter().map(u32::to_string).collect();
    match lang {
        Language::Japanese => format!(
            "練習：のこり {left} は勝ちの数。勝てる押し方：{}個（のこり {} は負けの数）",
            counts.join("個、"),
            leaves.join("、")
        ),
        Language::English => format!(
            "Practice: {left} left is a winning number. Winning counts: {} (leaving {}, a losing number).",
            counts.join(", "),
            leaves.join(" or ")
        ),
    }
}

/// Where the pattern of losing numbers starts, when it does not start at once.
pub fn pre_period(lang: Language, rule: &Rule) -> Option<String> {
    if rule.pre_period == 0 {
        return None;
    }
    let early: Vec<String> = rule.early_losing.iter().map(u32::to_string).collect();
    let start = rule.pre_period + 1;
    Some(match (lang, early.is_empty()) {
        (Language::Japanese, false) => {
            format!("くりかえしは {start} から。その前の負けの数は {} だけ（表の枠）。", early.join(", "))
        }
        (Language::Japanese, true) => {
            format!("くりかえしは {start} から。その前（表の枠）に負けの数はありません。")
        }
        (Language::English, false) => {
            format!(
                "The pattern starts at {start}; before it (framed) the losing numbers are only {}.",
                early.join(", ")
            )
        }
        (Language::English, true) => {
            format!("The pattern starts at {start}; before it (framed) no number loses.")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pokopoko::PickSet;

    #[test]
    fn the_lesson_names_the_number_to_leave() {
        let picks = PickSet::range(2, 5).unwrap();
        let rule = Rule::derive(&picks);
        let lesson = Mistake::Move { turn: 2, remaining_before: 12, pressed: 2, right_counts: vec![3, 4] };
        let en = mistake(Language::English, &lesson, &rule, 2);
        assert!(en.contains("press 4 to leave 8 (8 mod 7 = 1)"), "{en}");
    }
}
