//! `[settlement]`: who pays whom how much, as formulas over the settlement's own quantities.

use super::{Layer, Loader};
use crate::expr::{self, Cond, Scope};
use crate::ruleset::*;
use crate::schema;
use mj_core::TileSet;

/// Where settlement formulas are compiled: the tiles, the ruleset's context words and the
/// `[settlement] constants`.
struct SettleScope<'a>(&'a TileSet, &'a [String], &'a [(String, i64)]);

impl Scope for SettleScope<'_> {
    fn set(&self) -> &TileSet {
        self.0
    }
    fn words(&self) -> &[String] {
        &[]
    }
    // The amounts first, then the ruleset's context words (their values as numbers).
    fn extra_var(&self, name: &str) -> Option<usize> {
        crate::settle::amounts::slot_of(name, self.1)
    }
    fn extra_names(&self) -> Vec<&str> {
        let mut v = crate::settle::VARS.to_vec();
        v.extend(self.1.iter().map(|s| s.as_str()));
        v.extend(self.2.iter().map(|(n, _)| n.as_str()));
        v
    }
    fn constant(&self, name: &str) -> Option<i64> {
        self.2.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }
}

impl Loader {
    /// `[settlement]` as written (the defaults when absent), and its file.
    pub(super) fn settlement_raw(
        &mut self,
        chain: &[Layer],
        top: usize,
    ) -> (Option<schema::Settlement>, usize) {
        let settle_v = self.section(chain, |r| r.settlement.as_ref());
        let settle_file = settle_v.as_ref().map(|x| x.1).unwrap_or(top);
        let settle_raw: Option<schema::Settlement> = match settle_v {
            None => Some(schema::Settlement::default()),
            some => self.typed("settlement", some),
        };
        (settle_raw, settle_file)
    }

    /// Range checks of every `[settlement]` amount (see [`crate::limits`]).
    fn check_settlement_ranges(&mut self, raw: &schema::Settlement, file: usize) {
        let max = crate::limits::MAX_AMOUNT;
        let kong = raw.kong.as_ref();
        let drawn = raw.drawn_hand.as_ref();
        for (section, key, v) in [
            ("settlement", "cap", raw.cap),
            ("settlement", "floor", raw.floor),
            ("settlement", "float", raw.float),
            ("settlement", "per_concealed_pung", raw.per_concealed_pung),
            (
                "settlement",
                "dealer_repeat_multiplier",
                raw.dealer_repeat_multiplier,
            ),
            (
                "settlement.kong",
                "on_replacement",
                kong.and_then(|k| k.on_replacement),
            ),
            (
                "settlement.drawn_hand",
                "first_declared_pays_undeclared",
                drawn.map(|d| d.first_declared_pays_undeclared),
            ),
            (
                "settlement.drawn_hand",
                "unready_pays_ready",
                drawn.map(|d| d.unready_pays_ready),
            ),
            (
                "settlement.drawn_hand",
                "ready_split",
                drawn.map(|d| d.ready_split),
            ),
        ] {
            self.check_range(file, section, key, v, max);
        }
        if let Some(t) = &raw.fan_table {
            for &v in &t.points {
                self.check_range(file, "settlement.fan_table", "points", Some(v), max);
            }
            let fans = crate::limits::MAX_FAN_VALUE;
            self.check_range(file, "settlement.fan_table", "limit", t.limit, fans);
            if t.points.is_empty() {
                let span = self.find_in(file, "settlement.fan_table", "points");
                self.help(
                    file,
                    span,
                    "in [settlement.fan_table]: `points` is empty".to_string(),
                    "list what a hand of 0, 1, 2, … fans pays, e.g. points = [1, 2, 4, 8]",
                );
            }
        }
        for p in &raw.penalty {
            if let Some(schema::PenaltyAmount::Number(n)) = p.each {
                self.check_range(file, "settlement.penalty", "each", Some(n), max);
            }
            self.check_range(file, "settlement.penalty", "min_amount", p.min_amount, max);
            for &a in &p.amounts {
                self.check_range(file, "settlement.penalty", "amounts", Some(a), max);
            }
        }
    }

