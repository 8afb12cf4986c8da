//! The certificate in words: the engine's [`Check`] data (which check, what was found, what was
//! expected) and its certificate errors, translated, in glyphs the game's font has.

use crate::save::Language;
use crate::snaky::check::{Check, CheckId, Expectation, Found, RootFacts, thousands};
use crate::snaky::verify::LocalFailureReason;
use crate::snaky::{Cell, CertificateError, EvalError, ParseError, ParseErrorKind};

/// The check's name.
pub fn title(lang: Language, id: CheckId) -> &'static str {
    let (ja, en) = match id {
        CheckId::Digest => ("証明書のダイジェストと大きさ", "certificate digest and size"),
        CheckId::Grammar => ("文法", "grammar"),
        CheckId::Evaluation => ("評価", "evaluation"),
        CheckId::Cards => ("カードの枚数", "cards"),
        CheckId::CombinationNodes => ("組み合わせノード", "combination nodes"),
        CheckId::References => ("参照", "references"),
        CheckId::PapersLines => ("論文の行", "the paper's lines"),
        CheckId::Heights => ("高さ", "heights"),
        CheckId::Card6 => ("カード 6", "card 6"),
        CheckId::Card7 => ("カード 7", "card 7"),
        CheckId::Card727 => ("カード 727", "card 727"),
        CheckId::Card727Table => ("カード 727 の表", "card-727 table"),
        CheckId::RootCard => ("根のカード", "root card"),
        CheckId::LocalCheck => ("局所チェック", "local check"),
        CheckId::ReachableStates => ("たどりつく状態", "reachable states"),
        CheckId::WorstCase => ("最悪の場合", "worst case"),
        CheckId::PerfectBreaker => ("最強の壊し手", "perfect Breaker"),
        CheckId::WorkedLine => ("論文の例の手順", "worked line"),
    };
    pick(lang, ja, en)
}

/// PASS or FAIL.
pub fn verdict(lang: Language, pass: bool) -> &'static str {
    match pass {
        true => pick(lang, "合格", "PASS"),
        false => pick(lang, "不合格", "FAIL"),
    }
}

/// A check's lines on the sheet: the verdict, number, title and what was found first, then
/// further lines (the table's rows) and what was expected.
pub fn lines(lang: Language, check: &Check) -> Vec<String> {
    let mut found = found(lang, &check.found);
    let first = found.remove(0);
    let (pass, number, title) = (verdict(lang, check.pass), check.number, title(lang, check.id));
    let mut lines = vec![format!("{pass}  {number}. {title}{}{first}", pick(lang, "：", ": "))];
    lines.extend(found);
    lines.extend(check.expected.as_ref().map(|e| expected(lang, e)));
    lines
}

