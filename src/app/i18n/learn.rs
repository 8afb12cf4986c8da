//! The Snaky primer's strings ("How to play"): fixed ones as [`L`] keys, side by side, and the
//! ones with numbers in them as functions.

use crate::app::snaky::lesson::{Feedback, OPEN_FOUR_MOVES, OPENING_BOARDS, Step, Track};
use crate::app::snaky::model::maker::PAR;
use crate::save::Language;

fn pick(lang: Language, ja: &'static str, en: &'static str) -> &'static str {
    match lang {
        Language::Japanese => ja,
        Language::English => en,
    }
}

/// A fixed string of the primer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum L {
    Title,
    MenuEntry,
    Retry,
    NextStep,
    PlaySnaky,
    PlayAsMaker,
    Passed,
    NotPassedYet,
    Orientations,
    MakerLegend,
    BreakerLegend,
    SnakyLegend,
    ParTrack,
    /// The Maker steps' sides.
    YouMakerLegend,
    ComBreakerLegend,
    /// The switch to the Maker steps, and back.
    MakerSteps,
    BreakerSteps,
    /// The Maker screen's way to the Maker steps.
    HowMakerWins,
}

impl L {
    pub fn get(self, lang: Language) -> &'static str {
        let (ja, en) = match self {
            L::Title => ("Snaky のあそびかた", "How to play Snaky"),
            L::MenuEntry => ("Snaky のあそびかた", "How to play Snaky"),
            L::Retry => ("もういちど (R)", "Try again (R)"),
            L::NextStep => ("つぎへ (Enter)", "Next (Enter)"),
            L::PlaySnaky => ("Snaky であそぶ (Enter)", "Play Snaky (Enter)"),
            L::PlayAsMaker => ("作り手であそぶ (X)", "Play as Maker (X)"),
            L::Passed => ("合格", "passed"),
            L::NotPassedYet => ("まだ", "not yet"),
            L::Orientations => ("8つの向き（どれも Snaky）", "The 8 orientations (each one is a Snaky)"),
            L::MakerLegend => ("作り手（COM）", "Maker (COM)"),
            L::BreakerLegend => ("壊し手（あなた）", "Breaker (you)"),
            L::SnakyLegend => ("■ 完成した Snaky", "■ a whole Snaky"),
            L::ParTrack => ("作り手の手", "Maker's moves"),
            L::YouMakerLegend => ("作り手（あなた）", "Maker (you)"),
            L::ComBreakerLegend => ("壊し手（COM）", "Breaker (COM)"),
            L::MakerSteps => ("作り手の勝ち方 (L)", "How Maker wins (L)"),
            // Back where the player left them (newcomers #73, #75 and #76 expected new steps).
            L::BreakerSteps => ("壊し手のステップにもどる (B)", "Back to Breaker's steps (B)"),
            L::HowMakerWins => ("勝ち方 (G)", "How to win (G)"),
        };
        pick(lang, ja, en)
    }
}

/// The step's short name, on its button.
pub fn step_name(lang: Language, step: Step) -> &'static str {
    let (ja, en) = match step {
        Step::Shape => ("かたち", "The shape"),
        Step::Turns => ("手番", "Turns"),
        Step::Block => ("ふさぐ", "Block it"),
        Step::DoubleThreat => ("ダブルリーチ", "Double threat"),
        Step::Goal => ("めあて", "The goal"),
        Step::Threat => ("リーチ", "Threat"),
        Step::RowOfFive => ("五つ並び", "Row of five"),
        Step::OpenFour => ("四つ並び", "Open four"),
        Step::ThreatFirst => ("先にリーチ", "Threat first"),
        Step::Crossing => ("交わる形", "Crossing"),
        Step::Opening => ("序盤", "Opening"),
    };
    pick(lang, ja, en)
}