    /// `[settlement.liable] group_feeder`'s groups as tiles, and `group_feeder_discard` checked;
    /// each bad one a located diagnostic.
    fn liable_groups(
        &mut self,
        raw: &schema::Settlement,
        file: usize,
        tiles: &TileSet,
    ) -> Vec<Vec<mj_core::Tile>> {
        let Some(l) = raw.liable.as_ref() else {
            return Vec::new();
        };
        if let Some(v) = l
            .group_feeder_discard
            .as_deref()
            .filter(|v| *v != "all" && *v != "half")
        {
            let span = self.find_in(file, "settlement.liable", &format!("\"{v}\""));
            self.help(
                file,
                span,
                format!("in [settlement.liable]: group_feeder_discard = \"{v}\" is not known"),
                "use \"all\" (the liable player pays every share) or \"half\" (half of each)",
            );
        }
        let mut groups = Vec::new();
        for g in &l.group_feeder {
            match mj_core::notation::parse_tiles(tiles, g) {
                Ok(t) if !t.is_empty() && t.iter().all(|&x| !tiles.is_bonus(x)) => groups.push(t),
                Ok(_) => {
                    let span = self.find_in(file, "settlement.liable", &format!("\"{g}\""));
                    self.help(
                        file,
                        span,
                        format!("in [settlement.liable] group_feeder: \"{g}\" holds no playing tile, or a bonus tile"),
                        "write the group's tiles in notation, e.g. \"CFP\" (the dragons) or \"ESWN\"",
                    );
                }
                Err(e) => {
                    let span = self.find_in(file, "settlement.liable", &format!("\"{g}\""));
                    self.diag(
                        file,
                        span,
                        format!("in [settlement.liable] group_feeder \"{g}\": {e}"),
                    );
                }
            }
        }
        groups
    }

    /// `[settlement] penalty` with every `each` formula worked out from the constants (a
    /// penalty whose formula is wrong is reported and left out), checked with the liability word
    /// (see [`Self::check_penalties_and_liable_word`]).
    fn penalties(
        &mut self,
        raw: &schema::Settlement,
        file: usize,
        tiles: &TileSet,
        constants: &[(String, i64)],
        context: (&[String], &[WordSource]),
    ) -> Vec<schema::Penalty> {
        let mut out = Vec::with_capacity(raw.penalty.len());
        for p in &raw.penalty {
            let Some(schema::PenaltyAmount::Formula(t)) = &p.each else {
                out.push(p.clone());
                continue;
            };
            match constant_formula(t, tiles, constants) {
                Ok(n) => {
                    self.check_range(
                        file,
                        "settlement.penalty",
                        "each",
                        Some(n),
                        crate::limits::MAX_AMOUNT,
                    );
                    out.push(schema::Penalty {
                        each: Some(schema::PenaltyAmount::Number(n)),
                        ..p.clone()
                    });
                }
                Err(m) => {
                    let span = self.find_in(file, "settlement", &format!("\"{t}\""));
                    let names: Vec<&str> = constants.iter().map(|(n, _)| n.as_str()).collect();
                    self.help(
                        file,
                        span,
                        format!("in [settlement] penalty `{}`: each = \"{t}\": {m}", p.id),
                        format!(
                            "a penalty's formula uses numbers, + - * / min max pow and the [settlement] constants ({})",
                            if names.is_empty() { "none declared".to_string() } else { names.join(", ") }
                        ),
                    );
                }
            }
        }
        self.check_penalties_and_liable_word(raw, &out, file, context);
        out
    }

