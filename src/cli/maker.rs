//! `pokopoko snaky coach | levels` and `snaky play --as maker`: Snaky with the player as Maker,
//! a computer Breaker answering and the proof as coach (the engine is `snaky::as_maker`).

use std::process::ExitCode;

use serde::Serialize;

use super::terminal::{Table, draw_board, play_error, serve};
use crate::snaky::as_maker::{
    Advice, Attacker, Coach, CoachedMove, Footing, Level, MakerGame, Opponent, attacker, coached_review,
};
use crate::snaky::breaker::MAX_GAME_MOVES;
use crate::snaky::errors::{MoveError, RecordError, RecordErrorKind};
use crate::snaky::{self, Bounds, Cell, Maker, Player};

/// The goal of the Maker mode: our best certificate's height.
pub const GOAL: u32 = Maker::Ours19.bound();

/// `blocker`, `potential` or `searcher`.
pub fn parse_level(text: &str) -> Result<Level, String> {
    Level::from_id(text.trim()).ok_or_else(|| {
        format!("\"{}\": the Breaker is blocker, potential or searcher", crate::escape::shown(text))
    })
}

/// `snaky coach`: the proof at a position of the Maker mode, or the review of a whole game.
#[derive(Debug, clap::Args)]
pub struct CoachArgs {
    /// Maker's moves (the player's), in order: "x,y x,y …".
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true, default_value = "")]
    maker_moves: String,
    /// Breaker's moves, in order, one after each Maker move: "x,y x,y …".
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true, default_value = "")]
    breaker_moves: String,
    /// Print `{"within":…,"hint":[x,y],"footing":…,"maker":…,"card":…,"inline":…,"placement":…}`:
    /// footing "here", "afresh" or "threats" (a win by threats alone: no card fields), maker
    /// "ours-19", "ours-20" or "paper", placement "sS+(dx,dy)".
    #[arg(long)]
    json: bool,
    /// Review the whole game instead: for each Maker move, kept the proof's pace, cost moves or
    /// left the proof, the hint, and for a costly move the hints' line against --breaker.
    #[arg(long, requires = "breaker")]
    review: bool,
    /// With --review: the computer Breaker the hints' line plays against.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level, requires = "review")]
    breaker: Option<Level>,
    /// With --review: the Breaker's seed (default 0).
    #[arg(long, requires = "review")]
    seed: Option<u64>,
}

/// `snaky levels`: the fixed heuristic Maker against each computer Breaker.
#[derive(Debug, clap::Args)]
pub struct LevelsArgs {
    /// Games per level, seeds 0 to N − 1.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1000))]
    seeds: u64,
    /// Print `[{"level":…,"games":…,"won":…,"unfinished":…,"mean":…,"worst":…,"mean_all":…}, …]`.
    #[arg(long)]
    json: bool,
}

/// The certificate a card comes from, as the command line names it.
fn certificate_name(maker: Maker) -> &'static str {
    match maker {
        Maker::Paper => "paper",
        Maker::Ours => "ours-20",
        Maker::Ours19 => "ours-19",
    }
}

/// An [`Advice`] as `snaky coach --json` prints it.
#[derive(Serialize)]
struct AdviceJson {
    within: u32,
    hint: [i32; 2],
    footing: Footing,
    /// The card's certificate, number, and placement: absent for a win by threats alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    maker: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inline: Option<bool>,
    /// F, from the card's frame to the board: `sS+(dx,dy)`, symmetry digit S then translation.
    #[serde(skip_serializing_if = "Option::is_none")]
    placement: Option<String>,
}

impl From<&Advice> for AdviceJson {
    fn from(advice: &Advice) -> Self {
        let card = (advice.footing != Footing::Threats).then_some(advice);
        Self {
            within: advice.within,
            hint: xy(advice.hint),
            footing: advice.footing,
            maker: card.map(|a| certificate_name(a.maker)),
            card: card.map(|a| a.card),
            inline: card.map(|a| a.inline),
            placement: card.map(|a| a.placement.to_string()),
        }
    }
}

