//! What the native commands' command lines share: search settings, read by
//! the engine's [`OptionsReader`] so that their ranges and messages are the
//! engine's; player specs whose engines may read evaluation table files;
//! and the tools' own counts (`--games`, `--pairs`, `--seed`). Each
//! command reads its arguments through its definition in `help.rs`
//! (`Command::read`, which gives a `Parsed`).

use othello::players::Spec;
use othello::settings::{OptionsReader, Setting, Spelling, Value};
use othello_cli::{CliError, CliResult};

/// The settings of an engine player (the keys of an `engine:` spec), which
/// `game` and `match` take as flags for their engine sides.
pub(super) use othello::players::spec::ENGINE_SETTINGS;

/// Reads an evaluation table file for `eval=file:<path>` or `--eval file:<path>`
/// (the engine's settings reader names the file in its error).
pub(super) fn read_table(path: &str) -> std::io::Result<Vec<u8>> {
    std::fs::read(path)
}

/// A player spec, whose engine may read evaluation table files.
pub(super) fn parse_spec(text: &str) -> CliResult<Spec> {
    Spec::parse_with_tables(text, Some(read_table)).map_err(|e| CliError::input("", e))
}

/// A reader of search settings whose messages name them with `spell` and
/// whose `file:<path>` evaluations are read from disk.
pub(super) fn reader(spell: Spelling) -> OptionsReader {
    OptionsReader::new(spell).with_tables(read_table)
}

/// Reads `word` as the value of `setting`; the error is the engine's message.
pub(super) fn read_word(reader: &mut OptionsReader, setting: Setting, word: &str) -> CliResult {
    reader
        .read(setting, Value::Word(word))
        .map_err(CliError::from)
}

/// A whole number option of the tool itself (a count, a seed).
pub(super) fn number<T: std::str::FromStr>(command: &str, flag: &str, text: &str) -> CliResult<T> {
    text.parse()
        .map_err(|_| CliError::usage(format!("{command}: {flag} '{text}' is not a whole number")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello::settings;

    #[test]
    fn settings_are_read_with_the_engine_s_messages() {
        let mut reader = reader(settings::flags);
        assert_eq!(
            read_word(&mut reader, Setting::Depth, "0")
                .unwrap_err()
                .to_string(),
            "--depth must be a whole number from 1 to 60, got 0"
        );
    }
}
