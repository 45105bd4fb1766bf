//! Just enough Rust lexing to count: blank out what cannot hold code, then match braces.

/// The text with every comment, string and character literal replaced by spaces (newlines kept), so
/// that braces, `fn` and `::` left in it are code.
pub fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        let word_start = i == 0 || !is_ident(b[i - 1]);
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if word_start && raw_string_start(&b, i).is_some() {
            let (open, hashes) = raw_string_start(&b, i).unwrap_or((i, 0));
            for &ch in &b[i..=open] {
                out.push(blank(ch));
            }
            i = open + 1;
            while i < b.len() {
                if b[i] == '"' && (1..=hashes).all(|h| b.get(i + h) == Some(&'#')) {
                    for _ in 0..=hashes {
                        out.push(' ');
                    }
                    i += hashes + 1;
                    break;
                }
                out.push(blank(b[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{7b}') or a lifetime ('a): only the former is blanked.
            let end = if next == Some('\\') {
                (i + 3..b.len()).find(|&j| b[j] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(e) => {
                    for _ in i..=e {
                        out.push(' ');
                    }
                    i = e + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Where a raw string (`r"`, `r#"`, `br#"`) opens at `i`: the index of its `"` and its number of `#`.
fn raw_string_start(b: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if b.get(j) == Some(&'b') {
        j += 1;
    }
    if b.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (b.get(j) == Some(&'"')).then_some((j, hashes))
}

pub fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A function with a body, and how many lines it spans from its `fn` line to its closing brace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    /// 1-based line of the `fn` keyword.
    pub line: usize,
    pub lines: usize,
}

/// Every `fn` with a body in the text (trait method declarations without one are not rooms).
pub fn functions(text: &str) -> Vec<Function> {
    let code: Vec<char> = code_only(text).chars().collect();
    let line_of = line_index(&code);
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < code.len() {
        let is_fn = code[i] == 'f'
            && code[i + 1] == 'n'
            && (i == 0 || !is_ident(code[i - 1]))
            && code[i + 2].is_whitespace();
        if !is_fn {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        while j < code.len() && code[j].is_whitespace() {
            j += 1;
        }
        let name: String = code[j..].iter().take_while(|c| is_ident(**c)).collect();
        if name.is_empty() {
            i += 2;
            continue;
        }
        if let Some(open) = body_start(&code, j + name.len()) {
            if let Some(close) = matching_brace(&code, open) {
                let first = line_of[i];
                out.push(Function {
                    name,
                    line: first + 1,
                    lines: line_of[close] - first + 1,
                });
            }
        }
        i = j + 1;
    }
    out
}

/// The `{` that opens a function's body, or None for a declaration ending in `;`. Parentheses and
/// brackets are skipped, so `[u8; 4]` in a signature does not end it.
fn body_start(code: &[char], from: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, &c) in code.iter().enumerate().skip(from) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '{' if depth == 0 => return Some(k),
            ';' if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

/// The index of the `}` closing the `{` at `open`.
pub fn matching_brace(code: &[char], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &c) in code.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// For each character index, its 0-based line.
pub fn line_index(code: &[char]) -> Vec<usize> {
    let mut line = 0;
    code.iter()
        .map(|&c| {
            let here = line;
            if c == '\n' {
                line += 1;
            }
            here
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_comments_and_chars_hide_their_braces() {
        let src = "fn a() {\n let s = \"}{\"; // }\n let c = '{'; /* } */ let r = r#\"}\"#;\n}\nfn b<'x>(v: &'x [u8; 2]) -> u8 { v[0] }\n";
        let fs = functions(src);
        assert_eq!(fs.len(), 2);
        assert_eq!(
            fs[0],
            Function {
                name: "a".into(),
                line: 1,
                lines: 4
            }
        );
        assert_eq!(
            fs[1],
            Function {
                name: "b".into(),
                line: 5,
                lines: 1
            }
        );
    }

    #[test]
    fn declarations_and_fn_types_are_not_functions() {
        let src = "trait T { fn f(&self) -> u8; }\ntype F = fn(u8) -> u8;\nfn g() {}\n";
        let names: Vec<String> = functions(src).into_iter().map(|f| f.name).collect();
        assert_eq!(names, vec!["g".to_string()]);
    }
}
