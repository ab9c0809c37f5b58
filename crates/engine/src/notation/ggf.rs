//! GGF game records, the game-server format:
//! `(;GM[Othello]PC[..]PB[..]PW[..]RE[..]TY[8]BO[8 <64 squares> <side>]B[f5]W[d6]...;)`.
//!
//! `BO` uses `*` (or `X`) for Black, `O` for White and `-` for empty, with the
//! squares in one run or in eight rows. Moves may carry `/eval/time` after
//! the square; passes are `pa`. Other properties are kept as tags.

use std::fmt;

use crate::board::Board;
use crate::game::Game;
use crate::position::{Color, Move, MoveError, Position};

use super::obf::{self, ObfError};
use super::transcript::parse_move;

/// The properties a record writes itself from its game (the game type, the
/// board size, the start board and the moves): never tags.
pub const GAME_PROPERTIES: [&str; 5] = ["GM", "TY", "BO", "B", "W"];

/// The longest tag name, in letters.
pub const MAX_TAG_NAME: usize = 8;

/// A game and the record's other properties (players, place, result, ...).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GgfGame {
    /// The start position and the moves.
    pub game: Game,
    /// Properties other than the [`GAME_PROPERTIES`], in order. Set them
    /// with [`GgfGame::set_tag`], which checks the name.
    pub tags: Vec<(String, String)>,
}

impl GgfGame {
    /// Sets tag `name` to `value`: a tag already there keeps its place (a
    /// second one of that name is dropped), a new one goes last. The name
    /// must pass [`check_tag_name`].
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        check_tag_name(name)?;
        match self.tags.iter().position(|(old, _)| old == name) {
            Some(index) => {
                self.tags[index].1 = value.to_string();
                let mut seen = 0;
                self.tags.retain(|(old, _)| {
                    seen += usize::from(old == name);
                    old != name || seen == 1
                });
            }
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }
}

/// A name that cannot be a tag: not 1 to [`MAX_TAG_NAME`] capital letters,
/// or one of the [`GAME_PROPERTIES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagError {
    /// The name that was given.
    pub name: String,
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (last, others) = GAME_PROPERTIES
            .split_last()
            .expect("the record writes some properties");
        write!(
            f,
            "ggf: tag '{}' is not a GGF property name of capital letters other than {} and {last}",
            self.name,
            others.join(", ")
        )
    }
}

impl std::error::Error for TagError {}

/// Checks that `name` can be a tag: 1 to [`MAX_TAG_NAME`] capital letters
/// and not one of the [`GAME_PROPERTIES`].
pub fn check_tag_name(name: &str) -> Result<(), TagError> {
    let letters =
        (1..=MAX_TAG_NAME).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_uppercase());
    if letters && !GAME_PROPERTIES.contains(&name) {
        Ok(())
    } else {
        Err(TagError {
            name: name.to_string(),
        })
    }
}

/// Why a text is not a GGF game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfError {
    /// The text does not start with `(;` or end with `;)`.
    NotARecord,
    /// A property has no `[` value or no closing `]`.
    BadProperty {
        /// The character offset where the property starts.
        offset: usize,
    },
    /// `GM` is not Othello or `TY` is not 8.
    NotOthello {
        /// The property and its value.
        found: String,
    },
    /// The `BO` board is malformed.
    Board(ObfError),
    /// Move `number` is not a square or pass.
    NotASquare {
        /// The move's number (1-based).
        number: usize,
        /// The value written.
        text: String,
    },
    /// Move `number` is written for the colour that is not to move.
    WrongColor {
        /// The move's number (1-based).
        number: usize,
        /// The colour that is to move.
        to_move: Color,
    },
    /// Move `number` cannot be played.
    Illegal {
        /// The move's number (1-based).
        number: usize,
        /// Why it cannot be played.
        reason: MoveError,
    },
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::NotARecord => {
                f.write_str("ggf: a game record starts with '(;' and ends with ';)'")
            }
            GgfError::BadProperty { offset } => {
                write!(f, "ggf: property at character {offset} is not NAME[value]")
            }
            GgfError::NotOthello { found } => write!(f, "ggf: {found} is not 8x8 Othello"),
            GgfError::Board(error) => {
                let detail = error.to_string();
                write!(f, "ggf: BO {}", detail.trim_start_matches("obf: "))
            }
            GgfError::NotASquare { number, text } => {
                write!(f, "ggf: move {number} '{text}' is not a square")
            }
            GgfError::WrongColor { number, to_move } => {
                write!(f, "ggf: move {number} is not by {to_move}, who is to move")
            }
            GgfError::Illegal { number, reason } => write!(f, "ggf: move {number} {reason}"),
        }
    }
}

