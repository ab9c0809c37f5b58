//! The engine the searches share: one per thread of the module, created
//! with the default table on first use and kept between searches (its
//! transposition table with it), on the threads `setThreads` asked for.

use std::cell::{Cell, RefCell};

use othello::engine::{Engine, DEFAULT_TABLE_MB};
use othello::search;
use othello::settings::{OptionsReader, Setting};
use wasm_bindgen::prelude::*;

use crate::error::{Error, Kind};
use crate::options::read_value;
#[cfg(target_feature = "atomics")]
use crate::pool;

thread_local! {
    /// The engine and its transposition table, kept between searches.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    /// The threads asked for by `setThreads`, kept when the engine is made anew.
    static THREADS: Cell<usize> = const { Cell::new(1) };
}

/// An engine with a table of about `table_mb` MiB, on the build's threads:
/// the threaded build's pool workers (as many as have joined, up to the
/// threads asked for), one thread in the single-thread build.
fn new_engine(table_mb: usize) -> Result<Engine, search::tt::AllocationError> {
    let mut engine = Engine::try_new(table_mb)?;
    use_threads(&mut engine);
    Ok(engine)
}

fn use_threads(engine: &mut Engine) {
    #[cfg(target_feature = "atomics")]
    engine.set_thread_pool(Some(std::sync::Arc::new(pool::Workers)));
    engine.set_threads(THREADS.get());
}

/// Searches and analyses from now on run on `threads` threads (1 to 64), or
/// on as many as this build has if fewer: in the threaded build the pool
/// workers that have joined and this thread, in the single-thread build
/// one. Returns the threads in use. Searches with only a node limit stay on
/// one thread (they are reproducible).
#[wasm_bindgen(js_name = setThreads)]
pub fn set_threads(threads: f64) -> Result<u32, Error> {
    let mut reader = OptionsReader::new(|_| "setThreads: threads".to_string());
    read_value(
        &mut reader,
        Setting::Threads,
        &JsValue::from_f64(threads),
        "",
    )?;
    THREADS.set(threads as usize);
    with_engine(|engine| {
        use_threads(engine);
        engine.threads() as u32
    })
}

/// Whether this is the threaded build (shared memory, pool workers).
#[wasm_bindgen(js_name = threadedBuild)]
pub fn threaded_build() -> bool {
    cfg!(target_feature = "atomics")
}

/// Runs `f` with the engine, creating it with the default table on first use.
pub fn with_engine<T>(f: impl FnOnce(&mut Engine) -> T) -> Result<T, Error> {
    ENGINE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| Error::new(Kind::Engine, "search: the engine is already searching"))?;
        if slot.is_none() {
            *slot = Some(new_engine(DEFAULT_TABLE_MB)?);
        }
        match slot.as_mut() {
            Some(engine) => Ok(f(engine)),
            None => Err(Error::new(
                Kind::Engine,
                "search: the engine could not be created",
            )),
        }
    })
}

/// Sets the transposition table size in MiB (1 to 4096, as far as the
/// memory holds it; 32 by default), clearing it.
#[wasm_bindgen(js_name = setTableSize)]
pub fn set_table_size(megabytes: f64) -> Result<(), Error> {
    let mut reader = OptionsReader::new(|_| "setTableSize: megabytes".to_string());
    read_value(
        &mut reader,
        Setting::TableMb,
        &JsValue::from_f64(megabytes),
        "",
    )?;
    ENGINE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| Error::new(Kind::Engine, "setTableSize: the engine is searching"))?;
        // Free the old table first so that both never need memory at once.
        *slot = None;
        let engine = new_engine(megabytes as usize)
            .map_err(|e| Error::new(Kind::Engine, format!("setTableSize: {e}")))?;
        *slot = Some(engine);
        Ok(())
    })
}

/// Forgets what earlier searches stored in the transposition table.
#[wasm_bindgen(js_name = clearTable)]
pub fn clear_table() -> Result<(), Error> {
    with_engine(Engine::clear)
}

/// The default transposition table size in MiB.
#[wasm_bindgen(js_name = defaultTableSize)]
pub fn default_table_size() -> u32 {
    DEFAULT_TABLE_MB as u32
}
