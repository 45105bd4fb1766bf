//! The compiled ruleset: native data the engine and scorer read on every hand. Built once by
//! [`crate::load`]; nothing in it is re-parsed afterwards.

use crate::expr::Cond;
pub use crate::plan::{form_bit, Accounting, Exclusion, Fan, Name, Plan, Step, ALL_FORMS};
use crate::schema;
use mj_core::notation::ContextWordSpec;
use mj_core::{FormRules, TileSet};

/// Names fan conditions see after the ruleset's context words, worked out by the scorer:
/// `red`, the red copies held; `seat_flowers`, the bonus tiles of the winner's seat held (the
/// tile numbered n belongs to seat (n − 1) mod 4: `1f 5f` E, `2f 6f` S, `3f 7f` W, `4f 8f` N);
/// `flower_sets`, the complete sets of four bonus tiles held (`1234f`, `5678f`);
/// `winner_dealer`, 1 when the winner deals the hand, and `dealer_streak`, the hands in a row the
/// dealer has kept the deal (both from [`Ruleset::dealer_of`]).
pub const DERIVED_WORDS: [&str; 5] = [
    "red",
    "seat_flowers",
    "flower_sets",
    "winner_dealer",
    "dealer_streak",
];

/// The fans of `[win] bonus_win`, by index: an instant win on every bonus tile.
#[derive(Clone, Debug, Default)]
pub struct BonusWinFans {
    /// Drawing the last one (八仙過海).
    pub self_drawn: Option<usize>,
    /// Robbing it from another player (七搶一).
    pub discard: Option<usize>,
    /// The fans such a win may add, read on the line's words alone (莊家, 連莊).
    pub with: Vec<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Sum,
    Product,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscardPung {
    Exposed,
    ExposedUnlessChow,
}

#[derive(Clone, Debug)]
pub struct Scoring {
    pub combine: Combine,
    pub accounting: Accounting,
    pub exclusive_forms: u8,
    pub discard_pung: DiscardPung,
    pub unique_wait_forms: FormRules,
    pub tie_prefer: Vec<usize>,
    pub cap: Option<i64>,
    /// Every place of the winning tile is a reading of its own.
    pub wait_per_reading: bool,
    /// Fans marked `exclusive`.
    pub exclusive_fans: Vec<usize>,
    /// Some fan is a `limit` fan, so a reading where one scores drops every other fan.
    pub has_limit_fans: bool,
    /// Some fan is `needs_other`: the scorer checks for its companion fan.
    pub has_needs_other: bool,
    /// What each fan's condition reads, by fan index: a context word's warning names its
    /// readers without walking every condition.
    pub reads: Vec<crate::expr::Reads>,
    /// Which fans the scorer visits at each step, worked out once at load.
    pub plan: Plan,
}

/// A compiled payment rule: formulas over [`crate::settle`]'s quantities.
#[derive(Clone, Debug, Default)]
pub struct PaymentRule {
    pub each: Option<Cond>,
    pub discarder: Option<Cond>,
    pub others: Option<Cond>,
}

#[derive(Clone, Debug, Default)]
pub struct Settlement {
    pub self_drawn: PaymentRule,
    pub discard: PaymentRule,
    pub robbed_kong: Option<PaymentRule>,
    pub penalties: Vec<schema::Penalty>,
    pub cap: Option<i64>,
    pub declared_words: schema::DeclaredWords,
    pub table_words: schema::TableWords,
    pub liable: schema::Liable,
    /// `[settlement.liable] group_feeder`, parsed: the tiles of each group.
    pub liable_groups: Vec<Vec<mj_core::Tile>>,
    /// `group_feeder_discard = "half"`: the liable player pays half of each share of a discard win.
    pub liable_groups_half: bool,
    /// `group_feeder_counters`: the index of the context word whose part the liable player pays
    /// whole under `liable_groups_half`.
    pub liable_groups_counters: Option<usize>,
    pub kong: KongRule,
    pub drawn_hand: schema::DrawnHand,
    /// `[settlement.drawn_hand] discards_fan`: the tiles every discard must be, and the fan paid.
    pub discards_fan: Option<(Vec<mj_core::Tile>, usize)>,
    pub floor: Option<i64>,
    /// Multiplier of every payment in a hand whose dealer kept the deal (1 = none).
    pub dealer_repeat_multiplier: i64,
    /// Same tile discarded `count` times in a row: the first discarder pays `each` to every other.
    pub discard_run: Option<(u8, Cond)>,
    /// Added to each win payment per concealed pung or kong of the winner (数坎); 0 = none.
    pub per_concealed_pung: i64,
    /// Added to each win payment (漂); 0 = none.
    pub float: i64,
    /// 买马 after a self-drawn win.
    pub horses: Option<schema::Horses>,
    /// Paid to the winner from the table (riichi deposits).
    pub deposits: Option<Cond>,
    /// The fan total → payment table formulas read as `table`.
    pub fan_table: Option<schema::FanTable>,
    /// `[settlement.drawn_hand] void_pays` (查花猪), compiled.
    pub void_pays: Option<Cond>,
    /// `[settlement.drawn_hand] unready_pays_value` (查大叫), compiled.
    pub unready_pays_value: Option<Cond>,
}

/// Compiled instant kong payments.
#[derive(Clone, Debug)]
pub struct KongRule {
    pub added: Option<Cond>,
    pub concealed: Option<Cond>,
    pub exposed: Option<Cond>,
    /// `exposed` is paid by every other player, not only the discarder.
    pub exposed_each: bool,
    pub on_replacement: i64,
    pub stand_on_draw: bool,
    /// 呼叫转移 (`transfer`).
    pub transfer: mj_core::game::rules::KongTransfer,
}

impl Default for KongRule {
    fn default() -> Self {
        KongRule {
            added: None,
            concealed: None,
            exposed: None,
            exposed_each: false,
            on_replacement: 1,
            stand_on_draw: true,
            transfer: Default::default(),
        }
    }
}

/// A loaded, validated, compiled ruleset.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub name: String,
    pub version: String,
    pub description: String,
    pub language: String,
    /// The chain of rulesets this one extends, nearest first.
    pub extends: Vec<String>,
    pub tiles: TileSet,
    pub tiles_spec: mj_core::TileSetSpec,
    pub wall: schema::Wall,
    pub deal: schema::Deal,
    pub play: schema::Play,
    /// The meld-declaring claims `play.claims` allows, as bits (see [`meld_claims`]).
    pub meld_claims: u8,
    pub win: schema::Win,
    pub forms: FormRules,
    pub min_points: i64,
    pub bonus_counts_toward_min: bool,
    pub fans: Vec<Fan>,
    pub scoring: Scoring,
    /// Base points (fu), dora order and the points formula, for rulesets that have them.
    pub points: crate::points::PointsRules,
    /// Context words whose count adds copies of a tile for tile-valued words: (word, tile id).
    pub word_counts_as: Vec<(usize, usize)>,
    /// Flags that may stand without tiles, and the fan such a line scores: (word, fan).
    pub alone_fans: Vec<(usize, usize)>,
    /// `[win] bonus_win`: the fans of an instant win on every bonus tile.
    pub bonus_win: BonusWinFans,
    pub settlement: Settlement,
    /// The merged `[settlement]` table as written, for `mj doc`.
    pub settlement_source: schema::Settlement,
    pub match_rules: Option<schema::Match>,
    /// `[competition]`, resolved against `[match]` and the table size.
    pub competition: Option<mj_core::tournament::Competition>,
    pub context_words: Vec<ContextWordSpec>,
    /// Where each of `context_words` (same order) gets its value in play.
    pub context_sources: Vec<WordSource>,
    /// The indexes in `context_words` of the words naming the engine facts `dealer` and
    /// `dealer_streak`, found once at load: [`Ruleset::dealer_of`] runs twice on every scored
    /// hand, and searching the sources each time was a measurable part of a riichi hand.
    pub dealer_words: [Option<usize>; 2],
    /// What the `[[context]]` entries say about words written together and the void suit.
    pub word_rules: Vec<crate::word_rules::WordRule>,
    /// What the scorer's conditions make of each of `context_words` (same order), for the check
    /// of words that change nothing.
    pub word_reach: Vec<WordReach>,
    pub scripts: crate::script::Scripts,
    /// Tile ids of the wind honours E S W N, where the tile set has them (seat and round fans).
    pub wind_tiles: [Option<usize>; 4],
    /// The printed names of the sets a reading can hold, for explanations.
    pub set_names: SetNames,
    /// Source files the ruleset was built from, for `mj check`.
    pub files: Vec<String>,
    /// The named settings (`[[setting]]`) with the value each has here, for `mj doc`.
    pub settings: Vec<Setting>,
}

