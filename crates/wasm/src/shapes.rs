//! The 8x8 board's result objects as JS receives them (and the score of
//! either board), each named after the interface of `pkg/index.d.ts` that
//! declares it
//! (`tests/node/shapes.test.mjs` checks their keys against it). Numbers are
//! JS numbers: counts of nodes are `f64`, never `u64` (which would cross as
//! a BigInt).

use serde::Serialize;

/// The state of a position (`Status`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// The position as an OBF line.
    pub position: String,
    /// The 64 squares a1..h8 as `X`, `O` or `-`.
    pub board: String,
    /// `"black"` or `"white"`.
    pub to_move: &'static str,
    /// The legal moves, a1 first.
    pub moves: Vec<String>,
    /// `"moves"`, `"pass"` or `"gameover"`.
    pub status: &'static str,
    /// Black discs.
    pub black: u32,
    /// White discs.
    pub white: u32,
    /// Empty squares.
    pub empties: u32,
}

/// The score of a position from the first player's side (`Score`, and
/// `Score96` on the 96-square board).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    /// Black discs (on the 8x8 board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<u32>,
    /// Red discs (on the 96-square board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub red: Option<u32>,
    /// White discs.
    pub white: u32,
    /// Empty squares.
    pub empties: u32,
    /// Black's (Red's) discs minus White's.
    pub disc_difference: i32,
    /// The disc difference with the empty squares given to the winner.
    #[serde(rename = "final")]
    pub final_score: i32,
    /// Whether neither side can move.
    pub game_over: bool,
}

/// A game read from any notation (`ParsedGame`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParsedGame {
    /// `"transcript"`, `"obf"` or `"ggf"`.
    pub format: &'static str,
    /// The start position as an OBF line.
    pub start: String,
    /// The moves as square names, passes as `pa`.
    pub moves: Vec<String>,
    /// The position after the moves as an OBF line.
    pub position: String,
    /// The moves as a transcript.
    pub transcript: String,
    /// The game as a GGF record.
    pub ggf: String,
}

/// A progress report or the result of a search (`SearchReport`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchReport {
    /// The best move, `null` when there is none (the game is over).
    pub best: Option<String>,
    /// Score for the side to move, in discs.
    pub score: i32,
    /// `"depth"`, `"wld"` or `"exact"`.
    pub kind: &'static str,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Confidence of the selective cuts, in percent.
    pub confidence: u32,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes visited.
    pub nodes: f64,
    /// Nodes per second.
    pub nps: f64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// The hard limit of a move on a game clock; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<f64>,
    /// The best lines of an analysis with `lines`, best first; absent
    /// otherwise (and before its first iteration ends).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<AnalysisLine>,
}

/// One of the best lines of an analysis with `lines` (`AnalysisLine`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisLine {
    /// Its first move (`"pa"` for a forced pass).
    #[serde(rename = "move")]
    pub mv: String,
    /// Its score for the side to move, in discs.
    pub score: i32,
    /// `"depth"`, `"wld"` or `"exact"`.
    pub kind: &'static str,
    /// Depth searched.
    pub depth: u32,
    /// Confidence of the selective cuts, in percent.
    pub confidence: u32,
    /// The principal variation, starting with the move.
    pub pv: Vec<String>,
}

/// The score of one move, as analyze gives it (`MoveScore`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveScore {
    /// The move (`"pa"` for a forced pass).
    #[serde(rename = "move")]
    pub mv: String,
    /// Its score for the side to move, in discs.
    pub score: i32,
    /// `"depth"`, `"wld"` or `"exact"`.
    pub kind: &'static str,
    /// Depth searched.
    pub depth: u32,
    /// Confidence of the selective cuts, in percent.
    pub confidence: u32,
}
