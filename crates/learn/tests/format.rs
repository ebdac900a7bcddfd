//! The data file: what is written reads back, a resumed file keeps its whole games and loses its
//! partial last one, and damaged or foreign files are refused with a message, never a panic.

use arbiter_learn::{DataHeader, DataReader, DataWriter, GameBlock, Sample, PROVEN_SCORE};
use std::io::Write;

fn header() -> DataHeader {
    DataHeader {
        game: "void".into(),
        options: "plies=400".into(),
        agent: "alphabeta:nodes=500".into(),
        opening_plies: 8,
        safe_openings: true,
        seed: 3,
    }
}

fn block(index: u32, samples: usize) -> GameBlock {
    GameBlock {
        index,
        samples: (0..samples)
            .map(|i| Sample {
                position: format!("position {index}/{i} ✓"),
                second_to_move: i % 2 == 1,
                score: if i == 3 { -PROVEN_SCORE } else { (i as i16 - 5) * 37 },
                proven: i == 3,
                result: [1, 0, -1][i % 3],
            })
            .collect(),
    }
}

fn read_all(path: &std::path::Path) -> (DataHeader, Vec<GameBlock>, bool) {
    let mut reader = DataReader::open(path).unwrap();
    let blocks: Vec<GameBlock> = reader.by_ref().collect::<Result<_, _>>().unwrap();
    (reader.header().clone(), blocks, reader.partial_tail())
}

#[test]
fn blocks_read_back_as_written_and_a_resume_cuts_a_partial_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data.bin");
    let written = vec![block(2, 7), block(0, 0), block(5, 12)];
    {
        let (mut writer, done) = DataWriter::open(&path, &header()).unwrap();
        assert!(done.is_empty());
        for b in &written {
            writer.append(b).unwrap();
        }
    }
    assert_eq!(read_all(&path), (header(), written.clone(), false));

    // A run killed while writing: half of a block at the end.
    let whole = std::fs::metadata(&path).unwrap().len();
    let mut half = Vec::new();
    half.extend_from_slice(&100u32.to_le_bytes());
    half.extend_from_slice(&[9; 30]);
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(&half)
        .unwrap();
    let (_, blocks, partial) = read_all(&path);
    assert_eq!(
        (blocks, partial),
        (written.clone(), true),
        "the reader stops before the partial block"
    );

    let (mut writer, done) = DataWriter::open(&path, &header()).unwrap();
    assert_eq!(done.into_iter().collect::<Vec<_>>(), vec![0, 2, 5]);
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        whole,
        "the partial block is cut off"
    );
    writer.append(&block(1, 3)).unwrap();
    drop(writer);
    let mut expected = written;
    expected.push(block(1, 3));
    assert_eq!(read_all(&path), (header(), expected, false));
}

#[test]
fn a_file_of_other_settings_is_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data.bin");
    DataWriter::open(&path, &header()).unwrap();
    let mut other = header();
    other.seed = 4;
    let error = DataWriter::open(&path, &other).err().unwrap().to_string();
    assert!(error.contains("other settings") && error.contains("seed 3"), "{error}");
}

#[test]
fn damaged_and_foreign_files_are_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.bin");
    {
        let (mut writer, _) = DataWriter::open(&good, &header()).unwrap();
        writer.append(&block(0, 4)).unwrap();
    }
    let bytes = std::fs::read(&good).unwrap();
    let json_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let first_block = 16 + json_len;
    let mut cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", vec![], "not an Arbiter training-data file"),
        ("text", b"hello, world".to_vec(), "not an Arbiter training-data file"),
        ("header cut", bytes[..20].to_vec(), "not an Arbiter training-data file"),
    ];
    let mut version = bytes.clone();
    version[8] = 7;
    cases.push(("version", version, "format version 7"));
    let mut huge = bytes.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    cases.push(("huge header", huge, "not an Arbiter training-data file"));
    let mut json = bytes.clone();
    json[16] = b'[';
    cases.push(("bad json", json, "damaged header"));
    let mut count = bytes.clone();
    count[first_block + 8..first_block + 12].copy_from_slice(&u32::MAX.to_le_bytes());
    cases.push(("sample count", count, "counts more samples than it holds"));
    let mut flags = bytes.clone();
    let last = flags.len() - 2;
    flags[last] = 0x80;
    cases.push(("flags", flags, "unknown flags or result"));
    for (name, data, expected) in cases {
        let path = dir.path().join(format!("{name}.bin"));
        std::fs::write(&path, &data).unwrap();
        let error = match DataReader::open(&path) {
            Err(e) => e.to_string(),
            Ok(reader) => match reader.collect::<Result<Vec<_>, _>>() {
                Err(e) => e.to_string(),
                Ok(blocks) => panic!("{name}: read {} blocks from a damaged file", blocks.len()),
            },
        };
        assert!(error.contains(expected), "{name}: {error}");
    }
}
