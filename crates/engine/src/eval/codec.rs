//! An entropy coder for sequences of `i16` weights (the learned evaluation's tables).
//!
//! # The scheme
//!
//! An adaptive binary range coder in the style of LZMA: 32-bit `range`, 12-bit
//! probabilities (`prob / 4096` is the chance of a 0 bit) that move 1/32 of the
//! way towards each coded bit, a 33-bit `low` whose carry is propagated through a
//! pending `cache` byte and a count of pending `0xFF` bytes.
//!
//! Each value is binarized as
//! 1. an *is-zero* flag;
//! 2. for a non-zero value, its *sign*;
//! 3. its *magnitude* `m >= 1` in Elias-gamma form: the bit length `n` of `m`
//!    as `n - 1` one bits and a terminating zero (left out when `n` is 16, the
//!    largest), then the `n - 1` bits of `m` below its leading one, most
//!    significant first.
//!
//! Every one of those bits has its own adaptive probability. The flag, the sign
//! and the length bits are conditioned on the *class of the previous value*:
//! for a zero, how long the run of zeros it ends is (1-3, 4-15, 16 or more:
//! weight tables have long runs of never-seen configurations), and for a
//! non-zero value its bit length (neighbours in a table are smooth, so a large
//! weight tends to follow a large one). The sign is further conditioned on the
//! previous value's sign, the top three bits below the leading one of the
//! magnitude form a small bit tree per bit length, and the lower bits have one
//! probability per (bit length, position).
//!
//! # Stream
//!
//! A stream of `count` values is `count` as an unsigned LEB128 varint, then the
//! range coder's output: a leading zero byte, the coded bits, and four bytes
//! that flush `low`. The decoder checks that the count is the one expected,
//! that the leading byte is zero, that it never reads past the end, that it
//! ends exactly at the last byte, and that its `code` is zero at the end (the
//! flush writes `low` exactly). These checks catch most truncations and many
//! corruptions; the table file's CRC-32 of the decoded weights catches the rest.

use std::fmt;

/// Bits of a probability: `prob / (1 << PROB_BITS)` is the chance of a 0 bit.
/// With 12 bits a zero in a long run of zeros costs about 0.011 bits.
const PROB_BITS: u32 = 12;
/// A probability of one half.
const PROB_HALF: u16 = 1 << (PROB_BITS - 1);
/// How fast probabilities adapt: they move `1 / (1 << ADAPT_SHIFT)` of the way.
const ADAPT_SHIFT: u32 = 5;
/// The range is renormalized (one byte shifted out) when it falls below this.
const TOP: u32 = 1 << 24;

/// Classes of the previous value that condition the contexts (see [`class_after`]).
const CLASSES: usize = 16;
/// Largest bit length of a magnitude: `|i16::MIN|` is 32768, 16 bits.
const MAX_LENGTH: usize = 16;
/// Magnitude bits below the leading one that are coded with a bit tree.
const TREE_BITS: usize = 3;

