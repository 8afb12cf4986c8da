//! Every string on screen, in Japanese and English: one table for the whole app.
//!
//! Fixed strings are [`T`] keys; strings with numbers in them are the functions below (the
//! subtraction game's), in [`snaky`] (the Snaky screens') and in [`checks`] (the certificate
//! checks, translated from the engine's data). The font in `assets/fonts/` is subset to the
//! characters of `src/app/` (see `assets/fonts/subset.sh`), and a test checks that every
//! character here is in the font: after adding a string, run the script.

use bevy::prelude::*;

use crate::app::pokopoko::table::RefusalReason;
use crate::pokopoko::free::{MAX_BUTTONS, MAX_FREE_PICK, MIN_BUTTONS};
use crate::pokopoko::layout::LayoutError;
use crate::pokopoko::rules::RulesError;
use crate::pokopoko::{FreeError, Hint, LadderError, Mistake, PickSet, Rule, StageProblem, TurnOrder};
pub use crate::save::Language;

pub mod checks;
pub mod learn;
pub mod maker;
pub mod practice;
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
    QuitAgain,
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
    AtTheTable,
    ChooseCount,
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
    SnakyMouse,
    Reviewing,
    CardBrowserShort,
    BaseCard,
    SqueezeTable,
    SqueezeHeader,
    BlindNoCards,
    Heat,
    Hint,
    Blind,
    SnakyYourTurn,
    MakerWon,
    PlayTab,
    AnalysisTab,
    HowToPlay,
    Lesson,
    LessonHelp,
    NoLine,
    NoLaterCostly,
    NoEarlierCostly,
    LessonAfterGame,
    InLesson,
    CloseLesson,
    LineFirst,
    LineLast,
    SnakyGoalHelp,
    AnalysisHelp,
    /// Under the Analysis tab's help while a game is played: its marks count as help.
    AssistNote,
    CardLegend,
    BlindHidden,
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
    Refused,
    NothingToUndo,
    AlreadyLive,
    ChooseComputer,
    /// A computer Breaker chosen once Maker has won: the game is over.
    HandAfterEnd,
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
    FreeToSetup,
    FreePlayAgain,
    FreeWon,
    FreeNoLadder,
}

