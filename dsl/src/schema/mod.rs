//! The ruleset file format as serde sees it: one struct per TOML table, unknown keys rejected.
//! Everything here is raw text and numbers; meaning is given in [`crate::compile`].

use mj_core::TileSetSpec;
use serde::{Deserialize, Serialize};
use toml::Spanned;

mod penalty;
mod play;
pub use penalty::{Penalty, PenaltyAmount};
pub use play::{Declaration, ExchangeRule, Play};

/// One `ruleset.toml`. Every section is optional so that a ruleset that `extends` another can
/// give only what it changes.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFile {
    pub ruleset: Option<RawMeta>,
    pub tiles: Option<toml::Value>,
    pub wall: Option<toml::Value>,
    pub deal: Option<toml::Value>,
    pub play: Option<toml::Value>,
    pub win: Option<toml::Value>,
    pub scoring: Option<toml::Value>,
    pub settlement: Option<toml::Value>,
    #[serde(rename = "match")]
    pub match_: Option<toml::Value>,
    pub competition: Option<toml::Value>,
    /// Dora indicators: the "next tile" order (see `crate::points`).
    pub dora: Option<toml::Value>,
    /// Base points (fu) summed from the sets, the wait and the hand (see `crate::points`).
    pub fu: Option<toml::Value>,
    /// The points formula over han and fu, with its limit table (see `crate::points`).
    pub points: Option<toml::Value>,
    #[serde(default)]
    pub context: Vec<Spanned<RawContextWord>>,
    #[serde(default)]
    pub fan: Vec<Spanned<RawFan>>,
    #[serde(default)]
    pub script: Vec<Spanned<RawScript>>,
    /// Named settings, chosen in the ruleset's name (see [`RawSetting`]).
    #[serde(default)]
    pub setting: Vec<Spanned<RawSetting>>,
}

/// A `[[setting]]`: a named choice a ruleset offers (an option such as open tanyao), chosen in
/// the ruleset's name, `riichi[open_tanyao=false]`, so every command and API that takes a name
/// takes a choice too. A value's `overlay` is written as an extension ruleset's overrides are
/// and merged by the same code, so a setting can change anything an extension can. An extension
/// naming the same `id` may change the default (or other fields) of its base's setting.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSetting {
    pub id: Spanned<String>,
    pub zh: Option<String>,
    pub en: Option<String>,
    pub ja: Option<String>,
    pub definition: Option<String>,
    /// Every value the setting may take, default included.
    pub values: Option<Vec<Spanned<String>>>,
    /// Instead of `values`: the setting takes a whole number (within `range`, default 0 to
    /// 1,000,000) and sets this `[settlement] constants` name to it (Taiwan's 底 and 台錢).
    pub constant: Option<Spanned<String>>,
    pub range: Option<[i64; 2]>,
    pub default: Option<Spanned<String>>,
    /// Per value: the overrides it applies on top of the ruleset (no entry: none).
    #[serde(default)]
    pub overlay: std::collections::BTreeMap<String, RawFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMeta {
    pub name: Spanned<String>,
    pub version: Option<String>,
    pub description: Option<String>,
    /// Language of the primary fan names: "zh" or "en".
    pub language: Option<String>,
    pub extends: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawContextWord {
    pub word: Spanned<String>,
    /// `false` (a flag), `true` (any text), `"number"` or `"tiles"`.
    #[serde(default)]
    pub value: RawWordValue,
    /// For a `"number"` word: that many copies of this tile (in notation) are set aside beside
    /// the hand and count as held for tile-valued words (nuki-dora Norths).
    #[serde(default)]
    pub counts_as: Option<String>,
    /// A flag that may be written without tiles (`nagashi seat=S`): the line then scores this
    /// fan alone, as a self-drawn win of `seat=` without deposits.
    #[serde(default)]
    pub alone: Option<String>,
    #[serde(default)]
    pub help: String,
    /// The engine fact that sets the word in play (`after_kong_discard`, `bonus_replacement`,
    /// `wall_end`); without it the word must be `score_only`.
    #[serde(default)]
    pub fact: Option<Spanned<String>>,
    /// For `fact = "wall_end"`: the window, in tiles left in the wall.
    #[serde(default)]
    pub within: Option<Spanned<u32>>,
    /// The word is only ever written by hand (for `mj score`): play knows the same thing
    /// another way (who discarded, who had declared ready) or not at all.
    #[serde(default)]
    pub score_only: bool,
    /// Words (built-in or the ruleset's) that must be written with this one: `first` needs
    /// `self`.
    #[serde(default)]
    pub requires: Vec<String>,
    /// Words of which at least one must be written with this one: `ippatsu` needs `riichi`
    /// or `double`.
    #[serde(default)]
    pub requires_any: Vec<String>,
    /// Words that may not be written with this one.
    #[serde(default)]
    pub conflicts: Vec<String>,
    /// The word names the winner's declared void suit (a suit letter): the hand may hold no
    /// tile of it, and without the word it must lack at least one suit.
    #[serde(default)]
    pub void_suit: bool,
    /// The flag marks a line as a hand one tile short, valued as its best discard win over its
    /// waits (查大叫); `mj score` prints that value with no payments.
    #[serde(default)]
    pub ready_hand: bool,
    /// The word can only be written for a hand without an exposed meld (a concealed kong is not
    /// exposed): riichi is declared only with a concealed hand.
    #[serde(default)]
    pub concealed: bool,
    /// The word can only be written for a hand without any meld, concealed kongs included: a
    /// win on the first uninterrupted draw comes before every call and kong.
    #[serde(default)]
    pub no_melds: bool,
}

/// What a `[[context]]` word's `value` key says.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RawWordValue {
    Flag(bool),
    Kind(String),
}