    /// The liability word names one of the ruleset's context words, and every penalty is of
    /// one kind.
    fn check_penalties_and_liable_word(
        &mut self,
        raw: &schema::Settlement,
        penalties: &[schema::Penalty],
        file: usize,
        (words, sources): (&[String], &[WordSource]),
    ) {
        let named = raw.liable.as_ref().and_then(|l| l.word.as_deref());
        self.check_liable_fact_word(file, words, sources, named);
        for p in penalties {
            if let Err(e) = crate::penalty::check(p) {
                let span = self.find_in(file, "settlement", &format!("\"{}\"", p.id));
                self.help(
                    file,
                    span,
                    format!("in [settlement] penalty `{}`: {e}", p.id),
                    "a penalty has `each = N` (fixed, to each other player), or `amounts = [..]` or `min_amount = N` (sized by the referee) with `to = \"each\"` or `to = \"one\"`",
                );
            }
        }
        let liable = raw.liable.as_ref();
        let named = [
            ("word", liable.and_then(|l| l.word.as_ref())),
            (
                "group_feeder_counters",
                liable.and_then(|l| l.group_feeder_counters.as_ref()),
            ),
        ];
        for (key, w) in named.iter().filter_map(|(k, w)| Some((k, (*w)?))) {
            if !words.contains(w) {
                let span = self.find_in(file, "settlement.liable", &format!("\"{w}\""));
                self.help(
                    file,
                    span,
                    format!("in [settlement.liable]: {key} = \"{w}\" is not a context word of this ruleset"),
                    format!("declare it: [[context]] word = \"{w}\", value = \"number\", score_only = true"),
                );
            }
        }
    }

    /// A word of the `liable` fact is read by `mj score` only as `[settlement.liable] word`:
    /// without that, play would write on its lines a word that pays nothing.
    fn check_liable_fact_word(
        &mut self,
        file: usize,
        words: &[String],
        sources: &[WordSource],
        named: Option<&str>,
    ) {
        let fact = WordSource::Fact(mj_core::game::rules::WinFact::Liable);
        for (w, _) in words
            .iter()
            .zip(sources)
            .filter(|(w, s)| **s == fact && named != Some(w.as_str()))
        {
            let span = self.find_in(file, "settlement", "liable");
            self.help(
                file,
                span,
                format!("context word `{w}` names the fact \"liable\", but [settlement.liable] word is not `{w}`"),
                format!("add [settlement.liable] word = \"{w}\", so that `mj score` of a recorded line charges the player play made liable"),
            );
        }
    }