/// Why a compressed stream could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodecError {
    /// The stream ends before its count and the range coder's first five bytes.
    TooShort {
        /// Bytes given.
        len: usize,
    },
    /// The count at the start of the stream is not a valid varint.
    BadCount,
    /// The stream holds another number of values than the one asked for.
    CountMismatch {
        /// Values in the stream.
        stream: u64,
        /// Values asked for.
        expected: usize,
    },
    /// The leading byte, always zero when written, is not.
    BadLeadingByte(u8),
    /// Decoding needed more bytes than the stream has.
    Truncated {
        /// Values decoded before the stream ran out.
        decoded: usize,
        /// Values asked for.
        count: usize,
    },
    /// A magnitude whose length prefix or value does not fit in an `i16`.
    InvalidValue {
        /// Index of the value in the sequence.
        index: usize,
    },
    /// All values were decoded but bytes remain after them.
    TrailingBytes {
        /// Bytes left over.
        extra: usize,
    },
    /// All values were decoded but the coder did not end where the encoder did.
    BadEnd,
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::TooShort { len } => {
                write!(f, "compressed stream has only {len} bytes")
            }
            CodecError::BadCount => write!(f, "compressed stream has an invalid count"),
            CodecError::CountMismatch { stream, expected } => write!(
                f,
                "compressed stream holds {stream} values, {expected} expected"
            ),
            CodecError::BadLeadingByte(byte) => {
                write!(
                    f,
                    "compressed stream starts with {byte:#04x}, expected 0x00"
                )
            }
            CodecError::Truncated { decoded, count } => write!(
                f,
                "compressed stream ends after {decoded} of {count} values"
            ),
            CodecError::InvalidValue { index } => {
                write!(f, "compressed stream has an invalid value at index {index}")
            }
            CodecError::TrailingBytes { extra } => write!(
                f,
                "compressed stream has {extra} bytes after its last value"
            ),
            CodecError::BadEnd => write!(f, "compressed stream does not end cleanly"),
        }
    }
}

impl std::error::Error for CodecError {}

/// Compresses `values` into a stream that [`decompress`] restores given `values.len()`.
pub fn compress(values: &[i16]) -> Vec<u8> {
    let mut encoder = Encoder::new(write_count(values.len() as u64));
    let mut model = Model::new();
    let mut class = START_CLASS;
    let mut run = 0u32;
    for &value in values {
        model.encode(&mut encoder, class, value);
        (class, run) = class_after(value, run);
    }
    encoder.finish()
}

/// Decodes `count` values from a stream written by [`compress`].
///
/// Never panics and always ends, whatever `bytes` and `count` are: a stream
/// too short for `count` values is an error as soon as it runs out, and a
/// corrupt stream is either an error or wrong values (which a checksum of the
/// values, kept beside the stream, catches).
pub fn decompress(bytes: &[u8], count: usize) -> Result<Vec<i16>, CodecError> {
    let (stream_count, rest) = read_count(bytes)?;
    if usize::try_from(stream_count) != Ok(count) {
        return Err(CodecError::CountMismatch {
            stream: stream_count,
            expected: count,
        });
    }
    let mut decoder = Decoder::new(rest).ok_or(CodecError::TooShort { len: bytes.len() })?;
    if rest[0] != 0 {
        return Err(CodecError::BadLeadingByte(rest[0]));
    }
    let mut model = Model::new();
    let mut class = START_CLASS;
    let mut run = 0u32;
    // A byte codes at most about 700 values (a bit costs at least 0.011 bits),
    // so decoding a corrupt stream soon runs out; cap what it reserves too.
    let mut values = Vec::with_capacity(count.min(bytes.len().saturating_mul(64)));
    for index in 0..count {
        let value = model
            .decode(&mut decoder, class)
            .ok_or(CodecError::InvalidValue { index })?;
        if decoder.overran() {
            return Err(CodecError::Truncated {
                decoded: index,
                count,
            });
        }
        values.push(value);
        (class, run) = class_after(value, run);
    }
    decoder.finish()?;
    Ok(values)
}

/// `count` as an unsigned LEB128 varint.
fn write_count(mut count: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    while count >= 0x80 {
        bytes.push((count as u8) | 0x80);
        count >>= 7;
    }
    bytes.push(count as u8);
    bytes
}

/// The varint at the start of `bytes` and the bytes after it.
fn read_count(bytes: &[u8]) -> Result<(u64, &[u8]), CodecError> {
    let mut count = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(10) {
        let bits = u64::from(byte & 0x7F);
        if i == 9 && bits > 1 {
            return Err(CodecError::BadCount);
        }
        count |= bits << (7 * i);
        if byte < 0x80 {
            return Ok((count, &bytes[i + 1..]));
        }
    }
    if bytes.len() < 10 {
        Err(CodecError::TooShort { len: bytes.len() })
    } else {
        Err(CodecError::BadCount)
    }
}

