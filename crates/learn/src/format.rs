//! The training-data file, version 1 (all numbers little-endian; `docs/learning.md` has the table):
//!
//! - a header: the 8 bytes `ARBDATA\n`, a `u32` format version, a `u32` length and that many bytes
//!   of JSON ([`DataHeader`]: the game, its options and the settings that made the data);
//! - then one block per finished game: a `u32` length of the rest of the block, the game's `u32`
//!   number in the run, a `u32` count of samples, and the samples, each a `u16` length and that
//!   many bytes of the position string, the `i16` score, a `u8` of flags (bit 0: the second player
//!   is to move, bit 1: the score is proven) and the `i8` result for the side to move.
//!
//! Positions are kept as the game's own position strings rather than as a net's inputs, so that
//! one set of data serves every input layout tried on it. Blocks are appended whole as games end,
//! in any order; a run killed in the middle of a write leaves a partial last block, which the
//! writer cuts off when it resumes and the reader stops before.

use arbiter_core::Error;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, ErrorKind, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The first bytes of every data file.
const MAGIC: &[u8; 8] = b"ARBDATA\n";
/// The version this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The score of a proven win for the side to move (a proven loss is its negative): beyond every
/// heuristic score, which is clamped below it.
pub const PROVEN_SCORE: i16 = 32_000;
/// The largest header accepted: a header is a few hundred bytes; more means a damaged file.
const MAX_HEADER: u32 = 1 << 16;

const SECOND_TO_MOVE: u8 = 1;
const PROVEN: u8 = 2;

/// What a data file holds: the game and the settings its games were played with. A run resumes
/// a file only with the same header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataHeader {
    /// The game's registered name.
    pub game: String,
    /// Its options as given (`size=10`), empty for none.
    pub options: String,
    /// The agent that played both sides, as its spec.
    pub agent: String,
    /// Random plies played before the agent took over.
    pub opening_plies: u32,
    /// Whether the opening plies were safe ones (see `arbiter_ai::game_loop`).
    pub safe_openings: bool,
    /// The run's seed.
    pub seed: u64,
}

/// One searched position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// The position string.
    pub position: String,
    /// Is the second player to move?
    pub second_to_move: bool,
    /// The search's score for the side to move: heuristic units clamped within ±31,999, or
    /// ±[`PROVEN_SCORE`] (0 for a proven draw) when `proven`.
    pub score: i16,
    /// Was the score proven by the search (a win, loss or draw it saw to the end)?
    pub proven: bool,
    /// The game's result for the side to move: 1 won, 0 drawn, −1 lost.
    pub result: i8,
}

/// The samples of one finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameBlock {
    /// The game's number in its run.
    pub index: u32,
    /// Its searched positions, in the order played.
    pub samples: Vec<Sample>,
}

impl GameBlock {
    /// The block as written: its length first.
    pub fn to_bytes(&self) -> Result<Vec<u8>, Error> {
        let mut body = Vec::with_capacity(8 + self.samples.len() * 64);
        body.extend_from_slice(&self.index.to_le_bytes());
        let count =
            u32::try_from(self.samples.len()).map_err(|_| Error::Invalid("a game with too many samples".into()))?;
        body.extend_from_slice(&count.to_le_bytes());
        for sample in &self.samples {
            let text = sample.position.as_bytes();
            let len = u16::try_from(text.len())
                .map_err(|_| Error::Invalid(format!("a position string of {} bytes is too long", text.len())))?;
            body.extend_from_slice(&len.to_le_bytes());
            body.extend_from_slice(text);
            body.extend_from_slice(&sample.score.to_le_bytes());
            let flags = (u8::from(sample.second_to_move) * SECOND_TO_MOVE) | (u8::from(sample.proven) * PROVEN);
            body.push(flags);
            body.push(sample.result as u8);
        }
        let mut block = Vec::with_capacity(body.len() + 4);
        let len = u32::try_from(body.len()).map_err(|_| Error::Invalid("a game block over 4 GB".into()))?;
        block.extend_from_slice(&len.to_le_bytes());
        block.extend_from_slice(&body);
        Ok(block)
    }