    /// `[settlement] constants`: named numbers for the formulas, each in the amounts' range and
    /// named apart from the amounts and the context words (a formula's name means one thing).
    fn settlement_constants(
        &mut self,
        raw: &schema::Settlement,
        file: usize,
        words: &[String],
    ) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        for (name, &v) in raw.constants.iter().flatten() {
            self.check_range(file, "settlement", name, Some(v), crate::limits::MAX_AMOUNT);
            let ok_name = !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                && name.as_bytes()[0].is_ascii_lowercase();
            let clash = crate::settle::VARS.contains(&name.as_str()) || words.contains(name);
            if !ok_name || clash {
                let span = self.find_in(file, "settlement", name);
                let what = if clash {
                    "is already an amount or a context word"
                } else {
                    "is not a name (lowercase letters, digits and _)"
                };
                self.help(
                    file,
                    span,
                    format!("in [settlement] constants: `{name}` {what}"),
                    "name each constant apart from the formulas' amounts and the ruleset's context words, e.g. cap = 4",
                );
                continue;
            }
            out.push((name.clone(), v));
        }
        out
    }

    /// `[settlement.drawn_hand]`'s table rules checked against the ruleset: `discards_fan`
    /// names a fan and tiles of the set (its compiled form), and `ready_split` divides by every
    /// count of payers and payees among `players`, so its shares sum to zero.
    pub(super) fn drawn_hand_rules(
        &mut self,
        file: usize,
        raw: &schema::Settlement,
        tiles: &TileSet,
        players: usize,
        compiled: &[Fan],
        removed: &[String],
    ) -> Option<(Vec<mj_core::Tile>, usize)> {
        let d = raw.drawn_hand.as_ref()?;
        let split = d.ready_split;
        if let Some(k) = (1..players as i64).find(|&k| split % k != 0) {
            let span = self.find_in(file, "settlement.drawn_hand", "`ready_split`");
            self.help(
                file,
                span,
                format!(
                    "[settlement.drawn_hand] ready_split = {split} does not split evenly among {k} players"
                ),
                format!(
                    "use a sum divisible by every count from 1 to {}, e.g. 3000 for four players",
                    players - 1
                ),
            );
        }
        let df = d.discards_fan.as_ref()?;
        let fan = compiled.iter().position(|f| f.id == df.fan);
        if fan.is_none() && !removed.contains(&df.fan) {
            let span = self.find_in(file, "settlement.drawn_hand", "`discards_fan`");
            self.help(
                file,
                span,
                format!(
                    "[settlement.drawn_hand] discards_fan names fan \"{}\", which the ruleset does not have",
                    df.fan
                ),
                "give the id of a fan of the ruleset, e.g. fan = \"nagashi_mangan\"",
            );
        }
        match mj_core::notation::parse_tiles(tiles, &df.tiles) {
            Ok(t) => fan.map(|f| (t, f)),
            Err(e) => {
                let span = self.find_in(file, "settlement.drawn_hand", "`discards_fan`");
                self.help(
                    file,
                    span,
                    format!(
                        "[settlement.drawn_hand] discards_fan tiles = \"{}\": {e}",
                        df.tiles
                    ),
                    "write the tiles in notation, e.g. tiles = \"19m19p19sESWNCFP\"",
                );
                None
            }
        }
    }

    pub(super) fn compile_settlement(
        &mut self,
        raw: &schema::Settlement,
        file: usize,
        tiles: &TileSet,
        context: &super::words::Words,
        has_points: bool,
    ) -> Settlement {
        let names: Vec<String> = context.words.iter().map(|w| w.word.clone()).collect();
        let (words, sources) = (&names[..], &context.sources[..]);
        self.check_settlement_ranges(raw, file);
        let constants = self.settlement_constants(raw, file, words);
        let scope = SettleScope(tiles, words, &constants);
        // The amounts of a points formula are offered where the ruleset has one.
        let plain = crate::settle::PLAIN_VARS;
        let has_table = raw.fan_table.is_some();
        let mut offered: Vec<&str> = crate::settle::VARS[..plain].to_vec();
        if has_table {
            offered.push("table");
        }
        if has_points {
            offered.extend(&crate::settle::VARS[plain + 1..]);
            offered.extend(words.iter().map(|w| w.as_str()));
        }
        offered.extend(constants.iter().map(|(n, _)| n.as_str()));
        let formula = |this: &mut Self, text: &Option<String>| -> Option<Cond> {
            let t = text.as_ref()?;
            let r = crate::expr::parse_expr(t)
                .map_err(|e| (e.message, e.span))
                .and_then(|ast| {
                    let mut nums = Vec::new();
                    crate::limits::numbers(&ast, &mut nums);
                    let max = crate::limits::MAX_AMOUNT;
                    if let Some((m, span)) = nums.into_iter().find_map(|(n, span)| {
                        crate::limits::out_of_range("a number", n, max).map(|m| (m, span))
                    }) {
                        return Err((m, span));
                    }
                    let e = expr::compile(&ast, &scope).map_err(|e| (e.message, e.span))?;
                    // Formulas see amounts, not hands: a hand name would silently be 0.
                    if let Some((name, span)) = hand_name_in(&ast, words, &constants) {
                        return Err((
                            format!("`{name}` describes a hand; a formula sees only amounts"),
                            span,
                        ));
                    }
                    // Without a table, `table` would silently be 0.
                    match name_in(&ast, "table").filter(|_| !has_table && !words.iter().any(|w| w == "table"))
                    {
                        Some(span) => Err((
                            "`table` reads [settlement.fan_table], which this ruleset does not have"
                                .to_string(),
                            span,
                        )),
                        None => Ok(e),
                    }
                });
            match r {
                Ok(e) => Some(Cond::new(e)),
                Err((m, at)) => {
                    // The formula's text in the file, then the offending part within it.
                    let whole = this.find_in(file, "settlement", &format!("`{t}`"));
                    let span = if this.files[file].text.get(whole.clone()) == Some(t.as_str()) {
                        whole.start + at.start..whole.start + at.end.max(at.start + 1)
                    } else {
                        whole
                    };
                    this.help(
                        file,
                        span,
                        format!("in [settlement] formula `{t}`: {m}"),
                        format!("formulas use numbers, + - * / and {}", offered.join(", ")),
                    );
                    None
                }
            }
        };
        let rule = |this: &mut Self, r: &Option<schema::PaymentRule>| -> PaymentRule {
            let Some(r) = r else { return PaymentRule::default() };
            PaymentRule {
                each: formula(this, &r.each),
                discarder: formula(this, &r.discarder),
                others: formula(this, &r.others),
            }
        };
        let penalties = self.penalties(raw, file, tiles, &constants, (words, sources));
        let self_drawn = rule(self, &raw.self_drawn);
        let discard = rule(self, &raw.discard);
        let robbed_kong = raw.robbed_kong.as_ref().map(|r| rule(self, &Some(r.clone())));
        if let Some(v) = raw.kong.as_ref().and_then(|k| k.exposed_payers.as_ref()) {
            if v != "discarder" && v != "each" {
                let span = self.find_in(file, "settlement", &format!("\"{v}\""));
                self.help(
                    file,
                    span,
                    format!("in [settlement.kong]: exposed_payers = \"{v}\" is not known"),
                    "use \"discarder\" or \"each\"".to_string(),
                );
            }
        }
        let kong = match &raw.kong {
            None => crate::ruleset::KongRule::default(),
            Some(k) => crate::ruleset::KongRule {
                added: formula(self, &k.added),
                concealed: formula(self, &k.concealed),
                exposed: formula(self, &k.exposed),
                exposed_each: k.exposed_payers.as_deref() == Some("each"),
                on_replacement: k.on_replacement.unwrap_or(1),
                stand_on_draw: k.stand_on_draw.unwrap_or(true),
                transfer: self.kong_transfer(k.transfer.as_deref(), file),
            },
        };
        let drawn = raw.drawn_hand.clone().unwrap_or_default();
        let void_pays = formula(self, &drawn.void_pays);
        let unready_pays_value = formula(self, &drawn.unready_pays_value);
        let discard_run = match &raw.discard_run {
            None => None,
            Some(r) => formula(self, &Some(r.each.clone())).map(|e| (r.count, e)),
        };
        Settlement {
            floor: raw.floor,
            dealer_repeat_multiplier: raw.dealer_repeat_multiplier.unwrap_or(1),
            discard_run,
            self_drawn,
            discard,
            robbed_kong,
            penalties,
            cap: raw.cap,
            declared_words: raw.declared_words.clone().unwrap_or_default(),
            table_words: raw.table_words.clone().unwrap_or_default(),
            liable: raw.liable.clone().unwrap_or_default(),
            liable_groups: self.liable_groups(raw, file, tiles),
            liable_groups_half: raw
                .liable
                .as_ref()
                .and_then(|l| l.group_feeder_discard.as_deref())
                == Some("half"),
            liable_groups_counters: counter_word(raw, words),
            kong,
            drawn_hand: drawn,
            discards_fan: None,
            per_concealed_pung: raw.per_concealed_pung.unwrap_or(0),
            float: raw.float.unwrap_or(0),
            horses: raw.horses.clone().filter(|h| h.count > 0),
            deposits: formula(self, &raw.deposits),
            fan_table: raw.fan_table.clone(),
            void_pays,
            unready_pays_value,
        }
    }

    /// `[settlement.kong] transfer` (呼叫转移), checked.
    fn kong_transfer(&mut self, v: Option<&str>, file: usize) -> mj_core::game::rules::KongTransfer {
        use mj_core::game::rules::KongTransfer;
        match v {
            None | Some("none") => KongTransfer::None,
            Some("first") => KongTransfer::First,
            Some("even") => KongTransfer::Even,
            Some(other) => {
                let span = self.find_in(file, "settlement", &format!("\"{other}\""));
                self.help(
                    file,
                    span,
                    format!("in [settlement.kong]: transfer = \"{other}\" is not known"),
                    "use \"none\", \"first\" or \"even\"".to_string(),
                );
                KongTransfer::None
            }
        }
    }
}

