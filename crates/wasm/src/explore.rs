//! The opening explorer: its index, loaded once from the bytes JS gives
//! (`pkg/explorer.bin`, which the package fetches or reads: the index is
//! not in the module), and `explore`.

use std::cell::RefCell;
use std::sync::Arc;

use othello::explorer::{Explorer, ExplorerFileError};
use othello_cli::explore::explore_game;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::{Error, Kind};
use crate::js::to_js;
use crate::notation::read_game;

thread_local! {
    /// The index, once loaded.
    static EXPLORER: RefCell<Option<Arc<Explorer>>> = const { RefCell::new(None) };
}

/// The index loaded, if any.
pub fn loaded() -> Option<Arc<Explorer>> {
    EXPLORER.with(|cell| cell.borrow().clone())
}

impl From<ExplorerFileError> for Error {
    fn from(error: ExplorerFileError) -> Error {
        Error::new(Kind::Load, format!("loadExplorer: {error}"))
    }
}

/// What `loadExplorer` read (`ExplorerIndex`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExplorerIndex {
    /// The games counted.
    games: u32,
    /// The positions in the index.
    positions: u32,
    /// The least number of games of a position in the index.
    min_games: u32,
}

fn describe_index(explorer: &Explorer) -> ExplorerIndex {
    ExplorerIndex {
        games: explorer.games(),
        positions: explorer.positions() as u32,
        min_games: explorer.min_games(),
    }
}

/// Reads the explorer's index from the bytes of `pkg/explorer.bin`,
/// checking every record, and keeps it for `explore`; an index already
/// loaded is kept (and described) without reading the bytes again.
#[wasm_bindgen(js_name = loadExplorer)]
pub fn load_explorer(bytes: Vec<u8>) -> Result<JsValue, Error> {
    if let Some(explorer) = loaded() {
        return to_js(&describe_index(&explorer));
    }
    let explorer = Arc::new(Explorer::read(bytes)?);
    EXPLORER.with(|cell| *cell.borrow_mut() = Some(explorer.clone()));
    to_js(&describe_index(&explorer))
}

/// Whether the explorer's index is loaded.
#[wasm_bindgen(js_name = explorerLoaded)]
pub fn explorer_loaded() -> bool {
    loaded().is_some()
}

/// The games that reached a position (an OBF line, a transcript or a GGF
/// record) and the moves they played there (`Exploration`).
#[wasm_bindgen]
pub fn explore(position: &str) -> Result<JsValue, Error> {
    let explorer = loaded().ok_or_else(|| {
        Error::new(
            Kind::Engine,
            "explore: the explorer's index is not loaded; await loadExplorer() first",
        )
    })?;
    to_js(&explore_game(&explorer, &read_game(position)?))
}