fn xy(cell: Cell) -> [i32; 2] {
    [cell.x, cell.y]
}

/// "7 more moves", "1 more move".
fn more_moves(n: u32) -> String {
    format!("{n} more move{}", if n == 1 { "" } else { "s" })
}

/// "1 Breaker move", "3 Maker moves".
fn count(n: usize, what: &str) -> String {
    format!("{n} {what} move{}", if n == 1 { "" } else { "s" })
}

/// Who Maker is in the coach's sentences: the player in play, a third person for a position.
#[derive(Clone, Copy)]
enum Person {
    You,
    Maker,
}

/// The coach's line: the proven bound in words.
fn proven(advice: Option<&Advice>, person: Person) -> String {
    let Some(advice) = advice else {
        return "No proof found from here (the game goes on).".to_string();
    };
    let within = more_moves(advice.within);
    match (advice.footing, person) {
        (Footing::Here, Person::You) => format!("Proven: you win within {within}."),
        (Footing::Here, Person::Maker) => format!("Proven: Maker wins within {within}."),
        (Footing::Threats, Person::You) => format!("Proven by threats alone: you win within {within}."),
        (Footing::Threats, Person::Maker) => format!("Proven by threats alone: Maker wins within {within}."),
        (Footing::Afresh, Person::You) => format!(
            "No proof found from your stones (the game goes on); a fresh start on clear ground wins within {within}."
        ),
        (Footing::Afresh, Person::Maker) => format!(
            "No card builds on Maker's stones; a root placed on clear ground (a fresh start) wins within {within}."
        ),
    }
}

/// "Hint: (9,8) — card 812 of ours-19 under s3+(2,5)."
fn hint_text(advice: &Advice) -> String {
    if advice.footing == Footing::Threats {
        return format!(
            "Hint: {} — a threat the Breaker must answer (a win by threats alone, the last a double threat).",
            advice.hint
        );
    }
    let certificate = match advice.maker {
        Maker::Paper => "the paper's".to_string(),
        maker => certificate_name(maker).to_string(),
    };
    let card = if advice.inline {
        format!("a node inside card {} of {certificate}", advice.card)
    } else {
        format!("card {} of {certificate}", advice.card)
    };
    format!("Hint: {} — {card} under {}.", advice.hint, advice.placement)
}

/// A record of one side read as `snaky replay` reads one, with the game's length limit.
fn record(flag: &str, text: &str) -> Result<Vec<Cell>, String> {
    let cells = snaky::parse_moves(text).map_err(|e| format!("{flag}: {e}"))?;
    if cells.len() > MAX_GAME_MOVES {
        return Err(format!("{flag}: {} moves; a record holds at most {MAX_GAME_MOVES}", cells.len()));
    }
    Ok(cells)
}

/// The game of the two records, Maker's and Breaker's moves alternately from Maker's first; an
/// error names the record and the move at fault.
fn replayed(maker_moves: &str, breaker_moves: &str) -> Result<MakerGame, String> {
    let maker = record("--maker-moves", maker_moves)?;
    let breaker = record("--breaker-moves", breaker_moves)?;
    if breaker.len() > maker.len() {
        return Err(format!(
            "--breaker-moves: {} to {}: Breaker answers each Maker move, so it has at most as many",
            count(breaker.len(), "Breaker"),
            count(maker.len(), "Maker")
        ));
    }
    if maker.len() > breaker.len() + 1 {
        return Err(format!(
            "--maker-moves: {} to {}: the moves alternate from Maker's first, so Maker has at most one more",
            count(maker.len(), "Maker"),
            count(breaker.len(), "Breaker")
        ));
    }
    let play = |game: &mut MakerGame, flag: &str, index: usize, cell: Cell| {
        game.play(cell).map(|_| ()).map_err(|e| {
            let token = format!("{},{}", cell.x, cell.y);
            let error = RecordError { position: index + 1, token, kind: RecordErrorKind::Illegal(e) };
            format!("{flag}: {error}")
        })
    };
    let mut game = MakerGame::new();
    for (index, &cell) in maker.iter().enumerate() {
        play(&mut game, "--maker-moves", index, cell)?;
        if let Some(&reply) = breaker.get(index) {
            play(&mut game, "--breaker-moves", index, reply)?;
        }
    }
    Ok(game)
}

