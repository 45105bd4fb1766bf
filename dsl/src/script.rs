//! rhai, the escape hatch for rules the declarative layer cannot say. Scripts come from strangers,
//! so the engine is sandboxed: bounded operations, call depth, expression depth, string, array
//! and map sizes; no modules, no `eval`, no file, network or process access (rhai has none unless
//! the host registers it, and we register only pure functions).

use std::sync::Arc;

/// Limits chosen so that any real fan condition runs in well under a millisecond while a
/// runaway script stops within a few milliseconds.
pub const MAX_OPERATIONS: u64 = 200_000;
pub const MAX_CALL_LEVELS: usize = 32;
pub const MAX_EXPR_DEPTH: usize = 64;
pub const MAX_STRING: usize = 4_096;
pub const MAX_ARRAY: usize = 1_024;
pub const MAX_MAP: usize = 256;

/// How often (in operations) a script looks at the cancellation flag: often enough to stop
/// within a fraction of a millisecond, rarely enough to cost nothing measurable.
const CANCEL_CHECK_EVERY: u64 = 4_096;

/// The value a script is terminated with when its caller stopped waiting.
const CANCELLED: &str = "cancelled";

/// Compiled scripts of one ruleset.
#[derive(Clone, Default)]
pub struct Scripts {
    engine: Option<Arc<rhai::Engine>>,
    asts: Vec<Arc<rhai::AST>>,
    /// File name of each entry of `asts`, for error messages.
    files: Vec<String>,
    /// (function name, index into `asts`)
    functions: Vec<(String, usize)>,
    /// The 1-based line of each function's `fn`, in the order of `functions` (0 when not
    /// found): where a result of the wrong type or sign is reported, rhai giving no position for
    /// a returned value.
    lines: Vec<usize>,
}

impl std::fmt::Debug for Scripts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scripts")
            .field("files", &self.asts.len())
            .field("functions", &self.functions)
            .finish()
    }
}

/// The sandboxed engine every ruleset script runs in.
pub fn sandbox() -> rhai::Engine {
    let mut e = rhai::Engine::new_raw();
    // Core arithmetic, comparison, string and array helpers; nothing that touches the world.
    use rhai::packages::Package;
    // Built once per process and shared: building it registers hundreds of functions, which
    // cost more than compiling a typical ruleset's scripts.
    static STANDARD: std::sync::OnceLock<rhai::Shared<rhai::Module>> = std::sync::OnceLock::new();
    let standard = STANDARD.get_or_init(|| rhai::packages::StandardPackage::new().as_shared_module());
    e.register_global_module(standard.clone());
    e.set_max_operations(MAX_OPERATIONS);
    e.set_max_call_levels(MAX_CALL_LEVELS);
    e.set_max_expr_depths(MAX_EXPR_DEPTH, MAX_EXPR_DEPTH);
    e.set_max_string_size(MAX_STRING);
    e.set_max_array_size(MAX_ARRAY);
    e.set_max_map_size(MAX_MAP);
    e.disable_symbol("eval");
    // rhai checks sizes when a function returns and when a value is stored, but not when
    // `m[key] = value` or `m.key = value` adds a key to a map: a loop doing that grows the map
    // until the operation limit stops it, hundreds of megabytes later. So every
    // `SIZE_CHECK_EVERY`th variable read checks the size of every variable in scope: a map can
    // gain at most that many keys between checks, and the walk costs little spread over the reads.
    #[allow(deprecated)]
    e.on_var(|_, _, ctx| {
        let due = READS.with(|r| {
            let n = r.get().wrapping_add(1);
            r.set(n);
            n % SIZE_CHECK_EVERY == 0
        });
        if due {
            for (_, _, v) in ctx.scope().iter_raw() {
                check_size(v)?;
            }
        }
        Ok(None)
    });
    // A caller that stopped waiting (the server's time limit, a check's budget) stops a script
    // too, not only the loops between hands: looked at every `CANCEL_CHECK_EVERY` operations.
    e.on_progress(|ops| {
        if ops % CANCEL_CHECK_EVERY == 0 && crate::cancel::cancelled() {
            Some(rhai::Dynamic::from(CANCELLED))
        } else {
            None
        }
    });
    e.on_print(|_| {});
    e.on_debug(|_, _, _| {});
    e
}