impl Default for RawWordValue {
    fn default() -> Self {
        RawWordValue::Flag(false)
    }
}

/// A `[[fan]]` entry. In a ruleset that extends another, an entry whose id exists in the base
/// patches only the fields it gives; `remove = true` deletes the base fan.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFan {
    pub id: Spanned<String>,
    pub zh: Option<String>,
    pub en: Option<String>,
    /// The usual Japanese name, for rulesets that have one (riichi's yaku).
    pub ja: Option<String>,
    pub points: Option<Spanned<i64>>,
    /// The value when the hand has an exposed meld, where it differs from `points`; 0 means the
    /// fan needs a concealed hand.
    pub open_points: Option<i64>,
    /// A limit fan (yakuman): scores `[points] limit_fans`'s limit, and rules out every other
    /// fan of the reading.
    pub limit: Option<bool>,
    /// For rulesets whose fans multiply: the factor this fan contributes.
    pub multiplier: Option<Spanned<i64>>,
    pub definition: Option<String>,
    pub when: Option<Spanned<String>>,
    pub group: Option<Spanned<String>>,
    pub excludes: Option<Vec<Spanned<String>>>,
    /// Win forms the fan can apply to; default all.
    pub forms: Option<Vec<Spanned<String>>>,
    /// Most times the fan counts in one hand.
    pub max_count: Option<u32>,
    pub family: Option<String>,
    /// Bonus points (flowers): shown and paid, but not toward the minimum to win.
    pub bonus: Option<bool>,
    /// Scores only when no other (non-bonus) fan does: the chicken hand.
    pub fallback: Option<bool>,
    /// A reading with this fan rules out readings without one (nine gates is not also read as
    /// an ordinary hand).
    pub exclusive: Option<bool>,
    /// Counts only beside another fan that is neither bonus nor itself `needs_other` (riichi's
    /// paarenchan: a yakuman that needs a yaku).
    pub needs_other: Option<bool>,
    /// Remove this fan from the base ruleset.
    pub remove: Option<bool>,
    /// Name of a rhai function that returns the fan's count, for conditions patterns cannot say.
    pub script: Option<Spanned<String>>,
    /// A comment kept with the fan: how the ruleset reads an ambiguous rule text.
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawScript {
    pub file: Spanned<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tiles {
    #[serde(flatten)]
    pub spec: TileSetSpec,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Wall {
    /// Stacks (of two tiles) on each side, in seat order from the dealer.
    pub sides: Vec<u32>,
    #[serde(default = "two")]
    pub dice: u8,
    /// How the dice total chooses where the wall is broken: "count_from_dealer" (count seats
    /// counter-clockwise from the dealer, then stacks from the right of that side).
    #[serde(default = "count_from_dealer")]
    pub break_rule: String,
    /// Where kong and bonus replacement tiles are drawn from: "end" of the live wall.
    #[serde(default = "end")]
    pub replacement_from: String,
    /// Tiles at the end of the wall that are never drawn.
    #[serde(default)]
    pub kept_back: u32,
    /// Every seat has its own wall (the tiles cut into one equal part per seat, the dealer's
    /// first) and deals, draws and takes kong replacements only from it (Botzone's duplicate
    /// format). "The wall is empty" then means the wall of the seat that would draw next.
    #[serde(default)]
    pub per_seat: bool,
    /// The discard made when the wall the next draw would come from is empty: "win_only" (it can
    /// only be won or passed, and nobody kongs on the last turn) or "claimable" (chow, pong and
    /// kong stay open while the claimer's wall can give a replacement).
    #[serde(default = "win_only")]
    pub last_discard: String,
    /// Indicators shown from the tiles kept back (dora): how many at the deal, when a kong
    /// reveals the next, and whether a hidden one lies under each.
    #[serde(default)]
    pub indicators: Option<Indicators>,
}

/// `[wall.indicators]`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Indicators {
    /// Shown when the hand is dealt.
    #[serde(default = "one_u8")]
    pub at_deal: u8,
    /// When a kong shows one more: "none", "at_once" (every kong), or "concealed_at_once"
    /// (a concealed kong at once, another after the konger's discard or at the next kong).
    #[serde(default = "concealed_at_once")]
    pub kong: String,
    /// A hidden indicator lies under each shown one (ura).
    #[serde(default)]
    pub hidden: bool,
}

fn concealed_at_once() -> String {
    "concealed_at_once".into()
}

fn win_only() -> String {
    "win_only".into()
}

fn two() -> u8 {
    2
}
fn count_from_dealer() -> String {
    "count_from_dealer".into()
}
fn end() -> String {
    "end".into()
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub hand_size: u8,
    #[serde(default = "one_u8")]
    pub dealer_extra: u8,
    /// Bonus tiles are set aside and replaced at the deal, in seat order from the dealer.
    #[serde(default)]
    pub replace_bonus: bool,
}

fn one_u8() -> u8 {
    1
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Win {
    /// standard, seven_pairs, thirteen_orphans, honours_knitted, knitted_straight.
    pub forms: Vec<String>,
    /// The tiles of the thirteen-orphans form, in notation.
    #[serde(default)]
    pub orphans: Option<String>,
    #[serde(default = "yes")]
    pub seven_pairs_allow_four: bool,
    /// Concealed pungs beside the seven pairs (0–2): 1 is 嚦咕嚦咕 of 17-tile hands.
    #[serde(default)]
    pub seven_pairs_pungs: u8,
    #[serde(default)]
    pub min_points: i64,
    #[serde(default)]
    pub bonus_counts_toward_min: bool,
    /// A higher minimum for wins on a discard (or a robbed kong), e.g. 2 when a plain win
    /// (屁胡, value 1) may only be self-drawn.
    #[serde(default)]
    pub discard_min_points: Option<i64>,
    /// An instant win on the bonus tiles alone: a line holding every bonus tile of the set and
    /// no playing tile scores the `self_drawn` fan (drawing the last one, 八仙過海) or the
    /// `discard` fan (robbing it from `from=K`, 七搶一), alone.
    #[serde(default)]
    pub bonus_win: Option<BonusWin>,
    /// Words no win of a kind has together (the notation's flags or the ruleset's words): a line
    /// with all of them is an error, as play never sets them so.
    #[serde(default)]
    pub never_together: Vec<NeverTogether>,
}

/// One `[win] never_together` entry: `{ words = ["kong", "last"], win = "discard" }` (riichi: a
/// robbed kong is no last discard).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct NeverTogether {
    pub words: Vec<String>,
    /// `"discard"` or `"self_drawn"`: only wins of that kind; absent, every win.
    #[serde(default)]
    pub win: Option<String>,
}

/// The fans of `[win] bonus_win`, by fan id.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct BonusWin {
    #[serde(default)]
    pub self_drawn: Option<String>,
    #[serde(default)]
    pub discard: Option<String>,
    /// Fans that may be added to such a win (Taiwan's 莊家 and 連莊 when the dealer wins), each
    /// as often as its condition gives on the line's words.
    #[serde(default)]
    pub with: Vec<String>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// "sum" of points, or "product" of multipliers.
    #[serde(default = "sum")]
    pub combine: String,
    /// How chow and pung combination fans share sets: "once" (the Chinese Official principles
    /// 不重复 / 不拆移 / 不得相同 / 套算一次) or "all" (every matching group counts).
    #[serde(default = "all")]
    pub accounting: String,
    /// Forms whose readings rule out ordinary readings of the same hand.
    #[serde(default)]
    pub exclusive_forms: Vec<String>,
    /// A pung completed by a discard: "exposed", or "exposed_unless_chow" (stays concealed when
    /// the winning tile can also be read in a concealed chow of the same reading).
    #[serde(default = "exposed")]
    pub discard_pung: String,
    /// Forms considered when deciding whether a hand had a single winning tile.
    #[serde(default = "standard_only")]
    pub unique_wait_forms: Vec<String>,
    /// On a tie between readings, prefer one that has any of these fans.
    #[serde(default)]
    pub tie_prefer: Vec<String>,
    /// Cap on the combined value, if any.
    #[serde(default)]
    pub cap: Option<i64>,
    /// Every place the winning tile can take is a reading of its own: `wait(W)` sees that place
    /// only, and a pung completed by a discard is exposed exactly when the winning tile is placed
    /// in it (riichi: the wait and the fu it gives belong to one reading).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wait_per_reading: bool,
}

