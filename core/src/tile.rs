//! Tiles and tile sets.
//!
//! A [`TileSet`] is built from a [`TileSetSpec`] (plain data, usually read from a ruleset's `[tiles]`
//! table). Building it assigns every distinct tile kind a small integer id, so that hands can be
//! count arrays indexed by [`Tile`]. Ids are laid out suit by suit (rank order), then honours, then
//! bonus tiles; code may rely on that order, e.g. "the next rank" is `id + 1` within a suit.

use std::fmt;

/// The most distinct tile kinds a tile set may have. Count arrays are this long, which keeps them
/// on the stack and lets the compiler unroll loops over them.
pub const MAX_KINDS: usize = 48;

/// One tile kind of a particular [`TileSet`]: an index into its kinds table.
///
/// A `Tile` is only meaningful together with the tile set that produced it; the set hands them out
/// (it never makes one past its own kinds), so an out-of-range rank cannot be represented.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Tile(u8);

impl Tile {
    /// The tile's id, usable as an index into a [`Counts`] array.
    #[inline]
    pub const fn id(self) -> usize {
        self.0 as usize
    }

    /// Used by code that walks ids of one tile set (e.g. `TileSet::tiles`). Callers outside a
    /// tile set should obtain tiles from [`TileSet`] lookups instead.
    #[inline]
    pub(crate) const fn from_id(id: usize) -> Tile {
        Tile(id as u8)
    }
}

/// How many of each tile kind: the representation of every multiset of tiles in the engine.
pub type Counts = [u8; MAX_KINDS];

/// The set bits of a mask (of tile ids, ranks, fans...), lowest first.
#[inline]
pub fn ids(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The canonical letters of the honour tiles in the notation, in Chinese order (`1z`–`7z`).
pub const HONOUR_LETTERS: [char; 7] = ['E', 'S', 'W', 'N', 'C', 'F', 'P'];

/// What kind of tile a [`Tile`] id stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A number tile: `suit` indexes [`TileSet::suits`]; `rank` is the printed rank (1–10).
    Suited { suit: u8, rank: u8 },
    /// An honour: `letter` is one of [`HONOUR_LETTERS`]; `group` says winds/dragons/other.
    Honour { letter: char, group: HonourGroup },
    /// A bonus tile (flower/season), numbered 1–8 as in the notation's `f` suffix.
    Bonus { number: u8 },
}

/// Honour families. Fans speak of "winds" and "dragons"; a ruleset may add other honours.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum HonourGroup {
    Wind,
    Dragon,
}

/// Plain-data description of a tile set, as a ruleset's `[tiles]` table gives it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSetSpec {
    /// Number suits in id order.
    pub suits: Vec<SuitSpec>,
    /// Honour tiles by notation letter (`E S W N C F P`), in id order.
    #[serde(default)]
    pub honours: Vec<char>,
    /// Copies of each honour tile.
    #[serde(default = "four")]
    pub honour_copies: u8,
    /// Bonus tiles by number (1–8 = 春夏秋冬梅兰竹菊); one copy each.
    #[serde(default)]
    pub bonus: Vec<u8>,
    /// The honours that `1z`–`7z` stand for, in that order; default E S W N C F P (Chinese
    /// order). Japanese tools number them E S W N P F C.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub honour_numbers: Option<Vec<char>>,
    /// Each bonus tile belongs to a seat, by the number printed on it: `1f 5f` to E, `2f 6f` to
    /// S, `3f 7f` to W, `4f 8f` to N (Taiwanese and Hong Kong tables score a player's own
    /// flowers). The notation then refuses `flowers=N`, which loses whose flowers they are.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bonus_seats: bool,
}

fn four() -> u8 {
    4
}

/// One number suit: its notation letter and rank range.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuitSpec {
    /// Notation letter: `m`, `p` or `s`.
    pub letter: char,
    /// Display name, e.g. "万".
    #[serde(default)]
    pub name: String,
    /// Lowest rank (usually 1).
    #[serde(default = "one")]
    pub min_rank: u8,
    /// Highest rank: 9, or 10 for suits ranked to ten.
    pub max_rank: u8,
    /// Copies of each tile.
    #[serde(default = "four")]
    pub copies: u8,
    /// How many copies of the rank-`red_rank` tile are red: a variant of that tile that is
    /// worth something more (赤ドラ), written with the digit `0` in hands. A suit reaching rank
    /// ten cannot have red tiles: `0` would be ambiguous.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub red: u8,
    /// The rank of the red tiles, default 5.
    #[serde(default = "five", skip_serializing_if = "is_five")]
    pub red_rank: u8,
    /// The ranks that are in play, when not all of `min_rank..=max_rank` are (three-player
    /// riichi keeps only 1m and 9m). The others keep their place in the rank order, with no
    /// copies: no hand, wall or wait holds them, and no sequence runs through them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranks: Option<Vec<u8>>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