/// How often (in variable reads) the sizes of the variables in scope are checked; see
/// [`sandbox`].
const SIZE_CHECK_EVERY: u32 = 64;

thread_local! {
    static READS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Fails with rhai's own "data too large" error once `v` holds more map entries or array items,
/// nested values included, than the limits allow. Strings are not measured: rhai checks a string
/// whenever it grows, and only a map can grow unseen, so counting entries is enough to bound
/// memory. Stops as soon as a limit is passed, so it costs at most about the limits themselves.
fn check_size(v: &rhai::Dynamic) -> Result<(), Box<rhai::EvalAltResult>> {
    fn walk(v: &rhai::Dynamic, arrays: &mut usize, maps: &mut usize) -> Result<(), &'static str> {
        if v.is_array() {
            if let Ok(a) = v.as_array_ref() {
                *arrays += a.len();
                if *arrays > MAX_ARRAY {
                    return Err("Size of array");
                }
                for x in a.iter().filter(|x| x.is_array() || x.is_map()) {
                    walk(x, arrays, maps)?;
                }
            }
        } else if v.is_map() {
            if let Ok(m) = v.as_map_ref() {
                *maps += m.len();
                if *maps > MAX_MAP {
                    return Err("Size of object map");
                }
                for x in m.values().filter(|x| x.is_array() || x.is_map()) {
                    walk(x, arrays, maps)?;
                }
            }
        }
        Ok(())
    }
    walk(v, &mut 0, &mut 0).map_err(|what| {
        Box::new(rhai::EvalAltResult::ErrorDataTooLarge(
            what.into(),
            rhai::Position::NONE,
        ))
    })
}

/// A script problem: the message and, for syntax errors, the 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub message: String,
    pub line: usize,
    pub column: usize,
}

impl Scripts {
    /// Compiles one script file's source. Function names must be unique across files.
    pub fn add(&mut self, source: &str) -> Result<Vec<String>, ScriptError> {
        self.add_file("script", source)
    }

    /// Like [`Scripts::add`], naming the file so runtime errors can say where they happened.
    pub fn add_file(&mut self, file: &str, source: &str) -> Result<Vec<String>, ScriptError> {
        let engine = self.engine.get_or_insert_with(|| Arc::new(sandbox())).clone();
        let ast = engine.compile(source).map_err(|e| {
            let pos = e.1;
            ScriptError {
                message: e.0.to_string(),
                line: pos.line().unwrap_or(0),
                column: pos.position().unwrap_or(0),
            }
        })?;
        let idx = self.asts.len();
        let mut names = Vec::new();
        for f in ast.iter_functions() {
            names.push(f.name.to_string());
            self.functions.push((f.name.to_string(), idx));
            self.lines.push(definition_line(source, f.name));
        }
        self.asts.push(Arc::new(ast));
        self.files.push(file.to_string());
        Ok(names)
    }

    pub fn function(&self, name: &str) -> Option<usize> {
        self.functions.iter().position(|(n, _)| n == name)
    }

    /// The name of script function `index`.
    pub fn function_name(&self, index: usize) -> Option<&str> {
        self.functions.get(index).map(|(n, _)| n.as_str())
    }

    pub fn function_names(&self) -> impl Iterator<Item = &str> {
        self.functions.iter().map(|(n, _)| n.as_str())
    }