fn sum() -> String {
    "sum".into()
}
fn all() -> String {
    "all".into()
}
fn exposed() -> String {
    "exposed".into()
}
fn standard_only() -> Vec<String> {
    vec!["standard".into()]
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Settlement {
    pub self_drawn: Option<PaymentRule>,
    pub discard: Option<PaymentRule>,
    /// Robbing a kong; default: as a discard win with the konger as discarder.
    pub robbed_kong: Option<PaymentRule>,
    #[serde(default)]
    pub penalty: Vec<Penalty>,
    /// The most any one player pays for one win (after every formula, doubling included).
    #[serde(default)]
    pub cap: Option<i64>,
    /// Context words that tell `mj score` who had declared ready: `winner` a flag word, `payers`
    /// a `word=SEATS` word listing payers' seat winds (e.g. `ready_payers=SW`).
    #[serde(default)]
    pub declared_words: Option<DeclaredWords>,
    /// Context words that tell `mj score` the table's state: `stacks` a `word=A,B,C,D` word
    /// (every seat's chips, seat winds in order), `dealer_repeat` a flag (the dealer has kept
    /// the deal: 倍打).
    #[serde(default)]
    pub table_words: Option<TableWords>,
    /// Cases where one player pays every share of a self-drawn win.
    #[serde(default)]
    pub liable: Option<Liable>,
    /// Instant kong payments.
    #[serde(default)]
    pub kong: Option<KongPayments>,
    /// Payments at a drawn hand.
    #[serde(default)]
    pub drawn_hand: Option<DrawnHand>,
    /// Chips: no payment takes a player's points below this; a payer short of chips pays what
    /// it has, its payees in turn order from it.
    #[serde(default)]
    pub floor: Option<i64>,
    /// Every payment of a hand dealt by a dealer who kept the deal (倍打) is multiplied by this.
    #[serde(default)]
    pub dealer_repeat_multiplier: Option<i64>,
    /// A penalty for the same tile discarded several times in a row (追牌).
    #[serde(default)]
    pub discard_run: Option<DiscardRun>,
    /// Added to a win payment for each concealed pung or kong (坎) in the winning hand (数坎).
    #[serde(default)]
    pub per_concealed_pung: Option<i64>,
    /// Added to every win payment (漂).
    #[serde(default)]
    pub float: Option<i64>,
    /// Horses (买马) after a self-drawn win.
    #[serde(default)]
    pub horses: Option<Horses>,
    /// Paid to the winner from the table (no seat pays it): deposits such as riichi sticks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposits: Option<String>,
    /// A fan total → payment table with a limit, read by formulas as `table`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fan_table: Option<FanTable>,
    /// Named numbers every formula may use (`cap = 4`), so that two settings can each change
    /// one number of the same formula without rewriting it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constants: Option<std::collections::BTreeMap<String, i64>>,
}

/// What a hand of so many fans pays, as a table rather than a formula (Hong Kong's 1-2-4-8-16-
/// 24-…): formulas read `table`, the entry at min(total, `limit`). Two keys, so that a setting
/// changing the limit and one changing the table compose.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct FanTable {
    /// Entry `n` is what a hand of `n` fans pays; a total past the end pays the last entry.
    pub points: Vec<i64>,
    /// The fan total where payments stop rising (滿糊); default: the table's last entry.
    #[serde(default)]
    pub limit: Option<i64>,
}