fn five() -> u8 {
    5
}
fn is_five(n: &u8) -> bool {
    *n == 5
}

fn one() -> u8 {
    1
}

/// A number suit of a built tile set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suit {
    pub letter: char,
    pub name: String,
    pub min_rank: u8,
    pub max_rank: u8,
    pub copies: u8,
    /// Id of the suit's lowest-rank tile; the suit occupies ids `first..first + len`.
    pub first: u8,
}

impl Suit {
    pub fn len(&self) -> usize {
        (self.max_rank - self.min_rank + 1) as usize
    }
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// Why a [`TileSetSpec`] cannot be built. Reported by the ruleset loader with the spec's location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSetError {
    NoTiles,
    TooManyKinds(usize),
    BadSuitLetter(char),
    DuplicateSuit(char),
    BadRankRange {
        letter: char,
        min: u8,
        max: u8,
    },
    BadCopies {
        what: String,
        copies: u8,
    },
    BadHonour(char),
    DuplicateHonour(char),
    BadBonus(u8),
    DuplicateBonus(u8),
    /// Red tiles in a suit that reaches rank ten (`0` would mean both).
    RedWithTen(char),
    /// More red copies than copies, or a red rank outside the suit.
    BadRed {
        letter: char,
        red: u8,
        rank: u8,
    },
    /// `honour_numbers` names a tile that is not an honour, or one twice.
    BadHonourNumbers(String),
}

impl fmt::Display for TileSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileSetError::NoTiles => write!(f, "the tile set has no tiles; add at least one suit or honour"),
            TileSetError::TooManyKinds(n) => {
                write!(
                    f,
                    "the tile set has {n} tile kinds; at most {MAX_KINDS} are supported"
                )
            }
            TileSetError::BadSuitLetter(c) => {
                write!(
                    f,
                    "suit letter `{c}` is not one of the notation's suits; use `m`, `p` or `s`"
                )
            }
            TileSetError::DuplicateSuit(c) => write!(f, "suit `{c}` is listed twice"),
            TileSetError::BadRankRange { letter, min, max } => write!(
                f,
                "suit `{letter}` has ranks {min}–{max}; ranks must run upward within 1–10"
            ),
            TileSetError::BadCopies { what, copies } => {
                write!(f, "{what} has {copies} copies; use 1 to 8")
            }
            TileSetError::BadHonour(c) => write!(
                f,
                "honour `{c}` is not in the notation; use E S W N (winds) or C F P (dragons)"
            ),
            TileSetError::DuplicateHonour(c) => write!(f, "honour `{c}` is listed twice"),
            TileSetError::BadBonus(n) => write!(f, "bonus tile {n} does not exist; use 1 to 8"),
            TileSetError::DuplicateBonus(n) => write!(f, "bonus tile {n} is listed twice"),
            TileSetError::RedWithTen(c) => write!(
                f,
                "suit `{c}` has red tiles and rank ten; both are written `0` in hands, so a suit may have one or the other"
            ),
            TileSetError::BadRed { letter, red, rank } => write!(
                f,
                "suit `{letter}` has {red} red copies of rank {rank}; the rank must be in the suit and red copies at most its copies"
            ),
            TileSetError::BadHonourNumbers(m) => write!(f, "honour_numbers: {m}"),
        }
    }
}

impl std::error::Error for TileSetError {}

