//! A hand as the notation describes it: declared melds, concealed tiles, bonus tiles, context.

use crate::meld::Meld;
use crate::tile::{Counts, Tile, TileSet, Wind, MAX_KINDS};

/// How a hand was won and where it sits at the table. Every field is what the player claims; a
/// ruleset may correct a claim that the tiles contradict (e.g. 和绝张 with a copy in hand).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Context {
    /// Won on a self-drawn tile (自摸); otherwise on a discard.
    pub self_drawn: bool,
    /// The winning tile was the wall's last (妙手回春 / 海底捞月).
    pub last_tile: bool,
    /// Self-drawn: won on a kong replacement (杠上开花); discard: robbed a kong (抢杠和).
    pub kong: bool,
    /// The winning tile is the last unseen copy (和绝张).
    pub fourth: bool,
    pub seat: Wind,
    pub round: Wind,
    /// Bonus tiles held, by count (`flowers=N`) when the tiles themselves are not written.
    pub flowers: u8,
    /// Words a ruleset adds to the notation, in canonical (sorted) order: `(word, value)`, where
    /// value is `None` for a bare flag and `Some` for `word=value`.
    pub extra: Vec<(Word, Option<Word>)>,
}

/// A context word or its value: a few bytes, kept inline (a heap string each made copying a
/// hand, which the check of every context word does once per word, mostly allocation).
pub type Word = compact_str::CompactString;

impl Context {
    /// Whether a ruleset-declared flag word is present.
    pub fn has(&self, word: &str) -> bool {
        self.extra.iter().any(|(w, _)| same_word(w, word))
    }

    /// The value of a ruleset-declared `word=value`.
    pub fn value(&self, word: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(w, _)| same_word(w, word))
            .and_then(|(_, v)| v.as_deref())
    }
}

/// Whether two context word names are the same, the length and first letter compared before the
/// text: every scored hand looks its words up by name several times, and different names almost
/// always differ already there, so most comparisons end without a call to `memcmp`.
#[inline]
pub fn same_word(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

/// One line of hand notation, parsed against a tile set.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Hand {
    pub melds: Vec<Meld>,
    /// Concealed tiles in the order written. For scoring the last one is the winning tile; for
    /// waits the hand has 3n+1 tiles and no winning tile.
    pub concealed: Vec<Tile>,
    /// Bonus tiles written out (`15f`); their count adds to `context.flowers`.
    pub bonus: Vec<Tile>,
    pub context: Context,
    /// Which of the tiles are red copies (tile sets with red tiles only; empty otherwise).
    pub red: RedTiles,
}

/// Where the red copies of a hand are (`0m` in the notation of a tile set with red fives): kept
/// apart from the tiles, which stay plain kinds for every algorithm, so only what counts red
/// tiles and the printer look here.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RedTiles {
    /// Red copies in each declared meld, by meld index (empty when none is red).
    pub melds: Vec<u8>,
    /// Red concealed tiles other than the winning tile, one entry per copy.
    pub concealed: Vec<Tile>,
    /// The winning tile (the last concealed tile) is a red copy.
    pub winning: bool,
}

impl RedTiles {
    /// Red copies in the whole hand.
    pub fn count(&self) -> usize {
        self.melds.iter().map(|&n| n as usize).sum::<usize>()
            + self.concealed.len()
            + usize::from(self.winning)
    }
}

impl Hand {
    /// The winning tile, when the hand is read for scoring: the last concealed tile written.
    pub fn winning_tile(&self) -> Option<Tile> {
        self.concealed.last().copied()
    }

    /// Concealed tiles without the winning tile.
    pub fn concealed_before_win(&self) -> &[Tile] {
        let n = self.concealed.len().saturating_sub(1);
        &self.concealed[..n]
    }

    /// Whether the hand shows an exposed meld (a concealed kong is not one): fans with an open
    /// value count that.
    pub fn is_open(&self) -> bool {
        self.melds.iter().any(|m| !m.is_concealed())
    }

    /// Number of bonus tiles held, whether written out or counted.
    pub fn flower_count(&self) -> u8 {
        self.context.flowers.saturating_add(self.bonus.len() as u8)
    }

    /// Every tile, melds included, is of one number suit: no honours (the 清一色 display
    /// liability asks this of a winning hand).
    pub fn is_one_suit(&self, set: &TileSet) -> bool {
        let c = self.all_counts(set);
        let mut suits = set
            .tiles()
            .filter(|t| c[t.id()] > 0)
            .map(|t| set.suit_rank(t).map(|(s, _)| s));
        match suits.next() {
            Some(Some(first)) => suits.all(|s| s == Some(first)),
            _ => false,
        }
    }

    /// Counts of the concealed tiles (winning tile included).
    pub fn concealed_counts(&self) -> Counts {
        counts_of(&self.concealed)
    }

    /// Counts of every playing tile in the hand: concealed tiles plus all meld tiles.
    pub fn all_counts(&self, set: &TileSet) -> Counts {
        self.with_meld_counts(set, self.concealed_counts())
    }

    /// `concealed` (the counts of the concealed tiles, as [`Hand::concealed_counts`] gives them)
    /// with every meld tile added: [`Hand::all_counts`] for a caller that has counted the
    /// concealed tiles already, as the scorer of every hand has.
    pub fn with_meld_counts(&self, set: &TileSet, concealed: Counts) -> Counts {
        let mut c = concealed;
        for m in &self.melds {
            match *m {
                Meld::Chow { first, .. } => {
                    for t in (0..3).filter_map(|k| set.step(first, k)) {
                        c[t.id()] += 1;
                    }
                }
                _ => c[m.tile().id()] += m.len() as u8,
            }
        }
        c
    }

    /// Tiles in play for the hand-size rules: a kong counts as three, so a complete hand has
    /// 3n + 2 and a waiting one 3n + 1.
    pub fn effective_len(&self) -> usize {
        self.melds.len() * 3 + self.concealed.len()
    }
}

/// Count array of a list of tiles.
pub fn counts_of(tiles: &[Tile]) -> Counts {
    let mut c = [0u8; MAX_KINDS];
    for t in tiles {
        c[t.id()] += 1;
    }
    c
}
