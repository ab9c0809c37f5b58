//! A side of a game or a match on the command line: one of the engine's
//! players, named by a player spec, or another program that speaks the
//! NBoard protocol, named by `nboard:[<key=value,...>:]<command line>`
//! ([`crate::nboard_player`]).

use std::fmt;

use othello::clock::Clock;
use othello::players::{Choice, Mover, PlayError, Player, Spec};
use othello::rng::Rng;
use othello::time_manager::ClockState;
use othello::Game;
use othello_cli::{CliError, CliResult};

use super::args::parse_spec;
use crate::nboard_player::{NboardError, NboardPlayer, NboardSpec};

/// What names a side.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SideSpec {
    /// One of the engine's players.
    Player(Spec),
    /// A program that speaks the NBoard protocol.
    Nboard(NboardSpec),
}

impl SideSpec {
    /// Reads an `nboard:` spec or a player spec.
    pub(super) fn parse(text: &str) -> CliResult<SideSpec> {
        match NboardSpec::parse(text) {
            Some(spec) => Ok(SideSpec::Nboard(spec.map_err(|e| CliError::input("", e))?)),
            None => Ok(SideSpec::Player(parse_spec(text)?)),
        }
    }

    /// The side, ready to play: an engine player's table is allocated, an
    /// NBoard engine is started and has answered.
    pub(super) fn start(&self) -> CliResult<Contestant> {
        Ok(match self {
            SideSpec::Player(spec) => {
                Contestant::Player(Player::new(*spec).map_err(CliError::from)?)
            }
            SideSpec::Nboard(spec) => Contestant::Nboard(
                NboardPlayer::start(spec).map_err(|e| CliError::failed(e.to_string()))?,
            ),
        })
    }
}

impl fmt::Display for SideSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SideSpec::Player(spec) => write!(f, "{spec}"),
            SideSpec::Nboard(spec) => write!(f, "{spec}"),
        }
    }
}

/// A side, ready to play (two a match, or a match's thread: their sizes
/// do not matter).
#[allow(clippy::large_enum_variant)]
pub(super) enum Contestant {
    /// One of the engine's players.
    Player(Player),
    /// A running NBoard engine.
    Nboard(NboardPlayer),
}

impl Contestant {
    /// The side as the header of a game or match names it: its spec, and
    /// the name an NBoard engine gave itself.
    pub(super) fn describe(&self) -> String {
        match self {
            Contestant::Player(player) => player.spec().to_string(),
            Contestant::Nboard(engine) => engine.describe(),
        }
    }
}

impl Mover for Contestant {
    type Error = NboardError;

    fn new_game(&mut self) -> Result<(), NboardError> {
        match self {
            Contestant::Player(player) => player.new_game(),
            Contestant::Nboard(engine) => engine.new_game(),
        }
        Ok(())
    }

    /// An NBoard engine plays at its depth whatever the clock (the commands
    /// refuse a game clock with one).
    fn choose_in(
        &mut self,
        game: &Game,
        rng: &mut Rng,
        clock: &dyn Clock,
        on_clock: Option<&ClockState>,
    ) -> Result<Choice, NboardError> {
        match self {
            Contestant::Player(player) => {
                Ok(player.choose_on(&game.position(), rng, clock, on_clock))
            }
            Contestant::Nboard(engine) => Ok(Choice {
                mv: engine.choose(game)?,
                search: None,
            }),
        }
    }
}

/// A game that a side could not play to its end, as the error of
/// `command`.
pub(super) fn play_error(command: &str, error: PlayError<NboardError>) -> CliError {
    CliError::failed(format!("{command}: {error}"))
}
