//! Another program run as a child process, spoken to line by line: its
//! standard input takes our lines, its standard output is read on a thread
//! of its own so that every wait for a line has a deadline, and the last
//! lines of its standard error are kept to say why it ended. Dropping it
//! sends `quit`, closes its input and, if it has not ended soon after,
//! kills it.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest line kept whole; a longer one is cut into lines of this
/// many bytes (an engine writing without end cannot fill the memory).
const MAX_LINE_BYTES: u64 = 64 * 1024;

/// Lines of standard error kept, the last ones.
const STDERR_LINES: usize = 4;

/// Characters kept of each line of standard error.
const STDERR_LINE_CHARS: usize = 200;

/// How long a program that closed its output or its input, or was told to
/// quit, is given to end before its status is read or it is killed.
const GRACE: Duration = Duration::from_millis(1000);

/// A running program.
pub struct Process {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Ends (its sender is dropped) when standard error is closed.
    stderr_closed: Receiver<()>,
}

/// Why no line came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Silence {
    /// None before the deadline.
    Timeout,
    /// The program closed its output: it ended (with this status and
    /// these last words on standard error), or will not speak again.
    Ended(Ending),
}

/// How a program ended: its status (or that it still runs with its
/// output closed) and the last lines it wrote to standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `exit status: 3`, `signal: 9 (SIGKILL)`, or `still running`.
    pub status: String,
    /// Its last lines on standard error, joined by ` | ` (empty if none).
    pub stderr: String,
}

impl Process {
    /// Starts `command` (the program, then its arguments).
    pub fn start(command: &[String]) -> std::io::Result<Process> {
        let (program, arguments) = command.split_first().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "no program to run")
        })?;
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take();
        let output = child.stdout.take().expect("standard output is piped");
        let errors = child.stderr.take().expect("standard error is piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            while let Some(line) = read_line(&mut output) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&stderr);
        let (closed, stderr_closed) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _closed = closed;
            let mut errors = BufReader::new(errors);
            while let Some(line) = read_line(&mut errors) {
                let line: String = line.trim().chars().take(STDERR_LINE_CHARS).collect();
                if line.is_empty() {
                    continue;
                }
                let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                if kept.len() == STDERR_LINES {
                    kept.pop_front();
                }
                kept.push_back(line);
            }
        });
        Ok(Process {
            child,
            input,
            lines,
            stderr,
            stderr_closed,
        })
    }

    /// Writes `line` to the program's input; if it cannot be written (the
    /// program ended), how the program ended.
    pub fn send(&mut self, line: &str) -> Result<(), Ending> {
        let written = match self.input.as_mut() {
            Some(input) => writeln!(input, "{line}").and_then(|()| input.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        written.map_err(|_| self.ending())
    }

    /// The next line of the program's output (without its line end),
    /// waiting until `deadline` at most.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, Silence> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Silence::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Ended(self.ending())),
        }
    }

    /// How the program ended, once it has closed its output or input: its
    /// status (waiting [`GRACE`] at most for it) and its last words on
    /// standard error.
    fn ending(&mut self) -> Ending {
        let status = self.wait_for_end(GRACE);
        // Its last words may still be on their way.
        let _ = self.stderr_closed.recv_timeout(GRACE);
        let stderr = self
            .stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect::<Vec<_>>()
            .join(" | ");
        Ending {
            status: status.map_or("still running".to_string(), |status| status.to_string()),
            stderr,
        }
    }

    /// The program's status once it has ended, waiting `grace` at most.
    fn wait_for_end(&mut self, grace: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return None,
            }
        }
    }
}

impl Drop for Process {
    /// Tells the program to quit, closes its input and waits [`GRACE`] at
    /// most for it to end, then kills it.
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit").and_then(|()| input.flush());
        }
        if self.wait_for_end(GRACE).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The next line of `reader` without its line end (invalid UTF-8 replaced),
/// at most [`MAX_LINE_BYTES`] long; `None` at the end or on an error.
fn read_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match (&mut *reader)
        .take(MAX_LINE_BYTES)
        .read_until(b'\n', &mut bytes)
    {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            let line = String::from_utf8_lossy(&bytes);
            Some(line.trim_end_matches(['\n', '\r']).to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn lines_come_back_and_an_ending_says_how_and_why() {
        let mut cat = Process::start(&words("cat")).unwrap();
        cat.send("hello").unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        assert_eq!(cat.read_line(deadline).unwrap(), "hello");
        assert_eq!(
            cat.read_line(Instant::now() + Duration::from_millis(50)),
            Err(Silence::Timeout)
        );
        let mut dying = Process::start(
            &words("sh -c")
                .into_iter()
                .chain(["echo last words >&2; exit 3".to_string()])
                .collect::<Vec<_>>(),
        )
        .unwrap();
        match dying.read_line(deadline) {
            Err(Silence::Ended(ending)) => {
                assert_eq!(ending.status, "exit status: 3");
                assert_eq!(ending.stderr, "last words");
            }
            other => panic!("{other:?}"),
        }
        assert!(Process::start(&words("/nonexistent/engine")).is_err());
    }

    #[test]
    fn a_line_without_end_is_cut() {
        let long = "x".repeat(MAX_LINE_BYTES as usize + 10);
        let mut reader = std::io::Cursor::new(long.into_bytes());
        assert_eq!(
            read_line(&mut reader).unwrap().len(),
            MAX_LINE_BYTES as usize
        );
        assert_eq!(read_line(&mut reader).unwrap().len(), 10);
        assert_eq!(read_line(&mut reader), None);
    }
}
