//! What went wrong in a command, by kind: the command line itself (printed
//! with the usage, exit status 2), or the work it asked for (input the
//! engine cannot read, a file, the memory, a check that found something
//! wrong: the message alone, exit status 1). Both command-line tools print
//! the same message for the same error.

use std::error::Error;

use othello::search::tt::AllocationError;
use othello::settings::OptionError;

/// An error of a command, with the context its message names.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line: an unknown command or option, a missing or
    /// malformed argument.
    #[error("{0}")]
    Usage(String),
    /// A search setting the engine's settings reader refused (`--depth 0`).
    #[error("{}{source}", prefix(.context))]
    Setting {
        /// What was being read (`"book check"`), or empty.
        context: String,
        /// The reader's error.
        source: OptionError,
    },
    /// Input that cannot be read: a position, transcript, OBF line, GGF
    /// record, player spec or table.
    #[error("{}{source}", prefix(.context))]
    Input {
        /// Which input (`"solve.obf:3"`, `"book probe"`), or empty.
        context: String,
        /// The parser's error.
        source: Box<dyn Error + Send + Sync>,
    },
    /// A file that cannot be read or written.
    #[error("{path}: {reason}")]
    File {
        /// The file as given.
        path: String,
        /// Why (the system's words).
        reason: String,
    },
    /// A transposition table the memory cannot hold.
    #[error(transparent)]
    Memory(#[from] AllocationError),
    /// The work ran and found something wrong (a soak's wrong scores, a
    /// session's refused command), or cannot go on.
    #[error("{0}")]
    Failed(String),
}

fn prefix(context: &str) -> String {
    if context.is_empty() {
        String::new()
    } else {
        format!("{context}: ")
    }
}

impl CliError {
    /// A usage error saying `message`.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    /// Input named `context` that `source` could not read.
    pub fn input(
        context: impl Into<String>,
        source: impl Error + Send + Sync + 'static,
    ) -> CliError {
        CliError::Input {
            context: context.into(),
            source: Box::new(source),
        }
    }

    /// Input named `context` (empty: none) that is not valid, saying why.
    pub fn invalid(context: impl Into<String>, why: impl Into<String>) -> CliError {
        CliError::Input {
            context: context.into(),
            source: why.into().into(),
        }
    }

    /// A setting refused while reading `context` (empty: no context).
    pub fn setting(context: impl Into<String>, source: OptionError) -> CliError {
        CliError::Setting {
            context: context.into(),
            source,
        }
    }

    /// The file `path`, which failed for `reason`.
    pub fn file(path: impl Into<String>, reason: impl std::fmt::Display) -> CliError {
        CliError::File {
            path: path.into(),
            reason: reason.to_string(),
        }
    }

    /// Work that found something wrong, saying `message`.
    pub fn failed(message: impl Into<String>) -> CliError {
        CliError::Failed(message.into())
    }

    /// Whether the command line itself is wrong (so the usage is worth
    /// showing): a usage error or a refused setting.
    pub fn is_usage(&self) -> bool {
        matches!(self, CliError::Usage(_) | CliError::Setting { .. })
    }

    /// The process's exit status for this error: 2 for the command line, 1
    /// for the work.
    pub fn exit_status(&self) -> u8 {
        if self.is_usage() {
            2
        } else {
            1
        }
    }

    /// This error with `context` in front of its message (`"bench position
    /// 3"`), of the same kind.
    pub fn within(self, context: &str) -> CliError {
        match self {
            CliError::Usage(message) => CliError::Usage(format!("{context}: {message}")),
            CliError::Setting {
                context: inner,
                source,
            } => CliError::Setting {
                context: if inner.is_empty() {
                    context.to_string()
                } else {
                    format!("{context}: {inner}")
                },
                source,
            },
            CliError::Input {
                context: inner,
                source,
            } => CliError::Input {
                context: format!("{context}: {inner}"),
                source,
            },
            CliError::File { path, reason } => CliError::File {
                path: format!("{context}: {path}"),
                reason,
            },
            CliError::Memory(error) => CliError::Failed(format!("{context}: {error}")),
            CliError::Failed(message) => CliError::Failed(format!("{context}: {message}")),
        }
    }
}

impl From<OptionError> for CliError {
    fn from(source: OptionError) -> CliError {
        CliError::setting("", source)
    }
}

/// The result of a command.
pub type CliResult<T = ()> = Result<T, CliError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_give_the_exit_status_and_keep_the_message() {
        let usage = CliError::usage("unknown option '--fast'");
        assert_eq!(
            (usage.to_string().as_str(), usage.exit_status()),
            ("unknown option '--fast'", 2)
        );
        let file = CliError::file("missing.obf", "No such file or directory (os error 2)");
        assert_eq!(
            file.to_string(),
            "missing.obf: No such file or directory (os error 2)"
        );
        assert_eq!(file.exit_status(), 1);
        let input = CliError::input(
            "book probe",
            othello::notation::parse_game("z9").unwrap_err(),
        );
        assert!(input.to_string().starts_with("book probe: "), "{input}");
        assert!(input.source().is_some());
        assert_eq!(input.exit_status(), 1);
        assert_eq!(
            CliError::failed("soak: 2 errors").within("x").to_string(),
            "x: soak: 2 errors"
        );
    }
}
