//! The evaluation table file: a small checked header and the weights compressed by [`codec`].
//!
//! # Layout (little-endian throughout)
//!
//! | offset | size | field                                                        |
//! |-------:|-----:|--------------------------------------------------------------|
//! |      0 |    8 | magic `b"OTHEVAL\x1a"`                                        |
//! |      8 |    2 | format version, [`FORMAT_VERSION`] (1 is also read)          |
//! |     10 |    4 | `pattern_set`: fingerprint of the pattern set                |
//! |     14 |    2 | `stages`                                                     |
//! |     16 |    4 | `weights_per_stage`                                          |
//! |     20 |    2 | `scale`: weight units per disc                               |
//! |     22 |    4 | payload length in bytes                                      |
//! |     26 |    4 | CRC-32 of the decoded weights as little-endian `i16` bytes   |
//! |     30 |    4 | CRC-32 of bytes 0..30 (the header above)                     |
//! |     34 |    n | payload: `stages * weights_per_stage` weights, [`codec`]     |
//!
//! The payload holds the weights interleaved by stage: weight 0 of every
//! stage, then weight 1 of every stage, and so on (version 1 stored them
//! stage after stage). A configuration's weight changes little from one stage
//! to the next, so the coder's context (the previous value) predicts it
//! better in that order: the embedded table is 23% smaller than stage after
//! stage and decodes slightly faster. The weights in memory and the checksum
//! of the decoded weights are stage after stage in both versions. The header
//! checksum makes a damaged fingerprint or scale an error rather than a
//! silently wrong table.

use std::fmt;

use super::codec::{self, CodecError};

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"OTHEVAL\x1a";
/// The format version this code writes (it reads it and [`STAGE_ORDER_VERSION`]).
pub const FORMAT_VERSION: u16 = 2;
/// The first format version, whose payload holds the weights stage after stage.
pub const STAGE_ORDER_VERSION: u16 = 1;
/// Bytes before the payload.
pub const HEADER_LEN: usize = 34;

/// What a table file says about its weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// A fingerprint of the pattern set the weights belong to (chosen by the caller).
    pub pattern_set: u32,
    /// Number of stages (table sets).
    pub stages: u16,
    /// Weights in each stage.
    pub weights_per_stage: u32,
    /// Weight units per disc.
    pub scale: u16,
}

impl TableHeader {
    /// Total number of weights, `stages * weights_per_stage`, if it fits in memory.
    pub fn weight_count(&self) -> Option<usize> {
        let count = u64::from(self.stages) * u64::from(self.weights_per_stage);
        usize::try_from(count).ok()
    }
}

/// Why a table file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableFileError {
    /// The file is shorter than its header.
    TooShort {
        /// Bytes in the file.
        len: usize,
    },
    /// The first eight bytes are not [`MAGIC`].
    BadMagic,
    /// The file has a format version this code does not read.
    UnsupportedVersion {
        /// The file's version.
        found: u16,
    },
    /// The header's checksum does not match its bytes.
    HeaderChecksum {
        /// The checksum stored in the file.
        file: u32,
        /// The checksum of the header bytes.
        computed: u32,
    },
    /// The payload length in the header does not match the file's size.
    PayloadLength {
        /// The length the header gives.
        declared: u32,
        /// The bytes after the header.
        actual: usize,
    },
    /// `stages * weights_per_stage` does not fit in memory.
    TooManyWeights {
        /// Stages in the header.
        stages: u16,
        /// Weights per stage in the header.
        weights_per_stage: u32,
    },
    /// The payload could not be decoded.
    Payload(CodecError),
    /// The decoded weights do not match the file's checksum.
    Checksum {
        /// The checksum stored in the file.
        file: u32,
        /// The checksum of the decoded weights.
        decoded: u32,
    },
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "evaluation table: ")?;
        match self {
            TableFileError::TooShort { len } => {
                write!(
                    f,
                    "file has {len} bytes, shorter than its {HEADER_LEN}-byte header"
                )
            }
            TableFileError::BadMagic => write!(f, "not a table file (bad magic)"),
            TableFileError::UnsupportedVersion { found } => write!(
                f,
                "format version {found} is not supported (this build reads versions \
                 {STAGE_ORDER_VERSION} and {FORMAT_VERSION})"
            ),
            TableFileError::HeaderChecksum { file, computed } => write!(
                f,
                "header checksum mismatch (file {file:08x}, computed {computed:08x})"
            ),
            TableFileError::PayloadLength { declared, actual } => write!(
                f,
                "payload length {declared} in the header, {actual} bytes in the file"
            ),
            TableFileError::TooManyWeights {
                stages,
                weights_per_stage,
            } => write!(
                f,
                "{stages} stages of {weights_per_stage} weights do not fit in memory"
            ),
            TableFileError::Payload(error) => write!(f, "{error}"),
            TableFileError::Checksum { file, decoded } => write!(
                f,
                "checksum mismatch (file {file:08x}, decoded {decoded:08x})"
            ),
        }
    }
}