/// The class of the (absent) value before the first one: a long run of zeros.
const START_CLASS: usize = 0;

/// The context class after `value`, given the length `run` of the run of zeros
/// before it; returns the class and the new run length.
///
/// Classes 0-2 follow a zero ending a run of 16 or more, 4-15, 1-3 zeros;
/// classes 3-15 follow a non-zero value of bit length 1-12, 13 or more.
#[inline]
fn class_after(value: i16, run: u32) -> (usize, u32) {
    if value == 0 {
        let run = run.saturating_add(1);
        let class = match run {
            16.. => 0,
            4..=15 => 1,
            _ => 2,
        };
        (class, run)
    } else {
        let length = bit_length(u32::from(value.unsigned_abs()));
        (2 + length.min(13), 0)
    }
}

/// Number of bits of `m` up to and including its leading one (0 for 0).
#[inline]
fn bit_length(m: u32) -> usize {
    (32 - m.leading_zeros()) as usize
}

/// The adaptive probabilities of every binary decision.
struct Model {
    /// Is-zero flag, by class of the previous value.
    zero: [u16; CLASSES],
    /// Sign (0 positive, 1 negative), by class and sign of the previous value.
    sign: [[u16; 2]; CLASSES],
    /// Bit length prefix (1 = longer), by class and position in the prefix.
    length: [[u16; MAX_LENGTH]; CLASSES],
    /// The top `TREE_BITS` bits below the leading one, a bit tree per bit length.
    tree: [[u16; 1 << TREE_BITS]; MAX_LENGTH + 1],
    /// Lower bits, by bit length and bit position.
    low_bits: [[u16; MAX_LENGTH]; MAX_LENGTH + 1],
    /// Whether the previous value was negative.
    previous_negative: bool,
}

impl Model {
    fn new() -> Model {
        Model {
            zero: [PROB_HALF; CLASSES],
            sign: [[PROB_HALF; 2]; CLASSES],
            length: [[PROB_HALF; MAX_LENGTH]; CLASSES],
            tree: [[PROB_HALF; 1 << TREE_BITS]; MAX_LENGTH + 1],
            low_bits: [[PROB_HALF; MAX_LENGTH]; MAX_LENGTH + 1],
            previous_negative: false,
        }
    }

    /// Codes `value` after a value of class `class`.
    fn encode(&mut self, encoder: &mut Encoder, class: usize, value: i16) {
        encoder.encode(&mut self.zero[class], u32::from(value != 0));
        if value == 0 {
            self.previous_negative = false;
            return;
        }
        let negative = value < 0;
        let sign = &mut self.sign[class][usize::from(self.previous_negative)];
        encoder.encode(sign, u32::from(negative));
        self.previous_negative = negative;

        let magnitude = u32::from(value.unsigned_abs());
        let length = bit_length(magnitude);
        for position in 0..length - 1 {
            encoder.encode(&mut self.length[class][position], 1);
        }
        if length < MAX_LENGTH {
            encoder.encode(&mut self.length[class][length - 1], 0);
        }
        self.encode_mantissa(encoder, magnitude, length);
    }

    /// Codes the `length - 1` bits of `magnitude` below its leading one.
    fn encode_mantissa(&mut self, encoder: &mut Encoder, magnitude: u32, length: usize) {
        let bits = length - 1;
        let tree_bits = bits.min(TREE_BITS);
        let mut node = 1usize;
        for i in 0..tree_bits {
            let bit = (magnitude >> (bits - 1 - i)) & 1;
            encoder.encode(&mut self.tree[length][node], bit);
            node = (node << 1) | bit as usize;
        }
        for i in tree_bits..bits {
            let bit = (magnitude >> (bits - 1 - i)) & 1;
            encoder.encode(&mut self.low_bits[length][i], bit);
        }
    }