/// Checks one suit of a spec against the suits already accepted: the letter, rank range, copies
/// and red copies must be ones the notation can express.
fn check_suit(s: &SuitSpec, suits: &[Suit]) -> Result<(), TileSetError> {
    if !matches!(s.letter, 'm' | 'p' | 's') {
        return Err(TileSetError::BadSuitLetter(s.letter));
    }
    if suits.iter().any(|x| x.letter == s.letter) {
        return Err(TileSetError::DuplicateSuit(s.letter));
    }
    if s.min_rank == 0 || s.max_rank > 10 || s.min_rank > s.max_rank {
        return Err(TileSetError::BadRankRange {
            letter: s.letter,
            min: s.min_rank,
            max: s.max_rank,
        });
    }
    if s.copies == 0 || s.copies > 8 {
        return Err(TileSetError::BadCopies {
            what: format!("suit `{}`", s.letter),
            copies: s.copies,
        });
    }
    if s.red > 0 && s.max_rank >= 10 {
        return Err(TileSetError::RedWithTen(s.letter));
    }
    let in_play = |r: u8| s.ranks.as_ref().is_none_or(|v| v.contains(&r));
    if let Some(bad) = s
        .ranks
        .iter()
        .flatten()
        .find(|r| !(s.min_rank..=s.max_rank).contains(r))
    {
        return Err(TileSetError::BadRankRange {
            letter: s.letter,
            min: *bad,
            max: *bad,
        });
    }
    if s.red > s.copies
        || (s.red > 0 && (!(s.min_rank..=s.max_rank).contains(&s.red_rank) || !in_play(s.red_rank)))
    {
        return Err(TileSetError::BadRed {
            letter: s.letter,
            red: s.red,
            rank: s.red_rank,
        });
    }
    Ok(())
}

/// The honour letters `1z`, `2z`, ... stand for: the spec's list, checked, or the standard order.
fn honour_numbering(spec: &TileSetSpec) -> Result<Vec<char>, TileSetError> {
    match &spec.honour_numbers {
        None => Ok(HONOUR_LETTERS.to_vec()),
        Some(list) => {
            for (i, c) in list.iter().enumerate() {
                if !HONOUR_LETTERS.contains(c) {
                    return Err(TileSetError::BadHonourNumbers(format!(
                        "`{c}` is not an honour; use E S W N C F P"
                    )));
                }
                if list[..i].contains(c) {
                    return Err(TileSetError::BadHonourNumbers(format!("`{c}` is listed twice")));
                }
            }
            Ok(list.clone())
        }
    }
}

/// A built tile set: the kinds table plus lookups used by the notation and the algorithms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    /// The ruleset name, used in error messages ("rank ten does not exist in ruleset mcr").
    pub name: String,
    suits: Vec<Suit>,
    kinds: Vec<Kind>,
    copies: Vec<u8>,
    /// Count of every id that is a playing (non-bonus) tile.
    playing_kinds: usize,
    /// Bit per id where a chow can start, so [`TileSet::chow_start`] (asked at every step of a
    /// decomposition) is one shift instead of a suit lookup.
    chow_starts: u64,
    /// The knitted patterns of this set, worked out once instead of on every win check.
    pub(crate) knits: Knits,
    /// Honours by their index in [`HONOUR_LETTERS`] and bonus tiles by number, so the notation
    /// finds each tile it reads with one lookup rather than a scan of the kinds.
    honour_by_letter: [Option<Tile>; 7],
    bonus_by_number: [Option<Tile>; 9],
    /// Red copies of every kind (0 for most).
    red: Vec<u8>,
    /// The honour letters `1z`, `2z`, ... stand for.
    honour_numbers: Vec<char>,
    /// Bonus tiles belong to seats ([`TileSetSpec::bonus_seats`]).
    bonus_seats: bool,
}

