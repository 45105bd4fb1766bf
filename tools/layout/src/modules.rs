//! The module graph of one crate: which of its modules each module names, and the import circles in it.
//!
//! A module is a file (`a.rs` or `a/mod.rs` is `a`, `a/b.rs` is `a::b`, `lib.rs` the root). An edge
//! `m -> t` means some path in `m` (`crate::…`, `super::…`, `self::…` or a child module's name) leads into
//! `t`. Two modules import each other when, at their lowest common parent, the children of that parent
//! holding them reach each other: that is the circle the house forbids ("expr imports nothing from
//! score"), while a child reading its own parent's items is the ordinary shape of a module tree and is
//! not one. Unit-test modules (`#[cfg(test)] mod … { }`) are left out: a test may look anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::lex::{code_only, is_ident, line_index, matching_brace};

/// Each module and, for each module it names, one place that names it (`file:line path`).
pub type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// Siblings that reach each other, and one named path for each edge among them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Circle {
    pub modules: Vec<String>,
    pub edges: Vec<(String, String, String)>,
}

pub fn graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    collect(src, &mut files);
    let known: BTreeSet<String> = files.iter().map(|f| module_of(src, f)).collect();
    let mut g = Graph::new();
    for file in &files {
        let module = module_of(src, file);
        let Ok(text) = fs::read_to_string(file) else {
            continue;
        };
        let code = without_test_modules(&code_only(&text));
        let chars: Vec<char> = code.chars().collect();
        let lines = line_index(&chars);
        let entry = g.entry(module.clone()).or_default();
        for (at, segs) in paths(&chars) {
            let Some(target) = resolve(&module, &segs, &known) else {
                continue;
            };
            if target != module && !target.is_empty() {
                let shown = format!("{}:{} {}", file.display(), lines[at] + 1, segs.join("::"));
                entry.entry(target).or_insert(shown);
            }
        }
    }
    g
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "bin") {
                collect(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts.join("::")
}

fn parent(module: &str) -> &str {
    module.rsplit_once("::").map_or("", |(p, _)| p)
}

fn join(base: &str, rest: &[String]) -> String {
    let mut s = base.to_string();
    for seg in rest {
        if !s.is_empty() {
            s.push_str("::");
        }
        s.push_str(seg);
    }
    s
}

/// The deepest known module a path from `module` leads into, or None for a path outside the crate.
fn resolve(module: &str, segs: &[String], known: &BTreeSet<String>) -> Option<String> {
    let first = segs.first()?;
    let (mut base, mut rest) = match first.as_str() {
        "crate" => (String::new(), &segs[1..]),
        "self" => (module.to_string(), &segs[1..]),
        "super" => (parent(module).to_string(), &segs[1..]),
        name if known.contains(&join(module, &[name.to_string()])) => (module.to_string(), segs),
        _ => return None,
    };
    while rest.first().is_some_and(|s| s == "super") {
        base = parent(&base).to_string();
        rest = &rest[1..];
    }
    (0..=rest.len())
        .rev()
        .map(|n| join(&base, &rest[..n]))
        .find(|m| m.is_empty() || known.contains(m))
}

/// The code with every `#[cfg(test)] mod name { … }` blanked.
fn without_test_modules(code: &str) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    let pat: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + pat.len() <= chars.len() {
        if chars[i..i + pat.len()] != pat[..] {
            i += 1;
            continue;
        }
        let mut j = i + pat.len();
        while j < chars.len() && chars[j].is_whitespace() {
            j += 1;
        }
        let rest: String = chars[j..chars.len().min(j + 8)].iter().collect();
        let is_mod = rest.starts_with("mod ") || rest.starts_with("pub mod ");
        let open = chars[j..]
            .iter()
            .position(|&c| c == '{' || c == ';')
            .map(|k| j + k);
        if let (true, Some(open)) = (is_mod, open) {
            if chars[open] == '{' {
                if let Some(close) = matching_brace(&chars, open) {
                    for c in &mut chars[i..=close] {
                        if *c != '\n' {
                            *c = ' ';
                        }
                    }
                    i = close;
                }
            }
        }
        i += 1;
    }
    chars.into_iter().collect()
}

