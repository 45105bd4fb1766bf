//! A reading of a complete hand: one way its tiles form a win. Fans are judged per reading, and a
//! hand's score is the best over its readings, so readings carry everything fans look at: the
//! sets, whether each is concealed, which group holds the winning tile and how it was waited.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use crate::tile::Tile;

/// Which win forms a ruleset enables. Read by [`crate::decompose`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormRules {
    /// n sets + a pair, n = (tiles - 2) / 3 (4 for 14-tile hands, 5 for 17-tile hands).
    pub standard: bool,
    /// Seven distinct-or-not pairs, concealed, 14 tiles. Four equal tiles count as two pairs
    /// when `seven_pairs_allow_four` is set (the Chinese Official reading).
    pub seven_pairs: bool,
    pub seven_pairs_allow_four: bool,
    /// Concealed pungs held beside the seven pairs (嚦咕嚦咕 of 17-tile hands: seven pairs and a
    /// pung), so the form takes 14 + 3 × this many tiles. 0 for the plain form.
    pub seven_pairs_pungs: u8,
    /// Thirteen-orphans-like form: one of each listed tile plus one duplicate of any of them.
    /// Empty disables it.
    pub orphans: Vec<Tile>,
    /// Honours-and-knitted (全不靠): 14 single tiles, honours plus knitted 147/258/369 of three
    /// distinct suits, no pair. Needs 9-rank suits 1–9 to be meaningful.
    pub honours_knitted: bool,
    /// Knitted straight (组合龙: 147/258/369 in three distinct suits) plus one set and a pair.
    pub knitted_straight: bool,
}

impl Default for FormRules {
    fn default() -> Self {
        FormRules {
            standard: true,
            seven_pairs: false,
            seven_pairs_allow_four: true,
            seven_pairs_pungs: 0,
            orphans: Vec::new(),
            honours_knitted: false,
            knitted_straight: false,
        }
    }
}

/// The shape of a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Form {
    Standard,
    SevenPairs,
    Orphans,
    HonoursKnitted,
    KnittedStraight,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SetKind {
    Chow,
    Pung,
    Kong,
}

/// One set (meld) of a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Set {
    pub kind: SetKind,
    /// A chow's lowest tile, or the tile of a pung/kong.
    pub tile: Tile,
    /// Formed from concealed tiles or a concealed kong. A pung completed by a discard is
    /// reported concealed here with `winning` set; fans decide what that means (see `Reading`).
    pub concealed: bool,
    /// Index into `Hand::melds` when the set was declared during play.
    pub meld: Option<u8>,
}

/// Where the winning tile sits in a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinPlace {
    /// In `sets[i]`.
    Set(u8),
    /// In the pair (standard form) or one of the pairs (seven pairs).
    Pair,
    /// In the knitted part (knitted straight body, honours-and-knitted, orphans).
    Knitted,
}

/// How the winning tile was waited on in this reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Wait {
    /// Completes x(x+1) from either end (两面).
    TwoSided,
    /// 12 waiting on 3, or (top-1)(top) waiting on top-2 (边张).
    Edge,
    /// Middle of a chow (坎张).
    Closed,
    /// Completes the pair (单钓).
    Single,
    /// Completes a pung from a pair (双碰).
    Pung,
    /// Any wait in a knitted or orphans shape.
    Knitted,
}

impl Wait {
    /// A small index per wait, for bit sets of waits.
    pub fn bit(self) -> u8 {
        match self {
            Wait::TwoSided => 0,
            Wait::Edge => 1,
            Wait::Closed => 2,
            Wait::Single => 3,
            Wait::Pung => 4,
            Wait::Knitted => 5,
        }
    }
}

/// One way a complete hand is a win.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    pub form: Form,
    /// Declared melds first (in `Hand::melds` order), then concealed sets in tile order.
    pub sets: Sets,
    /// The pair tile of the standard and knitted-straight forms; the duplicated tile of orphans.
    pub pair: Option<Tile>,
    /// Seven pairs: the pair tiles, ascending (a tile appears twice if four copies form two pairs).
    pub pairs: Tiles,
    /// Knitted forms: the nine (or fewer, for honours-and-knitted) knitted number tiles, ascending.
    pub knitted: Tiles,
    /// Honours-and-knitted: the honour tiles held, ascending. Without them the reading would not
    /// say which honours are missing, and could not be turned back into the hand it came from.
    pub honours: Tiles,
    pub win: WinPlace,
    pub wait: Wait,
}

/// Most sets a reading holds: 26 concealed tiles ([`crate::decompose::MAX_CONCEALED`]) make eight
/// sets and a pair. A hand needing more (many declared melds on top of a large concealed part)
/// has no reading: [`crate::decompose::readings`] returns nothing rather than panic.
pub const MAX_SETS: usize = 8;

/// Most tiles a reading lists in `pairs`, `knitted` or `honours` (seven pairs lists 7, knitted
/// forms at most 9, honours at most the honour kinds of a 14-tile hand).
pub const MAX_LISTED: usize = 16;