/// What a check found: one line, or several (the card-727 table).
pub fn found(lang: Language, found: &Found) -> Vec<String> {
    use Language::{English as En, Japanese as Ja};
    let line = match (found, lang) {
        (Found::Digest { sha256, lines, bytes }, Ja) => {
            format!("SHA-256 {sha256}、{}行、{}バイト", thousands(*lines), thousands(*bytes))
        }
        (Found::Digest { sha256, lines, bytes }, En) => {
            format!("SHA-256 {sha256}, {} lines, {} bytes", thousands(*lines), thousands(*bytes))
        }
        (Found::Parsed { lines }, Ja) => format!("{lines}行すべて読めます（カード 6〜{}）", lines + 5),
        (Found::Parsed { lines }, En) => format!("{lines} lines parse, cards 6..{}", lines + 5),
        (Found::Unparsable(e), _) => parse_error(lang, e),
        (Found::Unevaluable(e), _) => eval_error(lang, e),
        (Found::Cards { cards, lines }, Ja) => format!("{}枚（基本 6枚 ＋ {lines}行）", thousands(*cards)),
        (Found::Cards { cards, lines }, En) => {
            format!("{} cards (6 base + {lines} lines)", thousands(*cards))
        }
        (Found::CombinationNodes { nodes, lines, inline }, Ja) => {
            format!("{}個（{}行 ＋ 行の中 {}）", thousands(*nodes), thousands(*lines), thousands(*inline))
        }
        (Found::CombinationNodes { nodes, lines, inline }, En) => format!(
            "{} combination nodes ({} lines + {} inline)",
            thousands(*nodes),
            thousands(*lines),
            thousands(*inline)
        ),
        (Found::References(n), Ja) => format!("{}個", thousands(*n)),
        (Found::References(n), En) => format!("{} references", thousands(*n)),
        (Found::PapersLines { kept, of }, Ja) => {
            format!("はじめの {kept}行が論文と1バイトまで同じ（論文は {of}行）")
        }
        (Found::PapersLines { kept, of }, En) => {
            format!("the first {kept} lines are the paper's, byte for byte (of {of})")
        }
        (Found::LargestHeight(h), Ja) => format!("いちばん高いカードの h = {h}"),
        (Found::LargestHeight(h), En) => format!("largest height {h}"),
        (Found::Missing, _) => pick(lang, "ありません", "missing").to_string(),
        (Found::Card6 { required, envelope, height }, _) => {
            format!("A = {}{}T = {}{}h = {height}", set(required), comma(lang), set(envelope), comma(lang))
        }
        (Found::Card7 { required, envelope, height }, _) => {
            format!("A = {}{}|T| = {envelope}{}h = {height}", set(required), comma(lang), comma(lang))
        }
        (Found::Card727 { root, on_paper_board }, Ja) => format!(
            "{}、T ⊆ {{0..16}}×{{0..16}}：{}、子カード {}枚",
            root_facts(lang, root),
            yes_no(lang, *on_paper_board),
            root.children
        ),
        (Found::Card727 { root, on_paper_board }, En) => format!(
            "{}, T ⊆ {{0..16}}×{{0..16}}: {}, {} children",
            root_facts(lang, root),
            yes_no(lang, *on_paper_board),
            root.children
        ),
        (Found::Card727Table { rows, each_requires_pivot }, _) => {
            let mut lines: Vec<String> = rows
                .iter()
                .map(|r| {
                    let a: Vec<Cell> = r.required.iter().map(|&(x, y)| Cell::new(x, y)).collect();
                    let (t, h, k, left) = (r.envelope_size, r.height, r.placements, r.left_in_intersection);
                    format!("{} {} {t} {h} ×{k} → {left}", r.card, set(&a))
                })
                .collect();
            lines.push(match lang {
                Ja => format!(
                    "置いた子カードはどれも {{(8,8)}} だけを必要とする：{}",
                    yes_no(lang, *each_requires_pivot)
                ),
                En => format!(
                    "every placed child requires exactly {{(8,8)}}: {}",
                    yes_no(lang, *each_requires_pivot)
                ),
            });
            return lines;
        }
        (Found::Root(root), Ja) => {
            format!(
                "{}、子カード {}枚（何もない盤から打つには |A| = 0）",
                root_facts(lang, root),
                root.children
            )
        }
        (Found::Root(root), En) => format!(
            "{}, {} children (a strategy from the empty board needs |A| = 0)",
            root_facts(lang, root),
            root.children
        ),
        (Found::LocalCheck(l), Ja) => format!(
            "{}個のノードで成り立つ：囲いの中 {} ＋ 外 {} ＝ {} とおりの応手",
            thousands(l.nodes),
            thousands(l.in_envelope),
            thousands(l.exterior),
            thousands(l.in_envelope + l.exterior)
        ),
        (Found::LocalCheck(l), En) => format!(
            "holds at {} nodes: {} in-envelope + {} exterior = {} reply classes",
            thousands(l.nodes),
            thousands(l.in_envelope),
            thousands(l.exterior),
            thousands(l.in_envelope + l.exterior)
        ),
        (Found::LocalFailure(f), Ja) => {
            format!(
                "カード {}（{}行 {}列）で成り立ちません：{}",
                f.card,
                f.line,
                f.column,
                reason(lang, &f.reason)
            )
        }
        (Found::LocalFailure(f), En) => format!(
            "fails at card {} (line {}, column {}): {}",
            f.card,
            f.line,
            f.column,
            reason(lang, &f.reason)
        ),
        (Found::ReachableStates(n), Ja) => {
            format!("何もない盤からたどりつく（ノード, 置きかた）の状態 {}個", thousands(*n))
        }
        (Found::ReachableStates(n), En) => {
            format!("{} (node, placement) states from the empty board", thousands(*n))
        }
        (Found::TooManyStates { limit }, Ja) => format!(
            "たどりつく（ノード, 置きかた）の状態が {}個より多いので、調べるのをやめました",
            thousands(*limit)
        ),
        (Found::TooManyStates { limit }, En) => format!(
            "more than {} (node, placement) states from the empty board: the search stops at that limit",
            thousands(*limit)
        ),
        (Found::WorstCase(moves), Ja) => format!("壊し手のすべての応手を調べつくして：作り手 {moves}手"),
        (Found::WorstCase(moves), En) => {
            format!("exhaustive search over every Breaker reply class: {moves} Maker moves")
        }
        (Found::PerfectGames { games, shortest, longest }, Ja) => {
            format!("いちばん高い子カードを最後まで残す壊し手と {games}局：作り手 {shortest}〜{longest}手")
        }
        (Found::PerfectGames { games, shortest, longest }, En) => format!(
            "{games} games keeping the tallest surviving child alive last {shortest}..{longest} Maker moves"
        ),
        (Found::NotPlayed, Ja) => {
            "対局しません：根のカードが、何もない盤で作り手の持たない石を必要とします".into()
        }
        (Found::NotPlayed, En) => {
            "not played: the root card requires cells Maker does not own on the empty board".into()
        }
        (Found::WorkedLine(Some(line)), _) => worked_line(lang, line),
        (Found::WorkedLine(None), _) => pick(lang, "打てない手があります", "illegal").to_string(),
    };
    vec![line]
}