impl std::error::Error for TableFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableFileError::Payload(error) => Some(error),
            _ => None,
        }
    }
}

/// The bytes of a table file holding `weights` under `header`.
///
/// # Panics
/// If `weights.len()` is not `header.stages * header.weights_per_stage`, or
/// the compressed weights exceed 4 GiB: both mistakes of the caller.
pub fn write_table_file(header: &TableHeader, weights: &[i16]) -> Vec<u8> {
    assert_eq!(
        Some(weights.len()),
        header.weight_count(),
        "{} weights for {} stages of {}",
        weights.len(),
        header.stages,
        header.weights_per_stage
    );
    let payload = codec::compress(&interleave(weights, usize::from(header.stages)));
    let payload_len = u32::try_from(payload.len()).expect("compressed tables exceed 4 GiB");
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&header.pattern_set.to_le_bytes());
    bytes.extend_from_slice(&header.stages.to_le_bytes());
    bytes.extend_from_slice(&header.weights_per_stage.to_le_bytes());
    bytes.extend_from_slice(&header.scale.to_le_bytes());
    bytes.extend_from_slice(&payload_len.to_le_bytes());
    bytes.extend_from_slice(&weights_crc32(weights).to_le_bytes());
    let header_crc = crc32(&bytes);
    bytes.extend_from_slice(&header_crc.to_le_bytes());
    debug_assert_eq!(bytes.len(), HEADER_LEN);
    bytes.extend_from_slice(&payload);
    bytes
}

/// The header and weights of a table file, after checking its magic, version,
/// header checksum, payload length and the checksum of the decoded weights.
///
/// Never panics, whatever `bytes` are.
pub fn read_table_file(bytes: &[u8]) -> Result<(TableHeader, Vec<i16>), TableFileError> {
    if bytes.len() < HEADER_LEN {
        if bytes.len() >= 8 && bytes[..8] != MAGIC {
            return Err(TableFileError::BadMagic);
        }
        return Err(TableFileError::TooShort { len: bytes.len() });
    }
    let mut reader = Reader { bytes, position: 0 };
    if reader.take::<8>() != MAGIC {
        return Err(TableFileError::BadMagic);
    }
    let version = u16::from_le_bytes(reader.take());
    if version != FORMAT_VERSION && version != STAGE_ORDER_VERSION {
        return Err(TableFileError::UnsupportedVersion { found: version });
    }
    let header = TableHeader {
        pattern_set: u32::from_le_bytes(reader.take()),
        stages: u16::from_le_bytes(reader.take()),
        weights_per_stage: u32::from_le_bytes(reader.take()),
        scale: u16::from_le_bytes(reader.take()),
    };
    let payload_len = u32::from_le_bytes(reader.take());
    let weights_crc = u32::from_le_bytes(reader.take());
    let computed = crc32(&bytes[..reader.position]);
    let header_crc = u32::from_le_bytes(reader.take());
    if header_crc != computed {
        return Err(TableFileError::HeaderChecksum {
            file: header_crc,
            computed,
        });
    }
    let payload = &bytes[HEADER_LEN..];
    if usize::try_from(payload_len) != Ok(payload.len()) {
        return Err(TableFileError::PayloadLength {
            declared: payload_len,
            actual: payload.len(),
        });
    }
    let count = header
        .weight_count()
        .ok_or(TableFileError::TooManyWeights {
            stages: header.stages,
            weights_per_stage: header.weights_per_stage,
        })?;
    let coded = codec::decompress(payload, count).map_err(TableFileError::Payload)?;
    let weights = if version == STAGE_ORDER_VERSION {
        coded
    } else {
        deinterleave(&coded, usize::from(header.stages))
    };
    let decoded = weights_crc32(&weights);
    if decoded != weights_crc {
        return Err(TableFileError::Checksum {
            file: weights_crc,
            decoded,
        });
    }
    Ok((header, weights))
}

