//! No import circle in `src/`: every `use` and every path through a module (`crate::…`,
//! `super::…`, `self::…`, or a child module's name) is resolved to the file that defines the
//! name, following re-exports (`pub use`) to their source, and the files with those edges must
//! form no cycle. A parent that only declares its children (`mod x;`) does not import them; a
//! parent that calls `x::plugin` does. Test modules (`#[cfg(test)]` to the end of a file) are
//! left out, as is the binary's `main.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// Every module of the library, by path (`[]` is `lib.rs`), with its code: comments, string
/// and character literals and test modules removed.
fn modules() -> BTreeMap<Module, String> {
    let mut found = BTreeMap::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path == root.join("main.rs") {
                continue;
            }
            let relative = path.strip_prefix(&root).expect("under src");
            let mut module: Module =
                relative.with_extension("").iter().map(|s| s.to_string_lossy().into_owned()).collect();
            if module.last().is_some_and(|last| last == "mod" || last == "lib") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            found.insert(module, code_only(&text));
        }
    }
    found
}

/// The code of a file without comments, the insides of string and character literals, and
/// anything from the first `#[cfg(test)]` (or `#[cfg(all(test, …))]`) on.
fn code_only(text: &str) -> String {
    let test = ["#[cfg(test)]", "#[cfg(all(test"].iter().filter_map(|mark| text.find(mark)).min();
    let text = test.map_or(text, |at| &text[..at]);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !ident_char(chars.get(i.wrapping_sub(1)))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len()
                && !(chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')))
            {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1 + hashes;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\u{…}'); a lone quote is a lifetime.
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("' '");
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// One `use` tree flattened: (path, the name it is known by here).
fn use_paths(tree: &str) -> Vec<(Vec<String>, String)> {
    fn walk(prefix: &[String], tree: &str, out: &mut Vec<(Vec<String>, String)>) {
        let tree = tree.trim();
        if tree.is_empty() {
            return;
        }
        if let Some(open) = tree.find('{') {
            let head: Vec<String> =
                tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
            let prefix: Vec<String> = prefix.iter().cloned().chain(head).collect();
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            // Split on the commas at depth 0.
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        walk(&prefix, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            walk(&prefix, &inner[start..], out);
            return;
        }
        let (path, alias) = match tree.split_once(" as ") {
            Some((path, alias)) => (path, Some(alias.trim().to_string())),
            None => (tree, None),
        };
        let mut full: Vec<String> = prefix.to_vec();
        full.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
        if full.last().is_some_and(|last| last == "self") {
            full.pop();
        }
        let name = alias.unwrap_or_else(|| full.last().cloned().unwrap_or_default());
        out.push((full, name));
    }
    let mut out = Vec::new();
    walk(&[], tree, &mut out);
    out
}

/// What a module says: its `use` statements (path, local name, re-exported?), its children, and
/// the other paths through modules in its code.
#[derive(Default)]
struct Said {
    uses: Vec<(Vec<String>, String, bool)>,
    paths: Vec<Vec<String>>,
}

/// For each byte of `code`, how many inline modules (`mod x { … }`) it lies in.
fn inline_depths(code: &str) -> Vec<u32> {
    let bytes = code.as_bytes();
    let mut depths = vec![0; bytes.len() + 1];
    // The brace depth at which each open inline module began.
    let (mut braces, mut open): (u32, Vec<u32>) = (0, Vec::new());
    let mut i = 0;
    while i < bytes.len() {
        let at_word = i == 0 || !ident_char(code[..i].chars().last().as_ref());
        if at_word && code[i..].starts_with("mod ") {
            let after = &code[i + 4..];
            let name_end = after.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(after.len());
            if after[name_end..].trim_start().starts_with('{') {
                open.push(braces);
            }
        }
        match bytes[i] {
            b'{' => braces += 1,
            b'}' => {
                braces = braces.saturating_sub(1);
                if open.last() == Some(&braces) {
                    open.pop();
                }
            }
            _ => {}
        }
        depths[i] = open.len() as u32;
        i += 1;
    }
    depths
}

/// A path written inside `depth` inline modules, as seen from the file: each `super` climbs out
/// of one inline module first.
fn from_file(mut path: Vec<String>, depth: u32) -> Option<Vec<String>> {
    for _ in 0..depth {
        match path.first().map(String::as_str) {
            Some("super") => {
                path.remove(0);
                path.insert(0, "self".to_string());
                if path.len() > 1 && path[1] == "super" {
                    path.remove(0);
                }
            }
            Some("crate") => return Some(path),
            _ => return None, // a name of the inline module itself
        }
    }
    Some(path)
}

fn read(code: &str, children: &BTreeSet<String>) -> Said {
    let depths = inline_depths(code);
    let mut said = Said::default();
    let mut rest = String::new();
    let mut rest_depths = Vec::new();
    let mut i = 0;
    let bytes = code.as_bytes();
    while i < code.len() {
        let at_word = i == 0 || !ident_char(code[..i].chars().last().as_ref());
        if at_word && code[i..].starts_with("use ") {
            let end = code[i..].find(';').map_or(code.len(), |e| i + e);
            let before = code[..i].trim_end();
            let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
            for (path, name) in use_paths(&code[i + 4..end]) {
                if let Some(path) = from_file(path, depths[i]) {
                    said.uses.push((path, name, public && depths[i] == 0));
                }
            }
            i = end + 1;
            continue;
        }
        rest.push(bytes[i] as char);
        rest_depths.push(depths[i]);
        i += 1;
    }
    // Paths in the remaining code: identifiers joined by `::` whose first is crate/super/self or a
    // child module.
    let chars: Vec<char> = rest.chars().collect();
    let mut j = 0;
    while j < chars.len() {
        if ident_char(Some(&chars[j])) && !ident_char(j.checked_sub(1).map(|k| &chars[k])) {
            let mut segments = Vec::new();
            let mut k = j;
            loop {
                let start = k;
                while k < chars.len() && ident_char(Some(&chars[k])) {
                    k += 1;
                }
                segments.push(chars[start..k].iter().collect::<String>());
                if chars.get(k) == Some(&':')
                    && chars.get(k + 1) == Some(&':')
                    && ident_char(chars.get(k + 2))
                {
                    k += 2;
                } else {
                    break;
                }
            }
            let first = segments[0].as_str();
            let preceded_by_path = j >= 2 && chars[j - 1] == ':' && chars[j - 2] == ':';
            if segments.len() > 1
                && !preceded_by_path
                && (matches!(first, "crate" | "super" | "self") || children.contains(first))
                && let Some(path) = from_file(segments, rest_depths[j])
            {
                said.paths.push(path);
            }
            j = k.max(j + 1);
        } else {
            j += 1;
        }
    }
    said
}

struct House {
    modules: BTreeMap<Module, String>,
    said: BTreeMap<Module, Said>,
}

impl House {
    fn children(modules: &BTreeMap<Module, String>, module: &Module) -> BTreeSet<String> {
        modules
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| m[module.len()].clone())
            .collect()
    }

    /// The file that defines what `path` names, seen from `module`; `None` outside the crate.
    fn resolve(&self, module: &Module, path: &[String], depth: u32) -> Option<Module> {
        if depth > 16 || path.is_empty() {
            return None;
        }
        let mut at: Module = module.clone();
        let mut rest = path;
        match rest[0].as_str() {
            "crate" => {
                at.clear();
                rest = &rest[1..];
            }
            "self" => rest = &rest[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            first => {
                let mut child = at.clone();
                child.push(first.to_string());
                if !self.modules.contains_key(&child) {
                    return None; // another crate (std, bevy, …) or a local name
                }
            }
        }
        while let Some(next) = rest.first() {
            let mut child = at.clone();
            child.push(next.clone());
            if self.modules.contains_key(&child) {
                at = child;
                rest = &rest[1..];
            } else {
                break;
            }
        }
        let Some(name) = rest.first() else { return Some(at) };
        // A name the module re-exports is defined where the re-export points.
        let said = self.said.get(&at)?;
        for (target, local, public) in &said.uses {
            if *public && local == name {
                return self.resolve(&at, target, depth + 1).or(Some(at.clone()));
            }
        }
        for (target, local, public) in &said.uses {
            if *public && local == "*" {
                let mut glob = target.clone();
                glob.pop();
                glob.push(name.clone());
                if let Some(found) = self.resolve(&at, &glob, depth + 1).filter(|m| m != &at) {
                    return Some(found);
                }
            }
        }
        Some(at)
    }
}

/// The strongly connected components of more than one file (Tarjan).
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

fn edges(house: &House) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, said) in &house.said {
        let targets = edges.entry(module.clone()).or_default();
        let paths = said.uses.iter().map(|(path, _, _)| path).chain(&said.paths);
        for path in paths {
            if let Some(to) = house.resolve(module, path, 0).filter(|to| to != module) {
                targets.insert(to);
            }
        }
    }
    edges
}

fn house_of(modules: BTreeMap<Module, String>) -> House {
    let said =
        modules.iter().map(|(m, code)| (m.clone(), read(code, &House::children(&modules, m)))).collect();
    House { modules, said }
}

#[test]
fn no_file_of_src_imports_one_that_imports_it_back() {
    let house = house_of(modules());
    assert!(house.modules.len() > 100, "the library's files were found");
    let edges = edges(&house);
    let shown = |m: &Module| format!("crate::{}", m.join("::"));
    let found: Vec<String> = circles(&edges)
        .iter()
        .map(|circle| {
            let inside: BTreeSet<&Module> = circle.iter().collect();
            let mut said = circle.iter().map(shown).collect::<Vec<_>>().join(" ↔ ");
            for from in circle {
                for to in edges[from].iter().filter(|to| inside.contains(to)) {
                    said.push_str(&format!("\n  {} → {}", shown(from), shown(to)));
                }
            }
            said
        })
        .collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The check itself finds a circle made through a re-export, and none through a declaration.
#[test]
fn a_circle_through_a_re_export_is_found_and_a_declaration_is_not_an_import() {
    let module =
        |path: &str| -> Module { path.split("::").filter(|s| !s.is_empty()).map(String::from).collect() };
    let files = |list: &[(&str, &str)]| -> BTreeMap<Module, String> {
        list.iter().map(|(m, code)| (module(m), code_only(code))).collect()
    };
    // a/mod.rs re-exports b's Thing; c uses it through a; b calls c: b → c → (a →) b.
    let circle = files(&[
        ("", "pub mod a; pub mod c;"),
        ("a", "mod b; pub use b::Thing;"),
        ("a::b", "pub struct Thing; fn f() { crate::c::g() }"),
        ("c", "use crate::a::Thing; // a comment: crate::x\npub fn g() { let _ = \"super::a\"; }"),
    ]);
    let found = circles(&edges(&house_of(circle)));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].iter().collect::<BTreeSet<_>>(), [module("a::b"), module("c")].iter().collect());
    // A parent that declares its children and a child that uses its parent's name: no circle.
    let tree =
        files(&[("", "pub mod a;"), ("a", "mod b; pub struct Search;"), ("a::b", "use super::Search;")]);
    assert!(circles(&edges(&house_of(tree))).is_empty());
    // The parent calling its child's function is an import: with the child using the parent, a circle.
    let both = files(&[
        ("", "pub mod a;"),
        ("a", "mod b; pub struct S; fn f() { b::g() }"),
        ("a::b", "use super::S; pub fn g() {}"),
    ]);
    assert_eq!(circles(&edges(&house_of(both))).len(), 1);
    // `super` inside an inline module of b names b itself, not its parent.
    let inline = files(&[
        ("", "pub mod a;"),
        ("a", "mod b; pub struct S; fn f() { b::g() }"),
        ("a::b", "pub fn g() {} mod linux { use super::*; fn h() { super::g() } }"),
    ]);
    assert!(circles(&edges(&house_of(inline))).is_empty());
}