/// What a check expected, as a line of its own.
pub fn expected(lang: Language, expected: &Expectation) -> String {
    use Language::{English as En, Japanese as Ja};
    let what = match (expected, lang) {
        (Expectation::Digest { sha256, lines, bytes }, Ja) => {
            format!("SHA-256 {sha256}、{}行、{}バイト", thousands(*lines), thousands(*bytes))
        }
        (Expectation::Digest { sha256, lines, bytes }, En) => {
            format!("SHA-256 {sha256}, {} lines, {} bytes", thousands(*lines), thousands(*bytes))
        }
        (Expectation::NotShipped, Ja) => return "同梱の証明書ではないので、その数を示しました".into(),
        (Expectation::NotShipped, En) => {
            return "not a shipped certificate: its own numbers are shown".into();
        }
        (Expectation::Count(n), _) => thousands(*n),
        (Expectation::Nodes { nodes, lines, inline }, _) => {
            format!("{} ({} + {})", thousands(*nodes), thousands(*lines), thousands(*inline))
        }
        (Expectation::AtMost(n), Ja) => format!("{n} 以下"),
        (Expectation::AtMost(n), En) => format!("at most {n}"),
        (Expectation::Root { envelope, height }, _) => {
            format!("|A| = 0{}|T| = {envelope}{}h = {height}", comma(lang), comma(lang))
        }
        (Expectation::InEnvelope(n), Ja) => format!("囲いの中 {}", thousands(*n)),
        (Expectation::InEnvelope(n), En) => format!("{} in-envelope", thousands(*n)),
        (Expectation::ReplyClasses { in_envelope, exterior }, _) => format!(
            "{} + {} = {}",
            thousands(*in_envelope),
            thousands(*exterior),
            thousands(in_envelope + exterior)
        ),
        (Expectation::RootHeight(h), Ja) => format!("ちょうど根の高さ {h}"),
        (Expectation::RootHeight(h), En) => format!("exactly the root's height {h}"),
        (Expectation::Exactly(n), Ja) => format!("ちょうど {n}"),
        (Expectation::Exactly(n), En) => format!("exactly {n}"),
        (Expectation::WorkedLine(line), _) => worked_line(lang, line),
    };
    match lang {
        Ja => format!("期待：{what}"),
        En => format!("expected: {what}"),
    }
}

/// Why a certificate cannot be played (shown instead of the Snaky board or a card).
pub fn certificate_error(lang: Language, error: &CertificateError) -> String {
    match (error, lang) {
        (CertificateError::DigestMismatch { expected, found }, Language::Japanese) => {
            format!("証明書のダイジェストがちがいます：SHA-256 {expected} のはずが {found} でした")
        }
        (CertificateError::Io { path, message }, Language::Japanese) => {
            format!("証明書 {path} を読めません：{message}")
        }
        (CertificateError::Parse(e), _) => parse_error(lang, e),
        (CertificateError::Evaluate(e), _) => eval_error(lang, e),
        (_, Language::English) => error.to_string(),
    }
}

