//! The one reader of both tools' command lines. Each command is a
//! [`Command`]: its name, a line saying what it does, its usage lines and
//! its options ([`Flag`]s). The same definition reads the command's
//! arguments ([`Command::parse`]: `--name value`, `--name=value`, `--name`
//! for a switch; [`Command::read`]: a [`Parsed`] from which the command
//! takes them by name, and which fails on an option it never asks for) and writes its `--help` ([`Command::help`]) and the
//! tools' list of commands ([`overview`]), so that what a command takes and
//! what its help says cannot drift apart. Unknown options are refused with
//! the nearest option's name or the list of those the command takes.
//!
//! Positions may start with dashes (`---XO...`, a written pass `--`): an
//! argument is an option only as `--` followed by a lowercase letter, or
//! `-h`; any other is positional.
//!
//! No argument-parsing crate: on a wasm of three commands and their help,
//! clap (without its default features) added 262 KB, bpaf 125 KB and argh
//! 20 KB (without suggestions, and reading `---XO...` as an option); in the
//! package's wasm, lexopt added 15 KB more than these few lines of tokens.

use othello::settings::{Setting, Value};
use std::cell::{Cell, RefCell};

use super::{CliError, CliResult};

/// One option of a command: `--name` alone (a switch) or `--name <value>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The name after `--`.
    pub name: &'static str,
    /// What the value is, as the help shows it (`N`, `<file>`); `None` for
    /// a switch.
    pub value: Option<&'static str>,
    /// What it does, one line.
    pub help: &'static str,
}

impl Flag {
    /// `--name` alone.
    pub const fn switch(name: &'static str, help: &'static str) -> Flag {
        Flag {
            name,
            value: None,
            help,
        }
    }

    /// `--name <value>`.
    pub const fn value(name: &'static str, value: &'static str, help: &'static str) -> Flag {
        Flag {
            name,
            value: Some(value),
            help,
        }
    }

    /// A search setting of the engine's settings reader, named as it names
    /// it; `value` `None` for the settings that are switches (`--exact`).
    pub const fn setting(
        setting: Setting,
        value: Option<&'static str>,
        help: &'static str,
    ) -> Flag {
        Flag {
            name: setting.name(),
            value,
            help,
        }
    }
}

/// The option every command takes: its help.
pub const HELP: Flag = Flag::switch("help", "this help (also -h, or othello help <command>)");

/// `--board 8|96`, which the tools read before the command's options (so
/// that an unknown option's message does not offer it).
const BOARD: &str = "board";

/// A command: how it is called and what it takes.
#[derive(Debug)]
pub struct Command {
    /// Its words as typed (`perft`, `book probe`, `search --board 96`).
    pub name: &'static str,
    /// What it does, one line.
    pub about: &'static str,
    /// Its usage lines, each after `othello `.
    pub usage: &'static [&'static str],
    /// More about its arguments, shown below its options; may be empty.
    pub notes: &'static str,
    /// Its options, in groups (a group may be shared by several commands).
    pub flags: &'static [&'static [Flag]],
}