impl std::error::Error for GgfError {}

/// Splits the record's body into `(name, value)` properties.
fn properties(body: &str, base: usize) -> Result<Vec<(String, String)>, GgfError> {
    let mut result = Vec::new();
    let mut chars = body.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let error = GgfError::BadProperty {
            offset: base + start,
        };
        let mut name = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if !c.is_ascii_alphabetic() {
                break;
            }
            name.push(c);
            chars.next();
        }
        if name.is_empty() || chars.next().map(|(_, c)| c) != Some('[') {
            return Err(error);
        }
        let mut value = String::new();
        loop {
            match chars.next() {
                Some((_, '\\')) => value.extend(chars.next().map(|(_, c)| c)),
                Some((_, ']')) => break,
                Some((_, c)) => value.push(c),
                None => return Err(error),
            }
        }
        result.push((name, value));
    }
    Ok(result)
}

/// Reads the `BO[8 <squares> <side>]` value.
fn parse_board(value: &str) -> Result<Position, GgfError> {
    let mut words: Vec<&str> = value.split_whitespace().collect();
    if words.first() != Some(&"8") {
        return Err(GgfError::NotOthello {
            found: format!("BO[{value}]"),
        });
    }
    let side = if words.len() > 2 { words.pop() } else { None };
    let squares: String = words[1..].concat();
    let side = side.ok_or(GgfError::Board(ObfError::MissingSide))?;
    obf::parse_board(&squares, side).map_err(GgfError::Board)
}

/// Reads a GGF game record.
pub fn parse(text: &str) -> Result<GgfGame, GgfError> {
    let trimmed = text.trim();
    let body = trimmed
        .strip_prefix("(;")
        .and_then(|rest| rest.strip_suffix(";)"))
        .ok_or(GgfError::NotARecord)?;
    let base = text.len() - text.trim_start().len() + 2;
    let mut record = GgfGame::default();
    let mut moves = Vec::new();
    for (name, value) in properties(body, base)? {
        match name.as_str() {
            "GM" if !value.eq_ignore_ascii_case("othello") => {
                return Err(GgfError::NotOthello {
                    found: format!("GM[{value}]"),
                })
            }
            "TY" if value.trim() != "8" => {
                return Err(GgfError::NotOthello {
                    found: format!("TY[{value}]"),
                })
            }
            "GM" | "TY" => {}
            "BO" => record.game = Game::new(parse_board(&value)?),
            "B" => moves.push((Color::Black, value)),
            "W" => moves.push((Color::White, value)),
            _ => record.tags.push((name, value)),
        }
    }
    for (index, (color, value)) in moves.into_iter().enumerate() {
        play(&mut record.game, index + 1, color, &value)?;
    }
    Ok(record)
}

/// Plays move `number` by `color`, written `value`, at the end of `game`.
fn play(game: &mut Game, number: usize, color: Color, value: &str) -> Result<(), GgfError> {
    let square = value.split('/').next().unwrap_or("").trim();
    let mv = parse_move::<Board>(square).ok_or_else(|| GgfError::NotASquare {
        number,
        text: square.to_string(),
    })?;
    let to_move = game.position().to_move;
    let result = if to_move == color {
        game.play(mv)
    } else if game.position().status() == crate::board::Status::MustPass {
        // The record left the pass of the side to move implicit.
        game.play(Move::Pass).and_then(|_| game.play(mv))
    } else {
        return Err(GgfError::WrongColor { number, to_move });
    };
    result
        .map(|_| ())
        .map_err(|reason| GgfError::Illegal { number, reason })
}