/// A syntax error at its line, column and token. (English: the engine's own message.)
pub fn parse_error(lang: Language, error: &ParseError) -> String {
    let ParseError { line, column, token, kind } = error;
    match lang {
        Language::Japanese => {
            format!(
                "証明書 {line}行 {column}列「{}」：{}",
                crate::snaky::errors::shown(token),
                parse_error_kind(kind)
            )
        }
        Language::English => error.to_string(),
    }
}

fn parse_error_kind(kind: &ParseErrorKind) -> String {
    match kind {
        ParseErrorKind::EmptyLine => "空の行です（どの行も「カード ピボット 子 子 …」）".into(),
        ParseErrorKind::UnknownSymbol(c) => {
            format!("知らない文字 {c:?} です（座標は 0-9A-Za-z、参照は「j」か「j:sXY」）")
        }
        ParseErrorKind::NotACardNumber(c) => {
            format!("カードの番号があるべきところに文字 {c:?} があります（行はカードの番号で始まります）")
        }
        ParseErrorKind::LeadingZero => {
            "数のはじめに 0 があります（カードの番号は 006 ではなく 6 と書きます）".into()
        }
        ParseErrorKind::TooManyChildren { limit } => {
            format!("証明書の子がぜんぶで {limit}個より多い（論文は4,987個）")
        }
        ParseErrorKind::TruncatedToken => {
            "トークンが途中で終わっています（座標は2文字、置きかたは s と座標2文字）".into()
        }
        ParseErrorKind::TrailingTokens => "トークンのあとに余分な文字があります".into(),
        ParseErrorKind::BadPlacementDigit(c) => format!("置きかたの数字 {c:?} がおかしい（s は 0〜7）"),
        ParseErrorKind::ForwardReference { card, current } => {
            format!("まだないカード {card} を参照しています（子はカード {current} より前のカード）")
        }
        ParseErrorKind::MissingReference { card } => format!("カード {card} は証明書にありません"),
        ParseErrorKind::UnbalancedParenthesis => "かっこの数が合いません".into(),
        ParseErrorKind::WrongCardNumber { expected } => {
            format!("カードの番号がちがいます（{expected} のはず）")
        }
        ParseErrorKind::DuplicateCardNumber => "カードの番号が重なっています".into(),
        ParseErrorKind::MissingPivot => "ピボットの座標がありません".into(),
        ParseErrorKind::EmptyChildList => "子がありません（組み合わせには子が1つ以上いります）".into(),
        ParseErrorKind::TooDeep { limit } => format!("かっこが {limit}段より深い（論文は8段）"),
        ParseErrorKind::TooManyLines { limit } => format!("{limit}行より多い（論文は722行）"),
        ParseErrorKind::LineTooLong { limit } => {
            format!("{limit}バイトより長い行（論文のいちばん長い行は417バイト）")
        }
        ParseErrorKind::NumberTooLarge => "カードの番号が大きすぎます".into(),
    }
}

/// A certificate whose arithmetic does not fit the engine. (English: the engine's own message.)
pub fn eval_error(lang: Language, error: &EvalError) -> String {
    match (error, lang) {
        (EvalError::NoCards, Language::Japanese) => "基本の6枚のほかにカードがありません".into(),
        (EvalError::OutsideFrame { card, line, column }, Language::Japanese) => {
            format!(
                "証明書 {line}行 {column}列：カード {card} が枠 {{0..61}}×{{0..61}} の外にマスを置いています"
            )
        }
        (EvalError::TooTall { card, line, column }, Language::Japanese) => {
            format!("証明書 {line}行 {column}列：カード {card} が高すぎて数えられません")
        }
        (_, Language::English) => error.to_string(),
    }
}