impl TileSet {
    /// Builds a tile set, checking that the spec is one the notation can express.
    pub fn new(name: impl Into<String>, spec: &TileSetSpec) -> Result<TileSet, TileSetError> {
        let mut suits = Vec::new();
        let mut kinds = Vec::new();
        let mut copies = Vec::new();
        let mut red = Vec::new();
        for s in &spec.suits {
            check_suit(s, &suits)?;
            let in_play = |r: u8| s.ranks.as_ref().is_none_or(|v| v.contains(&r));
            let first = kinds.len();
            let suit_index = suits.len() as u8;
            for rank in s.min_rank..=s.max_rank {
                kinds.push(Kind::Suited {
                    suit: suit_index,
                    rank,
                });
                copies.push(if in_play(rank) { s.copies } else { 0 });
                red.push(if rank == s.red_rank { s.red } else { 0 });
            }
            suits.push(Suit {
                letter: s.letter,
                name: s.name.clone(),
                min_rank: s.min_rank,
                max_rank: s.max_rank,
                copies: s.copies,
                first: first as u8,
            });
        }
        if !spec.honours.is_empty() && (spec.honour_copies == 0 || spec.honour_copies > 8) {
            return Err(TileSetError::BadCopies {
                what: "each honour".into(),
                copies: spec.honour_copies,
            });
        }
        let mut seen_honours = Vec::new();
        for &letter in &spec.honours {
            let group = match letter {
                'E' | 'S' | 'W' | 'N' => HonourGroup::Wind,
                'C' | 'F' | 'P' => HonourGroup::Dragon,
                other => return Err(TileSetError::BadHonour(other)),
            };
            if seen_honours.contains(&letter) {
                return Err(TileSetError::DuplicateHonour(letter));
            }
            seen_honours.push(letter);
            kinds.push(Kind::Honour { letter, group });
            copies.push(spec.honour_copies);
            red.push(0);
        }
        let honour_numbers = honour_numbering(spec)?;
        let playing_kinds = kinds.len();
        let mut seen_bonus = Vec::new();
        for &number in &spec.bonus {
            if !(1..=8).contains(&number) {
                return Err(TileSetError::BadBonus(number));
            }
            if seen_bonus.contains(&number) {
                return Err(TileSetError::DuplicateBonus(number));
            }
            seen_bonus.push(number);
            kinds.push(Kind::Bonus { number });
            copies.push(1);
            red.push(0);
        }
        if playing_kinds == 0 {
            return Err(TileSetError::NoTiles);
        }
        if kinds.len() > MAX_KINDS {
            return Err(TileSetError::TooManyKinds(kinds.len()));
        }
        let mut set = TileSet {
            name: name.into(),
            suits,
            kinds,
            copies,
            playing_kinds,
            chow_starts: 0,
            knits: Knits::default(),
            honour_by_letter: [None; 7],
            bonus_by_number: [None; 9],
            red,
            honour_numbers,
            bonus_seats: spec.bonus_seats,
        };
        set.index_lookups();
        set.chow_starts = (0..set.kinds.len())
            .filter(|&i| set.step(Tile::from_id(i), 2).is_some())
            .fold(0u64, |m, i| m | 1 << i);
        set.knits = Knits::compute(&set);
        Ok(set)
    }

    /// Fills the honour and bonus lookup tables from the kinds (the first kind of each wins).
    fn index_lookups(&mut self) {
        for (id, kind) in self.kinds.iter().enumerate() {
            let slot = match *kind {
                Kind::Honour { letter, .. } => HONOUR_LETTERS
                    .iter()
                    .position(|&l| l == letter)
                    .and_then(|i| self.honour_by_letter.get_mut(i)),
                Kind::Bonus { number } => self.bonus_by_number.get_mut(number as usize),
                Kind::Suited { .. } => None,
            };
            if let Some(slot @ None) = slot {
                *slot = Some(Tile::from_id(id));
            }
        }
    }

    pub fn suits(&self) -> &[Suit] {
        &self.suits
    }

    /// Number of distinct tile kinds, bonus tiles included.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// Number of distinct playing (non-bonus) kinds; their ids are `0..playing_kinds()`.
    pub fn playing_kinds(&self) -> usize {
        self.playing_kinds
    }

    /// The tile with id `id`, if this set has that many kinds.
    pub fn tile(&self, id: usize) -> Option<Tile> {
        (id < self.kinds.len()).then(|| Tile::from_id(id))
    }