impl FanTable {
    /// The payment of a hand of `total` fans: the entry at min(total, limit), never past the
    /// table's end; a negative total reads entry 0.
    pub fn portion(&self, total: i64) -> i64 {
        let last = self.points.len().saturating_sub(1) as i64;
        let at = total.min(self.limit.unwrap_or(last)).clamp(0, last);
        self.points.get(at as usize).copied().unwrap_or(0)
    }
}

/// 买马: after a self-drawn win `count` tiles are revealed from the wall's end; each number tile
/// whose rank is in `ranks` is the winner's horse, and each payer pays its payment once more
/// for each such horse.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Horses {
    pub count: u8,
    /// Ranks that count for the winner (e.g. 1, 4, 7: the winner's seat counting from the winner).
    pub ranks: Vec<u8>,
    /// Only when the winner had declared ready (孝感: 买马 only on a 亮倒 self-draw).
    #[serde(default)]
    pub declared_only: bool,
}

/// `count` discards in a row (no claim between) of one tile: the first of those discarders pays
/// `each` to every other player.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct DiscardRun {
    pub count: u8,
    pub each: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct DeclaredWords {
    pub winner: Option<String>,
    pub payers: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct TableWords {
    pub stacks: Option<String>,
    pub dealer_repeat: Option<String>,
    /// A `word=SEATS` word listing the seats (winds) that have already won and left the hand
    /// (play that goes on after a win): they pay nothing.
    #[serde(default)]
    pub left: Option<String>,
}

/// Who pays every share (what all other players would pay for a self-drawn win).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Liable {
    /// Robbing a kong is settled as self-drawn, the konger paying every share.
    #[serde(default)]
    pub robbed_kong: bool,
    /// A win on the replacement of a kong made on a discard: that discarder pays every share.
    #[serde(default)]
    pub kong_feeder: bool,
    /// A win on the replacement of a kong made on a discard is paid as a win on that discard:
    /// the discarder pays the `discard` formula, nobody else pays.
    #[serde(default)]
    pub kong_feeder_as_discard: bool,
    /// A self-drawn win with at least this many exposed melds: the player whose discard made the
    /// last meld pays every share (十二张落地 with 4).
    #[serde(default)]
    pub last_meld_feeder: Option<u8>,
    /// ... unless the winner has a concealed kong.
    #[serde(default)]
    pub last_meld_unless_concealed_kong: bool,
    /// A number context word (`bao=K`, K counted as `from=K`) by which a hand written for
    /// `mj score` names the player liable for its self-drawn win; play knows it from the cases
    /// above.
    #[serde(default)]
    pub word: Option<String>,
    /// A player with this many claims in a row from one feeder: that feeder pays every share of
    /// the player's win, however it is won.
    #[serde(default)]
    pub same_feeder_calls: Option<u8>,
    /// ... and the other way round: the caller pays every share of the feeder's win.
    #[serde(default)]
    pub same_feeder_calls_mutual: bool,
    /// A discard win by a player with at least this many claimed melds whose whole hand is of one
    /// suit without honours: the discarder pays every share (清一色 display).
    #[serde(default)]
    pub one_suit_display: Option<u8>,
    /// A discard win by a player down to one concealed tile: the discarder pays every share when
    /// every tile the player has held alone, and the winning tile, lie within this many ranks of
    /// the first one held alone (same suit; for an honour, the same honour group).
    #[serde(default)]
    pub single_tile_window: Option<u8>,
    /// A discard win by a declared player on the discard of a player who has not declared: the
    /// discarder pays every share (包胡).
    #[serde(default)]
    pub undeclared_feeds_declared: bool,
    /// Groups of tiles, in notation (`"CFP"`): a winner who has declared a pung or kong of every
    /// tile of a group, the last of them claimed on X's discard, makes X liable (包 big hands).
    #[serde(default)]
    pub group_feeder: Vec<String>,
    /// What the liable player of `group_feeder` pays of a win on a discard: `"all"` (every share,
    /// the default) or `"half"` (half of each payer's share; the payer the rest).
    #[serde(default)]
    pub group_feeder_discard: Option<String>,
    /// A context word (the counters, 本場) whose part of each share the liable player pays whole
    /// under `group_feeder_discard = "half"`: only the hand's value is split (Tenhou's pao).
    #[serde(default)]
    pub group_feeder_counters: Option<String>,
}