/// `weights` (stage after stage, `stages` of them) interleaved by stage:
/// weight 0 of each stage, then weight 1 of each, and so on.
fn interleave(weights: &[i16], stages: usize) -> Vec<i16> {
    if stages <= 1 {
        return weights.to_vec();
    }
    let per_stage = weights.len() / stages;
    let mut out = Vec::with_capacity(weights.len());
    for index in 0..per_stage {
        out.extend((0..stages).map(|stage| weights[stage * per_stage + index]));
    }
    out
}

/// The inverse of [`interleave`]: `coded` (interleaved by stage, `stages`
/// of them) stage after stage.
fn deinterleave(coded: &[i16], stages: usize) -> Vec<i16> {
    if stages <= 1 {
        return coded.to_vec();
    }
    let per_stage = coded.len() / stages;
    let mut weights = vec![0; coded.len()];
    for (index, group) in coded.chunks_exact(stages).enumerate() {
        for (stage, &weight) in group.iter().enumerate() {
            weights[stage * per_stage + index] = weight;
        }
    }
    weights
}

/// Reads fixed-size fields from a slice known to be long enough.
struct Reader<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl Reader<'_> {
    /// The next `N` bytes (zeros past the end, which the caller has ruled out).
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut field = [0; N];
        if let Some(source) = self.bytes.get(self.position..self.position + N) {
            field.copy_from_slice(source);
        }
        self.position += N;
        field
    }
}

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) of the weights as little-endian bytes.
pub(crate) fn weights_crc32(weights: &[i16]) -> u32 {
    let mut crc = Crc32::new();
    for weight in weights {
        crc.update(&weight.to_le_bytes());
    }
    crc.value()
}

/// CRC-32 (IEEE 802.3) of `bytes`, as zlib and PNG compute it.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = Crc32::new();
    crc.update(bytes);
    crc.value()
}

/// The byte-at-a-time table of the reflected IEEE polynomial.
const CRC_TABLE: [u32; 256] = crc_table();

const fn crc_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut crc = byte as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[byte] = crc;
        byte += 1;
    }
    table
}

/// A running CRC-32.
struct Crc32(u32);