/// "Step 3 of 5: Block it".
pub fn step_heading(lang: Language, step: Step) -> String {
    let (n, all, name) = (step.number(), Step::steps(step.track()).len(), step_name(lang, step));
    match (lang, step.track()) {
        (Language::Japanese, Track::Breaker) => format!("ステップ {n}／{all}：{name}"),
        (Language::English, Track::Breaker) => format!("Step {n} of {all}: {name}"),
        (Language::Japanese, Track::Maker) => format!("作り手 {n}／{all}：{name}"),
        (Language::English, Track::Maker) => format!("As Maker, {n} of {all}: {name}"),
    }
}

/// What the step teaches, and what to do. `bounds` are the shipped Makers' bounds: the paper's,
/// then ours (20, then 19).
pub fn step_text(lang: Language, step: Step, bounds: [u32; 3]) -> Vec<String> {
    let [paper, ours, best] = bounds;
    let lines: [&str; 2] = match (lang, step) {
        (Language::Japanese, Step::Shape) => [
            "Snaky は 6マスの形です。4マスまっすぐ、となりの段にもう2マス（はしのマスのとなりに1マス、そこから列の向きにもう1マス先）。まわしても裏返しても Snaky です（8つの向き）。",
            "左の盤では作り手（COM）が Snaky の5マスを持っています。のこりの1マスはどこ？ クリックしてください。",
        ],
        (Language::English, Step::Shape) => [
            "Snaky is a shape of 6 cells: 4 in a line (a row or a column), then 2 more side by side in the next line over: one beside the cell at one end of the 4, and the other next to it in the 4's direction, past that end (like a step down a stair). Turned or flipped it is still a Snaky: 8 orientations, every one counts.",
            "On the board, Maker (the COM) owns 5 cells of a Snaky. Which cell would complete it? Click it.",
        ],
        (Language::Japanese, Step::Turns) => [
            "作り手と壊し手（あなた）は1手ずつ、空いたマスを1つ取ります。取ったマスはずっとそのまま。作り手は Snaky を1つまるごと持った瞬間に勝ちます。",
            "壊し手は作りません。ふさぐだけです。空いたマスを3つ取ってみましょう。作り手が毎回こたえます。",
        ],
        (Language::English, Step::Turns) => [
            "Maker and Breaker (you) take turns; each turn claims one free cell, for good. Maker wins the moment it owns a whole Snaky.",
            "Breaker never builds, only blocks. Claim 3 free cells; Maker answers each one.",
        ],
        (Language::Japanese, Step::Block) => [
            "作り手はもう Snaky の5マスを持っています。つぎに6マス目を取れば勝ちです。",
            "作り手を止めるマスは1つだけ。そのマスをクリックしてください。",
        ],
        (Language::English, Step::Block) => [
            "Maker already owns 5 cells of a Snaky. With the sixth it wins.",
            "Exactly one cell stops it. Click that cell.",
        ],
        (Language::Japanese, Step::DoubleThreat) => [
            "ここでは作り手の4マスの列が、端で上にも下にも曲がれます。Snaky が2つ、どちらもあと1マスで完成します（黄色のマス）。ここまで来るともう手遅れで、両方を止めるマスはありません（2つのあいだ、列をまっすぐのばしたマスは、どちらの Snaky にも入っていません）。ダブルリーチは1手前に、両方の Snaky が使うマスを取って止めます（どこだったかは対局のあとの学びが示します）。",
            "あなたがふさげるのは1つだけ。どちらか1つをふさいでみてください。",
        ],
        (Language::English, Step::DoubleThreat) => [
            "Here Maker's row of 4 can turn up or down at its end: two Snakies, each one cell short (the yellow cells). By now it is too late: no single cell stops both (the cell straight on from the row, between them, is in neither). A double threat is stopped a move earlier, on a cell both Snakies need (after each game the lesson shows where that was).",
            "You can block only one of them. Block one and see what happens.",
        ],
        (Language::Japanese, Step::Goal) => [
            "作り手は必ず勝ちます（証明があります）。COM の作り手は証明ずみの作戦で、決まった手数までに勝ちます：論文の作戦は作り手の{paper}手目まで、このゲームの探索が見つけた作戦は{ours}手目まで、いちばん速いものは{best}手目まで（知られている中で最短）。新しい対局の COM は{ours}手の作戦（K で選べます）。その手数がパーで、対局の見出しの保証（「作り手は N手目までに勝つ」）はそこから始まります。",
            "止めることはできませんが、手数を全部使わせることはできます。ミスをすると保証が下がり（パネルがいくつ下がったかを示します）、対局のあとの学びがその理由を示します。COM はすぐ完成できる Snaky があっても作戦どおりに打ちます。保証も「持ちこたえる」も、この作戦に対してのことです。それでも Snaky が完成するマスはかならずふさぎましょう（ミスでないときはパネルがそう示します）。作り手になって打つこともできます（X）。",
        ],
        (Language::English, Step::Goal) => [
            "Maker always wins in the end (there is a proof). The COM plays a proven plan that wins by a set move: the paper's by Maker's move {paper}; ours, found by this game's own search, by move {ours}; our best by move {best}, the fastest known. A new game's COM plays ours ({ours}); K picks another. Its move is par: in a game, the guarantee in the heading (\"Maker wins by its move N\") starts there.",
            "You cannot stop Maker, but you can make it use every move. A mistake lowers the guarantee (the panel flashes by how much), and after the game the lesson shows why. The COM keeps to its plan even past a Snaky it could finish at once: the guarantee, and a reply that \"holds\", are about this plan. Still, always block a cell that would finish a Snaky: the panel says when a fall is not your mistake. Or play as Maker yourself (X).",
        ],
        (Language::Japanese, Step::Threat) => [
            "こんどはあなたが作り手（紫）、COM が壊し手です。リーチとは、打ったあと空きマス1つで Snaky が完成する手のこと。壊し手はそのマスを取るしかありません（取らなければあなたの勝ち）。リーチは壊し手の次の手を決めてしまいます。",
            "あなたの四つ並びは両端（その先のマス）がふさがれていますが、端の横のマスは空いています。リーチをかけてください：打ったあと1マスで Snaky が完成するマスを取ります。",
        ],
        (Language::English, Step::Threat) => [
            "Now you are Maker (purple) and the COM is Breaker. A threat is a move after which one free cell would finish your Snaky: Breaker must take that cell, or you win. A threat chooses Breaker's next move for it.",
            "Your row of 4 is blocked at both ends (the cells past them); the cells beside its ends are free. Make a threat: claim a cell after which one more cell finishes a Snaky.",
        ],
        (Language::Japanese, Step::RowOfFive) => [
            "五つ並びには四つ並びが2つ入っています。列の角（端のマスの1段上か下：角は4つ）に石を置くと、その2つが同時に曲がります：あと1マスの Snaky が2つ（ダブルリーチ）。壊し手は1つしか取れません。",
            "壊し手は4つの角のうち2つをつぶしています。ダブルリーチになる角の石（のこった角のどちらか）を打って、のこった Snaky を完成させてください。",
        ],
        (Language::English, Step::RowOfFive) => [
            "A row of 5 holds two rows of 4. A stone at a corner of the row (beside an end cell, one row up or down: four corners) turns both at once: two Snakies, each one cell short (a double threat). Breaker can take only one.",
            "Breaker has spoilt two of the four corners. Play a corner stone that makes a double threat (either corner left whole), then finish the Snaky Breaker leaves you.",
        ],
        (Language::Japanese, Step::OpenFour) => [
            "まわりが空いた四つ並び（両端と、その先のマスの上下も空いている）は勝ちです。五つにすれば、壊し手は1手で4つの角をすべてはつぶせません。（壊し手で遊ぶときは逆に、両端の空いた四つ並びができたら、3手以内に負けます。）",
            "{moves}手以内に勝ってください：五つ並び、横の石、完成の順です。壊し手は完成のマスがあれば必ず取ります。",
        ],
        (Language::English, Step::OpenFour) => [
            "A row of 4 with room all round (both ends free, and the cells above and below them) wins: make it 5, and one Breaker stone cannot spoil all four corners. (When you play Breaker, the other way round: once Maker has a row of 4 free at both ends, it wins within three moves: five, a corner, the finish.)",
            "Win within {moves} moves: five in a row, then the side stone, then the finish. Breaker takes every finishing cell it can.",
        ],
        (Language::Japanese, Step::ThreatFirst) => [
            "強い壊し手は、ダブルリーチの形ができる前にふさぎます。そこでリーチを先に打ちます：壊し手はそのマスを取るしかないので、リーチの石はそのまま次の形に使えます。",
            "{moves}手以内に勝ってください：まずリーチ（その石が上の2つの石とつながるもの）、つぎにダブルリーチ、そして完成。",
        ],
        (Language::English, Step::ThreatFirst) => [
            "A strong Breaker spoils a double threat before it is ready. So make a threat first: Breaker must take its finishing cell, and the stone that made the threat stays in your next shape for free.",
            "Win within {moves} moves: a threat whose stone joins your two stones above, then a double threat, then the finish.",
        ],
        (Language::Japanese, Step::Crossing) => [
            "いちばん強い壊し手には、証明はこう勝ちます：直角に交わる2つの Snaky を作り、四つ並びが交わるマスを最後まで空けておく。そこに打てば、どちらの Snaky もあと1マスになります（ダブルリーチ）。",
            "横の Snaky と縦の Snaky が、同じマスを待っています。そのマスを見つけて、ダブルリーチのあと完成させてください。",
        ],
        (Language::English, Step::Crossing) => [
            "Against the strongest Breaker the proofs win this way: two Snakies at right angles, their rows of four crossing at a cell left empty till last. A stone there leaves each one cell short: a double threat.",
            "Your Snaky across and your Snaky up wait for the same cell. Find it, then finish the Snaky Breaker leaves you.",
        ],
        (Language::Japanese, Step::Opening) => [
            "{best}手の証明の始め方（作り手で打つ証明。壊し手で相手にするのはふだん{ours}手の証明）。1つ目の石はどこでもかまいません（盤に端はありません）。1マスは48個の Snaky に入り、辺で接する2つの石はそのうち20個を共有、角で接する2つは8個だけ。だから証明は石を辺どうしで並べ、列を伸ばします。",
            "対局の最初の数手から、5つの盤を出します。証明が続くマスに、次の石を置いてください（壊し手の石は例で、よい守りではありません）。",
        ],
        (Language::English, Step::Opening) => [
            "How our {best}-move proof starts (you play it as Maker; as Breaker you face our {ours}). The first stone can go anywhere (no edges). A cell lies in 48 Snakies; two stones side by side share 20, corner to corner only 8: so the proof puts its stones side by side, and grows a row.",
            "Five boards from a game's first moves: put your next stone where the proof goes on (Breaker's stones are examples, not good play).",
        ],
    };
    lines
        .iter()
        .map(|line| {
            line.replace("{paper}", &paper.to_string())
                .replace("{ours}", &ours.to_string())
                .replace("{best}", &best.to_string())
                .replace("{moves}", &OPEN_FOUR_MOVES.to_string())
        })
        .collect()
}