/// Formulas paid to a konger when a kong stands; `winner_declared` is the konger's declaration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct KongPayments {
    /// Paid by each other player for a kong added to one's pong.
    pub added: Option<String>,
    /// Paid by each other player for a concealed kong.
    pub concealed: Option<String>,
    /// Paid by the discarder for a kong on a discard.
    pub exposed: Option<String>,
    /// Who pays `exposed`: "discarder" (default) or "each" (every other player).
    #[serde(default)]
    pub exposed_payers: Option<String>,
    /// Multiplier for a kong declared with a kong's replacement tile (杠上杠), default 1.
    #[serde(default)]
    pub on_replacement: Option<i64>,
    /// Kong payments stand after a drawn hand (黄庄不黄杠), default true.
    #[serde(default)]
    pub stand_on_draw: Option<bool>,
    /// 呼叫转移: when the konger's discard right after a kong's replacement is won on, the money
    /// collected for that kong goes to the winners: "none" (default), "first" (all to the first
    /// winner in turn order after the discarder) or "even" (shared, a remainder to the first).
    #[serde(default)]
    pub transfer: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct DrawnHand {
    /// The first player to have declared ready pays this to each player who has not.
    #[serde(default)]
    pub first_declared_pays_undeclared: i64,
    /// Each player not ready (one tile from a win) pays this to each ready player (查叫).
    #[serde(default)]
    pub unready_pays_ready: i64,
    /// A sum the players not ready pay in all, shared equally, to the ready players, shared
    /// equally (不聴罰符); nothing when every player or none is ready.
    #[serde(default)]
    pub ready_split: i64,
    /// A result scored on a player's discards alone (流し満貫): every discard among `tiles`
    /// (notation) and none claimed; paid as a self-drawn win of `fan` alone, before and instead
    /// of any `ready_split`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards_fan: Option<DiscardsFan>,
    /// 查花猪: a formula each player still in who holds a tile of its declared void suit pays
    /// every other player still in who does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void_pays: Option<String>,
    /// 查大叫: a formula each player still in, not ready and not holding its void suit, pays
    /// every ready player still in, with `total` = the most the ready hand could score winning
    /// on a discard over its waits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unready_pays_value: Option<String>,
    /// 退税: every player still in who is not ready returns the kong money it holds to whoever
    /// paid it.
    #[serde(default)]
    pub unready_returns_kong_money: bool,
}