    /// Decodes a value after a value of class `class`; `None` if it is not an `i16`.
    #[inline]
    fn decode(&mut self, decoder: &mut Decoder, class: usize) -> Option<i16> {
        if decoder.decode(&mut self.zero[class]) == 0 {
            self.previous_negative = false;
            return Some(0);
        }
        let sign = &mut self.sign[class][usize::from(self.previous_negative)];
        let negative = decoder.decode(sign) == 1;
        self.previous_negative = negative;

        let mut length = 1;
        while length < MAX_LENGTH && decoder.decode(&mut self.length[class][length - 1]) == 1 {
            length += 1;
        }
        let magnitude = self.decode_mantissa(decoder, length);
        if negative {
            i16::try_from(-(magnitude as i32)).ok()
        } else {
            i16::try_from(magnitude).ok()
        }
    }

    /// Decodes the bits below the leading one of a magnitude of bit length `length`.
    #[inline]
    fn decode_mantissa(&mut self, decoder: &mut Decoder, length: usize) -> u32 {
        let bits = length - 1;
        let tree_bits = bits.min(TREE_BITS);
        let mut node = 1usize;
        for _ in 0..tree_bits {
            node = (node << 1) | decoder.decode(&mut self.tree[length][node]) as usize;
        }
        let mut magnitude = node as u32;
        for i in tree_bits..bits {
            magnitude = (magnitude << 1) | decoder.decode(&mut self.low_bits[length][i]);
        }
        magnitude
    }
}

/// The range encoder.
struct Encoder {
    /// Low end of the interval; bit 32 is a carry not yet propagated.
    low: u64,
    /// Width of the interval.
    range: u32,
    /// The byte waiting for a possible carry.
    cache: u8,
    /// `cache` plus the `0xFF` bytes after it that a carry would also change.
    pending: u64,
    out: Vec<u8>,
}

impl Encoder {
    /// An encoder whose output starts with `prefix`.
    fn new(prefix: Vec<u8>) -> Encoder {
        Encoder {
            low: 0,
            range: u32::MAX,
            cache: 0,
            pending: 1,
            out: prefix,
        }
    }