impl T {
    pub fn get(self, lang: Language) -> &'static str {
        let (ja, en) = self.both();
        match lang {
            Language::Japanese => ja,
            Language::English => en,
        }
    }

    /// The Japanese and the English text, side by side.
    fn both(self) -> (&'static str, &'static str) {
        match self {
            T::Title => ("無限ぽこぽこ", "Infinite Pokopoko"),
            T::Subtitle => ("さいごのボタンを押したほうが負け", "Whoever presses the last button loses"),
            T::MenuPlay => ("無限ぽこぽこ であそぶ", "Play Infinite Pokopoko"),
            T::MenuSnaky => ("Snaky であそぶ", "Play Snaky"),
            T::QuitAgain => ("もう一度Escで、ゲームをおわります。", "Esc again to quit the game."),
            T::MenuCards => ("Snaky のカード図鑑", "Snaky card browser"),
            T::MenuAbout => ("このゲームについて", "About"),
            T::MenuQuit => ("おわる", "Quit"),
            T::LanguageLabel => ("ことば", "Language"),
            T::SoundLabel => ("おと", "Sound"),
            T::Mute => ("ミュート (M)", "Mute (M)"),
            T::Back => ("もどる", "Back"),
            T::StagesTitle => ("ステージ", "Stages"),
            T::StagesHint => (
                "ステージをクリアすると、つぎのステージがひらきます。",
                "Clear a stage to open the next one.",
            ),
            T::Cleared => ("クリア", "Cleared"),
            T::NextUp => ("つぎはここ", "Next"),
            T::Locked => ("まだ", "Locked"),
            T::EndlessFromHere => ("ここから先は無限につづきます", "From here on, the stages never end"),
            T::ChooseOrder => ("先手と後手、どちらにしますか？", "Do you want to move first or second?"),
            T::First => ("先手", "First"),
            T::Second => ("後手", "Second"),
            T::FirstHint => ("あなたが先に押す", "You press first"),
            T::SecondHint => ("COMが先に押す", "The COM presses first"),
            T::Strategy => ("必勝法", "Strategy"),
            T::YourTurn => ("あなたの番", "Your turn"),
            T::ComTurn => ("COMの番", "COM's turn"),
            T::ComThinking => ("COMが押しています…", "The COM is pressing…"),
            T::Remaining => ("のこり", "Left"),
            T::Confirm => ("これで押す！", "Press them!"),
            T::ClearSelection => ("えらびなおす", "Clear selection"),
            T::YouFirst => ("あなたは先手", "You move first"),
            T::YouSecond => ("あなたは後手", "You move second"),
            T::History => ("これまで", "So far"),
            T::NoMovesYet => ("まだだれも押していません", "Nobody has pressed yet"),
            T::Won => ("クリア！", "Cleared!"),
            T::Lost => ("ざんねん…", "You lost…"),
            T::NextStage => ("つぎのステージへ", "Next stage"),
            T::RetryStart => ("さいしょからやりなおす", "Retry from the start"),
            T::RetryFromMove => ("その手からやりなおす", "Retry from that move"),
            T::ToStages => ("ステージ一覧", "Stage list"),
            T::SeeStrategy => ("必勝法を見る", "See the strategy"),
            T::SpoilerTitle => ("ネタバレ注意！", "Spoiler!"),
            T::SpoilerWarning => (
                "このページには勝ち方の答えが書いてあります。自分で見つけたい人は、まだ見ないでください。",
                "This page gives away how to win. If you want to find the rule yourself, don't look yet.",
            ),
            T::Reveal => ("それでも見る", "Show me anyway"),
            T::LosingNumbersTitle => ("負けの数", "Losing numbers"),
            T::LosingNumbersHelp => (
                "自分の番にこの数だけのこっていたら、相手がまちがえないかぎり負けです。",
                "If this many are left on your turn, you lose unless your opponent makes a mistake.",
            ),
            T::RuleTitle => ("きまり", "The rule"),
            T::AtTheTable => ("勝ち方", "How to win"),
            T::ChooseCount => ("押す数をえらぶ", "How many to press"),
            T::HowToWin => (
                "相手の番に、いつも負けの数をのこしましょう。はじめの数が負けの数なら後手、そうでなければ先手をえらびます。",
                "Always leave a losing number on your opponent's turn. If the starting count is a losing number, choose second; otherwise choose first.",
            ),
            T::AboutTitle => ("このゲームについて", "About"),
            T::AboutGame => (
                "無限ぽこぽこは、ボタンを交互に押していくゲームです。1回に押せる数はステージごとに決まっていて、さいごのボタンを押したほうが負けです。どのボタンを押すかは関係なく、のこりの数だけが大事です。",
                "Infinite Pokopoko is a game of pressing buttons in turns. Each stage says how many buttons you may press per turn, and whoever presses the last button loses. Which buttons you press does not matter; only how many are left.",
            ),
            T::AboutCom => (
                "COMはけっしてまちがえません。負けたときは、かならずあなたのどこかの手がまちがいです。負けると、どの手がまちがいで、どうすればよかったかを教えます。",
                "The COM never makes a mistake, so every loss is one of your own moves. After a loss the game shows you exactly which move it was and what would have been right.",
            ),
            T::AboutSnaky => (
                "Snaky：COMが作り手（Maker）、あなたが壊し手（Breaker）の Maker-Breaker ゲームです。作り手は論文「Snaky in 21 Maker moves」の証明書のとおりに打ち、どんな壊し手にも21手以内に Snaky を完成させます。このゲームの探索が見つけた自作の証明書なら20手以内、もう1つは19手以内です（Snaky の画面でえらべます。19手の作り手はほかに知られていません）。3つの証明書を、下でチェックできます。",
                "Snaky: a Maker-Breaker game where the COM is Maker and you are Breaker. Maker plays the certificate of the paper \"Snaky in 21 Maker moves\" literally and completes Snaky within 21 moves against every Breaker; with ours, found by this game's own search, within 20, or within 19 (choose on the Snaky screen; no other 19-move Maker is known). Below you can check all three certificates.",
            ),
            T::AboutFont => (
                "フォント：Quicksand（SIL Open Font License 1.1）、モトヤLマルベリ（Apache License 2.0）",
                "Fonts: Quicksand (SIL Open Font License 1.1), Motoya L Maruberi (Apache License 2.0)",
            ),
            T::AboutKeys => (
                "マウスでもキーボードでもあそべます。矢印キーでいどう、スペースでえらび、Enterで押します。",
                "Play with the mouse or the keyboard: arrow keys move, Space selects, Enter presses.",
            ),
            T::SaveNotSaving => (
                "セーブデータを別の名前で残すことができませんでした。こわさないように、今回は記録しません。",
                "The save file needed to be kept aside, but it could not be moved or copied. To keep it intact, this session will not save.",
            ),
            T::StageFileError => (
                "ステージファイルにまちがいがあるので、組み込みのステージを使います：",
                "The stage file has an error, so the built-in stages are used:",
            ),
            T::TheMistake => ("まちがいはここ", "The mistake"),
            T::SnakyTitle => ("Snaky", "Snaky"),
            T::MakerChoice => ("作り手：", "Maker:"),
            T::CardBrowser => ("カード図鑑", "Card browser"),
            T::SnakyMouse => {
                ("クリック：打つ　ドラッグ：移動　ホイール：拡大", "Click: claim   Drag: pan   Wheel: zoom")
            }
            T::Reviewing => ("ふりかえり中：", "Reviewing:"),
            T::InLesson => ("ふりかえりの学び：", "Lesson:"),
            T::CardBrowserShort => ("計画の図鑑 O", "All plans O"),
            T::BaseCard => (
                "基本カード：足りない1マスを打てば Snaky の完成です。",
                "A base card: the missing cell completes Snaky.",
            ),
            T::SqueezeTable => (
                "しめつけ表（子カードごと：A、|T|、高さ、枚数、共通部分に残るマス）",
                "Squeeze table (children by card: A, |T|, height, count, cells left in the common intersection)",
            ),
            T::SqueezeHeader => ("カード  A  |T|  高さ  枚数 → 残り", " card  A  |T|  h  count → left"),
            T::BlindNoCards => ("目かくし中はカードを見られません。", "No cards in blind mode."),
            T::Heat => ("ヒート H", "Heat H"),
            T::Hint => ("ヒント I", "Hint I"),
            T::Blind => ("目かくし対局（石だけ）B", "Blind game (stones only) B"),
            T::SnakyYourTurn => ("あなたの番：クリックか Enter で打つ", "Your turn: click a cell, or Enter"),
            T::MakerWon => ("作り手の勝ち：Snaky ができました", "Maker wins: Snaky is complete"),
            T::PlayTab => ("対局", "Play"),
            T::AnalysisTab => ("分析（Tab）", "Analysis (Tab)"),
            T::HowToPlay => ("遊び方", "How to play"),
            T::Lesson => (
                "学び：手をクリック（W：最大の失点。-n：その手で早まった作り手の手数）",
                "Lesson: click a move (W: the costliest; -n: the Maker moves it gave away)",
            ),
            T::LessonHelp => (
                "緑の枠：保証を保てた手。-の数：その手で早まった作り手の手数。",
                "Green squares: replies that kept the guarantee. -n: Maker moves your move gave away.",
            ),
            T::NoLine => (
                "この手は保証を下げていないので、見せる進行はありません。↑↓ で失点した手へ。",
                "This move lost nothing: there is no line to show. ↑ ↓ go to your costly moves.",
            ),
            T::NoLaterCostly => (
                "このあとに失点した手はありません。ほかの手は下の -n をクリック。",
                "No costly move after this one. Click a move's -n below for any other.",
            ),
            T::NoEarlierCostly => (
                "この前に失点した手はありません。ほかの手は下の -n をクリック。",
                "No costly move before this one. Click a move's -n below for any other.",
            ),
            T::LessonAfterGame => (
                "学び（W）は対局のあと、またはふりかえり（V）の中で開けます。",
                "The lesson (W) opens after the game, or while reviewing it (V).",
            ),
            T::CloseLesson => ("とじる Esc", "Close Esc"),
            T::LineFirst => ("最初", "Start"),
            T::LineLast => ("最後", "End"),
            T::SnakyGoalHelp => (
                "作り手は 6マスの「Snaky」（遊び方 G）を作ろうとし、最後には必ず勝ちます。できるだけ長く耐えましょう。保証＝見出しの、作り手が勝つ手数（下がるだけ）、パー＝はじめの保証。点線の枠＝作り手が打つ範囲（あなたはどこに打ってもかまいません）。",
                "Maker builds a Snaky, a 6-cell shape (How to play, G), and always wins: hold out as long as you can. Guarantee: the heading's move, by which Maker wins (it only goes down); par: the guarantee at the start. Dashed frame: where Maker plays; you may claim anywhere.",
            ),
            T::AnalysisHelp => (
                "作り手の証明は局面ごとの小さな計画（カード）でできています。計画＝いまの計画、あと何手＝それで勝つまで。空けるマス（青）：計画が空けておきたいマス。1つ取ると作り手は計画を変えます。使う石（金）：計画の石。次の手（赤）：作り手の次のマス。",
                "Maker's proof is a set of small plans (cards), one per position. Plan: the one it follows now; moves it needs: to win by it. Keep free (blue): cells the plan needs free; take one and Maker changes plan. Its stones (gold): the plan's. Next (red): Maker's next cell.",
            ),
            T::AssistNote => (
                "下のボタンで計画の印を盤に出せます。印が出ている間の手は助けありで、その対局は最高記録に数えません（消すか、対局ページへ）。",
                "The buttons below draw the plan's marks. Moves made while a mark shows are helped: the game does not count as your best (turn it off, or go back to Play).",
            ),
            T::CardLegend => (
                "h＝このカードから作り手が勝つまでの手数の上限。|A|＝必要な作り手の石の数。|T|＝空いていてほしいマスの数。子カード＝壊し手の手ごとに作り手が移るカード。s0+(4,3)＝対称変換 s0 のあと (4,3) ずらして置く。",
                "h: Maker wins within h moves from this card. |A|: Maker's stones it needs. |T|: cells that must stay free. Children: the card Maker moves to after each Breaker reply; s0+(4,3): turned by symmetry s0, then shifted by (4,3).",
            ),
            T::BlindHidden => ("目かくし中（保証は非表示）", "Blind: the guarantee is hidden"),
            T::Maker => ("作り手", "Maker"),
            T::Breaker => ("壊し手", "Breaker"),
            T::MakerMoves => ("作り手の手数", "Maker moves"),
            T::BreakerMoves => ("壊し手の手数", "Breaker moves"),
            T::ActiveCard => ("計画", "Plan"),
            T::Height => ("あと何手", "Moves it needs"),
            T::Envelope => ("空けるマス E", "Keep free E"),
            T::Required => ("使う石 A", "Its stones A"),
            T::Pivot => ("次の手 P", "Next P"),
            T::Undo => ("まった", "Undo"),
            T::Restart => ("はじめから", "Restart"),
            T::FarAway => ("パス（遠く）", "Pass (far away)"),
            T::Review => ("ふりかえり", "Review"),
            T::ResumeHere => ("ここから再開", "Resume here"),
            T::Computer => (
                "COMにまかせる（最強がいちばん長く耐えます）：",
                "Hand over to a computer (Perfect holds longest):",
            ),
            T::Step => ("1手", "Step"),
            T::Run => ("再生", "Run"),
            T::Pause => ("停止", "Pause"),
            T::TakeOver => ("自分で打つ", "Take over"),
            T::Record => ("棋譜", "Record"),
            T::Copy => ("コピー", "Copy"),
            T::Paste => ("貼り付け", "Paste"),
            T::Refused => ("そこには打てません", "You cannot play there"),
            T::NothingToUndo => ("まだ、もどせる手がありません。", "There is no move to undo yet."),
            T::AlreadyLive => ("いちばん新しい局面です。", "This is the latest position."),
            T::ChooseComputer => (
                "先にCOMの壊し手をえらんでください（キー1〜4）。",
                "Choose a computer Breaker first (keys 1-4).",
            ),
            T::HandAfterEnd => (
                "この対局は終わりました。R で新しい対局をはじめてから、COMの壊し手にまかせてください。",
                "This game is over: start a new one (R), then hand it to a computer Breaker.",
            ),
            T::ClipboardMissing => ("クリップボードが使えません。", "The clipboard is not available."),
            T::ClipboardEmpty => ("クリップボードに棋譜がありません。", "The clipboard holds no record."),
            T::EngineMissing => (
                "証明書を読み込めないので、Snaky はあそべません：",
                "The certificate could not be loaded, so Snaky cannot be played:",
            ),
            T::ChecksTitle => ("証明書のチェック", "Certificate checks"),
            T::ChecksIntro => (
                "作り手の戦略は証明書そのものです：論文の証明書（728枚のカード、21手）と、このゲームの探索が見つけた自作の証明書（804枚、20手と1,119枚、19手）。「チェックする」ボタンで、3つともこの場で確かめます。3つの手数は証明支援系 Coq でも、このファイルそのものから証明ずみです（ソースの proofs/）。",
                "Maker's strategy is a certificate itself: the paper's (728 cards, 21 moves) or ours, found by this game's own search (804 cards, 20 moves; 1,119 cards, 19 moves). \"Run the checks\" re-checks all three here. All three bounds are also proved in the Coq proof assistant from these very files (proofs/ in the source).",
            ),
            T::RunChecks => ("チェックする", "Run the checks"),
            T::ChecksRunning => ("チェック中…（数秒かかります）", "Checking… (takes a few seconds)"),
            T::ChecksFailed => ("不合格のチェックがあります：", "Some checks fail:"),
            T::Close => ("とじる", "Close"),
            T::Speed => ("速さ", "Speed"),
            T::MenuFree => ("フリープレイ", "Free play"),
            T::FreeTitle => ("フリープレイ", "Free play"),
            T::FreeIntro => (
                "ボタンの数と、1回に押せる数のきまりを自由にきめて、COMと対戦します。",
                "Choose any number of buttons and any rule for how many may be pressed, and play the COM.",
            ),
            T::FreeButtons => ("ボタンの数", "Buttons"),
            T::FreeRule => ("押せる数", "Per turn"),
            T::FreeRange => ("はんい（最小〜最大）", "A range (min-max)"),
            T::FreeSet => ("好きな数をえらぶ", "Any counts"),
            T::FreeMin => ("最小", "Min"),
            T::FreeMax => ("最大", "Max"),
            T::FreeCountsHelp => (
                "1回に押してよい数をクリックでえらびます（いくつでも）。",
                "Click the counts that may be pressed in one turn (as many as you like).",
            ),
            T::FreeOrder => ("手番", "Turn order"),
            T::FreePractice => ("練習モード", "Practice"),
            T::FreePracticeHelp => (
                "ONにすると、フリープレイ中だけ、のこりの数が負けの数かどうかと、勝てる押し方を表示します。",
                "When on, free play (only) shows whether the number you face is a losing one and which counts win.",
            ),
            T::FreeOn => ("ON", "ON"),
            T::FreeOff => ("OFF", "OFF"),
            T::FreeStart => ("はじめる", "Start"),
            T::FreeToSetup => ("設定にもどる", "Back to setup"),
            T::FreePlayAgain => ("もう一度", "Play again"),
            T::FreeWon => (
                "あなたは毎回COMに負けの数をのこしたので、COMはさいごのボタンを押すしかありませんでした。",
                "You left the COM a losing number every time, so it had to press the last button.",
            ),
            T::FreeNoLadder => (
                "フリープレイの勝ち負けは、ステージの記録には入りません。",
                "Free-play games never count for the stages.",
            ),
        }
    }
}

