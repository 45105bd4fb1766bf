//! Where a ruleset's `[[context]]` word gets its value in play: an engine fact the entry names
//! (`fact`, with `within` for a window), or nothing because it is only written for `mj score`
//! (`score_only`). A word with neither can never be set by play, so a fan testing it is never
//! awarded there; `mj check` lists such words.

use crate::ruleset::WordSource;
use crate::schema::RawContextWord;
use mj_core::game::rules::WinFact;
use std::ops::Range;

/// The facts a `[[context]]` entry may name, with what each means, for errors and `mj doc`.
pub const FACTS: [(&str, &str); 23] = [
    (
        "after_kong_discard",
        "won on the discard a player made right after its own kong (杠上炮)",
    ),
    (
        "bonus_replacement",
        "self-drawn on the tile that replaced a bonus tile set aside in play (补花和牌)",
    ),
    (
        "kong_on_kong",
        "self-drawn on the replacement of a kong declared on a kong's replacement (two kongs in a row, 槓上槓)",
    ),
    (
        "wall_end",
        "the winning tile was drawn, or the winning discard made, with fewer than `within` tiles left in the wall (never when robbing a kong)",
    ),
    ("declared", "the winner had declared ready"),
    (
        "declared_first_turn",
        "the winner declared ready with its first discard, before any meld was made (a double declaration)",
    ),
    (
        "one_shot",
        "the winner declared ready and wins before its next discard, no meld made since (一発)",
    ),
    (
        "first_turn",
        "the win came before the winner's first discard, no meld made at the table (天和, 地和; 人和 on a discard)",
    ),
    (
        "first_draw",
        "first_turn self-drawn only (天和, 地和): never set on a discard",
    ),
    (
        "dealer_first_discard",
        "won on the dealer's first discard, before the winner's own first discard, no meld made at the table",
    ),
    (
        "counters",
        "a number: the counters on the table (本場); write the word with value = \"number\"",
    ),
    (
        "indicators",
        "tiles: the indicators shown ([wall.indicators]); write the word with value = \"tiles\"",
    ),
    (
        "hidden_indicators",
        "tiles: the hidden indicators under those shown; write the word with value = \"tiles\"",
    ),
    (
        "deposits",
        "a number: the declaration deposits on the table; write the word with value = \"number\"",
    ),
    (
        "dealer",
        "the seat wind of the seat dealing the hand, on every win (value = \"wind\": dealer=S)",
    ),
    (
        "dealer_streak",
        "hands in a row the dealer has kept the deal before this one, on every win (value = \"number\": streak=2)",
    ),
    (
        "left",
        "the seats (winds) of the players who have already won and left the hand, [play] after_win = \"leave\" (value = \"text\": out=SW); set only once someone has left",
    ),
    (
        "set_aside",
        "the tiles the winner has set aside in play under [play] set_aside (nuki-dora), value = \"number\"; set only when there are some",
    ),
    (
        "void_suit",
        "the winner's declared void suit by its letter, [play] declare_void = true (value = \"text\": void=s)",
    ),
    (
        "declared_others",
        "the seat winds of the other players who have declared ready, in wind order (value = \"text\": ready_payers=SW); set only when some have",
    ),
    (
        "stacks",
        "every seat's chips when the win is made, in seat-wind order E S W N (value = \"text\": stacks=100,80,120,100), on every win",
    ),
    (
        "discarder",
        "a number: on a win on a discard or a robbed kong, where the discarder sits from the winner (1 上家, 2 对家, 3 下家); write the word with value = \"number\"",
    ),
    (
        "liable",
        "a number: the player the settlement makes pay the whole win (包), counted from the winner as discarder is; set only when someone is; write the word with value = \"number\" and name it in [settlement.liable] word",
    ),
];

/// A located problem in a `[[context]]` entry: where, what, and how to fix it.
pub struct WordError {
    pub span: Range<usize>,
    pub message: String,
    pub help: String,
}

