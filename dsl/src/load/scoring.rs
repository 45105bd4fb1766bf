//! `[scoring]`, `[dora]`, `[fu]` and `[points]`: how fan counts combine into a hand's value, and
//! the scorer's plan over the fan table.

use super::{Layer, Loader, MergedFan};
use crate::expr::{self, Scope};
use crate::ruleset::{form_bit, Accounting, Combine, DiscardPung, Fan, Plan, Scoring};
use crate::schema;
use mj_core::notation::ContextWordSpec;
use mj_core::{FormRules, TileSet};

/// What [`Loader::scoring`] reads besides the table itself.
pub(super) struct ScoringInputs<'a> {
    pub file: usize,
    pub compiled: &'a [Fan],
    pub merged: &'a [MergedFan],
    pub forms: &'a FormRules,
    pub removed: &'a [String],
    pub id_refs: &'a [&'a str],
}

impl Loader {
    /// `[scoring]` as written (an empty table when absent), and its file.
    pub(super) fn scoring_raw(&mut self, chain: &[Layer], top: usize) -> (Option<schema::Scoring>, usize) {
        let scoring_v = self.section(chain, |r| r.scoring.as_ref());
        let scoring_file = scoring_v.as_ref().map(|x| x.1).unwrap_or(top);
        let scoring_raw: Option<schema::Scoring> = match scoring_v {
            None => toml::Value::Table(Default::default()).try_into().ok(),
            some => self.typed("scoring", some),
        };
        (scoring_raw, scoring_file)
    }

    /// `[scoring]` compiled, with the plan over the fan table.
    pub(super) fn scoring(&mut self, scoring_raw: &schema::Scoring, cx: &ScoringInputs) -> Scoring {
        let (scoring_file, compiled, removed, id_refs) = (cx.file, cx.compiled, cx.removed, cx.id_refs);
        let combine = match scoring_raw.combine.as_str() {
            "sum" => Combine::Sum,
            "product" => Combine::Product,
            other => {
                let span = self.find_in(scoring_file, "scoring", &format!("`{other}`"));
                self.help(
                    scoring_file,
                    span,
                    format!("unknown combine `{other}`"),
                    "use \"sum\" or \"product\"",
                );
                Combine::Sum
            }
        };
        let accounting = match scoring_raw.accounting.as_str() {
            "all" => Accounting::All,
            "once" => Accounting::Once,
            other => {
                let span = self.find_in(scoring_file, "scoring", &format!("`{other}`"));
                self.help(
                    scoring_file,
                    span,
                    format!("unknown accounting `{other}`"),
                    "use \"once\" or \"all\"",
                );
                Accounting::All
            }
        };
        if accounting == Accounting::Once {
            self.check_once_fans(compiled, cx.merged);
        }
        let discard_pung = match scoring_raw.discard_pung.as_str() {
            "exposed" => DiscardPung::Exposed,
            "exposed_unless_chow" => DiscardPung::ExposedUnlessChow,
            other => {
                let span = self.find_in(scoring_file, "scoring", &format!("`{other}`"));
                self.help(
                    scoring_file,
                    span,
                    format!("unknown discard_pung `{other}`"),
                    "use \"exposed\" or \"exposed_unless_chow\"",
                );
                DiscardPung::Exposed
            }
        };
        let (exclusive_forms, uw) = self.form_lists(scoring_raw, scoring_file, cx.forms);
        let mut tie_prefer = Vec::new();
        for t in &scoring_raw.tie_prefer {
            match compiled.iter().position(|f| f.id == *t) {
                Some(i) => tie_prefer.push(i),
                None if removed.iter().any(|x| x == t) => {}
                None => {
                    let span = self.find_in(scoring_file, "scoring", &format!("`{t}`"));
                    let hint = expr::suggest(t, id_refs);
                    self.diag(
                        scoring_file,
                        span,
                        format!("unknown fan `{t}` in tie_prefer{hint}"),
                    );
                }
            }
        }
        let exclusive_fans = compiled
            .iter()
            .enumerate()
            .filter(|(_, f)| f.exclusive)
            .map(|(i, _)| i)
            .collect();
        let has_limit_fans = compiled.iter().any(|f| f.limit);
        let has_needs_other = compiled.iter().any(|f| f.needs_other);
        let reads = compiled
            .iter()
            .map(|f| crate::expr::Reads::of(f.when.as_deref()))
            .collect();
        Scoring {
            has_limit_fans,
            has_needs_other,
            reads,
            combine,
            accounting,
            exclusive_forms,
            discard_pung,
            unique_wait_forms: uw,
            tie_prefer,
            cap: scoring_raw.cap,
            wait_per_reading: scoring_raw.wait_per_reading,
            exclusive_fans,
            plan: Plan::new(compiled, accounting),
        }
    }

