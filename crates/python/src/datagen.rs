//! Training data from Python (private parts of `arbiter._arbiter` for `arbiter.distributed.datagen`):
//! a run's header, a batch of its games played without the GIL, and the data file the driver
//! appends the batches to. Game `i` is the game `arbiter datagen` plays as game `i`: both call
//! `arbiter_learn`.

use crate::game::{engines, registry, Game};
use crate::search::{await_worker, WorkerResult};
use crate::{guard, panic_text, to_py};
use arbiter_core::Error;
use arbiter_learn::{play_many, DataHeader, DataWriter, GameBlock};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

fn header_of(json: &str) -> PyResult<DataHeader> {
    serde_json::from_str(json).map_err(|e| PyValueError::new_err(format!("not a datagen header: {e}")))
}

/// The header (JSON text) of a datagen run, as `arbiter datagen` makes it; checks the game, its
/// options, the agent and the ply limit (ValueError saying what is wrong).
#[pyfunction]
#[pyo3(name = "_datagen_header")]
pub fn datagen_header(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    agent: &str,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
) -> PyResult<String> {
    let game = Game::from_any(py, game)?;
    let header = guard(|| {
        DataHeader::for_run(
            game.get().kind,
            &game.get().options,
            agent,
            opening_plies,
            max_plies,
            seed,
        )
        .map_err(to_py)
    })?;
    Ok(serde_json::to_string(&header).expect("headers serialize"))
}

/// Plays the games `indices` of the run `header` on `threads` threads without the GIL:
/// `{"blocks": [bytes, …], "samples": n, "unscored": n}`, one block per game in the order they
/// ended, each as the data file stores it. Ctrl-C (or Ray's cancel) stops them and is raised.
#[pyfunction]
#[pyo3(name = "_datagen_batch")]
pub fn datagen_batch<'py>(
    py: Python<'py>,
    header: &str,
    indices: Vec<u32>,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let header = header_of(header)?;
    if threads == 0 || threads > 64 {
        return Err(PyValueError::new_err(format!("threads must be 1 to 64, not {threads}")));
    }
    let kind = registry().get(&header.game).map_err(to_py)?;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<WorkerResult<Vec<(GameBlock, u64)>>>();
    let worker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut games = Vec::with_capacity(indices.len());
                let mut failure = None;
                play_many(
                    engines(),
                    kind,
                    &header,
                    &indices,
                    threads,
                    &stop,
                    &mut |played| match played {
                        Ok(game) => {
                            games.push(game);
                            true
                        }
                        Err(e) => {
                            failure = Some(e);
                            false
                        }
                    },
                )?;
                match failure {
                    Some(e) => Err(e),
                    None if games.len() < indices.len() => Err(Error::Invalid("the datagen batch was stopped".into())),
                    None => Ok(games),
                }
            }));
            let _ = tx.send(result.map_err(|p| panic_text(p.as_ref())));
        })
    };
    let games = await_worker(py, rx, worker, &stop, "the datagen thread")?;
    let out = PyDict::new(py);
    let mut blocks = Vec::with_capacity(games.len());
    let (mut samples, mut unscored) = (0usize, 0u64);
    for (block, lost) in &games {
        blocks.push(PyBytes::new(py, &block.to_bytes().map_err(to_py)?));
        samples += block.samples.len();
        unscored += lost;
    }
    out.set_item("blocks", blocks)?;
    out.set_item("samples", samples)?;
    out.set_item("unscored", unscored)?;
    Ok(out)
}

/// A data file being written by the driver of a distributed run: started, or resumed when it
/// holds games of the same header (`done` lists them; a partly written last game is cut off).
#[pyclass(module = "arbiter", name = "_DataFile", frozen)]
pub struct DataFile {
    writer: Mutex<DataWriter>,
    done: Vec<u32>,
}

#[pymethods]
impl DataFile {
    #[new]
    fn new(path: PathBuf, header: &str) -> PyResult<DataFile> {
        let header = header_of(header)?;
        let (writer, done) = DataWriter::open(&path, &header).map_err(to_py)?;
        Ok(DataFile {
            writer: Mutex::new(writer),
            done: done.into_iter().collect(),
        })
    }

    /// The numbers of the games the file held when opened, in order.
    #[getter]
    fn done(&self) -> Vec<u32> {
        self.done.clone()
    }

    /// Appends game blocks (as `_datagen_batch` gives them), each checked; returns the bytes written.
    fn append(&self, blocks: Vec<Vec<u8>>) -> PyResult<u64> {
        let mut writer = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let mut bytes = 0;
        for block in blocks {
            let block = GameBlock::from_bytes(&block).map_err(to_py)?;
            bytes += writer.append(&block).map_err(to_py)?;
        }
        Ok(bytes)
    }
}