impl Crc32 {
    fn new() -> Crc32 {
        Crc32(u32::MAX)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = CRC_TABLE[((self.0 ^ u32::from(byte)) & 0xFF) as usize] ^ (self.0 >> 8);
        }
    }

    fn value(&self) -> u32 {
        !self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::codec::tests::synthetic_table;

    const HEADER: TableHeader = TableHeader {
        pattern_set: 0xA1B2_C3D4,
        stages: 3,
        weights_per_stage: 500,
        scale: 128,
    };

    fn small_file() -> (Vec<i16>, Vec<u8>) {
        let weights = synthetic_table(1_500, 11);
        let bytes = write_table_file(&HEADER, &weights);
        (weights, bytes)
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(weights_crc32(&[0x3231, 0x3433]), crc32(b"1234"));
    }

    #[test]
    fn file_round_trips() {
        let (weights, bytes) = small_file();
        assert_eq!(&bytes[..8], b"OTHEVAL\x1a");
        assert_eq!(&bytes[8..10], &[2, 0]);
        assert_eq!(&bytes[10..14], &[0xD4, 0xC3, 0xB2, 0xA1]);
        assert_eq!(read_table_file(&bytes), Ok((HEADER, weights)));
    }

    #[test]
    fn the_payload_is_interleaved_by_stage() {
        let (weights, bytes) = small_file();
        let coded = codec::decompress(&bytes[HEADER_LEN..], weights.len()).unwrap();
        for stage in 0..3 {
            for index in 0..500 {
                assert_eq!(coded[index * 3 + stage], weights[stage * 500 + index]);
            }
        }
    }

    #[test]
    fn a_version_one_file_stage_after_stage_reads_the_same() {
        let (weights, bytes) = small_file();
        let payload = codec::compress(&weights);
        let mut old = bytes[..HEADER_LEN].to_vec();
        old[8..10].copy_from_slice(&STAGE_ORDER_VERSION.to_le_bytes());
        old[22..26].copy_from_slice(&(payload.len() as u32).to_le_bytes());
        let crc = crc32(&old[..30]);
        old[30..34].copy_from_slice(&crc.to_le_bytes());
        old.extend_from_slice(&payload);
        assert_eq!(read_table_file(&old), Ok((HEADER, weights)));
    }

    #[test]
    fn empty_and_extreme_tables_round_trip() {
        let empty = TableHeader {
            stages: 0,
            ..HEADER
        };
        let bytes = write_table_file(&empty, &[]);
        assert_eq!(read_table_file(&bytes), Ok((empty, vec![])));
        let extremes = TableHeader {
            stages: 1,
            weights_per_stage: 4,
            ..HEADER
        };
        let weights = vec![i16::MIN, i16::MAX, 0, -1];
        let bytes = write_table_file(&extremes, &weights);
        assert_eq!(read_table_file(&bytes), Ok((extremes, weights)));
    }

    #[test]
    #[should_panic(expected = "weights for 3 stages of 500")]
    fn writing_the_wrong_number_of_weights_panics() {
        write_table_file(&HEADER, &[0; 10]);
    }

    #[test]
    fn every_single_byte_corruption_is_an_error() {
        let (_, bytes) = small_file();
        for position in 0..bytes.len() {
            for flip in [0x01u8, 0x10, 0x80, 0xFF] {
                let mut corrupt = bytes.clone();
                corrupt[position] ^= flip;
                assert!(
                    read_table_file(&corrupt).is_err(),
                    "flip {flip:#04x} at byte {position} of {} was not detected",
                    bytes.len()
                );
            }
        }
    }

    #[test]
    fn every_truncation_is_an_error() {
        let (_, bytes) = small_file();
        for len in 0..bytes.len() {
            assert!(
                read_table_file(&bytes[..len]).is_err(),
                "prefix of {len} bytes"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read_table_file(&longer).is_err());
    }

    /// Writes a file whose header fields (after the magic) are patched, with a
    /// header checksum that matches, so that the later checks are reached.
    fn patched(bytes: &[u8], offset: usize, field: &[u8]) -> Vec<u8> {
        let mut patched = bytes.to_vec();
        patched[offset..offset + field.len()].copy_from_slice(field);
        let crc = crc32(&patched[..30]);
        patched[30..34].copy_from_slice(&crc.to_le_bytes());
        patched
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let (weights, bytes) = small_file();
        let message = |bytes: &[u8]| read_table_file(bytes).unwrap_err().to_string();
        assert_eq!(
            message(&bytes[..10]),
            "evaluation table: file has 10 bytes, shorter than its 34-byte header"
        );
        assert_eq!(
            message(b"PK\x03\x04 not a table file at all, a zip"),
            "evaluation table: not a table file (bad magic)"
        );
        assert_eq!(
            message(&patched(&bytes, 8, &[3, 0])),
            "evaluation table: format version 3 is not supported (this build reads versions 1 and 2)"
        );
        let mut bad_header = bytes.clone();
        bad_header[20] ^= 1;
        assert!(message(&bad_header).starts_with("evaluation table: header checksum mismatch"));
        let declared = bytes.len() as u32 - 34 + 1;
        assert_eq!(
            message(&patched(&bytes, 22, &declared.to_le_bytes())),
            format!(
                "evaluation table: payload length {declared} in the header, {} bytes in the file",
                bytes.len() - 34
            )
        );
        let wrong_crc = weights_crc32(&weights) ^ 0x0BAD_F00D;
        assert_eq!(
            message(&patched(&bytes, 26, &wrong_crc.to_le_bytes())),
            format!(
                "evaluation table: checksum mismatch (file {wrong_crc:08x}, decoded {:08x})",
                weights_crc32(&weights)
            )
        );
        assert!(message(&patched(&bytes, 14, &[4, 0]))
            .starts_with("evaluation table: compressed stream"));
    }

    #[test]
    fn arbitrary_headers_never_panic() {
        let (_, bytes) = small_file();
        for stages in [0u16, 1, 2, 4, u16::MAX] {
            for per_stage in [0u32, 1, 499, 501, u32::MAX] {
                let mut file = patched(&bytes, 14, &stages.to_le_bytes());
                file = patched(&file, 16, &per_stage.to_le_bytes());
                assert!(read_table_file(&file).is_err());
            }
        }
    }
}
