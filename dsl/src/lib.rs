//! Ruleset loading. Turns a ruleset folder (TOML + rhai) into a compiled [`Ruleset`] or a list of
//! diagnostics; never panics on bad input.
