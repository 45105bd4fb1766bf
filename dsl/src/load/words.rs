//! `[[context]]`: the ruleset's own context words, where each comes from in play, and the words
//! that stand for a fan alone (`alone`).

use super::{Layer, Loader};
use crate::ruleset::{Fan, WordSource};
use crate::schema;
use mj_core::notation::ContextWordSpec;

/// The context words along the chain, the last definition of a word winning.
#[derive(Default)]
pub(super) struct Words {
    pub words: Vec<ContextWordSpec>,
    pub sources: Vec<WordSource>,
    /// (word, tiles) of `counts_as`.
    pub counts_as: Vec<(String, String)>,
    /// (word, fan id) of `alone`.
    pub alone: Vec<(String, String)>,
    /// `requires`, `requires_any`, `conflicts`, `void_suit`, `ready_hand`, `concealed` and
    /// `no_melds`, checked against the words.
    pub rules: Vec<crate::word_rules::WordRule>,
}

impl Loader {
    pub(super) fn context_words(&mut self, chain: &[Layer], play: Option<&schema::Play>) -> Words {
        let mut words: Vec<ContextWordSpec> = Vec::new();
        let mut sources: Vec<WordSource> = Vec::new();
        let mut counts_as: Vec<(String, String)> = Vec::new();
        let mut alone: Vec<(String, String)> = Vec::new();
        let mut rules: Vec<(usize, crate::word_rules::WordRule)> = Vec::new();
        for l in chain {
            for w in &l.raw.context {
                let word = w.get_ref().word.get_ref().clone();
                let reserved = mj_core::notation::is_builtin_word(&word);
                if reserved || !word.chars().all(|c| c.is_ascii_lowercase() || c == '_') || word.is_empty() {
                    let why = if reserved {
                        "is reserved: the hand notation already defines it"
                    } else {
                        "is not a lowercase word (letters a–z and _)"
                    };
                    self.help(
                        l.file,
                        w.get_ref().word.span(),
                        format!("context word `{word}` {why}"),
                        "choose a new lowercase word such as `ready`; the notation already defines self, last, kong, fourth, seat, round, flowers",
                    );
                    continue;
                }
                let (takes_value, value) = match &w.get_ref().value {
                    schema::RawWordValue::Flag(b) => (*b, mj_core::WordValue::Text),
                    schema::RawWordValue::Kind(k) => match k.as_str() {
                        "number" => (true, mj_core::WordValue::Number),
                        "tiles" => (true, mj_core::WordValue::Tiles),
                        "wind" => (true, mj_core::WordValue::Wind),
                        "text" => (true, mj_core::WordValue::Text),
                        other => {
                            self.help(
                                l.file,
                                w.get_ref().word.span(),
                                format!("context word `{word}` has value = \"{other}\", which is not a kind of value"),
                                "value is false (a flag), true or \"text\", \"number\", \"tiles\" or \"wind\"",
                            );
                            continue;
                        }
                    },
                };
                let value = if w.get_ref().alone.is_some() && !takes_value {
                    mj_core::WordValue::Alone
                } else {
                    value
                };
                let src = match crate::context::source(w.get_ref()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.help(l.file, e.span, e.message, e.help);
                        continue;
                    }
                };
                if let Some(i) = words.iter().position(|x| x.word == word) {
                    words.remove(i);
                    sources.remove(i);
                }
                alone.retain(|(x, _): &(String, String)| *x != word);
                if let Some(f) = &w.get_ref().alone {
                    alone.push((word.clone(), f.clone()));
                }
                rules.retain(|(_, r)| r.word != word);
                if let Some(r) = crate::word_rules::WordRule::of(w.get_ref()) {
                    if r.void_suit && !takes_value {
                        self.help(
                            l.file,
                            w.get_ref().word.span(),
                            format!("context word `{word}` is a void suit but takes no value"),
                            "a void-suit word is written word=X with a suit letter: give it value = true",
                        );
                    }
                    if r.ready_hand && takes_value {
                        self.help(
                            l.file,
                            w.get_ref().word.span(),
                            format!("context word `{word}` marks a ready hand but takes a value"),
                            "a ready-hand word is a flag: leave out `value`",
                        );
                    }
                    rules.push((l.file, r));
                }
                counts_as.retain(|(x, _): &(String, String)| *x != word);
                if let Some(t) = &w.get_ref().counts_as {
                    counts_as.push((word.clone(), t.clone()));
                }
                words.push(ContextWordSpec {
                    word,
                    takes_value,
                    value,
                    help: w.get_ref().help.clone(),
                });
                sources.push(src);
            }
        }
        // The older way to name the 杠上炮 fact.
        if let Some(w) = play.and_then(|p| p.after_kong_discard_word.as_ref()) {
            if let Some(i) = words.iter().position(|x| &x.word == w) {
                if sources[i] == WordSource::Unset {
                    sources[i] = WordSource::Fact(mj_core::game::rules::WinFact::AfterKongDiscard);
                }
            }
        }
        // `requires`, `requires_any` and `conflicts` name words the line can carry.
        for (file, r) in &rules {
            for name in r.requires.iter().chain(&r.requires_any).chain(&r.conflicts) {
                let known = crate::word_rules::BUILT_IN_FLAGS.contains(&name.as_str())
                    || words.iter().any(|x| &x.word == name);
                if !known {
                    let span = self.find_in(*file, "context", &format!("\"{name}\""));
                    self.help(
                        *file,
                        span,
                        format!("context word `{}`: `{name}` in requires, requires_any or conflicts is not a word", r.word),
                        "name a flag of the notation (self, last, kong, fourth) or one of the ruleset's context words",
                    );
                }
            }
        }
        Words {
            words,
            sources,
            counts_as,
            alone,
            rules: rules.into_iter().map(|(_, r)| r).collect(),
        }
    }

    /// (word, fan) of every `alone` word, by index.
    pub(super) fn alone_fans(
        &mut self,
        chain: &[Layer],
        words: &Words,
        compiled: &[Fan],
        removed: &[String],
    ) -> Vec<(usize, usize)> {
        let alone = &words.alone;
        let words = &words.words;
        let mut alone_fans = Vec::new();
        for (word, fan) in alone {
            let w = words.iter().position(|x| x.word == *word);
            match (w, compiled.iter().position(|f| f.id == *fan)) {
                (Some(w), Some(f)) => alone_fans.push((w, f)),
                // An extension that removes the fan removes the result (riichi-ema: no nagashi).
                (Some(_), None) if removed.iter().any(|x| x == fan) => {}
                _ => {
                    let file = chain
                        .iter()
                        .rev()
                        .find(|l| l.raw.context.iter().any(|c| c.get_ref().word.get_ref() == word))
                        .map_or(0, |l| l.file);
                    let span = self.find_in(file, "context", "`alone`");
                    self.help(
                        file,
                        span,
                        format!("context word `{word}`: alone = \"{fan}\" names no fan (and the word must be a flag)"),
                        "give the id of a fan of the ruleset, e.g. alone = \"nagashi_mangan\"",
                    );
                }
            }
        }
        alone_fans
    }

    /// The fans `[win] bonus_win` names, each checked to exist. A fan another layer removed is
    /// left out without an error.
    pub(super) fn bonus_win_fans(
        &mut self,
        chain: &[Layer],
        win: &schema::Win,
        compiled: &[Fan],
        removed: &[String],
    ) -> crate::ruleset::BonusWinFans {
        let Some(b) = &win.bonus_win else {
            return Default::default();
        };
        let file = chain
            .iter()
            .rev()
            .find(|l| l.raw.win.as_ref().is_some_and(|w| w.get("bonus_win").is_some()))
            .map_or(0, |l| l.file);
        let mut find = |id: &Option<String>| -> Option<usize> {
            let id = id.as_ref()?;
            let f = compiled.iter().position(|f| f.id == *id);
            if f.is_none() && !removed.iter().any(|x| x == id) {
                let span = self.find_in(file, "win", "`bonus_win`");
                self.help(
                    file,
                    span,
                    format!("[win] bonus_win names fan \"{id}\", which the ruleset does not have"),
                    "give the id of a fan of the ruleset, e.g. self_drawn = \"ba_xian_guo_hai\"",
                );
            }
            f
        };
        crate::ruleset::BonusWinFans {
            self_drawn: find(&b.self_drawn),
            discard: find(&b.discard),
            with: b.with.iter().filter_map(|id| find(&Some(id.clone()))).collect(),
        }
    }
}