/// Every path in the code as its segments, with `use` groups (`a::{b, c::d}`) expanded, and the index
/// where it starts. A path starts at an identifier that does not follow `::` and is followed by `::`.
fn paths(code: &[char]) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if !is_ident(code[i]) || (i > 0 && (is_ident(code[i - 1]) || preceded_by_colons(code, i))) {
            i += 1;
            continue;
        }
        let start = i;
        let (word, after) = ident_at(code, i);
        if at_colons(code, after) {
            let mut found = Vec::new();
            let end = tail(code, after, vec![word], &mut found);
            out.extend(found.into_iter().map(|p| (start, p)));
            i = end.max(start + 1);
        } else {
            i = after;
        }
    }
    out
}

fn ident_at(code: &[char], i: usize) -> (String, usize) {
    let word: String = code[i..].iter().take_while(|c| is_ident(**c)).collect();
    let len = word.chars().count();
    (word, i + len)
}

fn skip_ws(code: &[char], mut i: usize) -> usize {
    while i < code.len() && code[i].is_whitespace() {
        i += 1;
    }
    i
}

fn at_colons(code: &[char], i: usize) -> bool {
    let i = skip_ws(code, i);
    code.get(i) == Some(&':') && code.get(i + 1) == Some(&':')
}

fn preceded_by_colons(code: &[char], i: usize) -> bool {
    let mut j = i;
    while j > 0 && code[j - 1].is_whitespace() {
        j -= 1;
    }
    j >= 2 && code[j - 1] == ':' && code[j - 2] == ':'
}

/// Reads `::seg::seg…` or `::{group}` after `prefix`; pushes each full path; returns the index after it.
fn tail(code: &[char], mut i: usize, mut prefix: Vec<String>, found: &mut Vec<Vec<String>>) -> usize {
    while at_colons(code, i) {
        i = skip_ws(code, skip_ws(code, i) + 2);
        match code.get(i) {
            Some('{') => return group(code, i, &prefix, found),
            Some(&c) if is_ident(c) => {
                let (word, after) = ident_at(code, i);
                prefix.push(word);
                i = after;
            }
            _ => break,
        }
    }
    found.push(prefix);
    i
}

/// A `{a, b::c, self}` group after `prefix`.
fn group(code: &[char], open: usize, prefix: &[String], found: &mut Vec<Vec<String>>) -> usize {
    let mut i = open + 1;
    loop {
        i = skip_ws(code, i);
        match code.get(i) {
            None => return i,
            Some('}') => return i + 1,
            Some(',') => i += 1,
            Some('{') => i = group(code, i, prefix, found),
            Some(&c) if is_ident(c) => {
                let (word, after) = ident_at(code, i);
                let mut p = prefix.to_vec();
                if word != "self" && word != "as" {
                    p.push(word);
                }
                i = tail(code, after, p, found);
                // `as name` renames: skip the new name.
                let j = skip_ws(code, i);
                if code[j..].starts_with(&['a', 's', ' ']) {
                    let k = skip_ws(code, j + 2);
                    i = ident_at(code, k).1;
                }
            }
            Some(_) => i += 1,
        }
    }
}

/// Every circle: at each parent, the children that reach each other (strongly connected, more than one).
pub fn cycles(g: &Graph) -> Vec<Circle> {
    // For every edge, the children of the lowest common parent that hold its two ends.
    let mut levels: BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>> = BTreeMap::new();
    for (from, targets) in g {
        for (to, shown) in targets {
            if let Some((lca, a, b)) = split_at_common_parent(from, to) {
                levels
                    .entry(lca)
                    .or_default()
                    .entry(a)
                    .or_default()
                    .entry(b)
                    .or_insert_with(|| shown.clone());
            }
        }
    }
    let mut out = Vec::new();
    for edges in levels.values() {
        for scc in strongly_connected(edges) {
            let members: BTreeSet<&String> = scc.iter().collect();
            let mut shown = Vec::new();
            for a in &scc {
                for (b, s) in edges.get(a).into_iter().flatten() {
                    if members.contains(b) {
                        shown.push((a.clone(), b.clone(), s.clone()));
                    }
                }
            }
            out.push(Circle {
                modules: scc,
                edges: shown,
            });
        }
    }
    out.sort();
    out
}