/// Defines a fixed-capacity inline list that reads as a slice. Slots past `len` hold a filler
/// value and take no part in comparison, hashing or formatting.
macro_rules! inline_list {
    ($(#[$doc:meta])* $name:ident, $item:ty, $cap:expr, $filler:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name {
            len: u8,
            items: [$item; $cap],
        }

        impl $name {
            /// How many items fit.
            pub const CAPACITY: usize = $cap;

            /// An empty list.
            pub const fn new() -> Self {
                $name {
                    len: 0,
                    items: [$filler; $cap],
                }
            }

            /// Appends `item`; returns `false` (leaving the list unchanged) when it is full.
            #[must_use = "a full list refuses the item"]
            pub fn push(&mut self, item: $item) -> bool {
                let Some(slot) = self.items.get_mut(self.len as usize) else {
                    return false;
                };
                *slot = item;
                self.len += 1;
                true
            }

            /// Shortens the list to `len` items (no effect if it is not longer).
            pub fn truncate(&mut self, len: usize) {
                if len < self.len as usize {
                    self.len = len as u8;
                }
            }

            /// Removes every item.
            pub fn clear(&mut self) {
                self.len = 0;
            }

            /// A copy of `items`, or `None` when there are more than [`Self::CAPACITY`].
            pub fn from_slice(items: &[$item]) -> Option<Self> {
                let mut out = Self::new();
                out.items.get_mut(..items.len())?.copy_from_slice(items);
                out.len = items.len() as u8;
                Some(out)
            }

            /// The used part.
            pub fn as_slice(&self) -> &[$item] {
                &self.items[..self.len as usize]
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Deref for $name {
            type Target = [$item];
            fn deref(&self) -> &[$item] {
                self.as_slice()
            }
        }

        impl AsRef<[$item]> for $name {
            fn as_ref(&self) -> &[$item] {
                self.as_slice()
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.as_slice() == other.as_slice()
            }
        }

        impl Eq for $name {}

        impl PartialEq<[$item]> for $name {
            fn eq(&self, other: &[$item]) -> bool {
                self.as_slice() == other
            }
        }

        impl PartialEq<Vec<$item>> for $name {
            fn eq(&self, other: &Vec<$item>) -> bool {
                self.as_slice() == other.as_slice()
            }
        }

        impl Hash for $name {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_slice().hash(state);
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.as_slice()).finish()
            }
        }

        /// Panics past [`Self::CAPACITY`] items; use [`Self::push`] to handle a full list.
        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> Self {
                let mut out = Self::new();
                for item in iter {
                    assert!(out.push(item), concat!(stringify!($name), " capacity exceeded"));
                }
                out
            }
        }

        impl<'a> IntoIterator for &'a $name {
            type Item = &'a $item;
            type IntoIter = std::slice::Iter<'a, $item>;
            fn into_iter(self) -> Self::IntoIter {
                self.as_slice().iter()
            }
        }
    };
}

inline_list!(
    /// The sets of a reading: up to [`MAX_SETS`], held inline (no heap allocation).
    Sets,
    Set,
    MAX_SETS,
    Set {
        kind: SetKind::Chow,
        tile: Tile::from_id(0),
        concealed: false,
        meld: None,
    }
);

inline_list!(
    /// A tile list of a reading: up to [`MAX_LISTED`], held inline (no heap allocation).
    Tiles,
    Tile,
    MAX_LISTED,
    Tile::from_id(0)
);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn hash(x: &impl Hash) -> u64 {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    }

    #[test]
    fn lists_compare_and_hash_by_their_used_part() {
        let a = Tiles::from_slice(&[Tile::from_id(3), Tile::from_id(5)]).expect("fits");
        let mut b: Tiles = [3, 5, 7].into_iter().map(Tile::from_id).collect();
        assert_ne!(a, b);
        b.truncate(2);
        // The dropped 7 still sits in a slot past `len`; it must not count.
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert_eq!(
            format!("{a:?}"),
            format!("{:?}", vec![Tile::from_id(3), Tile::from_id(5)])
        );
        assert_eq!(a, vec![Tile::from_id(3), Tile::from_id(5)]);
        assert!(a.contains(&Tile::from_id(5)) && a.len() == 2 && a[1] == Tile::from_id(5));
        assert!(Tiles::default().is_empty());
    }

    #[test]
    fn full_lists_refuse_items() {
        let set = Set {
            kind: SetKind::Pung,
            tile: Tile::from_id(1),
            concealed: true,
            meld: None,
        };
        let mut s = Sets::new();
        for _ in 0..MAX_SETS {
            assert!(s.push(set));
        }
        assert!(!s.push(set));
        assert_eq!(s.len(), MAX_SETS);
        assert!(Sets::from_slice(&[set; MAX_SETS + 1]).is_none());
        assert!(Tiles::from_slice(&[Tile::from_id(0); MAX_LISTED]).is_some());
    }
}