    /// A block from the bytes [`GameBlock::to_bytes`] made (as one machine sends another).
    pub fn from_bytes(bytes: &[u8]) -> Result<GameBlock, Error> {
        let len = bytes
            .get(..4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .ok_or_else(|| Error::Invalid("a game block of fewer than 4 bytes".into()))?;
        if bytes.len() != 4 + len {
            return Err(Error::Invalid(format!(
                "a game block says {len} bytes follow, but {} do",
                bytes.len() - 4
            )));
        }
        GameBlock::decode(&bytes[4..], 0)
    }

    /// A block from its body (the bytes after the length).
    fn decode(body: &[u8], at: u64) -> Result<GameBlock, Error> {
        let bad = |what: &str| Error::Invalid(format!("damaged data file: the game block at byte {at} {what}"));
        let mut cursor = Cursor { bytes: body, at: 0 };
        let index = cursor.u32().ok_or_else(|| bad("has no game number"))?;
        let count = cursor.u32().ok_or_else(|| bad("has no sample count"))?;
        // Each sample takes at least 6 bytes: a count beyond that is damage, not a reason to
        // reserve gigabytes.
        if count as usize > body.len() / 6 {
            return Err(bad("counts more samples than it holds"));
        }
        let mut samples = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let len = cursor.u16().ok_or_else(|| bad("ends inside a sample"))?;
            let text = cursor.take(len as usize).ok_or_else(|| bad("ends inside a position"))?;
            let position = String::from_utf8(text.to_vec()).map_err(|_| bad("has a position that is not UTF-8"))?;
            let score = cursor.u16().ok_or_else(|| bad("ends inside a sample"))? as i16;
            let flags = cursor.take(1).ok_or_else(|| bad("ends inside a sample"))?[0];
            let result = cursor.take(1).ok_or_else(|| bad("ends inside a sample"))?[0] as i8;
            if flags & !(SECOND_TO_MOVE | PROVEN) != 0 || !(-1..=1).contains(&result) {
                return Err(bad("has a sample with unknown flags or result"));
            }
            samples.push(Sample {
                position,
                second_to_move: flags & SECOND_TO_MOVE != 0,
                score,
                proven: flags & PROVEN != 0,
                result,
            });
        }
        if cursor.at != body.len() {
            return Err(bad("has bytes after its samples"));
        }
        Ok(GameBlock { index, samples })
    }
}

/// Little-endian reads from a byte slice.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(slice)
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Invalid(format!("{}: {e}", path.display()))
}

/// Reads exactly `buf.len()` bytes; `Ok(false)` at the end of the file (partial reads included).
fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<bool> {
    match reader.read_exact(buf) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(e),
    }
}

/// Reads a data file: its header, then its games in the order written.
pub struct DataReader {
    header: DataHeader,
    reader: BufReader<File>,
    path: std::path::PathBuf,
    /// Byte offset of the next block.
    at: u64,
    /// Whether the file ended inside a block (a run still writing, or killed while writing).
    partial_tail: bool,
}

impl DataReader {
    /// Opens a data file and reads its header.
    pub fn open(path: &Path) -> Result<DataReader, Error> {
        let file = File::open(path).map_err(|e| io_error(path, e))?;
        let mut reader = BufReader::new(file);
        let (header, at) = read_header(&mut reader, path)?;
        Ok(DataReader {
            header,
            reader,
            path: path.to_path_buf(),
            at,
            partial_tail: false,
        })
    }

    /// What the file holds.
    pub fn header(&self) -> &DataHeader {
        &self.header
    }

    /// After the last block: did the file end inside one (cut off, not read)?
    pub fn partial_tail(&self) -> bool {
        self.partial_tail
    }

    /// The next game, `None` after the last whole one.
    pub fn next_block(&mut self) -> Result<Option<GameBlock>, Error> {
        let path = self.path.clone();
        let mut len = [0u8; 4];
        match read_full(&mut self.reader, &mut len) {
            Ok(true) => {}
            Ok(false) => {
                self.partial_tail = self.reader.stream_position().map_err(|e| io_error(&path, e))? > self.at;
                return Ok(None);
            }
            Err(e) => return Err(io_error(&path, e)),
        }
        let len = u32::from_le_bytes(len) as usize;
        let mut body = vec![0u8; 0];
        // Read in steps, so that a damaged length does not allocate gigabytes up front.
        let mut chunk = [0u8; 1 << 16];
        while body.len() < len {
            let want = (len - body.len()).min(chunk.len());
            let got = self.reader.read(&mut chunk[..want]).map_err(|e| io_error(&path, e))?;
            if got == 0 {
                self.partial_tail = true;
                return Ok(None);
            }
            body.extend_from_slice(&chunk[..got]);
        }
        let block = GameBlock::decode(&body, self.at)?;
        self.at += 4 + len as u64;
        Ok(Some(block))
    }

    /// Byte offset just past the last whole block read.
    fn end_of_whole_blocks(&self) -> u64 {
        self.at
    }
}