pub fn coach(args: &CoachArgs) -> ExitCode {
    let game = match replayed(&args.maker_moves, &args.breaker_moves) {
        Ok(game) => game,
        Err(e) => return super::edge::bad_input(e),
    };
    let coach = match Coach::shipped() {
        Ok(coach) => coach,
        Err(e) => return super::edge::bad_input(e),
    };
    if let Some(level) = args.breaker.filter(|_| args.review) {
        return review(&coach, &game, level, args.seed.unwrap_or(0), args.json);
    }
    let (maker, breaker) = (game.maker_cells().len(), game.breaker_cells().len());
    let (maker_moves, breaker_moves) = (count(maker, "Maker"), count(breaker, "Breaker"));
    if game.won() {
        let last = game.maker_cells().last().copied().unwrap_or(Cell::new(0, 0));
        return super::edge::bad_input(format_args!(
            "the game is won: Maker's move {maker} at {last} completed a Snaky; the coach advises a position with Maker to move (--review reviews a finished game)"
        ));
    }
    if game.to_move() == Some(Player::Breaker) {
        return super::edge::bad_input(format_args!(
            "it is Breaker's turn ({maker_moves}, {breaker_moves}); the coach advises Maker: add Breaker's reply to --breaker-moves"
        ));
    }
    let advice = coach.advise(&game);
    if args.json {
        // `null` when no proof is found (only where the stones reach the board's ends).
        let json = serde_json::to_string(&advice.as_ref().map(AdviceJson::from)).unwrap_or_default();
        return super::edge::emit(&format!("{json}\n"));
    }
    let mut text = format!("{}\n", proven(advice.as_ref(), Person::Maker));
    if let Some(advice) = &advice {
        text.push_str(&format!("{}\n", hint_text(advice)));
    }
    super::edge::emit(&text)
}

/// One Maker move of `snaky coach --review --json`.
#[derive(Serialize)]
struct ReviewedJson {
    number: usize,
    cell: [i32; 2],
    /// The proof before the move; its hint is the proven move.
    before: AdviceJson,
    /// The proof at the next Maker turn (`null` after the winning move or with no reply yet).
    after: Option<AdviceJson>,
    won: bool,
    cost: u32,
    /// How much closer the proven win came than the proof before the move promised.
    gain: u32,
    left_proof: bool,
    /// For a costly move: the moves the hints play from before it (Maker's first), to the win.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    line: Vec<[i32; 2]>,
    /// Maker's moves in `line`.
    #[serde(skip_serializing_if = "Option::is_none")]
    line_maker_moves: Option<usize>,
}

#[derive(Serialize)]
struct ReviewJson {
    breaker: &'static str,
    seed: u64,
    goal: u32,
    won: bool,
    maker_moves: usize,
    moves: Vec<ReviewedJson>,
}

fn line_maker_moves(line: &[snaky::Move]) -> usize {
    line.iter().filter(|m| m.player == Player::Maker).count()
}

/// What a move did to the proof, in a few words.
fn verdict(m: &CoachedMove) -> String {
    match (m.won, m.left_proof, m.cost) {
        (true, ..) => "won".to_string(),
        (_, true, 0) => "left the proof".to_string(),
        (_, true, cost) => format!("left the proof, cost {cost}"),
        (_, false, 0) if m.after.is_none() => "(no reply yet)".to_string(),
        (_, false, 0) if m.gain > 0 => format!("kept, {} closer", m.gain),
        (_, false, 0) => "kept".to_string(),
        (_, false, cost) => format!("cost {cost}"),
    }
}