    /// Every tile kind, in id order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.kinds.len()).map(Tile::from_id)
    }

    /// Every playing (non-bonus) tile kind, in id order.
    pub fn playing_tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.playing_kinds).map(Tile::from_id)
    }

    /// Total number of physical tiles (e.g. 144 for the Chinese Official set).
    pub fn total_tiles(&self) -> usize {
        self.copies.iter().map(|&c| c as usize).sum()
    }

    pub fn kind(&self, t: Tile) -> Kind {
        self.kinds[t.id()]
    }

    pub fn copies(&self, t: Tile) -> u8 {
        self.copies[t.id()]
    }

    /// How many copies of `t` are red (0 for most tiles and most tile sets).
    pub fn red_copies(&self, t: Tile) -> u8 {
        self.red.get(t.id()).copied().unwrap_or(0)
    }

    /// The tile of suit `letter` that has red copies, if any: what `0` of that suit means.
    pub fn red_tile(&self, letter: char) -> Option<Tile> {
        let s = self.suit_by_letter(letter)?;
        (s.first as usize..s.first as usize + s.len())
            .find(|&i| self.red[i] > 0)
            .map(Tile::from_id)
    }

    /// Whether any tile of the set has red copies.
    pub fn has_red(&self) -> bool {
        self.red.iter().any(|&r| r > 0)
    }

    /// The honour letter that `n`z stands for (1-based), in this set's numbering.
    pub fn honour_number(&self, n: u8) -> Option<char> {
        (n as usize)
            .checked_sub(1)
            .and_then(|i| self.honour_numbers.get(i))
            .copied()
    }

    /// The honour letters in `1z`–`7z` order, for messages.
    pub fn honour_numbering(&self) -> &[char] {
        &self.honour_numbers
    }

    /// The suited tile of `letter` and `rank`, if this set has it.
    pub fn suited(&self, letter: char, rank: u8) -> Option<Tile> {
        let s = self.suits.iter().find(|s| s.letter == letter)?;
        (s.min_rank..=s.max_rank)
            .contains(&rank)
            .then(|| Tile::from_id(s.first as usize + (rank - s.min_rank) as usize))
    }

    /// The honour tile with notation letter `letter`, if this set has it.
    pub fn honour(&self, letter: char) -> Option<Tile> {
        let i = HONOUR_LETTERS.iter().position(|&l| l == letter)?;
        self.honour_by_letter[i]
    }

    /// The bonus tile numbered `number` (1–8), if this set has it.
    pub fn bonus(&self, number: u8) -> Option<Tile> {
        self.bonus_by_number.get(number as usize).copied().flatten()
    }

    /// Whether each bonus tile belongs to a seat ([`TileSetSpec::bonus_seats`]).
    pub fn bonus_seats(&self) -> bool {
        self.bonus_seats
    }

    /// The number printed on a bonus tile (1–8), `None` for a playing tile.
    pub fn bonus_number(&self, t: Tile) -> Option<u8> {
        match self.kinds.get(t.id())? {
            Kind::Bonus { number } => Some(*number),
            _ => None,
        }
    }

    /// The suit a letter names, if this set has it.
    pub fn suit_by_letter(&self, letter: char) -> Option<&Suit> {
        self.suits.iter().find(|s| s.letter == letter)
    }

    /// Suit index and rank of a number tile.
    #[inline]
    pub fn suit_rank(&self, t: Tile) -> Option<(u8, u8)> {
        match self.kinds[t.id()] {
            Kind::Suited { suit, rank } => Some((suit, rank)),
            _ => None,
        }
    }

    #[inline]
    pub fn is_suited(&self, t: Tile) -> bool {
        matches!(self.kinds[t.id()], Kind::Suited { .. })
    }

    #[inline]
    pub fn is_honour(&self, t: Tile) -> bool {
        matches!(self.kinds[t.id()], Kind::Honour { .. })
    }

    #[inline]
    pub fn is_bonus(&self, t: Tile) -> bool {
        matches!(self.kinds[t.id()], Kind::Bonus { .. })
    }

    /// A terminal is the lowest or highest rank of its suit (1 and 9, or 1 and 10).
    #[inline]
    pub fn is_terminal(&self, t: Tile) -> bool {
        match self.kinds[t.id()] {
            Kind::Suited { suit, rank } => {
                let s = &self.suits[suit as usize];
                rank == s.min_rank || rank == s.max_rank
            }
            _ => false,
        }
    }

    /// The tile `steps` ranks above `t` in the same suit, if the suit reaches that far.
    /// Sequences never wrap: the successor of the top rank is `None`.
    #[inline]
    pub fn step(&self, t: Tile, steps: u8) -> Option<Tile> {
        let (suit, rank) = self.suit_rank(t)?;
        let s = &self.suits[suit as usize];
        let r = rank.checked_add(steps)?;
        (r <= s.max_rank).then(|| Tile::from_id(t.id() + steps as usize))
    }

    /// Whether a chow can start at `t` (t, t+1, t+2 all exist in its suit).
    #[inline]
    pub fn chow_start(&self, t: Tile) -> bool {
        t.id() < 64 && self.chow_starts >> t.id() & 1 != 0
    }

    /// Canonical notation of a single tile: `5m`, `0m` (rank ten), `E`, `3f`.
    pub fn notation(&self, t: Tile) -> String {
        match self.kinds[t.id()] {
            Kind::Suited { suit, rank } => format!("{}{}", rank % 10, self.suits[suit as usize].letter),
            Kind::Honour { letter, .. } => letter.to_string(),
            Kind::Bonus { number } => format!("{number}f"),
        }
    }

    /// The notation of a red copy of `t`: rank 0 (`0m`) in a tile set with red fives, where no
    /// rank is ten; the plain notation otherwise.
    pub fn red_notation(&self, t: Tile) -> String {
        match self.kinds[t.id()] {
            Kind::Suited { suit, .. } if self.has_red() => format!("0{}", self.suits[suit as usize].letter),
            _ => self.notation(t),
        }
    }

    /// A readable picture of a tile for terminal output. Unicode has mahjong glyphs for ranks 1–9,
    /// winds, dragons and the eight bonus tiles; it has none for rank ten, which is drawn as the
    /// suit's Chinese character after a bracketed "10" (`[10万]`) so it can never be mistaken for
    /// another tile.
    pub fn glyph(&self, t: Tile) -> String {
        const MAN: u32 = 0x1F007; // 🀇 one of characters
        const SOU: u32 = 0x1F010; // 🀐 one of bamboos
        const PIN: u32 = 0x1F019; // 🀙 one of circles
        let ch = |cp: u32| char::from_u32(cp).map(String::from).unwrap_or_default();
        match self.kinds[t.id()] {
            Kind::Suited { suit, rank } => {
                let s = &self.suits[suit as usize];
                let base = match s.letter {
                    'm' => MAN,
                    's' => SOU,
                    _ => PIN,
                };
                if rank <= 9 {
                    ch(base + rank as u32 - 1)
                } else {
                    let name = match s.letter {
                        'm' => "万",
                        's' => "条",
                        _ => "饼",
                    };
                    format!("[{rank}{name}]")
                }
            }
            Kind::Honour { letter, .. } => {
                let cp = match letter {
                    'E' => 0x1F000,
                    'S' => 0x1F001,
                    'W' => 0x1F002,
                    'N' => 0x1F003,
                    'C' => 0x1F004,
                    'F' => 0x1F005,
                    _ => 0x1F006,
                };
                ch(cp)
            }
            Kind::Bonus { number } => {
                // 🀢–🀥 are plum, orchid, bamboo, chrysanthemum (5–8); 🀦–🀩 spring..winter (1–4).
                let cp = if number <= 4 {
                    0x1F026 + number as u32 - 1
                } else {
                    0x1F022 + number as u32 - 5
                };
                ch(cp)
            }
        }
    }
}

