//! Writing results to standard output, where a reader that went away (`arbiter moves void | head -3`)
//! is a normal end, not a panic.

use std::io::{self, Write};

/// Writes `text` to standard output and flushes it.
pub fn emit(text: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("cannot write the output: {e}")),
        _ => Ok(()),
    }
}