fn review(coach: &Coach, game: &MakerGame, level: Level, seed: u64, json: bool) -> ExitCode {
    let moves = coached_review(coach, game, level, seed);
    if json {
        let output = ReviewJson {
            breaker: level.id(),
            seed,
            goal: GOAL,
            won: game.won(),
            maker_moves: game.maker_cells().len(),
            moves: moves
                .iter()
                .map(|m| ReviewedJson {
                    number: m.number,
                    cell: xy(m.cell),
                    before: AdviceJson::from(&m.before),
                    after: m.after.as_ref().map(AdviceJson::from),
                    won: m.won,
                    cost: m.cost,
                    gain: m.gain,
                    left_proof: m.left_proof,
                    line: m.line.iter().map(|step| xy(step.cell)).collect(),
                    line_maker_moves: (!m.line.is_empty()).then(|| line_maker_moves(&m.line)),
                })
                .collect(),
        };
        let json = serde_json::to_string(&output).unwrap_or_default();
        return super::edge::emit(&format!("{json}\n"));
    }
    let made = game.maker_cells().len();
    let mut text = if game.won() {
        format!("You built the Snaky in {made} Maker moves (goal {GOAL}).\n")
    } else {
        format!("The game is not over: {made} Maker moves so far (goal {GOAL}).\n")
    };
    text.push_str(&format!(
        "Before: the proven bound at the move, in Maker moves counting it; after: at your next turn.\n\
         Kept: the move kept the proof's pace (n closer: the Breaker's reply brought the proven finish\n\
         n moves closer); cost n: the proven finish moved n moves away; left the proof: before it a\n\
         card built on your stones, after it none did. Lines replay the hints against the {} Breaker\n\
         (seed {seed}).\n\n",
        level.id()
    ));
    text.push_str(&format!(
        "{:>4}  {:<13} {:>6} {:>5}  {:<24} Hint\n",
        "Move", "Cell", "Before", "After", "Verdict"
    ));
    for m in &moves {
        let after = m.after.map_or("-".to_string(), |a| a.within.to_string());
        let mut hint = m.before.hint.to_string();
        if !m.line.is_empty() {
            let n = line_maker_moves(&m.line);
            hint.push_str(&format!(
                "; the hints' line wins in {n} more Maker move{}",
                if n == 1 { "" } else { "s" }
            ));
        }
        text.push_str(&format!(
            "{:>4}  {:<13} {:>6} {:>5}  {:<24} {hint}\n",
            m.number,
            format!("{},{}", m.cell.x, m.cell.y),
            m.before.within,
            after,
            verdict(m)
        ));
    }
    if moves.is_empty() {
        text.push_str("(no Maker moves)\n");
    }
    super::edge::emit(&text)
}

/// The fixed heuristic Maker over seeds against one level.
#[derive(Serialize)]
struct LevelRow {
    level: &'static str,
    games: u64,
    won: usize,
    /// Games without a Snaky after [`attacker::GAME_LIMIT`] Maker moves.
    unfinished: usize,
    /// Maker moves of the won games: mean and worst (`null` when none was won).
    mean: Option<f64>,
    worst: Option<usize>,
    /// Over every game, an unfinished one counted as [`attacker::GAME_LIMIT`] + 1 (how the
    /// engine's test ranks the levels).
    mean_all: f64,
}

fn level_row(level: Level, seeds: u64) -> LevelRow {
    let won: Vec<usize> = (0..seeds)
        .filter_map(|seed| {
            let mut game = MakerGame::new();
            let mut maker = Attacker::new(seed);
            let mut choose = |g: &MakerGame| maker.choose(g);
            attacker::play(&mut game, &mut choose, &mut Opponent::new(level, seed))
        })
        .collect();
    LevelRow {
        level: level.id(),
        games: seeds,
        won: won.len(),
        unfinished: seeds as usize - won.len(),
        mean: (!won.is_empty()).then(|| won.iter().sum::<usize>() as f64 / won.len() as f64),
        worst: won.iter().copied().max(),
        mean_all: (won.iter().sum::<usize>() + (seeds as usize - won.len()) * (attacker::GAME_LIMIT + 1))
            as f64
            / seeds as f64,
    }
}

