//! The engine's modules depend on one another without cycles: between the
//! top-level modules (`board`, `book`, `search`, `engine`, `players`, ...)
//! and between the submodules of each (`search::root`, `search::children`,
//! ...). The graph is read from the source: every `crate::...` and
//! `super::...` path outside `#[cfg(test)]` modules is an arrow from the
//! module that writes it to the module it names. `cargo test --test
//! module_graph -- --nocapture` prints the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Arrows between module paths (`"search::root"` -> `"search::tt"`).
type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The module path of a file under `src` (`search/mod.rs` -> `["search"]`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file of src");
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its test modules
/// (everything from a `#[cfg(test)]` line on: the engine's files keep their
/// tests last).
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            break;
        }
        let line = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// The paths (as segments) that follow each `prefix` (`crate::` or
/// `super::`) in `code`; a group `{a, b::c}` gives each of its items.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let segments = segments_of(item.trim());
                if !segments.is_empty() {
                    paths.push(segments);
                }
            }
        } else {
            paths.push(segments_of(rest));
        }
    }
    paths
}

/// The leading `a::b::c` segments of `text`.
fn segments_of(text: &str) -> Vec<String> {
    let mut segments = Vec::new();
    let mut rest = text;
    loop {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        segments.push(rest[..end].to_string());
        match rest[end..].strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    segments
}

/// The engine's module graph at `depth` (1: top-level modules; 2: also
/// their submodules, each arrow kept within one top-level module).
fn module_graph(depth: usize) -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    // The longest known module that starts `path`.
    let resolve = |path: &[String]| -> Option<Vec<String>> {
        (1..=path.len().min(depth))
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|candidate| modules.contains(candidate))
    };
    let mut graph = Graph::new();
    for file in &files {
        let module = module_of(&src, file);
        if module.is_empty() {
            continue; // lib.rs: the crate's table of contents.
        }
        let text = fs::read_to_string(file).expect("a source file");
        let code = code_of(&text);
        let is_folder = file.file_name().is_some_and(|n| n == "mod.rs");
        let parent: Vec<String> = if is_folder {
            module.clone()
        } else {
            module[..module.len() - 1].to_vec()
        };
        let mut targets: Vec<Vec<String>> = paths_after(&code, "crate::");
        for path in paths_after(&code, "super::") {
            // `super` of a file is its folder's module; of a `mod.rs`, the folder above.
            let base = if is_folder {
                parent[..parent.len().saturating_sub(1)].to_vec()
            } else {
                parent.clone()
            };
            targets.push(base.into_iter().chain(path).collect());
        }
        let Some(from) = resolve(&module) else {
            continue;
        };
        for target in targets {
            let Some(to) = resolve(&target) else {
                continue;
            };
            let same_top = from[0] == to[0];
            let shown = |m: &[String]| {
                if same_top {
                    m.join("::")
                } else {
                    m[0].clone()
                }
            };
            let (a, b) = (shown(&from), shown(&to));
            if a != b && !b.starts_with(&format!("{a}::")) && !a.starts_with(&format!("{b}::")) {
                graph.entry(a).or_default().insert(b);
            }
        }
    }
    graph
}

/// A cycle of `graph`, as its modules in order, if it has one.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = stack.iter().position(|n| n == node).expect("on the stack");
                let mut cycle = stack[start..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut marks, &mut Vec::new()))
}

fn print(graph: &Graph) {
    for (from, to) in graph {
        let to: Vec<&str> = to.iter().map(String::as_str).collect();
        println!("{from} -> {}", to.join(" "));
    }
}

#[test]
fn the_top_level_modules_have_no_cycle() {
    let graph = module_graph(1);
    print(&graph);
    // The graph is read: the facade uses the search and the book.
    assert!(graph["engine"].contains("search") && graph["engine"].contains("book"));
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn the_submodules_of_each_module_have_no_cycle() {
    let graph = module_graph(2);
    print(&graph);
    assert!(graph["search::root"].contains("search::children"));
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn the_search_knows_no_book_and_no_settings() {
    let graph = module_graph(1);
    for known in ["book", "settings", "players", "engine"] {
        assert!(!graph["search"].contains(known), "search uses {known}");
    }
}

#[test]
fn a_cycle_is_found() {
    let graph: Graph = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .into_iter()
        .fold(Graph::new(), |mut g, (from, to)| {
            g.entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            g
        });
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let mut acyclic = graph.clone();
    acyclic.get_mut("c").unwrap().remove("a");
    assert_eq!(find_cycle(&acyclic), None);
}

#[test]
fn paths_are_read_from_uses_and_groups() {
    let code = "use crate::board::Board;\nuse crate::{score, search::tt::Table};\nlet x = super::probcut::confidence(1);\nmy_crate::no";
    assert_eq!(
        paths_after(code, "crate::"),
        vec![
            vec!["board".to_string(), "Board".to_string()],
            vec!["score".to_string()],
            vec!["search".to_string(), "tt".to_string(), "Table".to_string()],
        ]
    );
    assert_eq!(
        paths_after(code, "super::"),
        vec![vec!["probcut".to_string(), "confidence".to_string()]]
    );
}