/// The colon between a label and what follows: full-width in Japanese, ": " in English.
pub fn colon(lang: Language) -> &'static str {
    match lang {
        Language::Japanese => "：",
        Language::English => ": ",
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
    // Two short lines, so that a tile never wraps them onto its border.
    let first = match (lang, first_right) {
        (_, None) => "",
        (Language::Japanese, Some(true)) => "\nはじめの手番：OK",
        (Language::Japanese, Some(false)) => "\nはじめの手番：ミス",
        (Language::English, Some(true)) => "\nfirst try: right order",
        (Language::English, Some(false)) => "\nfirst try: wrong order",
    };
    let plural =
        |count: u64, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    match lang {
        Language::Japanese => format!("かち {wins}　まけ {losses}{first}"),
        Language::English => {
            format!("{}, {}{first}", plural(wins, "win", "wins"), plural(losses, "loss", "losses"))
        }
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
    let min = picks_set.min();
    // The edge rule is a rule of the game, not a strategy: it belongs here.
    let edge = match (lang, min) {
        (_, 0 | 1) => String::new(),
        (Language::Japanese, _) => format!("のこりが {min}個以下なら、全部押すしかありません。"),
        (Language::English, _) => format!(" With {min} or fewer left, you must press them all."),
    };
    match lang {
        Language::Japanese => format!(
            "ボタンは {buttons}個。交互に、1回に {range}個ずつ押します。どのボタンを押してもかまいません（となりでなくても）。{edge}さいごのボタンを押したほうが負けです。"
        ),
        Language::English => format!(
            "{buttons} buttons. Take turns pressing {range} of them at a time: any buttons, next to each other or not.{edge} Whoever presses the last button loses."
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

/// Why a press or a selection was refused, in a few words.
pub fn refusal(lang: Language, reason: RefusalReason, picks_set: &PickSet) -> String {
    let allowed = match (lang, picks_set.is_range()) {
        (Language::Japanese, true) => format!("1回に {}個", picks(lang, picks_set)),
        (Language::Japanese, false) => format!("1回に {}個のどれか", picks(lang, picks_set)),
        (Language::English, true) => format!("{} per turn", picks(lang, picks_set)),
        (Language::English, false) => format!("{{{}}} only", picks(lang, picks_set)),
    };
    match (lang, reason) {
        (Language::Japanese, RefusalReason::LeaveAgain) => "もう一度Escで、この対戦をやめます。".into(),
        (Language::English, RefusalReason::LeaveAgain) => "Esc again to leave this match.".into(),
        (Language::Japanese, RefusalReason::NotYourTurn) => "いまはCOMの番です。".into(),
        (Language::English, RefusalReason::NotYourTurn) => "It is not your turn.".into(),
        (Language::Japanese, RefusalReason::Forced) => "のこりはぜんぶ押すしかありません。".into(),
        (Language::English, RefusalReason::Forced) => "You must press all that are left.".into(),
        (Language::Japanese, RefusalReason::AlreadyPressed) => "そのボタンはもう押されています。".into(),
        (Language::English, RefusalReason::AlreadyPressed) => "That button is pressed already.".into(),
        (Language::Japanese, RefusalReason::TooMany) => format!("それ以上はえらべません：{allowed}"),
        (Language::English, RefusalReason::TooMany) => format!("No more than that: {allowed}"),
        (Language::Japanese, RefusalReason::NotAllowed(count)) => format!("{count}個は押せません：{allowed}"),
        (Language::English, RefusalReason::NotAllowed(count)) => format!("Not {count}: {allowed}"),
        (Language::Japanese, RefusalReason::OnlyLeft(left)) => format!("のこりは{left}個だけです。"),
        (Language::English, RefusalReason::OnlyLeft(1)) => "Only 1 is left.".into(),
        (Language::English, RefusalReason::OnlyLeft(left)) => format!("Only {left} are left."),
        (Language::Japanese, RefusalReason::NothingSelected) => {
            format!("先にボタンをえらんでください：{allowed}")
        }
        (Language::English, RefusalReason::NothingSelected) => format!("Select buttons first: {allowed}"),
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

/// A gap in a summarised list of turns: how many are left out.
pub fn hidden_turns(lang: Language, hidden: usize) -> String {
    match (lang, hidden) {
        (Language::Japanese, _) => format!("…　{hidden}手　…"),
        (Language::English, 1) => "… 1 more turn …".to_string(),
        (Language::English, _) => format!("… {hidden} more turns …"),
    }
}

/// Older turns left off the play panel's list.
pub fn earlier_turns(lang: Language, hidden: usize) -> String {
    match (lang, hidden) {
        (Language::Japanese, _) => format!("…（前の {hidden}手）"),
        (Language::English, 1) => "… (1 earlier turn)".to_string(),
        (Language::English, _) => format!("… ({hidden} earlier turns)"),
    }
}

pub fn won_text(lang: Language, stage: u32) -> String {
    match lang {
        Language::Japanese => {
            format!(
                "あなたは毎回COMに負けの数をのこしたので、COMはさいごのボタンを押すしかありませんでした。ステージ {} がひらきました。",
                stage + 1
            )
        }
        Language::English => {
            format!(
                "You left the COM a losing number every time, so it had to press the last button. Stage {} is open.",
                stage + 1
            )
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

/// The pairing, the one idea to use at the table: after the other player presses k, press
/// `sum` − k; the count left stays on a losing number.
pub fn pairing(lang: Language, sum: u32) -> String {
    match lang {
        Language::Japanese => format!(
            "ペアの法則：相手が k個押したら、あなたは {sum}\u{a0}-\u{a0}k個押します。ふたりで合わせて {sum}個ずつ減るので、負けの数をのこしたあとは、また負けの数をのこせます。"
        ),
        Language::English => format!(
            "The pairing: when the other player presses k, you press {sum}\u{a0}-\u{a0}k. Together you take {sum} each round, so once you have left a losing number, you can leave one again every turn."
        ),
    }
}

/// One pair of the pairing: the other player's press and the answer.
pub fn pair(lang: Language, press: u32, answer: u32) -> String {
    match lang {
        Language::Japanese => format!("相手 {press} → あなた {answer}"),
        Language::English => format!("they {press} → you {answer}"),
    }
}

/// The pick set has no single answer sum: what carries over instead.
pub fn no_pairing(lang: Language, picks: &PickSet) -> String {
    match lang {
        Language::Japanese => format!(
            "{picks} には、いつも使える「合わせていくつ」の数がありません。相手が押したら、そのたびに負けの数をのこす数だけ押しましょう（上の表）。"
        ),
        Language::English => format!(
            "{picks} has no single answer that works after every press. After each press of the other player, press whatever leaves a losing number (the table above)."
        ),
    }
}

/// The edge rule: with `min` or fewer left, the only move is to press them all — the last one
/// too — which is why 1 to `min` are losing numbers.
pub fn edge_rule(lang: Language, min: u32) -> String {
    let upto = match (lang, min) {
        (Language::Japanese, 2) => "1 と 2".to_string(),
        (Language::Japanese, _) => format!("1〜{min}"),
        (Language::English, 2) => "1 and 2".to_string(),
        (Language::English, _) => format!("1 to {min}"),
    };
    match (lang, min) {
        (Language::Japanese, 1) => {
            "はしの決まり：のこり 1個で自分の番なら、それを押すしかなく負けです。だから 1 は負けの数です。".to_string()
        }
        (Language::Japanese, _) => format!(
            "はしの決まり：のこりが {min}個以下なら、全部押すしかなく、さいごのボタンも押してしまいます。だから {upto} は負けの数です。"
        ),
        (Language::English, 1) => {
            "The edge rule: with 1 left on your turn you must press it, and lose. That is why 1 is a losing number.".to_string()
        }
        (Language::English, _) => format!(
            "The edge rule: with {min} or fewer left you must press them all, the last one too. That is why {upto} are losing numbers."
        ),
    }
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
///
/// `rule` is the strategy page's rule once the player has revealed that page; until then the
/// lesson names the mistake and the right move without the rule (no spoiler).
pub fn mistake(lang: Language, mistake: &Mistake, rule: Option<&Rule>, human_move: usize) -> String {
    let Some(rule) = rule else { return mistake_without_rule(lang, mistake, human_move) };
    match mistake {
        Mistake::TurnOrder { chosen, right, buttons } => {
            let (chosen, right) = turn_orders(lang, *chosen, *right);
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
            match (lang, left) {
                (_, 0) => pressed_the_last(lang, human_move, *remaining_before, &options),
                (Language::Japanese, _) => format!(
                    "あなたの{human_move}手目：のこり {remaining_before} で {pressed}個押して {left} をのこしたので、COMが勝てる数になりました。正しくは、{}。",
                    options.join("、または ")
                ),
                (Language::English, _) => format!(
                    "Your move {human_move}: with {remaining_before} left you pressed {pressed}, leaving {left}, a winning number for the COM. Right was: {}.",
                    options.join(", or ")
                ),
            }
        }
    }
}

/// The turn orders of a wrong choice, as the lesson says them (English in lower case:
/// "choosing second instead of first").
fn turn_orders(lang: Language, chosen: TurnOrder, right: TurnOrder) -> (&'static str, &'static str) {
    match lang {
        Language::Japanese => (turn_order(lang, chosen), turn_order(lang, right)),
        Language::English => (chosen.as_str(), right.as_str()),
    }
}

/// The lesson before the strategy page is revealed: what was wrong and what was right, not why.
fn mistake_without_rule(lang: Language, mistake: &Mistake, human_move: usize) -> String {
    match mistake {
        Mistake::TurnOrder { chosen, right, .. } => {
            let (chosen, right) = turn_orders(lang, *chosen, *right);
            match lang {
                Language::Japanese => format!(
                    "まちがいは手番えらびでした。{chosen}ではなく{right}をえらべば勝てました。なぜかは「必勝法」のページにあります。"
                ),
                Language::English => format!(
                    "The mistake was the turn order: choosing {right} instead of {chosen} would have won. The strategy page tells why."
                ),
            }
        }
        Mistake::Move { remaining_before, pressed, right_counts, .. } => {
            let left = remaining_before - pressed;
            let options: Vec<String> = right_counts
                .iter()
                .map(|&k| match lang {
                    Language::Japanese => format!("{k}個押して {} をのこす", remaining_before - k),
                    Language::English => format!("press {k} to leave {}", remaining_before - k),
                })
                .collect();
            match (lang, left) {
                (_, 0) => pressed_the_last(lang, human_move, *remaining_before, &options),
                (Language::Japanese, _) => format!(
                    "あなたの{human_move}手目：のこり {remaining_before} で {pressed}個押して {left} をのこしたので、COMが勝てるようになりました。正しくは、{}。",
                    options.join("、または ")
                ),
                (Language::English, _) => format!(
                    "Your move {human_move}: with {remaining_before} left you pressed {pressed}, leaving {left}; from there the COM could win. Right was: {}.",
                    options.join(", or ")
                ),
            }
        }
    }
}

/// The lesson's line when the player's mistake was pressing every button left: they pressed the
/// last one themselves, which is what loses.
fn pressed_the_last(lang: Language, human_move: usize, remaining_before: u32, options: &[String]) -> String {
    match lang {
        Language::Japanese => format!(
            "あなたの{human_move}手目：のこり {remaining_before} をぜんぶ押したので、最後のボタンを押したのはあなたでした（最後を押すと負け）。正しくは、{}。",
            options.join("、または ")
        ),
        Language::English => format!(
            "Your move {human_move}: with {remaining_before} left you pressed all {remaining_before}, so you pressed the last button, which loses. Right was: {}.",
            options.join(", or ")
        ),
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

/// A stage file's error, where it is and what rule it breaks, in the player's language (the
/// engine's own message is English).
pub fn ladder_error(lang: Language, error: &LadderError) -> String {
    if lang == Language::English {
        return error.to_string();
    }
    match error {
        LadderError::Io { origin, message } => format!("{origin}：読めません（{message}）"),
        LadderError::Syntax { origin, line, col, message } => {
            format!("{origin}:{line}:{col}：書きかたがまちがっています（{message}）")
        }
        LadderError::Empty { origin, line, col } => {
            format!("{origin}:{line}:{col}：ステージがひとつもありません")
        }
        LadderError::Invalid { origin, line, col, stage, problem } => {
            format!("{origin}:{line}:{col}：ステージ {stage}：{}", stage_problem(problem))
        }
        LadderError::TooManyStages { origin, line, col, limit } => {
            format!("{origin}:{line}:{col}：ステージは {limit}個までです")
        }
    }
}

fn stage_problem(problem: &StageProblem) -> String {
    match problem {
        StageProblem::Numbering { expected, found } => {
            format!("ステージ番号は 1, 2, 3, … の順です（{expected} のはずが {found}）")
        }
        StageProblem::BeyondLastStage { limit } => format!("ステージは {limit} までです"),
        StageProblem::NoButtons => "ボタンが 1個もありません".into(),
        StageProblem::TooManyButtons { buttons, limit } => {
            format!("ボタンは {limit}個までです（{buttons}個）")
        }
        StageProblem::PickTooLarge { max, limit } => {
            format!("1回に押せる数は {limit}個までです（max = {max}）")
        }
        StageProblem::Picks(RulesError::ZeroPick(min)) => {
            format!("いちばん少ない数は 1 以上です（min = {min}）")
        }
        StageProblem::Picks(RulesError::MinAboveMax { min, max }) => {
            format!("min が max より大きくなっています（min = {min}, max = {max}）")
        }
        StageProblem::Picks(RulesError::Empty) => "押せる数がひとつもありません".into(),
        StageProblem::Picks(RulesError::PickTooLarge { count, limit }) => {
            format!("1回に押せる数は {limit}個までです（{count}）")
        }
        StageProblem::MinAboveButtons { min, buttons } => {
            format!("いちばん少ない数（{min}）がボタンの数（{buttons}）より多くなっています")
        }
        StageProblem::Layout(LayoutError::NoRows) => "ならびかたに行がありません".into(),
        StageProblem::Layout(LayoutError::RaggedRow { row, len, expected }) => {
            format!("{row}行目は {len}マスですが、1行目は {expected}マスです（どの行も同じ長さにします）")
        }
        StageProblem::Layout(LayoutError::BadChar { row, col, found }) => format!(
            "{row}行目 {col}列目：使えない文字 {}（ボタンは 'o'、空きは '.'）",
            crate::escape::shown(&found.to_string())
        ),
        StageProblem::CountMismatch { buttons, cells } => {
            format!("ならびかたのボタンは {cells}個ですが、ステージは {buttons}個としています")
        }
        StageProblem::NotConnected => {
            "ボタンがつながっていません（どのボタンも辺でとなりのボタンにふれます）".into()
        }
        StageProblem::NotRectangle => "長方形のステージは、すべてのマスにボタンが必要です".into(),
        StageProblem::NoCentre => {
            "島のステージは、はばと高さが偶数で、まんなかの 2×2 マスにボタンが必要です".into()
        }
        StageProblem::GridTooLarge { width, height, buttons } => {
            format!("ならびかたが {width}×{height} マスで、ボタン {buttons}個には大きすぎます")
        }
        StageProblem::GridTooNarrow { width, height } => {
            format!("ならびかたが {width}×{height} マスで、細長すぎます")
        }
    }
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
        let en = mistake(Language::English, &lesson, Some(&rule), 2);
        assert!(en.contains("press 4 to leave 8 (8 mod 7 = 1)"), "{en}");
        // Without the rule (strategy not revealed): the same moves, no reason.
        let en = mistake(Language::English, &lesson, None, 2);
        assert!(en.contains("Right was: press 3 to leave 9, or press 4 to leave 8."), "{en}");
        assert!(!en.contains("mod"), "{en}");
    }

    #[test]
    fn pressing_every_button_left_is_named_as_pressing_the_last() {
        // 3 left under 1–3 (SPEC §1.2: 1 is the losing number): pressing all 3 loses at once;
        // pressing 2 leaves 1.
        let rule = Rule::derive(&PickSet::range(1, 3).unwrap());
        let lesson = Mistake::Move { turn: 4, remaining_before: 3, pressed: 3, right_counts: vec![2] };
        for shown in [Some(&rule), None] {
            let en = mistake(Language::English, &lesson, shown, 3);
            assert!(en.contains("you pressed all 3, so you pressed the last button, which loses"), "{en}");
            assert!(!en.contains("leaving 0") && !en.contains("could win"), "{en}");
            let ja = mistake(Language::Japanese, &lesson, shown, 3);
            assert!(ja.contains("最後のボタンを押したのはあなた"), "{ja}");
        }
    }

    #[test]
    fn the_edge_rule_counts_up_to_the_smallest_press() {
        assert!(edge_rule(Language::English, 1).contains("with 1 left"));
        assert!(edge_rule(Language::English, 2).contains("1 and 2 are losing numbers"));
        assert!(edge_rule(Language::English, 3).contains("with 3 or fewer left"));
        assert!(edge_rule(Language::Japanese, 3).contains("1〜3"));
    }
}