/// The opening step's task on its board (`board` from 0): what to play, and the proof's rule.
pub fn opening_task(lang: Language, board: usize) -> String {
    let all = OPENING_BOARDS.len();
    let n = board + 1;
    match (lang, board) {
        (Language::Japanese, 0) => format!(
            "盤 {n}／{all}：2つ目の石。壊し手は角に置きました。あなたの石のとなり（辺で接するマス）で、壊し手の石から離れた側へ。"
        ),
        (Language::English, 0) => format!(
            "Board {n} of {all}: your second stone. Breaker took a corner: go beside your stone, on a side away from Breaker's."
        ),
        (Language::Japanese, 1) => format!(
            "盤 {n}／{all}：2つ目の石。壊し手はとなりに置きました。あなたの石のとなりで、壊し手の石と同じ横の列にならない側へ。"
        ),
        (Language::English, 1) => format!(
            "Board {n} of {all}: your second stone. Breaker took a side: go beside your stone, off the row Breaker's stone is on."
        ),
        (Language::Japanese, 2) => {
            format!("盤 {n}／{all}：3つ目の石。2つの石の両端が空いています：端に置いて3つ並びに。")
        }
        (Language::English, 2) => format!(
            "Board {n} of {all}: your third stone. Both ends of your pair are free: put it at an end, a row of three."
        ),
        (Language::Japanese, 3) => format!(
            "盤 {n}／{all}：壊し手が片方の端をおさえました（石のとなりと、その先のふた）。曲げる：もう1つの石のとなりで、壊し手から離れた側へ。"
        ),
        (Language::English, 3) => format!(
            "Board {n} of {all}: Breaker holds one end (a stone beside it and the cap past it). Bend: go beside your other stone, on the side away from Breaker."
        ),
        (Language::Japanese, _) => format!(
            "盤 {n}／{all}：壊し手が両端をおさえました（片方はとなり、もう片方はふた）。跳ぶ：壊し手がとなりにいる石から、壊し手と反対向きにまっすぐ3マス先へ。2つの石が4つ並びの両端になります。"
        ),
        (Language::English, _) => format!(
            "Board {n} of {all}: Breaker is at both ends (beside one stone, capping the other). Jump: start at your stone that Breaker is beside and go three cells straight away from Breaker: that stone and your new one are the two ends of a row of four."
        ),
    }
}