pub fn levels(args: &LevelsArgs) -> ExitCode {
    let rows: Vec<LevelRow> = Level::ALL.iter().map(|&level| level_row(level, args.seeds)).collect();
    if args.json {
        let json = serde_json::to_string(&rows).unwrap_or_default();
        return super::edge::emit(&format!("{json}\n"));
    }
    let mut text = format!(
        "The fixed heuristic Maker against each computer Breaker, seeds 0–{} (Maker and Breaker\n\
         seeded alike; a game without a Snaky after {} Maker moves is unfinished). Maker moves of\n\
         the won games:\n\n",
        args.seeds - 1,
        attacker::GAME_LIMIT
    );
    text.push_str(&format!(
        "{:<10} {:>5} {:>5} {:>10} {:>6} {:>6} {:>6}\n",
        "level", "games", "won", "unfinished", "mean", "worst", "mean*"
    ));
    for row in &rows {
        text.push_str(&format!(
            "{:<10} {:>5} {:>5} {:>10} {:>6} {:>6} {:>6.1}\n",
            row.level,
            row.games,
            row.won,
            row.unfinished,
            row.mean.map_or("-".to_string(), |m| format!("{m:.1}")),
            row.worst.map_or("-".to_string(), |w| w.to_string()),
            row.mean_all
        ));
    }
    text.push_str(&format!(
        "\nmean*: over every game, an unfinished one counted as {} Maker moves.\n",
        attacker::GAME_LIMIT + 1
    ));
    super::edge::emit(&text)
}

/// One turn of `snaky play --as maker`: the start, or the player's move and Breaker's answer.
#[derive(Serialize)]
struct TurnLine {
    /// The player's move (`null` at the start).
    maker: Option<[i32; 2]>,
    /// Breaker's answer (`null` at the start and after the winning move).
    breaker: Option<[i32; 2]>,
    /// Maker moves made.
    moves: usize,
    won: bool,
    goal: u32,
    /// The proven bound for the next turn and where it stands (`null` once the game is over).
    within: Option<u32>,
    footing: Option<Footing>,
    /// The coach's line, or once the game is over how it ended.
    coach: String,
    /// A hint was asked for.
    assisted: bool,
}

/// The answer to `hint`.
#[derive(Serialize)]
struct HintLine {
    #[serde(flatten)]
    advice: AdviceJson,
    coach: String,
    assisted: bool,
}

/// A game of `snaky play --as maker`.
struct Session {
    coach: Coach,
    game: MakerGame,
    opponent: Opponent,
    assisted: bool,
    /// The hint just shown, marked on the board.
    hint: Option<Cell>,
}

impl Session {
    fn over(&self) -> bool {
        self.game.won() || self.game.maker_cells().len() >= MAX_GAME_MOVES
    }

    fn turn(&self, maker: Option<Cell>, breaker: Option<Cell>) -> String {
        let moves = self.game.maker_cells().len();
        let advice = if self.over() { None } else { self.coach.advise(&self.game) };
        let coach = if self.game.won() {
            let against = match moves as u32 {
                n if n <= GOAL => format!("within the goal of {GOAL}"),
                n => format!("{} over the goal of {GOAL}", n - GOAL),
            };
            let assisted = if self.assisted { " (assisted: you asked for a hint)" } else { "" };
            format!("You built the Snaky in {moves} Maker moves: {against}{assisted}.")
        } else if self.over() {
            format!("The game ends unfinished: {MAX_GAME_MOVES} Maker moves without a Snaky.")
        } else {
            proven(advice.as_ref(), Person::You)
        };
        let line = TurnLine {
            maker: maker.map(xy),
            breaker: breaker.map(xy),
            moves,
            won: self.game.won(),
            goal: GOAL,
            within: advice.map(|a| a.within),
            footing: advice.map(|a| a.footing),
            coach,
            assisted: self.assisted,
        };
        serde_json::to_string(&line).unwrap_or_default()
    }
}