/// The first name or call in a settlement formula that is not a settlement quantity.
fn hand_name_in(
    ast: &crate::expr::Ast,
    words: &[String],
    constants: &[(String, i64)],
) -> Option<(String, crate::expr::Span)> {
    use crate::expr::Ast;
    let hand_name_in = |a: &Ast| hand_name_in(a, words, constants);
    let known = |n: &String| {
        crate::settle::VARS.contains(&n.as_str())
            || words.contains(n)
            || constants.iter().any(|(c, _)| c == n)
    };
    match ast {
        Ast::Ident(n, s) if !known(n) => Some((n.clone(), s.clone())),
        // Arithmetic on numbers is a formula's; every other function reads a hand.
        Ast::Call(n, args, _) if ["min", "max", "pow"].contains(&n.as_str()) => {
            args.iter().find_map(hand_name_in)
        }
        Ast::Call(n, _, s) => Some((format!("{n}(...)"), s.clone())),
        Ast::Not(a, _) => hand_name_in(a),
        Ast::Bin(_, a, b, _) => hand_name_in(a).or_else(|| hand_name_in(b)),
        _ => None,
    }
}

/// The value of a formula of numbers and `[settlement] constants` alone (a penalty's `each`):
/// worked out once, at load, as nothing of a hand or a payment is known to it.
fn constant_formula(text: &str, tiles: &TileSet, constants: &[(String, i64)]) -> Result<i64, String> {
    let ast = crate::expr::parse_expr(text).map_err(|e| e.message)?;
    let e = expr::compile(&ast, &SettleScope(tiles, &[], constants)).map_err(|e| e.message)?;
    // An amount (`total`) or a hand's name compiles, and means nothing here: refused before the
    // formula is worked out with no amounts at all.
    if let Some(name) = not_constant(&ast, constants) {
        return Err(format!(
            "`{name}` is not a constant; a penalty is the same whatever the hand"
        ));
    }
    Ok(e.eval(&crate::expr::Facts::amounts(tiles, &[])))
}

