//! The one options parser (CLI flags, specs, the JS limits) on arbitrary
//! settings and values: accepted or refused with a typed error, never a
//! panic; what it accepts is within the documented ranges.
#![no_main]

use libfuzzer_sys::fuzz_target;
use othello::settings::{self, OptionsReader, Setting, Value};

fuzz_target!(|data: &[u8]| {
    let mut reader = OptionsReader::new(settings::flags);
    for chunk in data.split(|&b| b == 0xff) {
        let Some((&first, rest)) = chunk.split_first() else {
            continue;
        };
        let setting = Setting::ALL[usize::from(first) % Setting::ALL.len()];
        let text = String::from_utf8_lossy(rest);
        let number = rest
            .get(..8)
            .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
            .unwrap_or(f64::NAN);
        let value = match first / 64 {
            0 => Value::Word(&text),
            1 => Value::Text(&text),
            2 => Value::Number(number),
            _ => Value::Flag(first & 1 == 1),
        };
        let _ = reader.read(setting, value);
    }
    if let Ok(options) = reader.finish() {
        if let Some(depth) = options.limits.depth {
            assert!(settings::DEPTHS.contains(&depth));
        }
        if let Some(mb) = options.table_mb {
            assert!(settings::TABLE_MB.contains(&mb));
        }
    }
});