/// One argument of a command line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// `--name` of a switch.
    Switch(&'static str),
    /// `--name value` or `--name=value`.
    Option(&'static str, String),
    /// Any other argument.
    Positional(String),
}

/// Whether `arg` asks for help (`--help`, `-h`).
fn is_help(arg: &str) -> bool {
    arg == "--help" || arg == "-h"
}

/// Whether `arg` is an option: `--` followed by a lowercase letter, or `-h`.
fn is_option(arg: &str) -> bool {
    arg == "-h"
        || arg
            .strip_prefix("--")
            .is_some_and(|name| name.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
}

impl Command {
    /// Every option of the command, `--help` last.
    pub fn options(&self) -> impl Iterator<Item = &'static Flag> + '_ {
        self.flags
            .iter()
            .flat_map(|group| group.iter())
            .chain(std::iter::once(&HELP))
    }

    fn flag(&self, name: &str) -> Option<&'static Flag> {
        self.options().find(|flag| flag.name == name)
    }

    /// Reads `args` (the arguments after the command's words) in order; a
    /// usage error names an unknown option, a missing value or a value
    /// given to a switch.
    pub fn parse(&self, args: &[String]) -> CliResult<Vec<Word>> {
        let mut words = Vec::with_capacity(args.len());
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if arg == "-h" {
                words.push(Word::Switch(HELP.name));
                continue;
            }
            if !is_option(arg) {
                words.push(Word::Positional(arg.clone()));
                continue;
            }
            let (name, inline) = match arg[2..].split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (&arg[2..], None),
            };
            let flag = self.flag(name).ok_or_else(|| self.unknown(name))?;
            let name = flag.name;
            if flag.value.is_none() {
                if inline.is_some() {
                    return Err(self.error(format!("--{name} takes no value")));
                }
                words.push(Word::Switch(name));
                continue;
            }
            let value = inline
                .or_else(|| iter.next().map(String::as_str))
                .ok_or_else(|| self.error(format!("--{name} needs a value")))?;
            words.push(Word::Option(name, value.to_string()));
        }
        Ok(words)
    }

    /// `args` read by [`Command::parse`] and written back as tokens, for a
    /// loop over arguments: `--name value` for an option (also when given
    /// as `--name=value`), `--name` for a switch, other arguments as given.
    pub fn tokens(&self, args: &[String]) -> CliResult<Vec<String>> {
        let mut tokens = Vec::with_capacity(args.len());
        for word in self.parse(args)? {
            match word {
                Word::Switch(name) => tokens.push(format!("--{name}")),
                Word::Option(name, value) => tokens.extend([format!("--{name}"), value]),
                Word::Positional(text) => tokens.push(text),
            }
        }
        Ok(tokens)
    }

    /// A usage error of this command saying `message`.
    pub fn error(&self, message: impl std::fmt::Display) -> CliError {
        CliError::usage(format!("{}: {message}", self.name))
    }

    /// The error for a word the command's reading has no place for: an
    /// argument too many, or an option it takes only with others.
    pub fn unexpected(&self, word: &Word) -> CliError {
        match word {
            Word::Positional(text) => self.error(format!("unexpected argument '{text}'")),
            Word::Switch(name) | Word::Option(name, _) => {
                self.error(format!("--{name} is not taken here"))
            }
        }
    }

    /// The error for an unknown option `--name`: with the nearest option's
    /// name when one is near, else with those the command takes.
    fn unknown(&self, name: &str) -> CliError {
        let names: Vec<&str> = self
            .options()
            .filter(|flag| ![HELP.name, BOARD].contains(&flag.name))
            .map(|flag| flag.name)
            .collect();
        let hint = match nearest(name, names.iter().copied()) {
            Some(near) => format!(" (did you mean '--{near}'?)"),
            None if names.is_empty() => " (it takes no options)".to_string(),
            None if names.len() <= 8 => {
                let flags: Vec<String> = names.iter().map(|name| format!("--{name}")).collect();
                format!(" (it takes {})", and_list(&flags))
            }
            None => format!(" (othello {} --help lists them)", self.name),
        };
        self.error(format!("unknown option '--{name}'{hint}"))
    }

    /// The command's help: what it does, its usage, its options and notes.
    pub fn help(&self) -> String {
        let mut text = format!("othello {}: {}\n\nusage:\n", self.name, self.about);
        for line in self.usage {
            text.push_str(&format!("  othello {line}\n"));
        }
        text.push_str("\noptions:\n");
        for flag in self.options() {
            let head = match flag.value {
                Some(value) => format!("--{} {value}", flag.name),
                None => format!("--{}", flag.name),
            };
            text.push_str(&format!("  {head:<24} {}\n", flag.help));
        }
        if !self.notes.is_empty() {
            text.push('\n');
            text.push_str(self.notes);
            text.push('\n');
        }
        text.pop();
        text
    }

    /// Whether `args` (the whole command line) calls this command: its
    /// words lead the line (`--board 96` may stand anywhere after the
    /// first).
    fn called_by(&self, args: &[String]) -> bool {
        let (words, board96) = match self.name.strip_suffix(" --board 96") {
            Some(words) => (words, true),
            None => (self.name, false),
        };
        let rest: Vec<&str> = if board96 {
            let at = args
                .windows(2)
                .position(|pair| pair[0] == "--board" && pair[1] == "96");
            match at {
                Some(at) => args
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != at && i != at + 1)
                    .map(|(_, arg)| arg.as_str())
                    .collect(),
                None => return false,
            }
        } else {
            args.iter().map(String::as_str).collect()
        };
        let words: Vec<&str> = words.split(' ').collect();
        rest.len() >= words.len() && rest[..words.len()] == words[..]
    }
}