impl Iterator for DataReader {
    type Item = Result<GameBlock, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_block().transpose()
    }
}

/// The header of a data file, and the offset of its first block.
fn read_header(reader: &mut impl Read, path: &Path) -> Result<(DataHeader, u64), Error> {
    let not_data = || Error::Invalid(format!("{} is not an Arbiter training-data file", path.display()));
    let mut magic = [0u8; 8];
    if !read_full(reader, &mut magic).map_err(|e| io_error(path, e))? || &magic != MAGIC {
        return Err(not_data());
    }
    let mut word = [0u8; 4];
    if !read_full(reader, &mut word).map_err(|e| io_error(path, e))? {
        return Err(not_data());
    }
    let version = u32::from_le_bytes(word);
    if version != FORMAT_VERSION {
        return Err(Error::Invalid(format!(
            "{} is training data of format version {version}; this build reads version {FORMAT_VERSION}",
            path.display()
        )));
    }
    if !read_full(reader, &mut word).map_err(|e| io_error(path, e))? {
        return Err(not_data());
    }
    let len = u32::from_le_bytes(word);
    if len > MAX_HEADER {
        return Err(not_data());
    }
    let mut json = vec![0u8; len as usize];
    if !read_full(reader, &mut json).map_err(|e| io_error(path, e))? {
        return Err(not_data());
    }
    let header = serde_json::from_slice(&json)
        .map_err(|e| Error::Invalid(format!("{}: damaged header: {e}", path.display())))?;
    Ok((header, 16 + u64::from(len)))
}

/// Appends games to a data file, new or resumed.
pub struct DataWriter {
    writer: BufWriter<File>,
    path: std::path::PathBuf,
}

impl DataWriter {
    /// Opens `path` for `header`'s run: a missing or empty file is started; an existing one must
    /// have the same header, its partial last block (if any) is cut off, and the numbers of the
    /// games it holds are returned so that the run skips them.
    pub fn open(path: &Path, header: &DataHeader) -> Result<(DataWriter, BTreeSet<u32>), Error> {
        let exists = std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false);
        let mut done = BTreeSet::new();
        if exists {
            let mut reader = DataReader::open(path)?;
            if reader.header() != header {
                return Err(Error::Invalid(format!(
                    "{} holds data made with other settings ({}); resume it with the same settings or write to another file",
                    path.display(),
                    describe(reader.header())
                )));
            }
            while let Some(block) = reader.next_block()? {
                done.insert(block.index);
            }
            let end = reader.end_of_whole_blocks();
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| io_error(path, e))?;
            // A run killed while writing leaves part of a block: cut it off and go on from there.
            file.set_len(end).map_err(|e| io_error(path, e))?;
            let mut file = file;
            file.seek(SeekFrom::End(0)).map_err(|e| io_error(path, e))?;
            return Ok((
                DataWriter {
                    writer: BufWriter::new(file),
                    path: path.to_path_buf(),
                },
                done,
            ));
        }
        let file = File::create(path).map_err(|e| io_error(path, e))?;
        let mut writer = BufWriter::new(file);
        let json = serde_json::to_vec(header).map_err(|e| Error::Invalid(e.to_string()))?;
        let mut head = Vec::with_capacity(16 + json.len());
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        head.extend_from_slice(&(json.len() as u32).to_le_bytes());
        head.extend_from_slice(&json);
        writer.write_all(&head).map_err(|e| io_error(path, e))?;
        writer.flush().map_err(|e| io_error(path, e))?;
        Ok((
            DataWriter {
                writer,
                path: path.to_path_buf(),
            },
            done,
        ))
    }

    /// Appends one finished game and flushes it to the file, so that a killed run loses at most
    /// the games still being played.
    pub fn append(&mut self, block: &GameBlock) -> Result<u64, Error> {
        let bytes = block.to_bytes()?;
        self.writer.write_all(&bytes).map_err(|e| io_error(&self.path, e))?;
        self.writer.flush().map_err(|e| io_error(&self.path, e))?;
        Ok(bytes.len() as u64)
    }
}

/// A header in a few words, for messages.
pub fn describe(header: &DataHeader) -> String {
    let game = if header.options.is_empty() {
        header.game.clone()
    } else {
        format!("{}:{}", header.game, header.options)
    };
    format!(
        "{game}, agent {}, {} opening plies{}, seed {}",
        header.agent,
        header.opening_plies,
        if header.safe_openings { " (safe)" } else { "" },
        header.seed
    )
}