/// `[settlement.drawn_hand] discards_fan`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct DiscardsFan {
    /// The tiles every discard must be, in notation (`19m19p19sESWNCFP`).
    pub tiles: String,
    /// The id of the fan paid.
    pub fan: String,
}

/// Who pays a winner. Each formula is an expression over `total`, `bonus`, `points` (total
/// without bonus) and `flowers`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct PaymentRule {
    /// Paid by every other player (self-drawn).
    pub each: Option<String>,
    /// Paid by the discarder (discard win).
    pub discarder: Option<String>,
    /// Paid by each player other than winner and discarder.
    pub others: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Match {
    #[serde(default = "four_u32")]
    pub rounds: u32,
    /// A match of exactly this many hands, whatever the deal does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<u32>,
    #[serde(default)]
    pub start_points: i64,
    /// Ranking points by place at the table, first place first.
    #[serde(default)]
    pub ranking_points: Vec<i64>,
    /// The match ends early once this many players are at the `[settlement] floor`.
    #[serde(default)]
    pub end_at_floor: Option<u8>,
    /// The match ends after a hand that leaves anyone's points strictly below this (飛び).
    #[serde(default)]
    pub end_below: Option<i64>,
    /// In the last deal and the extra rounds, points that end the match once the deal passes.
    #[serde(default)]
    pub target: Option<i64>,
    /// Rounds played beyond `rounds` while nobody has `target` (西入).
    #[serde(default)]
    pub extra_rounds: u32,
    /// A dealer keeping the deal in the last deal or the extra rounds ends the match when first
    /// (with `target` or more): あがりやめ.
    #[serde(default)]
    pub last_dealer_stops: bool,
    /// With `last_dealer_stops`: the dealer's player may stop or play on, instead of the match
    /// ending by itself.
    #[serde(default)]
    pub last_dealer_chooses: bool,
    /// Points a result is counted from; default `start_points` (no oka).
    #[serde(default)]
    pub return_points: Option<i64>,
    /// Points per result point; a match has final results (uma and oka) only with it.
    #[serde(default)]
    pub point_unit: Option<i64>,
    /// A win or kong that would end the match early is offered only to a player who would
    /// finish first; other payments that would end it are held outside the table until it ends.
    #[serde(default)]
    pub leader_ends_only: bool,
    /// Players with equal totals: "seat_order" (the lower starting seat first; the default) or
    /// "share" (tied players split the ranking points of the places they cover).
    #[serde(default)]
    pub ties: Option<String>,
    /// Seat changes (换位): entry `r` applies after round `r + 1`, giving for every seat the seat
    /// its player moves to; `[]` changes nothing.
    #[serde(default)]
    pub seat_changes: Vec<Vec<usize>>,
}