/// A command line read by its command's definition, whose options and
/// positional arguments the command takes by name ([`Parsed::value`],
/// [`Parsed::switch`], [`Parsed::whole`], [`Parsed::positional`], ...).
/// [`Parsed::finish`] then refuses what was given and not taken (an
/// argument too many, an option the command takes only with others) and
/// fails if the command never asked for an option its definition lists, so
/// that a definition and its reading cannot drift apart: each command's
/// reading asks for all its options before it does any work, and a test
/// reads every command once.
#[derive(Debug)]
pub struct Parsed<'c> {
    command: &'c Command,
    words: Vec<Word>,
    /// The options asked for, by name.
    asked: RefCell<Vec<&'static str>>,
    /// The positional arguments taken.
    taken: Cell<usize>,
}

impl Command {
    /// Reads `args` (the arguments after the command's words) by this
    /// definition, for the command to take them by name.
    pub fn read(&self, args: &[String]) -> CliResult<Parsed<'_>> {
        Ok(Parsed {
            command: self,
            words: self.parse(args)?,
            asked: RefCell::new(Vec::new()),
            taken: Cell::new(0),
        })
    }
}

impl Parsed<'_> {
    /// The command these arguments are of.
    pub fn command(&self) -> &Command {
        self.command
    }

    /// Marks `--name` asked for; the definition must list it (a command
    /// asking for an option it does not define is a bug of the command).
    fn ask(&self, name: &str) -> &'static Flag {
        let flag = self.command.flag(name).unwrap_or_else(|| {
            panic!(
                "{} asks for --{name}, which its definition does not list",
                self.command.name
            )
        });
        let mut asked = self.asked.borrow_mut();
        if !asked.contains(&flag.name) {
            asked.push(flag.name);
        }
        flag
    }

    /// The value of `--name` (the last one given), if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        let flag = self.ask(name);
        self.words.iter().rev().find_map(|word| match word {
            Word::Option(given, value) if *given == flag.name => Some(value.as_str()),
            _ => None,
        })
    }

    /// Whether the switch `--name` was given.
    pub fn switch(&self, name: &str) -> bool {
        let flag = self.ask(name);
        self.words
            .iter()
            .any(|word| matches!(word, Word::Switch(given) if *given == flag.name))
    }

    /// Whether `--name` (a switch or an option) was given.
    pub fn given(&self, name: &str) -> bool {
        let flag = self.ask(name);
        self.words.iter().any(|word| match word {
            Word::Switch(given) | Word::Option(given, _) => *given == flag.name,
            Word::Positional(_) => false,
        })
    }

    /// The value of `--name` read as a whole number (a count, a seed).
    pub fn whole<T: std::str::FromStr>(&self, name: &str) -> CliResult<Option<T>> {
        self.parsed(name, "a whole number")
    }

    /// The value of `--name` read as a number (a whole one or not).
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> CliResult<Option<T>> {
        self.parsed(name, "a number")
    }

    fn parsed<T: std::str::FromStr>(&self, name: &str, what: &str) -> CliResult<Option<T>> {
        self.value(name)
            .map(|text| {
                text.parse()
                    .map_err(|_| self.error(format!("--{name} '{text}' is not {what}")))
            })
            .transpose()
    }

    /// The next positional argument not yet taken, if any.
    pub fn positional(&self) -> Option<&str> {
        let text = self
            .words
            .iter()
            .filter_map(|word| match word {
                Word::Positional(text) => Some(text.as_str()),
                _ => None,
            })
            .nth(self.taken.get())?;
        self.taken.set(self.taken.get() + 1);
        Some(text)
    }

    /// The settings among `known` that were given, as the engine's settings
    /// reader takes them, in the order given (`--exact` a switch).
    pub fn settings(&self, known: &[Setting]) -> Vec<(Setting, Value<'_>)> {
        for setting in known {
            self.ask(setting.name());
        }
        self.words
            .iter()
            .filter_map(|word| {
                let (name, value) = match word {
                    Word::Switch(name) => (*name, Value::Flag(true)),
                    Word::Option(name, value) => (*name, Value::Word(value)),
                    Word::Positional(_) => return None,
                };
                known
                    .iter()
                    .find(|setting| setting.name() == name)
                    .map(|&setting| (setting, value))
            })
            .collect()
    }

    /// Ends the reading: an error if the command did not ask for an option
    /// its definition lists (a bug of the command, which a test reading
    /// every command finds), or for an argument given and not taken.
    pub fn finish(&self) -> CliResult {
        let asked = self.asked.borrow();
        if let Some(flag) = self
            .command
            .options()
            .find(|flag| ![HELP.name, BOARD].contains(&flag.name) && !asked.contains(&flag.name))
        {
            return Err(CliError::failed(format!(
                "{}: --{} is defined but never read",
                self.command.name, flag.name
            )));
        }
        let mut positional = 0;
        for word in &self.words {
            let taken = match word {
                Word::Positional(_) => {
                    positional += 1;
                    positional <= self.taken.get()
                }
                Word::Switch(name) | Word::Option(name, _) => asked.contains(name),
            };
            if !taken {
                return Err(self.command.unexpected(word));
            }
        }
        Ok(())
    }

    /// A usage error of the command saying `message`.
    pub fn error(&self, message: impl std::fmt::Display) -> CliError {
        self.command.error(message)
    }

    /// The usage error for a missing `--name`.
    pub fn missing(&self, name: &str) -> CliError {
        let flag = self.ask(name);
        match flag.value {
            Some(value) if value.starts_with('<') => {
                self.error(format!("missing --{name} {value}"))
            }
            _ => self.error(format!("missing --{name}")),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The edits (insertions, deletions, substitutions, swaps of two
/// neighbours) that turn `a` into `b`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let width = b.len() + 1;
    let mut d: Vec<usize> = (0..(a.len() + 1) * width)
        .map(|at| {
            if at < width {
                at
            } else if at % width == 0 {
                at / width
            } else {
                0
            }
        })
        .collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j - 1] + cost)
                .min(d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

/// The name among `names` nearest `word`: within two edits (one for words of
/// up to five letters), or the only one that starts with it.
pub fn nearest<'a>(word: &str, names: impl Iterator<Item = &'a str> + Clone) -> Option<&'a str> {
    let limit = if word.len() <= 5 { 1 } else { 2 };
    let near = names
        .clone()
        .map(|name| (distance(word, name), name))
        .filter(|&(edits, _)| edits <= limit)
        .min_by_key(|&(edits, _)| edits)
        .map(|(_, name)| name);
    near.or_else(|| {
        let mut starting = names.filter(|name| !word.is_empty() && name.starts_with(word));
        match (starting.next(), starting.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    })
}

/// The command of `commands` that `args` (the whole command line) calls,
/// the one with the most words when several do.
pub fn find<'a>(commands: &[&'a Command], args: &[String]) -> Option<&'a Command> {
    commands
        .iter()
        .copied()
        .filter(|command| command.called_by(args))
        .max_by_key(|command| command.name.len())
}