/// Escapes `]` and `\` in a property value.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes a GGF game record.
pub fn write(record: &GgfGame) -> String {
    let mut text = String::from("(;GM[Othello]");
    for (name, value) in &record.tags {
        text.push_str(&format!("{name}[{}]", escape(value)));
    }
    let start = &record.game.start();
    let side = match start.to_move {
        Color::Black => '*',
        Color::White => 'O',
    };
    let squares = obf::board_string(start).replace('X', "*");
    text.push_str(&format!("TY[8]BO[8 {squares} {side}]"));
    let mut color = start.to_move;
    for mv in record.game.moves() {
        let letter = match color {
            Color::Black => 'B',
            Color::White => 'W',
        };
        text.push_str(&format!("{letter}[{mv}]"));
        color = color.opposite();
    }
    text.push_str(";)");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "(;GM[Othello]PC[NBoard]DT[2024-01-01]PB[Alice]PW[Bob \\] Jr]RE[?]TI[5:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1.0]W[d6]B[C3]W[d3];)";

    #[test]
    fn reads_players_board_and_moves() {
        let record = parse(RECORD).unwrap();
        assert_eq!(record.game.start(), Position::START);
        assert_eq!(record.game.moves().len(), 4);
        assert!(record
            .tags
            .contains(&("PW".to_string(), "Bob ] Jr".to_string())));
        let written = write(&record);
        assert!(written
            .contains("BO[8 ---------------------------O*------*O--------------------------- *]"));
        assert!(written.contains("B[f5]W[d6]B[c3]W[d3];)"));
        assert_eq!(parse(&written).unwrap(), record);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let cases = [
            (
                "GM[Othello]",
                "ggf: a game record starts with '(;' and ends with ';)'",
            ),
            (
                "(;GM[Othello]PB[x;)",
                "ggf: property at character 13 is not NAME[value]",
            ),
            ("(;GM[Chess];)", "ggf: GM[Chess] is not 8x8 Othello"),
            ("(;GM[Othello]TY[10];)", "ggf: TY[10] is not 8x8 Othello"),
            (
                "(;GM[Othello]B[f5]B[z9];)",
                "ggf: move 2 'z9' is not a square",
            ),
            (
                "(;GM[Othello]B[f5]B[d6];)",
                "ggf: move 2 is not by White, who is to move",
            ),
            (
                "(;GM[Othello]B[f5]W[a1];)",
                "ggf: move 2 a1 is illegal for White",
            ),
            (
                "(;GM[Othello]BO[8 --- *];)",
                "ggf: BO board has 3 squares, expected 64",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text}");
        }
    }

    fn tag_names(record: &GgfGame) -> Vec<&str> {
        record.tags.iter().map(|(name, _)| name.as_str()).collect()
    }

    #[test]
    fn set_tag_replaces_in_place_and_appends_new_ones() {
        let mut record = parse(RECORD).unwrap();
        assert_eq!(tag_names(&record), ["PC", "DT", "PB", "PW", "RE", "TI"]);
        record.set_tag("PB", "Carol").unwrap();
        record.set_tag("KM", "0").unwrap();
        assert_eq!(
            tag_names(&record),
            ["PC", "DT", "PB", "PW", "RE", "TI", "KM"]
        );
        assert_eq!(record.tags[2], ("PB".to_string(), "Carol".to_string()));
        assert!(write(&record).starts_with("(;GM[Othello]PC[NBoard]DT[2024-01-01]PB[Carol]"));
        assert!(write(&record).contains("TI[5:00]KM[0]TY[8]"));
        // A record with the tag twice keeps one, where the first was.
        let mut twice = parse("(;GM[Othello]PB[Alice]PW[Bob]PB[Alice again];)").unwrap();
        twice.set_tag("PB", "Dave").unwrap();
        assert_eq!(
            twice.tags,
            [
                ("PB".to_string(), "Dave".to_string()),
                ("PW".to_string(), "Bob".to_string())
            ]
        );
    }

    #[test]
    fn set_tag_refuses_names_that_are_not_tags() {
        let mut record = GgfGame::default();
        for name in [
            "",
            "pb",
            "Pb",
            "P1",
            "PLAYERS12",
            "P B",
            "GM",
            "TY",
            "BO",
            "B",
            "W",
        ] {
            let error = record.set_tag(name, "x").unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "ggf: tag '{name}' is not a GGF property name of capital letters \
                     other than GM, TY, BO, B and W"
                )
            );
            assert_eq!(error.name, name);
        }
        assert!(record.tags.is_empty());
        for name in ["C", "PB", "PLAYERSX", "BB", "WB"] {
            assert_eq!(check_tag_name(name), Ok(()), "{name}");
        }
    }

    #[test]
    fn set_tags_survive_writing_and_reading() {
        let mut record = GgfGame::default();
        record.set_tag("PB", "Alice [the first]").unwrap();
        record.set_tag("RE", "+10").unwrap();
        let written = write(&record);
        assert!(written.starts_with("(;GM[Othello]PB[Alice [the first\\]]RE[+10]TY[8]"));
        assert_eq!(parse(&written).unwrap(), record);
    }
}