    /// The file and 1-based line (0 when unknown) of script function `index`'s `fn`.
    pub fn location(&self, index: usize) -> Option<(&str, usize)> {
        let (_, ast) = self.functions.get(index)?;
        let file = self.files.get(*ast).map_or("script", String::as_str);
        Some((file, self.lines.get(index).copied().unwrap_or(0)))
    }

    pub fn file_count(&self) -> usize {
        self.asts.len()
    }

    /// Calls function `index` with one argument (a map describing the hand) and reads an
    /// integer (or boolean) result.
    pub fn call(&self, index: usize, hand: rhai::Map) -> Result<i64, String> {
        let (name, ast, file) = match self.functions.get(index) {
            Some((n, a)) => (
                n,
                &self.asts[*a],
                self.files.get(*a).map_or("script", |f| f.as_str()),
            ),
            None => return Err(format!("no script function #{index}")),
        };
        let Some(engine) = &self.engine else {
            return Err("no scripts loaded".into());
        };
        let mut scope = rhai::Scope::new();
        let out: rhai::Dynamic = engine
            .call_fn(&mut scope, ast, name, (hand,))
            .map_err(|e| runtime_message(name, file, &e))?;
        if let Some(b) = out.clone().try_cast::<bool>() {
            return Ok(b as i64);
        }
        let type_name = out.type_name();
        let at = match self.lines.get(index).copied().unwrap_or(0) {
            0 => file.to_string(),
            line => format!("{file}:{line}"),
        };
        let count = out.try_cast::<i64>().ok_or_else(|| {
            format!("script function `{name}` in {at} returned {type_name}; a fan function must return an integer (the count) or true/false")
        })?;
        if count < 0 {
            // Clamping to 0 would score the hand as if the fan were absent, silently.
            return Err(format!(
                "script function `{name}` in {at} returned {count}; a fan function returns a count, 0 or more"
            ));
        }
        Ok(count)
    }
}

/// The 1-based line where `fn name` is defined in `source`, 0 when it cannot be found.
fn definition_line(source: &str, name: &str) -> usize {
    source
        .lines()
        .position(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("private ").unwrap_or(l).trim_start();
            l.strip_prefix("fn ")
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix(name))
                .is_some_and(|after| after.trim_start().starts_with('('))
        })
        .map_or(0, |i| i + 1)
}

/// A runtime failure in words a rule designer can act on: which function, which file, where, and
/// for the sandbox's limits, which limit and why it exists.
fn runtime_message(name: &str, file: &str, e: &rhai::EvalAltResult) -> String {
    use rhai::EvalAltResult as E;
    let inner = e.unwrap_inner();
    let pos = inner.position();
    // file:line:column, the form editors and terminals jump to.
    let file = &match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("{file}:{l}:{c}"),
        (Some(l), None) => format!("{file}:{l}"),
        _ => file.to_string(),
    };
    match inner {
        E::ErrorTooManyOperations(_) => format!(
            "script function `{name}` in {file} was stopped after {MAX_OPERATIONS} operations, the sandbox's limit; a loop that never ends?"
        ),
        E::ErrorTerminated(..) => format!(
            "script function `{name}` in {file} was stopped: the request's time ran out (a loop that runs too long?)"
        ),
        E::ErrorStackOverflow(_) => format!(
            "script function `{name}` in {file} was stopped: calls nested deeper than {MAX_CALL_LEVELS}; a recursion that never ends?"
        ),
        E::ErrorDataTooLarge(what, _) => format!(
            "script function `{name}` in {file} was stopped: {what} grew past the sandbox's limit (strings {MAX_STRING} bytes, arrays {MAX_ARRAY} items, maps {MAX_MAP} entries)"
        ),
        _ => {
            let text = inner.to_string();
            // rhai appends " (line L, position C)"; we say where ourselves.
            let text = match text.rfind(" (line ") {
                Some(i) if text.ends_with(')') => text[..i].to_string(),
                _ => text,
            };
            format!("script function `{name}` in {file} failed: {text}")
        }
    }
}