/// The arguments after the command's words in `args` (and without
/// `--board 96` for a command on that board).
pub fn rest_of(command: &Command, args: &[String]) -> Vec<String> {
    let base = command.name.strip_suffix(" --board 96");
    let mut leading = base.unwrap_or(command.name).split(' ').count();
    let mut rest = Vec::with_capacity(args.len());
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if base.is_some() && arg == "--board" {
            iter.next();
        } else if leading > 0 {
            leading -= 1;
        } else {
            rest.push(arg.clone());
        }
    }
    rest
}

/// The tools' list of commands, one line each, then `footer`.
pub fn overview(commands: &[&Command], footer: &str) -> String {
    let mut text = String::from(
        "usage: othello <command> [arguments] [options]\n\
         (othello <command> --help or othello help <command>: the command's usage and options)\n\ncommands:\n",
    );
    let width = commands
        .iter()
        .map(|command| command.name.len())
        .max()
        .unwrap_or(0);
    for command in commands {
        text.push_str(&format!("  {:<width$}  {}\n", command.name, command.about));
    }
    text.push_str(footer);
    text.trim_end().to_string()
}

/// The help a command line asks for, if it asks: `--help` or `-h` anywhere
/// (the help of the command it names, or of every command its first words
/// name), `help [command words]`, or `--help` alone (the list of commands).
/// An unknown command is a usage error, with the nearest command's name.
pub fn help_request(
    commands: &[&Command],
    args: &[String],
    footer: &str,
) -> Option<CliResult<String>> {
    let topic: Vec<String> = match args.first().map(String::as_str) {
        Some("help") => args[1..].to_vec(),
        _ if args.iter().any(|arg| is_help(arg)) => {
            args.iter().filter(|arg| !is_help(arg)).cloned().collect()
        }
        _ => return None,
    };
    let Some(first) = topic.first() else {
        return Some(Ok(overview(commands, footer)));
    };
    if let Some(command) = find(commands, &topic) {
        return Some(Ok(command.help()));
    }
    let family: Vec<String> = commands
        .iter()
        .filter(|command| command.name.split(' ').next() == Some(first.as_str()))
        .map(|command| command.help())
        .collect();
    if !family.is_empty() {
        return Some(Ok(family.join("\n\n")));
    }
    Some(Err(unknown_command(commands, first)))
}