/// A seat or prevalent wind, as an index 0–3 = east, south, west, north. Kept apart from honour
/// tiles because a tile set may have no wind tiles (kawuxing) while seats still have winds.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Wind(u8);

impl Wind {
    pub const EAST: Wind = Wind(0);
    pub const SOUTH: Wind = Wind(1);
    pub const WEST: Wind = Wind(2);
    pub const NORTH: Wind = Wind(3);

    pub fn from_index(i: u8) -> Option<Wind> {
        (i < 4).then_some(Wind(i))
    }
    pub fn from_letter(c: char) -> Option<Wind> {
        HONOUR_LETTERS[..4]
            .iter()
            .position(|&l| l == c)
            .map(|i| Wind(i as u8))
    }
    pub fn index(self) -> u8 {
        self.0
    }
    pub fn letter(self) -> char {
        HONOUR_LETTERS[self.0 as usize]
    }
}

/// The knitted 147/258/369 patterns a tile set allows, one mask per assignment of three distinct
/// suits to the three rank classes. Only suits ranked exactly 1–9 take part: the pattern is
/// defined on those ranks, and a ten would break its "one of each class" symmetry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Knits {
    pub masks: [u64; 6],
    pub len: usize,
}

impl Knits {
    /// The patterns of `set`, kept in the set itself.
    #[inline]
    pub fn of(set: &TileSet) -> &Knits {
        &set.knits
    }

    /// Works the patterns out (once, when the set is built).
    pub fn compute(set: &TileSet) -> Knits {
        let mut eligible = [0usize; 3];
        let mut n = 0;
        for s in set.suits() {
            if s.min_rank == 1 && s.max_rank == 9 && n < 3 {
                eligible[n] = s.first as usize;
                n += 1;
            }
        }
        let mut k = Knits {
            masks: [0; 6],
            len: 0,
        };
        if n < 3 {
            return k;
        }
        const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        for p in PERMS {
            let mut m = 0u64;
            for (class, &suit) in p.iter().enumerate() {
                for step in 0..3 {
                    m |= 1 << (eligible[suit] + class + 3 * step);
                }
            }
            k.masks[k.len] = m;
            k.len += 1;
        }
        k
    }

    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.masks[..self.len].iter().copied()
    }
}

/// `n` tiles in words: "1 tile", "14 tiles".
pub fn tiles_word(n: usize) -> String {
    if n == 1 {
        "1 tile".to_string()
    } else {
        format!("{n} tiles")
    }
}