/// Why the local check fails at a node.
fn reason(lang: Language, reason: &LocalFailureReason) -> String {
    use Language::{English as En, Japanese as Ja};
    match (reason, lang) {
        (LocalFailureReason::PivotOutsideEnvelope, Ja) => "ピボット p が T の外です".into(),
        (LocalFailureReason::PivotOutsideEnvelope, En) => "the pivot p is outside T".into(),
        (LocalFailureReason::ChildRequiresMore(i), Ja) => {
            format!("子 {i} の A が A ∪ {{p}} に入っていません")
        }
        (LocalFailureReason::ChildRequiresMore(i), En) => format!("A of child {i} is not ⊆ A ∪ {{p}}"),
        (LocalFailureReason::ChildEnvelopeOutside(i), Ja) => format!("子 {i} の T が T に入っていません"),
        (LocalFailureReason::ChildEnvelopeOutside(i), En) => format!("T of child {i} is not ⊆ T"),
        (LocalFailureReason::ChildTooTall(i), Ja) => format!("h が 1 ＋（子 {i} の h）より小さい"),
        (LocalFailureReason::ChildTooTall(i), En) => format!("h < 1 + h of child {i}"),
        (LocalFailureReason::NoChildAvoids(class), Ja) => {
            format!("応手 {class}：どの子の囲いにもその手が入っています")
        }
        (LocalFailureReason::NoChildAvoids(class), En) => {
            format!("reply class {class}: every child's envelope contains the reply")
        }
    }
}

/// "card 727: pivot (8,8), |A| = 0, |T| = 251, h = 21".
fn root_facts(lang: Language, root: &RootFacts) -> String {
    let c = comma(lang);
    let RootFacts { card, pivot, required, envelope, height, .. } = root;
    match lang {
        Language::Japanese => {
            format!("カード {card}：ピボット {pivot}{c}|A| = {required}{c}|T| = {envelope}{c}h = {height}")
        }
        Language::English => {
            format!("card {card}: pivot {pivot}{c}|A| = {required}{c}|T| = {envelope}{c}h = {height}")
        }
    }
}

/// Maker's and Breaker's moves in turn, Maker first.
fn worked_line(lang: Language, line: &[Cell]) -> String {
    let (maker, breaker) = match lang {
        Language::Japanese => ("作り手", "壊し手"),
        Language::English => ("M", "B"),
    };
    let moves: Vec<String> = line
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} {c}", if i % 2 == 0 { maker } else { breaker }))
        .collect();
    moves.join(comma(lang))
}

fn set(cells: &[Cell]) -> String {
    let list: Vec<String> = cells.iter().map(Cell::to_string).collect();
    format!("{{{}}}", list.join(","))
}

fn comma(lang: Language) -> &'static str {
    pick(lang, "、", ", ")
}

fn yes_no(lang: Language, yes: bool) -> &'static str {
    match yes {
        true => pick(lang, "はい", "yes"),
        false => pick(lang, "いいえ", "no"),
    }
}

fn pick(lang: Language, ja: &'static str, en: &'static str) -> &'static str {
    match lang {
        Language::Japanese => ja,
        Language::English => en,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::certificate::SHIPPED_SHA256;
    use crate::snaky::verify;

    #[test]
    fn a_grammar_error_is_translated_with_its_line_column_and_token() {
        let report = verify::verify_text("6 14 4:100 5:1-1\n", SHIPPED_SHA256);
        let grammar = report.checks.iter().find(|c| c.id == CheckId::Grammar).expect("a grammar check");
        let japanese = lines(Language::Japanese, grammar).join("\n");
        assert!(japanese.starts_with("不合格  2. 文法："), "{japanese}");
        assert!(
            japanese.contains("1行 15列「5:1-1」") && japanese.contains("知らない文字 '-'"),
            "{japanese}"
        );
        let english = lines(Language::English, grammar).join("\n");
        assert!(english.starts_with("FAIL  2. grammar: certificate line 1, column 15"), "{english}");
    }

    #[test]
    fn a_local_check_failure_names_the_card_its_place_and_the_broken_rule() {
        use crate::snaky::verify::LocalFailure;
        let failure = LocalFailure {
            card: 727,
            line: 722,
            column: 9,
            reason: LocalFailureReason::ChildEnvelopeOutside(3),
        };
        let check = Check {
            number: 11,
            id: CheckId::LocalCheck,
            found: Found::LocalFailure(failure),
            expected: None,
            pass: false,
        };
        assert_eq!(
            lines(Language::Japanese, &check),
            [
                "不合格  11. 局所チェック：カード 727（722行 9列）で成り立ちません：子 3 の T が T に入っていません"
            ]
        );
        // The CLI keeps the engine's ⊄ (U+2284, not in the font); the screen spells it out.
        assert_eq!(check.detail(), "fails at card 727 (line 722, column 9): T of child 3 \u{2284} T");
        assert_eq!(
            lines(Language::English, &check),
            ["FAIL  11. local check: fails at card 727 (line 722, column 9): T of child 3 is not ⊆ T"]
        );
    }
}