/// What the scorer's conditions make of one ruleset word, worked out once at load
/// (`words::reach`): the word check asks it of every word of every hand, and walking the fan
/// table's conditions for it each time was a good part of a riichi report.
#[derive(Clone, Debug, Default)]
pub struct WordReach {
    /// Nothing the scorer reads can see the word, only the settlement (`words::settlement_only`).
    pub(crate) settlement_only: bool,
    /// The word counts as tiles, or a group fan reads it (`words::explained_with`).
    pub(crate) moves_sets: bool,
    /// By fan: whether its condition reads the word (or the derived words it feeds).
    pub(crate) readers: Vec<bool>,
    /// By fan: whether its condition is 0 on every reading without the word (`words::needs`).
    pub(crate) needed_by: Vec<bool>,
}

/// A named setting of a ruleset and the value it was loaded with (`riichi[kazoe=sanbaiman]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub id: String,
    pub zh: Option<String>,
    pub en: Option<String>,
    pub ja: Option<String>,
    pub definition: String,
    /// Every allowed value, in the order the ruleset lists them (empty for a number setting).
    pub values: Vec<String>,
    /// A number setting: the `[settlement] constants` name it sets, and the lowest and highest
    /// value it takes.
    pub constant: Option<(String, i64, i64)>,
    pub default: String,
    /// The value of this load: the one the name chose, else the default.
    pub value: String,
}

