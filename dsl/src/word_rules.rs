//! What a ruleset's `[[context]]` entries say about the words written with a hand, beyond their
//! values: words that need or exclude other words (`requires`, `conflicts`) and the declared void
//! suit (`void_suit`), whose tiles a winning hand may not hold. `mj score` refuses a line that
//! breaks one, with the word and the reason, so a hand that play could not produce is never
//! scored as if it could.

use crate::schema::RawContextWord;
use mj_core::{Hand, TileSet};

/// One word's rules, resolved at load.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WordRule {
    pub word: String,
    pub requires: Vec<String>,
    pub requires_any: Vec<String>,
    pub conflicts: Vec<String>,
    pub void_suit: bool,
    /// The word marks a line as a ready hand to value (查大叫), not a win.
    pub ready_hand: bool,
    /// The word needs a hand without an exposed meld.
    pub concealed: bool,
    /// The word needs a hand without any meld.
    pub no_melds: bool,
}

impl WordRule {
    /// The rules a `[[context]]` entry gives, or `None` when it gives none.
    pub fn of(raw: &RawContextWord) -> Option<WordRule> {
        let r = WordRule {
            word: raw.word.get_ref().clone(),
            requires: raw.requires.clone(),
            requires_any: raw.requires_any.clone(),
            conflicts: raw.conflicts.clone(),
            void_suit: raw.void_suit,
            ready_hand: raw.ready_hand,
            concealed: raw.concealed,
            no_melds: raw.no_melds,
        };
        let says_something = !r.requires.is_empty()
            || !r.requires_any.is_empty()
            || !r.conflicts.is_empty()
            || r.void_suit
            || r.ready_hand
            || r.concealed
            || r.no_melds;
        says_something.then_some(r)
    }
}

/// The notation's own flags, which `requires` and `conflicts` may name beside the ruleset's words.
pub const BUILT_IN_FLAGS: [&str; 4] = mj_core::notation::BUILTIN_FLAGS;

/// Whether `word` (a built-in flag or a ruleset word) is written on the line.
fn written(hand: &Hand, word: &str) -> bool {
    let c = &hand.context;
    match word {
        "self" => c.self_drawn,
        "last" => c.last_tile,
        "kong" => c.kong,
        "fourth" => c.fourth,
        w => c.has(w),
    }
}

/// The ready-hand word written on the line, if the ruleset has one.
pub fn ready_word<'a>(rules: &'a [WordRule], hand: &Hand) -> Option<&'a str> {
    rules
        .iter()
        .find(|r| r.ready_hand && written(hand, &r.word))
        .map(|r| r.word.as_str())
}

/// Takes off `hand` every ruleset word whose `requires` or `requires_any` the line no longer
/// meets (`ippatsu` once `riichi` is gone), until none is left: what the line says without a
/// word is the line without it and without what only it allowed.
pub fn drop_unmet(rules: &[WordRule], hand: &mut Hand) {
    loop {
        let unmet = rules.iter().find(|r| {
            written(hand, &r.word)
                && !BUILT_IN_FLAGS.contains(&r.word.as_str())
                && (r.requires.iter().any(|w| !written(hand, w))
                    || (!r.requires_any.is_empty() && !r.requires_any.iter().any(|w| written(hand, w))))
        });
        let Some(r) = unmet else {
            return;
        };
        hand.context.extra.retain(|(w, _)| *w != r.word);
    }
}

/// The first `[win] never_together` entry whose words the line all writes, for its kind of
/// win, as an error.
pub fn check_never_together(entries: &[crate::schema::NeverTogether], hand: &Hand) -> Result<(), String> {
    let kind = if hand.context.self_drawn {
        "self_drawn"
    } else {
        "discard"
    };
    let broken = entries
        .iter()
        .find(|e| e.win.as_deref().is_none_or(|w| w == kind) && e.words.iter().all(|w| written(hand, w)));
    match broken {
        Some(e) => {
            let words: Vec<String> = e.words.iter().map(|w| format!("`{w}`")).collect();
            let on = match e.win.as_deref() {
                Some("discard") => " on a discard",
                Some(_) => " self-drawn",
                None => "",
            };
            Err(format!(
                "{} are never written together{on} in this ruleset: no such win has them all (leave one out)",
                words.join(" and ")
            ))
        }
        None => Ok(()),
    }
}

/// The first rule the line breaks, worded for the player.
pub fn check(rules: &[WordRule], set: &TileSet, hand: &Hand) -> Result<(), String> {
    for r in rules {
        if written(hand, &r.word) {
            if let Some(need) = r.requires.iter().find(|w| !written(hand, w)) {
                return Err(format!("`{}` needs `{need}` on the same line", r.word));
            }
            if let Some(bad) = r.conflicts.iter().find(|w| written(hand, w)) {
                return Err(format!("`{}` cannot be written with `{bad}`", r.word));
            }
            if !r.requires_any.is_empty() && !r.requires_any.iter().any(|w| written(hand, w)) {
                let any: Vec<String> = r.requires_any.iter().map(|w| format!("`{w}`")).collect();
                return Err(format!(
                    "`{}` needs one of {} on the same line",
                    r.word,
                    any.join(", ")
                ));
            }
            if r.no_melds && !hand.melds.is_empty() {
                return Err(format!(
                    "`{}` is only for a hand without melds (a concealed kong, [5555p], included), and this hand has {}",
                    r.word,
                    hand.melds.len()
                ));
            }
            if r.concealed {
                if let Some(k) = hand.melds.iter().position(|m| !m.is_concealed()) {
                    return Err(format!(
                        "`{}` is only for a concealed hand, and meld {} of the hand is exposed (a concealed kong, [5555p], is not)",
                        r.word,
                        k + 1
                    ));
                }
            }
        }
        if r.void_suit {
            void_suit(r, set, hand)?;
        }
    }
    Ok(())
}

/// The declared void suit: named by the word (`void=s`), else some suit the hand lacks.
fn void_suit(r: &WordRule, set: &TileSet, hand: &Hand) -> Result<(), String> {
    let counts = hand.all_counts(set);
    let held = |letter: char| {
        set.suits().iter().find(|s| s.letter == letter).is_some_and(|s| {
            (s.min_rank..=s.max_rank).any(|r| counts[(s.first + r - s.min_rank) as usize] > 0)
        })
    };
    let letters: String = set.suits().iter().map(|s| s.letter).collect();
    match hand.context.value(&r.word) {
        Some(v) => {
            let mut chars = v.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if letters.contains(c) => c,
                _ => {
                    return Err(format!(
                        "`{}={v}` names no suit: write one of {}",
                        r.word,
                        letters
                            .chars()
                            .map(|c| format!("{}={c}", r.word))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                }
            };
            if held(letter) {
                return Err(format!(
                    "the hand holds its void suit: `{}={letter}` but it holds {letter} tiles",
                    r.word
                ));
            }
        }
        None if letters.chars().all(held) => {
            return Err(format!(
                "the hand holds its void suit: it has tiles of every suit ({letters}), so whichever suit was declared void is held"
            ));
        }
        None => {}
    }
    Ok(())
}