impl Table for Session {
    fn answer(&mut self, line: &str, bytes: &[u8]) -> String {
        self.hint = None;
        let word = line.trim();
        let game_over = || match self.game.won() {
            true => MoveError::GameOver.to_string(),
            false => format!("the game is over: it ended unfinished after {MAX_GAME_MOVES} Maker moves"),
        };
        if word.eq_ignore_ascii_case("hint") {
            if self.over() {
                return play_error(game_over(), bytes);
            }
            let Some(advice) = self.coach.advise(&self.game) else {
                return play_error("no proof found from here, so no hint", bytes);
            };
            self.assisted = true;
            self.hint = Some(advice.hint);
            let line =
                HintLine { advice: AdviceJson::from(&advice), coach: hint_text(&advice), assisted: true };
            return serde_json::to_string(&line).unwrap_or_default();
        }
        let cell = match snaky::parse_moves(word) {
            Ok(cells) if cells.len() == 1 => cells[0],
            Ok(_) => return play_error("one move `x,y` per line (or `hint`)", bytes),
            Err(e) if e.kind == RecordErrorKind::Malformed => {
                return play_error("malformed move (expected `x,y` with integers x and y, or `hint`)", bytes);
            }
            Err(e) => return play_error(e.kind, bytes),
        };
        if self.over() {
            return play_error(game_over(), bytes);
        }
        if let Err(e) = self.game.maker_move(cell) {
            return play_error(e, bytes);
        }
        if self.game.won() {
            return self.turn(Some(cell), None);
        }
        // A computer Breaker always answers with a free cell on its turn.
        let reply = self.opponent.choose(&self.game).filter(|&reply| self.game.breaker_move(reply).is_ok());
        self.turn(Some(cell), reply)
    }

    /// The board around the stones (and a hint just shown, `?`), 17 cells a side.
    fn board(&self) -> String {
        const SIDE: i64 = 17;
        let cells: Vec<Cell> = self.game.moves().iter().map(|m| m.cell).chain(self.hint).collect();
        let focus = self.hint.or(self.game.moves().last().map(|m| m.cell)).unwrap_or(Cell::new(8, 8));
        let span = |of: fn(Cell) -> i32| {
            let lo = cells.iter().map(|&c| i64::from(of(c))).min().unwrap_or(i64::from(of(focus)));
            let hi = cells.iter().map(|&c| i64::from(of(c))).max().unwrap_or(i64::from(of(focus)));
            // The stones' middle when they fit, else around the focus; kept on the board.
            let centre = if hi - lo < SIDE { (lo + hi) / 2 } else { i64::from(of(focus)) };
            let low = (centre - SIDE / 2).clamp(i64::from(i32::MIN), i64::from(i32::MAX) - (SIDE - 1));
            (low as i32, (low + SIDE - 1) as i32)
        };
        let (min_x, max_x) = span(|c| c.x);
        let (min_y, max_y) = span(|c| c.y);
        let bounds = Bounds { min_x, min_y, max_x, max_y };
        let last = self.game.moves().last().map(|m| m.cell);
        let hint = self.hint;
        draw_board(bounds, |c| self.game.owner(c), last, |c| (Some(c) == hint).then(|| "?".to_string()))
    }
}

/// Terminal play as Maker: the player's cells `x,y` (or `hint`) on standard input, one per line;
/// one JSON object per line out, as `snaky play` writes them.
pub fn play(level: Level, seed: u64, text: bool) -> ExitCode {
    let coach = match Coach::shipped() {
        Ok(coach) => coach,
        Err(e) => return super::edge::bad_input(e),
    };
    let mut session = Session {
        coach,
        game: MakerGame::new(),
        opponent: Opponent::new(level, seed),
        assisted: false,
        hint: None,
    };
    let first = session.turn(None, None);
    serve(first, &mut session, text)
}