/// The source an entry declares, or what is wrong with it.
pub fn source(raw: &RawContextWord) -> Result<WordSource, WordError> {
    let word = raw.word.get_ref();
    let names = || FACTS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    let Some(fact) = &raw.fact else {
        if let Some(w) = &raw.within {
            return Err(WordError {
                span: w.span(),
                message: format!("context word `{word}` has `within` but no `fact`"),
                help: "`within = N` belongs with fact = \"wall_end\"".into(),
            });
        }
        return Ok(if raw.score_only {
            WordSource::ScoreOnly
        } else {
            WordSource::Unset
        });
    };
    if raw.score_only {
        return Err(WordError {
            span: fact.span(),
            message: format!("context word `{word}` has both `fact` and `score_only`"),
            help: "a word play sets from a fact is not score-only: keep one of the two".into(),
        });
    }
    let within = raw.within.as_ref().map(|w| (*w.get_ref(), w.span()));
    let f = match (fact.get_ref().as_str(), within) {
        ("wall_end", Some((n, _))) if n >= 1 => WinFact::WallEnd { tiles: n },
        ("wall_end", Some((_, span))) => {
            return Err(WordError {
                span,
                message: format!("context word `{word}`: `within` must be at least 1"),
                help: "within = 1 is the wall's last tile; within = 4 its last four".into(),
            })
        }
        ("wall_end", None) => {
            return Err(WordError {
                span: fact.span(),
                message: format!("context word `{word}`: fact \"wall_end\" needs `within`"),
                help: "say how many tiles from the wall's end, e.g. within = 4".into(),
            })
        }
        (_, Some((_, span))) => {
            return Err(WordError {
                span,
                message: format!("context word `{word}`: only fact \"wall_end\" takes `within`"),
                help: "remove `within`".into(),
            })
        }
        ("after_kong_discard", None) => WinFact::AfterKongDiscard,
        ("bonus_replacement", None) => WinFact::BonusReplacement,
        ("declared", None) => WinFact::Declared,
        ("declared_first_turn", None) => WinFact::DeclaredFirstTurn,
        ("one_shot", None) => WinFact::OneShot,
        ("first_turn", None) => WinFact::FirstTurn,
        ("first_draw", None) => WinFact::FirstDraw,
        ("dealer_first_discard", None) => WinFact::DealerFirstDiscard,
        ("kong_on_kong", None) => WinFact::KongOnKong,
        ("counters", None) => WinFact::Counters,
        ("deposits", None) => WinFact::Deposits,
        ("dealer", None) => return valued(raw, fact, WinFact::Dealer, "wind"),
        ("dealer_streak", None) => return valued(raw, fact, WinFact::DealerStreak, "number"),
        ("indicators", None) => return valued(raw, fact, WinFact::Indicators, "tiles"),
        ("hidden_indicators", None) => return valued(raw, fact, WinFact::HiddenIndicators, "tiles"),
        ("left", None) => return valued(raw, fact, WinFact::Left, "text"),
        ("discarder", None) => WinFact::Discarder,
        ("liable", None) => WinFact::Liable,
        ("void_suit", None) => return valued(raw, fact, WinFact::VoidSuit, "text"),
        ("set_aside", None) => WinFact::SetAside,
        ("declared_others", None) => return valued(raw, fact, WinFact::DeclaredOthers, "text"),
        ("stacks", None) => return valued(raw, fact, WinFact::Stacks, "text"),
        (other, None) => {
            return Err(WordError {
                span: fact.span(),
                message: format!("context word `{word}`: the engine knows no fact \"{other}\""),
                help: format!("facts the engine reports: {}", names()),
            })
        }
    };
    let number = matches!(&raw.value, crate::schema::RawWordValue::Kind(k) if k == "number");
    if f.is_number() && !number {
        return Err(WordError {
            span: fact.span(),
            message: format!("context word `{word}`: fact \"{}\" is a number", f.name()),
            help: "add value = \"number\"".into(),
        });
    }
    if !f.is_number() && !matches!(raw.value, crate::schema::RawWordValue::Flag(false)) {
        return Err(WordError {
            span: fact.span(),
            message: format!("context word `{word}` takes a value, but an engine fact is a flag"),
            help: "remove `value = true`, or mark the word score_only".into(),
        });
    }
    Ok(WordSource::Fact(f))
}

/// A fact with a value (the dealer's seat, the dealer's streak, the indicators): the word must take that kind of
/// value, so that `mj score` reads the same value play sets.
fn valued(
    raw: &RawContextWord,
    fact: &toml::Spanned<String>,
    f: WinFact,
    kind: &str,
) -> Result<WordSource, WordError> {
    match &raw.value {
        crate::schema::RawWordValue::Kind(k) if k == kind => Ok(WordSource::Fact(f)),
        _ => Err(WordError {
            span: fact.span(),
            message: format!(
                "context word `{}`: fact \"{}\" gives a value",
                raw.word.get_ref(),
                f.name()
            ),
            help: format!("declare it with value = \"{kind}\""),
        }),
    }
}

/// How `mj check` and `mj doc` say where a word comes from in play.
pub fn describe(src: WordSource) -> String {
    match src {
        WordSource::Fact(f) => {
            let what = FACTS.iter().find(|(n, _)| *n == f.name()).map_or("", |(_, w)| w);
            match f {
                WinFact::WallEnd { tiles } => format!("set in play: {what} (within = {tiles})"),
                _ => format!("set in play: {what}"),
            }
        }
        WordSource::ScoreOnly => "score only: written by hand for `mj score`, never set in play".into(),
        WordSource::Unset => "never set in play (no `fact`, not `score_only`)".into(),
    }
}