fn four_u32() -> u32 {
    4
}

/// `[competition]`: how a tournament ranks the results of this ruleset's tables (see
/// `docs/tournament.md`). Every key is optional; defaults come from `[match]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Competition {
    /// Players per table; must be the ruleset's player count (the default).
    pub table_size: Option<usize>,
    /// Ranking points (标准分) by place at a table, first place first; default `[match]`'s.
    pub ranking_points: Option<Vec<i64>>,
    /// Equal scores at a table: "share" or "seat_order"; default `[match] ties`.
    pub ties: Option<String>,
    /// Tie-breaks after total ranking points, in order: "score", "best_ranking", "high_count".
    #[serde(default)]
    pub tie_breaks: Vec<String>,
    /// Ranking points that make a round count toward "high_count"; default first place's.
    pub high_ranking: Option<i64>,
    /// Team tie-breaks after the sum of members' ranking points.
    #[serde(default)]
    pub team_tie_breaks: Vec<String>,
    /// A table short of players: "bye" (the default) or "substitute".
    pub absence: Option<String>,
    /// Ranking points of a bye (default 0).
    pub bye_ranking_points: Option<i64>,
    /// Score of a bye (default `[match] start_points`).
    pub bye_score: Option<i64>,
    /// Places of every table that advance out of a round.
    pub advance_per_table: Option<usize>,
    /// Further places that go to the best next-placed players by score.
    pub advance_reserve: Option<usize>,
    /// 局 (matches) a table plays in one round, their scores added (default 1).
    pub sessions: Option<u32>,
    /// Seat changes between a round's sessions, as `[match] seat_changes`.
    #[serde(default)]
    pub session_seat_changes: Vec<Vec<usize>>,
    /// What a table's ranking points are: "places" (the ranking points of each place, the
    /// default) or "result" (each player's match result: points over `[match] return_points`
    /// in `point_unit`s, plus its place's ranking points as uma, plus the oka to first place).
    pub ranking: Option<String>,
}