    /// Under accounting "once" each group fan of a kind is a bit of a mask while a reading is
    /// shared out: more than the mask holds is an error at the first fan too many.
    fn check_once_fans(&mut self, compiled: &[Fan], fans: &[MergedFan]) {
        for kind in [crate::expr::GroupKind::Chows, crate::expr::GroupKind::Pungs] {
            let over = compiled
                .iter()
                .filter(|f| !f.fallback && f.group.as_ref().is_some_and(|g| g.kind == kind))
                .nth(crate::plan::once::MAX_ONCE_FANS);
            let Some(m) = over.and_then(|f| fans.iter().find(|m| *m.raw.id.get_ref() == f.id)) else {
                continue;
            };
            let span = m.raw.group.as_ref().map_or(m.raw.id.span(), |g| g.span());
            self.help(
                    m.file,
                    span,
                    format!(
                        "fan `{}` is group fan number {} of its kind under accounting \"once\"; at most {} are supported",
                        m.raw.id.get_ref(),
                        crate::plan::once::MAX_ONCE_FANS + 1,
                        crate::plan::once::MAX_ONCE_FANS
                    ),
                    "merge patterns into fewer fans, or use accounting = \"all\"",
                );
        }
    }

    /// `exclusive_forms` as a form mask, and `unique_wait_forms` as the forms to test.
    fn form_lists(
        &mut self,
        scoring_raw: &schema::Scoring,
        scoring_file: usize,
        forms: &FormRules,
    ) -> (u8, FormRules) {
        let mut exclusive_forms = 0u8;
        let mut uw = FormRules {
            standard: false,
            orphans: vec![],
            ..forms.clone()
        };
        uw.seven_pairs = false;
        uw.honours_knitted = false;
        uw.knitted_straight = false;
        for (list, is_uw) in [
            (&scoring_raw.exclusive_forms, false),
            (&scoring_raw.unique_wait_forms, true),
        ] {
            for f in list {
                match expr::form_by_name(f) {
                    Some(form) if !is_uw => exclusive_forms |= form_bit(form),
                    Some(form) => match form {
                        mj_core::Form::Standard => uw.standard = true,
                        mj_core::Form::SevenPairs => uw.seven_pairs = true,
                        mj_core::Form::Orphans => uw.orphans = forms.orphans.clone(),
                        mj_core::Form::HonoursKnitted => uw.honours_knitted = true,
                        mj_core::Form::KnittedStraight => uw.knitted_straight = true,
                    },
                    None => {
                        let span = self.find_in(scoring_file, "scoring", &format!("`{f}`"));
                        let hint = expr::suggest(f, &expr::FORM_NAMES);
                        self.diag(scoring_file, span, format!("unknown form `{f}`{hint}"));
                    }
                }
            }
        }
        (exclusive_forms, uw)
    }

    /// `[dora]`, `[fu]` and `[points]` (see `crate::points`), each error reported at its table.
    pub(super) fn compile_points(
        &mut self,
        chain: &[Layer],
        tiles: &TileSet,
        scope: &dyn Scope,
        fans: &[Fan],
    ) -> crate::points::PointsRules {
        let dora_v = self.section(chain, |r| r.dora.as_ref());
        let fu_v = self.section(chain, |r| r.fu.as_ref());
        let points_v = self.section(chain, |r| r.points.as_ref());
        let file_of = |v: &Option<(toml::Value, usize)>| v.as_ref().map_or(0, |x| x.1);
        let files = [
            ("dora", file_of(&dora_v)),
            ("fu", file_of(&fu_v)),
            ("points", file_of(&points_v)),
        ];
        let dora = self.typed("dora", dora_v);
        let fu = self.typed("fu", fu_v);
        let points = self.typed("points", points_v);
        let ids: Vec<&str> = fans.iter().map(|f| f.id.as_str()).collect();
        match crate::points::compile(dora, fu, points, tiles, scope, &ids) {
            Ok(p) => p,
            Err(errors) => {
                for (section, key, msg) in errors {
                    let file = files.iter().find(|(n, _)| *n == section).map_or(0, |x| x.1);
                    let span = self.find_in(file, section, &format!("`{key}`"));
                    self.help(
                        file,
                        span,
                        msg,
                        "docs/ruleset-format.md, \"Base points and limits\", describes these tables",
                    );
                }
                crate::points::PointsRules::default()
            }
        }
    }

    /// `counts_as` of the context words: (word index, tile id) pairs.
    pub(super) fn resolve_counts_as(
        &mut self,
        chain: &[Layer],
        tiles: &TileSet,
        words: &[ContextWordSpec],
        counts_as: &[(String, String)],
    ) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (word, tile) in counts_as {
            let Some(i) = words.iter().position(|w| w.word == *word) else {
                continue;
            };
            let full = out.len() >= crate::points::MAX_COUNTS_AS;
            match mj_core::notation::parse_tiles(tiles, tile) {
                Ok(t) if !full && t.len() == 1 && words[i].value == mj_core::WordValue::Number => {
                    out.push((i, t[0].id()))
                }
                other => {
                    let file = chain
                        .iter()
                        .rev()
                        .find(|l| l.raw.context.iter().any(|c| c.get_ref().word.get_ref() == word))
                        .map_or(0, |l| l.file);
                    let span = self.find_in(file, "context", "`counts_as`");
                    let why = match other {
                        Err(e) => e.to_string(),
                        Ok(_) if full => format!(
                            "at most {} context words may carry counts_as; fold the others into one count",
                            crate::points::MAX_COUNTS_AS
                        ),
                        _ => "it must name one tile, on a word with value = \"number\"".into(),
                    };
                    self.help(
                        file,
                        span,
                        format!("context word `{word}`: counts_as = \"{tile}\": {why}"),
                        "e.g. counts_as = \"N\" for a count of set-aside North tiles",
                    );
                }
            }
        }
        out
    }
}
