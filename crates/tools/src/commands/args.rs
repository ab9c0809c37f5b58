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

/// A command line's tokens (`Command::tokens` of the command's definition
/// in `help.rs`, which has refused unknown options and missing values),
/// read flag by flag: [`Flags::value`] takes the value of the flag just
/// read. Only the 96-square board's commands read their options so; the
/// others take them by name from their definition's `Parsed`.
pub(super) struct Flags<'a> {
    command: &'static str,
    args: std::slice::Iter<'a, String>,
}

impl<'a> Flags<'a> {
    /// The arguments of `command` (the name its messages start with).
    pub(super) fn new(command: &'static str, args: &'a [String]) -> Flags<'a> {
        Flags {
            command,
            args: args.iter(),
        }
    }

    /// The value of `flag`, the argument after it.
    pub(super) fn value(&mut self, flag: &str) -> CliResult<&'a str> {
        self.args
            .next()
            .map(String::as_str)
            .ok_or_else(|| CliError::usage(format!("{}: {flag} needs a value", self.command)))
    }

    /// The error for an argument no case of the command takes: an unknown
    /// option (`--...`) or an argument too many.
    pub(super) fn unexpected(&self, arg: &str) -> CliError {
        CliError::usage(if arg.starts_with("--") {
            format!("{}: unknown option '{arg}'", self.command)
        } else {
            format!("{}: unexpected argument '{arg}'", self.command)
        })
    }
}

impl<'a> Iterator for Flags<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.args.next().map(String::as_str)
    }
}

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

    #[test]
    fn flags_give_values_and_say_what_is_wrong() {
        let args: Vec<String> = ["--seed", "7", "--bogus", "extra", "--count"]
            .iter()
            .map(|arg| arg.to_string())
            .collect();
        let mut flags = Flags::new("openings", &args);
        let flag = flags.next().unwrap();
        assert_eq!((flag, flags.value(flag).ok()), ("--seed", Some("7")));
        let flag = flags.next().unwrap();
        let unknown = flags.unexpected(flag);
        assert!(unknown.is_usage());
        assert_eq!(unknown.to_string(), "openings: unknown option '--bogus'");
        let arg = flags.next().unwrap();
        assert_eq!(
            flags.unexpected(arg).to_string(),
            "openings: unexpected argument 'extra'"
        );
        let flag = flags.next().unwrap();
        assert_eq!(
            flags.value(flag).unwrap_err().to_string(),
            "openings: --count needs a value"
        );
        assert_eq!(flags.next(), None);
    }
}