impl Setting {
    /// Whether `value` may be chosen: one of the values, or for a number setting a whole number
    /// in its range.
    pub fn allows(&self, value: &str) -> bool {
        match &self.constant {
            Some((_, lo, hi)) => value.parse::<i64>().is_ok_and(|v| (*lo..=*hi).contains(&v)),
            None => self.values.iter().any(|v| v == value),
        }
    }

    /// What may be chosen, in words: "one of a, b" or "a whole number from lo to hi".
    pub fn allowed(&self) -> String {
        match &self.constant {
            Some((_, lo, hi)) => format!("a whole number from {lo} to {hi}"),
            None => format!("one of {}", self.values.join(", ")),
        }
    }
}

/// Where a ruleset's context word gets its value when the engine plays a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordSource {
    /// The engine sets it from this fact about the win.
    Fact(mj_core::game::rules::WinFact),
    /// Only ever written by hand for `mj score` (`score_only = true`).
    ScoreOnly,
    /// Neither: play never sets it, so a fan that needs it is never awarded in play
    /// (`mj check` reports it).
    Unset,
}

impl Ruleset {
    /// Calls `each(i, value)` for every context word of the ruleset that `hand` carries: `i` its
    /// index in `context_words`, `value` its text (`None` for a flag). A word written twice
    /// counts once, with its first value. One pass over the hand's few words, each looked up
    /// among the ruleset's, rather than a search of the hand's words for each of the ruleset's:
    /// every scored hand reads them, and the names are compared as text.
    pub(crate) fn each_word<'h>(
        &self,
        hand: &'h mj_core::Hand,
        mut each: impl FnMut(usize, Option<&'h str>),
    ) {
        let extra = &hand.context.extra;
        let mut seen = 0u64;
        for (j, (k, v)) in extra.iter().enumerate() {
            let Some(i) = self
                .context_words
                .iter()
                .position(|w| mj_core::hand::same_word(&w.word, k))
            else {
                continue;
            };
            let repeated = match 1u64.checked_shl(i as u32) {
                Some(bit) => {
                    let was = seen & bit != 0;
                    seen |= bit;
                    was
                }
                None => extra[..j].iter().any(|(w, _)| w == k),
            };
            if !repeated {
                each(i, v.as_deref());
            }
        }
    }

    /// The context words play can never set (neither an engine fact nor `score_only`).
    pub fn unset_words(&self) -> Vec<&str> {
        self.context_words
            .iter()
            .zip(&self.context_sources)
            .filter(|(_, s)| **s == WordSource::Unset)
            .map(|(w, _)| w.word.as_str())
            .collect()
    }