/// What the last click did, in words.
pub fn feedback(lang: Language, feedback: Feedback) -> String {
    use Language::{English as En, Japanese as Ja};
    match (feedback, lang) {
        (Feedback::Completed, Ja) => "正解！ そこに作り手の石（紫）が入ると赤い6マスが Snaky になり、作り手の勝ちです。壊し手のあなたは、こういうマスを作り手より先に取ります。".into(),
        (Feedback::Completed, En) => {
            "Right! A Maker stone there (purple) makes the 6 red cells a Snaky: Maker wins. As Breaker, take such a cell first.".into()
        }
        (Feedback::NotASnaky(_), Ja) => "ちがいます。そのマスでは Snaky になりません。別のマスをためしてください。".into(),
        (Feedback::NotASnaky(_), En) => "Not that one: that cell makes no Snaky. Try another cell.".into(),
        (Feedback::Taken(_), Ja) => "そのマスはもう取られています。取ったマスはずっとそのままです。".into(),
        (Feedback::Taken(_), En) => "That cell is taken already: claims are for good.".into(),
        (Feedback::Answered { left }, Ja) => {
            format!("作り手がこたえました（輪のついた石）。あと{left}マス取ってください。")
        }
        (Feedback::Answered { left }, En) => {
            let cells = if left == 1 { "1 more cell".to_string() } else { format!("{left} more cells") };
            format!("Maker answered (the ringed stone). Claim {cells}.")
        }
        (Feedback::TurnsDone, Ja) => "合格！ 1手ずつ交代で、取ったマスはそのまま。作り手はまだ Snaky を持っていません。".into(),
        (Feedback::TurnsDone, En) => {
            "Passed! One cell a turn each, for good. Maker owns no Snaky yet.".into()
        }
        (Feedback::Blocked, Ja) => "合格！ ふさぎました。作り手はもうこの Snaky を完成できません。".into(),
        (Feedback::Blocked, En) => "Passed! Blocked: Maker can no longer complete a Snaky here.".into(),
        (Feedback::MakerCompleted, Ja) => {
            "ざんねん。作り手が Snaky を完成させました（赤い6マス）。「もういちど」でやりなおせます。".into()
        }
        (Feedback::MakerCompleted, En) => {
            "Not this time: Maker completed a Snaky (the 6 red cells). Press Try again.".into()
        }
        (Feedback::BlockedOneOfTwo, Ja) => {
            "おわりです。止める手はありませんでした：1つはふさぎましたが、作り手はもう1つを完成させました（赤い6マス）。完成するマスが2つあると、ふさげるのは1つだけ。ただし2つの Snaky はどちらも緑の枠のマス（列の端、そこから曲がる）を通ります。作り手より先にそこに石を置けば、両方つぶせました。".into()
        }
        (Feedback::BlockedOneOfTwo, En) => {
            "Step done. No move could have stopped it: you blocked one, and Maker completed the other (the 6 red cells). With two finishing cells you can block only one. This is how Maker wins. Both Snakies run through the green-edged cell, the row's end where each turns: had you taken it before Maker did, both would have been spoilt.".into()
        }
        (Feedback::NoThreat { .. }, Ja) => {
            "リーチになっていません。1マスで完成する Snaky がないので、壊し手は好きなマスに打てました（輪のついた石）。「もういちど」でやりなおせます。".into()
        }
        (Feedback::NoThreat { .. }, En) => {
            "No threat: no single cell finishes a Snaky after that move, so Breaker was free to play where it liked (the ringed stone). Press Try again.".into()
        }
        (Feedback::Threatened { .. }, Ja) => {
            "合格！ リーチです。輪のマスで Snaky が完成するので、壊し手はそこを取るしかありませんでした。壊し手の手を、あなたが決めたのです。".into()
        }
        (Feedback::Threatened { .. }, En) => {
            "Passed! A threat: the ringed cell would have finished your Snaky, so Breaker had to take it. You chose Breaker's move.".into()
        }
        (Feedback::OneThreat { .. }, Ja) => {
            "完成のマスが1つだけで、壊し手に取られました。完成のマスが2つのこる手をさがしてください。「もういちど」".into()
        }
        (Feedback::OneThreat { .. }, En) => {
            "Only one finishing cell, and Breaker took it. Look for the move that leaves two. Press Try again.".into()
        }
        (Feedback::DoubleThreat { .. }, Ja) => {
            "ダブルリーチ！ 壊し手は1つしか取れません。黄色のマスでまだ Snaky が完成します。1つ取ってください。".into()
        }
        (Feedback::DoubleThreat { .. }, En) => {
            "Double threat! Breaker could take only one of the finishing cells: a yellow cell still finishes a Snaky. Take one.".into()
        }
        (Feedback::MissedFinish { .. }, Ja) => {
            "完成のマスをのこしたので、壊し手に取られました。完成のマスはいつも先に取りましょう。「もういちど」".into()
        }
        (Feedback::MissedFinish { .. }, En) => {
            "You left a finishing cell open, and Breaker took it. Always take a finishing cell first. Press Try again.".into()
        }
        (Feedback::BreakerAnswered { left, .. }, Ja) => {
            format!("壊し手がこたえました（輪のついた石）。あと{left}手。")
        }
        (Feedback::BreakerAnswered { left, .. }, En) => {
            let moves = if left == 1 { "1 move".to_string() } else { format!("{left} moves") };
            format!("Breaker answered (the ringed stone). {moves} to go.")
        }
        (Feedback::ThreatBlocked { left, .. }, Ja) => {
            format!("リーチが効きました：壊し手は完成のマスを取るしかありませんでした（輪のついた石）。あと{left}手。")
        }
        (Feedback::ThreatBlocked { left, .. }, En) => {
            let moves = if left == 1 { "1 move".to_string() } else { format!("{left} moves") };
            format!("Your threat worked: Breaker had to take its finishing cell (the ringed stone). {moves} to go.")
        }
        (Feedback::OutOfMoves, Ja) => {
            "この手数では Snaky ができませんでした。順番が大事です：まず五つ並び、つぎに横の石。「もういちど」".into()
        }
        (Feedback::OutOfMoves, En) => {
            "No Snaky within the moves. The order matters: five in a row first, then the side stone. Press Try again.".into()
        }
        (Feedback::Won, Ja) => "合格！ Snaky が完成しました（印の6マス）。".into(),
        (Feedback::Won, En) => "Passed! You completed a Snaky (the 6 marked cells).".into(),
        (Feedback::OpeningKept { by, board, .. }, Ja) if usize::from(board) < OPENING_BOARDS.len() => {
            format!("正解：証明はそこから続き、壊し手がどう打ってもあなたの{by}手目までに勝ちます（作り手のパー{PAR}）。盤をクリックか Enter でつぎの盤へ。")
        }
        (Feedback::OpeningKept { by, board, .. }, En) if usize::from(board) < OPENING_BOARDS.len() => {
            format!("Yes: the proof goes on, and wins by your move {by} whatever Breaker does (as Maker, par is {PAR}). Click the board or press Enter: the next board.")
        }
        (Feedback::OpeningKept { by, .. }, Ja) => format!(
            "合格！ 跳んだ石から、証明は{by}手目までに勝ちます。並べる・曲げる・跳ぶ：証明の最初の3つの石です。その先の手は、作り手として打つ対局（X）でヒント（H）が見せます。"
        ),
        (Feedback::OpeningKept { by, .. }, En) => format!(
            "Passed! From the jump the proof wins by your move {by}. Side by side, a row, a bend or a jump: the proof's first three stones. Playing as Maker (X), the hint (H) shows its later moves."
        ),
        (Feedback::OpeningMissed { beside: true, .. }, Ja) => {
            "となりですが、証明はそこからは続きません。続くのは印のマスだけです。どれかを打ってください。".into()
        }
        (Feedback::OpeningMissed { beside: true, .. }, En) => {
            "Beside your stone, but the proof does not go on from that one: only from the marked cells. Try one.".into()
        }
        (Feedback::OpeningMissed { beside: false, .. }, Ja) => {
            "証明はそこからは続きません。続くのは印のマスだけです（理由は上の文に）。どれかを打ってください。".into()
        }
        (Feedback::OpeningMissed { beside: false, .. }, En) => {
            "The proof does not go on from there, only from the marked cells (the words above say why). Try one.".into()
        }
    }
}