/// The first name or call of formula `ast` that is not a constant, a number or arithmetic.
fn not_constant(ast: &crate::expr::Ast, constants: &[(String, i64)]) -> Option<String> {
    use crate::expr::Ast;
    match ast {
        Ast::Ident(n, _) if !constants.iter().any(|(c, _)| c == n) => Some(n.clone()),
        Ast::Call(n, args, _) if ["min", "max", "pow"].contains(&n.as_str()) => {
            args.iter().find_map(|a| not_constant(a, constants))
        }
        Ast::Call(n, _, _) => Some(format!("{n}(...)")),
        Ast::Not(a, _) => not_constant(a, constants),
        Ast::Bin(_, a, b, _) => not_constant(a, constants).or_else(|| not_constant(b, constants)),
        _ => None,
    }
}

/// Where a formula names `name`, if it does.
fn name_in(ast: &crate::expr::Ast, name: &str) -> Option<crate::expr::Span> {
    use crate::expr::Ast;
    match ast {
        Ast::Ident(n, s) if n == name => Some(s.clone()),
        Ast::Not(a, _) => name_in(a, name),
        Ast::Bin(_, a, b, _) => name_in(a, name).or_else(|| name_in(b, name)),
        _ => None,
    }
}

/// `[settlement.liable] group_feeder_counters`: the index of the context word it names (an
/// unknown word is reported by `check_penalties_and_liable_word`).
fn counter_word(raw: &schema::Settlement, words: &[String]) -> Option<usize> {
    let w = raw.liable.as_ref()?.group_feeder_counters.as_ref()?;
    words.iter().position(|x| x == w)
}