    /// Codes `bit` (0 or 1) with the probability `prob` of a 0, then adapts it.
    #[inline]
    fn encode(&mut self, prob: &mut u16, bit: u32) {
        let bound = (self.range >> PROB_BITS) * u32::from(*prob);
        if bit == 0 {
            self.range = bound;
            *prob += ((1 << PROB_BITS) - *prob) >> ADAPT_SHIFT;
        } else {
            self.low += u64::from(bound);
            self.range -= bound;
            *prob -= *prob >> ADAPT_SHIFT;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
    }

    /// Moves the top byte of `low` out, propagating a carry into pending bytes.
    fn shift_low(&mut self) {
        if self.low < 0xFF00_0000 || self.low > u64::from(u32::MAX) {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.pending -= 1;
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    /// Flushes `low` and returns the stream.
    fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

/// The range decoder.
struct Decoder<'a> {
    bytes: &'a [u8],
    /// Next byte to read; may pass `bytes.len()`, which [`Decoder::overran`] reports.
    position: usize,
    range: u32,
    /// Offset of the coded value from the low end of the interval.
    code: u32,
}

impl<'a> Decoder<'a> {
    /// A decoder of `bytes`, or `None` if they are fewer than the first five.
    fn new(bytes: &'a [u8]) -> Option<Decoder<'a>> {
        let &[_, b1, b2, b3, b4, ..] = bytes else {
            return None;
        };
        let code = u32::from_be_bytes([b1, b2, b3, b4]);
        Some(Decoder {
            bytes,
            position: 5,
            range: u32::MAX,
            code,
        })
    }

    /// The next byte, or 0 past the end (noted by `position` passing the length).
    #[inline]
    fn next_byte(&mut self) -> u8 {
        let byte = self.bytes.get(self.position).copied().unwrap_or(0);
        self.position = self.position.saturating_add(1);
        byte
    }

    /// Whether decoding has read past the end of the stream.
    #[inline]
    fn overran(&self) -> bool {
        self.position > self.bytes.len()
    }

    /// Decodes a bit with the probability `prob` of a 0, then adapts it.
    #[inline]
    fn decode(&mut self, prob: &mut u16) -> u32 {
        let bound = (self.range >> PROB_BITS) * u32::from(*prob);
        let bit = if self.code < bound {
            self.range = bound;
            *prob += ((1 << PROB_BITS) - *prob) >> ADAPT_SHIFT;
            0
        } else {
            self.code -= bound;
            self.range -= bound;
            *prob -= *prob >> ADAPT_SHIFT;
            1
        };
        if self.range < TOP {
            self.range <<= 8;
            self.code = (self.code << 8) | u32::from(self.next_byte());
        }
        bit
    }

    /// Checks that the stream ended exactly where the encoder's did.
    fn finish(&self) -> Result<(), CodecError> {
        if self.position < self.bytes.len() {
            return Err(CodecError::TrailingBytes {
                extra: self.bytes.len() - self.position,
            });
        }
        if self.code != 0 {
            return Err(CodecError::BadEnd);
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A table like a trained one: about 90% zeros in runs, the rest
    /// Laplacian-ish around 0 with scale 200, smooth between neighbours.
    pub(crate) fn synthetic_table(len: usize, seed: u64) -> Vec<i16> {
        synthetic_table_with(len, seed, 0.6)
    }

    /// As [`synthetic_table`], each non-zero value an AR(1) process of
    /// Laplacian(200) innovations with coefficient `smoothness` (0: independent),
    /// scaled so that its spread stays that of a Laplacian of scale 200.
    pub(crate) fn synthetic_table_with(len: usize, seed: u64, smoothness: f64) -> Vec<i16> {
        let mut rng = Rng::new(seed);
        let mut values = Vec::with_capacity(len);
        let mut previous = 0.0f64;
        while values.len() < len {
            // Runs: zero runs of mean 45, non-zero runs of mean 5.
            let zeros = (-45.0 * (1.0 - rng.unit()).ln()) as usize;
            let non_zeros = 1 + (-4.0 * (1.0 - rng.unit()).ln()) as usize;
            values.extend(std::iter::repeat_n(0, zeros.min(len - values.len())));
            for _ in 0..non_zeros.min(len - values.len()) {
                let magnitude = -200.0 * (1.0 - rng.unit()).ln();
                let sign = if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
                let innovation = (1.0 - smoothness * smoothness).sqrt();
                let value = smoothness * previous + innovation * sign * magnitude;
                previous = value;
                let value = value.round().clamp(-32768.0, 32767.0) as i16;
                values.push(if value == 0 { 1 } else { value });
            }
        }
        values
    }

    fn round_trip(values: &[i16]) -> Vec<u8> {
        let bytes = compress(values);
        assert_eq!(decompress(&bytes, values.len()).as_deref(), Ok(values));
        bytes
    }

    #[test]
    fn empty_input_round_trips() {
        let bytes = round_trip(&[]);
        assert_eq!(bytes, [0; 6]);
    }

    #[test]
    fn all_zeros_round_trip_in_few_bytes() {
        // About 0.011 bits per zero once the probability has adapted.
        let bytes = round_trip(&[0; 100_000]);
        assert!(bytes.len() < 160, "{} bytes", bytes.len());
    }

    #[test]
    fn extremes_round_trip() {
        round_trip(&[
            i16::MIN,
            i16::MAX,
            0,
            i16::MIN,
            i16::MIN,
            -1,
            1,
            i16::MAX,
            0,
            0,
        ]);
        let mut every = Vec::new();
        for shift in 0..16 {
            let m = 1i32 << shift;
            for v in [m - 1, m, m + 1, -m + 1, -m, -m - 1] {
                every.push(v.clamp(i16::MIN as i32, i16::MAX as i32) as i16);
            }
        }
        round_trip(&every);
        round_trip(&[i16::MAX; 1000]);
        round_trip(&[i16::MIN; 1000]);
    }

    #[test]
    fn random_values_round_trip() {
        let mut rng = Rng::new(0x5EED);
        let values: Vec<i16> = (0..50_000).map(|_| rng.next_u64() as i16).collect();
        let bytes = round_trip(&values);
        // Uniform i16 cannot be compressed; the coder should not add much.
        assert!(
            bytes.len() < values.len() * 2 * 104 / 100,
            "{} bytes",
            bytes.len()
        );
        let small: Vec<i16> = (0..50_000)
            .map(|_| (rng.next_u64() % 7) as i16 - 3)
            .collect();
        round_trip(&small);
    }

    #[test]
    fn synthetic_table_compresses_well() {
        let values = synthetic_table(200_000, 1);
        let bytes = round_trip(&values);
        let bits_per_weight = bytes.len() as f64 * 8.0 / values.len() as f64;
        // The order-0 entropy of the values of such a table is about 1.3 bits.
        assert!(bits_per_weight < 1.2, "{bits_per_weight} bits per weight");
    }

    #[test]
    fn every_truncation_is_an_error() {
        let values = synthetic_table(3_000, 2);
        let bytes = compress(&values);
        for len in 0..bytes.len() {
            assert!(
                decompress(&bytes[..len], values.len()).is_err(),
                "prefix of {len} bytes decoded"
            );
        }
    }

    #[test]
    fn extra_bytes_and_extra_values_are_errors() {
        let values = synthetic_table(1_000, 3);
        let mut bytes = compress(&values);
        assert!(decompress(&bytes, values.len() + 1).is_err());
        assert!(decompress(&bytes, values.len() - 1).is_err());
        bytes.push(0);
        assert!(decompress(&bytes, values.len()).is_err());
    }

    #[test]
    fn corrupt_streams_never_panic_or_hang() {
        let values = synthetic_table(2_000, 4);
        let bytes = compress(&values);
        for position in 0..bytes.len() {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut corrupt = bytes.clone();
                corrupt[position] ^= flip;
                // Either an error or some values; never a panic.
                let _ = decompress(&corrupt, values.len());
                let _ = decompress(&corrupt, usize::MAX);
            }
        }
        let mut rng = Rng::new(9);
        for len in [5usize, 6, 17, 1000] {
            let noise: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            assert!(decompress(&noise, usize::MAX).is_err());
            let _ = decompress(&noise, 100);
            // A valid count and leading byte, then noise: decoding must stop.
            let mut framed = write_count(1 << 40);
            framed.push(0);
            framed.extend_from_slice(&noise);
            assert!(decompress(&framed, 1 << 40).is_err());
        }
    }

    #[test]
    fn counts_are_varints() {
        for count in [0u64, 1, 127, 128, 300, 1 << 35, u64::MAX] {
            let mut bytes = write_count(count);
            bytes.push(42);
            assert_eq!(read_count(&bytes), Ok((count, &[42u8][..])));
        }
        assert_eq!(read_count(&[0x80; 10]), Err(CodecError::BadCount));
        let mut too_big = vec![0xFF; 9];
        too_big.push(0x02);
        assert_eq!(read_count(&too_big), Err(CodecError::BadCount));
        assert_eq!(read_count(&[0x80; 3]), Err(CodecError::TooShort { len: 3 }));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let message = |bytes: &[u8], count| decompress(bytes, count).unwrap_err().to_string();
        assert_eq!(message(&[1, 0], 1), "compressed stream has only 2 bytes");
        assert_eq!(
            message(&[0, 7, 0, 0, 0, 0], 0),
            "compressed stream starts with 0x07, expected 0x00"
        );
        assert_eq!(
            message(&compress(&[1, 2, 3]), 4),
            "compressed stream holds 3 values, 4 expected"
        );
        let mut longer = compress(&[1, 2, 3]);
        longer.push(0);
        assert_eq!(
            message(&longer, 3),
            "compressed stream has 1 bytes after its last value"
        );
    }
}