/// The line that says which steps of a track are passed: "Passed: 2 of 5".
pub fn passed_count(lang: Language, track: Track, passed: usize) -> String {
    let all = Step::steps(track).len();
    match lang {
        Language::Japanese => format!("合格ステップ：{passed}／{all}"),
        Language::English => format!("Steps passed: {passed} of {all}"),
    }
}

/// The step button's words: "1 The shape ☆", "★" once passed (a star of the same width either
/// way, so the row of steps never moves as they are passed).
pub fn step_button(lang: Language, step: Step, passed: bool) -> String {
    let mark = if passed { " ★" } else { " ☆" };
    format!("{} {}{mark}", step.number(), step_name(lang, step))
}

/// The status line under the board: the step passed or not, in words.
pub fn status_line(lang: Language, step: Step, passed: bool) -> String {
    let word = if passed { L::Passed.get(lang) } else { L::NotPassedYet.get(lang) };
    // The last step has nothing to play on its board: it passes by starting a game.
    let how = match (lang, step, passed) {
        (Language::Japanese, Step::Goal, false) => "（対局をはじめると合格：Enter か X）",
        (Language::English, Step::Goal, false) => " (start a game to pass it: Enter or X)",
        _ => "",
    };
    match (lang, step.track()) {
        (Language::Japanese, Track::Breaker) => format!("ステップ {}：{word}{how}", step.number()),
        (Language::English, Track::Breaker) => format!("Step {}: {word}{how}", step.number()),
        (Language::Japanese, Track::Maker) => format!("作り手 {}：{word}", step.number()),
        (Language::English, Track::Maker) => format!("As Maker, {}: {word}", step.number()),
    }
}

/// Step 5's picture: "par 21: Maker's moves 1 to 21".
pub fn par_caption(lang: Language, bound: u32) -> String {
    match lang {
        Language::Japanese => format!("パー {bound}：作り手の手 1〜{bound}"),
        Language::English => format!("par {bound}: Maker's moves 1 to {bound}"),
    }
}