    /// The seat dealing `hand` and the dealer's streak, from the words naming the engine facts
    /// `dealer` and `dealer_streak`: play sets them, `mj score` reads them from the line. Without
    /// such words (or when the line leaves them out) seat E deals and the streak is 0.
    pub fn dealer_of(&self, hand: &mj_core::Hand) -> (usize, u32) {
        let value = |word: Option<usize>| {
            word.and_then(|i| self.context_words.get(i))
                .and_then(|w| hand.context.value(&w.word))
        };
        let [dealer, streak] = self.dealer_words;
        let seat = value(dealer)
            .and_then(|v| v.chars().next())
            .and_then(mj_core::Wind::from_letter)
            .map_or(0, |w| w.index() as usize);
        let streak = value(streak).and_then(|v| v.parse().ok()).unwrap_or(0);
        (seat, streak)
    }

    /// The values of [`Ruleset::dealer_words`]: the first word naming each fact.
    pub(crate) fn find_dealer_words(sources: &[WordSource]) -> [Option<usize>; 2] {
        use mj_core::game::rules::WinFact;
        let find = |fact: WinFact| sources.iter().position(|s| *s == WordSource::Fact(fact));
        [find(WinFact::Dealer), find(WinFact::DealerStreak)]
    }

    pub fn fan_index(&self, id: &str) -> Option<usize> {
        self.fans.iter().position(|f| f.id == id)
    }

    /// Tiles in a complete hand, a kong counting three.
    pub fn win_size(&self) -> usize {
        self.deal.hand_size as usize + 1
    }
}

/// The claims that declare a meld, in the order of the bits of [`Ruleset::meld_claims`] (the scorer checks a
/// hand's melds against them).
const MELD_CLAIMS: [&str; 5] = ["chi", "pong", "exposed_kong", "added_kong", "concealed_kong"];

/// A bit per entry of [`MELD_CLAIMS`] that `claims` names: worked out at load, so checking a
/// hand's melds compares no strings.
pub(crate) fn meld_claims(claims: &[String]) -> u8 {
    MELD_CLAIMS
        .iter()
        .enumerate()
        .filter(|(_, name)| claims.iter().any(|c| c == *name))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// The kinds of set a reading names, as [`SetNames`] indexes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetName {
    Chow,
    Pung,
    Kong,
    Pair,
}

impl SetName {
    /// The tiles of the set of this kind whose first tile is `t`: a chow takes the next ranks the
    /// tile set has (fewer past the end of a suit, as a reading never holds).
    pub fn tiles(self, set: &mj_core::TileSet, t: mj_core::Tile) -> ([mj_core::Tile; 4], usize) {
        let mut tiles = [t; 4];
        let n = match self {
            SetName::Chow => {
                let mut n = 0;
                for next in (0..3).filter_map(|k| set.step(t, k)) {
                    tiles[n] = next;
                    n += 1;
                }
                n
            }
            SetName::Pung => 3,
            SetName::Kong => 4,
            SetName::Pair => 2,
        };
        (tiles, n)
    }
}

/// The printed name of every set a reading can hold (`234m`, `EEE`, `5555p`, `77s`), by first
/// tile and kind: the explanation of a hand names each of its sets, and a set's name depends on
/// nothing else, so they are printed once at load.
#[derive(Clone, Debug, Default)]
pub struct SetNames(Vec<[Name; 4]>);

impl SetNames {
    pub fn new(set: &mj_core::TileSet) -> SetNames {
        let name = |t, kind: SetName| {
            let (tiles, n) = kind.tiles(set, t);
            Name::new(mj_core::print_tiles(set, &tiles[..n]))
        };
        let mut names = Vec::new();
        for t in set.tiles() {
            names.resize(names.len().max(t.id() + 1), Default::default());
            names[t.id()] = [SetName::Chow, SetName::Pung, SetName::Kong, SetName::Pair].map(|k| name(t, k));
        }
        SetNames(names)
    }

    /// The name of the set of `kind` whose first tile is `t` (`None` for a tile of another set).
    pub fn get(&self, t: mj_core::Tile, kind: SetName) -> Option<Name> {
        self.0.get(t.id()).map(|n| n[kind as usize].clone())
    }
}