/// The error for a command none of `commands` is, with the nearest name.
pub fn unknown_command(commands: &[&Command], name: &str) -> CliError {
    let names: Vec<&str> = commands
        .iter()
        .map(|command| command.name.split(' ').next().unwrap_or_default())
        .collect();
    match nearest(name, names.iter().copied()) {
        Some(near) => CliError::usage(format!("unknown command '{name}' (did you mean '{near}'?)")),
        None => CliError::usage(format!("unknown command '{name}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PERFT: Command = Command {
        name: "perft",
        about: "counts move paths",
        usage: &["perft <depth> [--pass-free]"],
        notes: "",
        flags: &[&[
            Flag::switch("pass-free", "a pass is no ply"),
            Flag::value("seed", "S", "a seed"),
        ]],
    };

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_values_and_positions_are_read_in_order() {
        let read = PERFT
            .parse(&words("3 --seed=7 --pass-free ---XO -- -X --seed -1"))
            .unwrap();
        assert_eq!(
            read,
            vec![
                Word::Positional("3".into()),
                Word::Option("seed", "7".into()),
                Word::Switch("pass-free"),
                Word::Positional("---XO".into()),
                Word::Positional("--".into()),
                Word::Positional("-X".into()),
                Word::Option("seed", "-1".into()),
            ]
        );
    }

    #[test]
    fn tokens_give_each_option_its_value_as_the_next_argument() {
        assert_eq!(
            PERFT
                .tokens(&words("3 --seed=7 --pass-free ---XO"))
                .unwrap(),
            words("3 --seed 7 --pass-free ---XO")
        );
        assert!(PERFT.tokens(&words("3 --sed 7")).is_err());
    }

    #[test]
    fn wrong_options_are_explained() {
        let error = |line: &str| PERFT.parse(&words(line)).unwrap_err().to_string();
        assert_eq!(
            error("3 --pas-free"),
            "perft: unknown option '--pas-free' (did you mean '--pass-free'?)"
        );
        assert_eq!(
            error("3 --fast"),
            "perft: unknown option '--fast' (it takes --pass-free and --seed)"
        );
        assert_eq!(error("3 --seed"), "perft: --seed needs a value");
        assert_eq!(
            error("3 --pass-free=1"),
            "perft: --pass-free takes no value"
        );
    }

    #[test]
    fn help_is_written_from_the_definition() {
        let help = PERFT.help();
        assert!(
            help.starts_with("othello perft: counts move paths\n"),
            "{help}"
        );
        assert!(
            help.contains("  othello perft <depth> [--pass-free]"),
            "{help}"
        );
        assert!(help.contains("--seed S"), "{help}");
        assert!(help.contains("--help"), "{help}");
        let commands = [&PERFT];
        for line in ["perft --help", "perft 3 -h", "help perft"] {
            let asked = help_request(&commands, &words(line), "").unwrap().unwrap();
            assert_eq!(asked, help, "{line}");
        }
        assert!(help_request(&commands, &words("perft 3"), "").is_none());
        let list = help_request(&commands, &words("--help"), "")
            .unwrap()
            .unwrap();
        assert!(
            list.starts_with("usage:") && list.contains("perft"),
            "{list}"
        );
        assert_eq!(
            help_request(&commands, &words("help perf"), "")
                .unwrap()
                .unwrap_err()
                .to_string(),
            "unknown command 'perf' (did you mean 'perft'?)"
        );
    }

    #[test]
    fn parsed_arguments_are_taken_by_name_and_the_rest_refused() {
        let read = PERFT.read(&words("3 --seed=7 --pass-free")).unwrap();
        assert_eq!(read.positional(), Some("3"));
        assert_eq!(read.whole::<u64>("seed").unwrap(), Some(7));
        assert!(read.switch("pass-free"));
        read.finish().unwrap();

        let read = PERFT.read(&words("3 4 --seed x")).unwrap();
        assert_eq!(
            read.whole::<u64>("seed").unwrap_err().to_string(),
            "perft: --seed 'x' is not a whole number"
        );
        read.switch("pass-free");
        assert_eq!(read.positional(), Some("3"));
        assert_eq!(
            read.finish().unwrap_err().to_string(),
            "perft: unexpected argument '4'"
        );

        // An option the command did not ask for is refused if given, and
        // is a bug of the command whether given or not.
        let read = PERFT.read(&words("--pass-free")).unwrap();
        read.value("seed");
        let error = read.finish().unwrap_err();
        assert!(!error.is_usage());
        assert_eq!(
            error.to_string(),
            "perft: --pass-free is defined but never read"
        );
        let read = PERFT.read(&words("--pass-free")).unwrap();
        read.value("seed");
        read.given("pass-free");
        read.finish().unwrap();
    }

    #[test]
    fn distances_count_edits_and_swaps() {
        assert_eq!(distance("wdl", "wld"), 1);
        assert_eq!(distance("dept", "depth"), 1);
        assert_eq!(distance("level", "eval"), 2);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", ""), 3);
    }

    #[test]
    fn commands_are_found_by_their_words() {
        const PROBE: Command = Command {
            name: "book probe",
            ..PERFT
        };
        const PERFT96: Command = Command {
            name: "perft --board 96",
            ..PERFT
        };
        let commands = [&PERFT, &PROBE, &PERFT96];
        let name = |line: &str| find(&commands, &words(line)).map(|command| command.name);
        assert_eq!(name("perft 3"), Some("perft"));
        assert_eq!(name("perft 3 --board 96"), Some("perft --board 96"));
        assert_eq!(name("book probe f5"), Some("book probe"));
        assert_eq!(name("book stats"), None);
        assert_eq!(
            rest_of(&PERFT96, &words("perft 3 --board 96 -h")),
            words("3 -h")
        );
        assert_eq!(rest_of(&PROBE, &words("book probe f5 d6")), words("f5 d6"));
    }
}