/// The lowest common parent of two modules and its two children that hold them, unless one module
/// holds the other (a parent and its own child are not siblings).
fn split_at_common_parent(a: &str, b: &str) -> Option<(String, String, String)> {
    let pa: Vec<&str> = if a.is_empty() {
        vec![]
    } else {
        a.split("::").collect()
    };
    let pb: Vec<&str> = if b.is_empty() {
        vec![]
    } else {
        b.split("::").collect()
    };
    let common = pa.iter().zip(&pb).take_while(|(x, y)| x == y).count();
    if common == pa.len() || common == pb.len() {
        return None;
    }
    let lca = pa[..common].join("::");
    let child = |p: &[&str]| p[..=common].join("::");
    Some((lca, child(&pa), child(&pb)))
}

/// Tarjan's strongly connected components with more than one member, each sorted.
fn strongly_connected(edges: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    let mut nodes: BTreeSet<&String> = edges.keys().collect();
    nodes.extend(edges.values().flat_map(|t| t.keys()));
    let nodes: Vec<&String> = nodes.into_iter().collect();
    let index_of: BTreeMap<&String, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges
                .get(*n)
                .into_iter()
                .flat_map(|t| t.keys())
                .map(|t| index_of[t])
                .collect()
        })
        .collect();
    // Reachability is enough at this size: two nodes share a component when each reaches the other.
    let reach: Vec<Vec<bool>> = (0..nodes.len())
        .map(|s| {
            let mut seen = vec![false; nodes.len()];
            let mut stack = vec![s];
            while let Some(n) = stack.pop() {
                for &m in &succ[n] {
                    if !seen[m] {
                        seen[m] = true;
                        stack.push(m);
                    }
                }
            }
            seen
        })
        .collect();
    let mut done = vec![false; nodes.len()];
    let mut out = Vec::new();
    for a in 0..nodes.len() {
        if done[a] {
            continue;
        }
        let comp: Vec<usize> = (0..nodes.len())
            .filter(|&b| b == a || (reach[a][b] && reach[b][a]))
            .collect();
        for &b in &comp {
            done[b] = true;
        }
        if comp.len() > 1 {
            out.push(comp.into_iter().map(|i| nodes[i].clone()).collect());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(ms: &[&str]) -> BTreeSet<String> {
        ms.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn paths_expand_groups_and_skip_renames() {
        let code: Vec<char> = "use crate::{score::{a, b as c}, expr::ir::Op};\nlet x = super::y::z();"
            .chars()
            .collect();
        let ps: Vec<Vec<String>> = paths(&code).into_iter().map(|(_, p)| p).collect();
        let shown: Vec<String> = ps.iter().map(|p| p.join("::")).collect();
        assert_eq!(
            shown,
            [
                "crate::score::a",
                "crate::score::b",
                "crate::expr::ir::Op",
                "super::y::z"
            ]
        );
    }

    #[test]
    fn resolution_finds_the_deepest_module() {
        let k = known(&["", "expr", "expr::ir", "score"]);
        let segs = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
        assert_eq!(
            resolve("score", &segs("crate::expr::ir::Op"), &k),
            Some("expr::ir".into())
        );
        assert_eq!(
            resolve("expr::ir", &segs("super::Thing"), &k),
            Some("expr".into())
        );
        assert_eq!(resolve("expr", &segs("ir::Op"), &k), Some("expr::ir".into()));
        assert_eq!(resolve("expr", &segs("std::fmt"), &k), None);
    }

    #[test]
    fn siblings_that_reach_each_other_are_a_circle_but_a_parent_and_child_are_not() {
        let mut g = Graph::new();
        let edge = |g: &mut Graph, a: &str, b: &str| {
            g.entry(a.into())
                .or_default()
                .insert(b.into(), format!("{a}->{b}"));
        };
        edge(&mut g, "expr::eval", "score::count");
        edge(&mut g, "score", "expr");
        edge(&mut g, "load", "load::fans");
        edge(&mut g, "load::fans", "load");
        let cs = cycles(&g);
        assert_eq!(cs.len(), 1);
        assert_eq!(cs[0].modules, vec!["expr".to_string(), "score".to_string()]);
        edge(&mut g, "settle", "table");
        assert_eq!(cycles(&g).len(), 1, "a one-way edge is no circle");
    }

    #[test]
    fn test_modules_are_left_out() {
        let code = "fn a() {}\n#[cfg(test)]\nmod tests {\n use crate::score::x;\n}\n";
        let kept = without_test_modules(code);
        assert!(!kept.contains("score"));
        assert_eq!(kept.lines().count(), code.lines().count());
    }
}
