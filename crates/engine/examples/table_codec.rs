//! The embedded evaluation table's compression and decode time: its size,
//! the bits per weight of the range coder, the weights' order-0 entropy,
//! and the milliseconds one decode takes (median of 11), natively.
//!
//! `cargo run --release -p othello --example table_codec`

use othello::clock::{Clock, NativeClock};
use othello::eval::table_file::read_table_file;

const TABLE: &[u8] = include_bytes!("../src/eval/pattern.bin");

fn main() {
    let (_, values) = read_table_file(TABLE).expect("the embedded table reads");
    let zeros = values.iter().filter(|&&v| v == 0).count();
    let mut counts = std::collections::HashMap::new();
    for &v in &values {
        *counts.entry(v).or_insert(0usize) += 1;
    }
    let n = values.len() as f64;
    let entropy: f64 = counts
        .values()
        .map(|&c| -(c as f64 / n) * (c as f64 / n).log2())
        .sum();
    let clock = NativeClock::new();
    let mut times: Vec<f64> = (0..11)
        .map(|_| {
            let start = clock.now_ms();
            let decoded = read_table_file(std::hint::black_box(TABLE)).expect("reads");
            assert_eq!(decoded.1.len(), values.len());
            clock.now_ms() - start
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{} weights ({:.1}% zeros) in {} bytes: {:.3} bits per weight (order-0 entropy {entropy:.3}); decode {:.1} ms",
        values.len(),
        100.0 * zeros as f64 / n,
        TABLE.len(),
        TABLE.len() as f64 * 8.0 / n,
        times[times.len() / 2]
    );
}
