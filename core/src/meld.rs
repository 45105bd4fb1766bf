//! Melds declared during play (chow, pung, kong), each remembering where its claimed tile came from.

use crate::reading::Tiles;
use crate::tile::{Tile, TileSet};

/// Where a claimed tile came from, relative to the claiming seat, as the notation's digit: the
/// number of seats back from the claimer against turn order, as `from=K` counts them
/// (shared/notation.md: 1 上家, 2 对家, 3 下家; three players, 1 the seat before and 2 the seat
/// after, "the same numbers in melds' `,k`"). At three seats the engine writes the seat after as
/// `Opposite` (2); a written `Right` (3, 下家) names the same seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum From {
    /// 上家, the player before you (notation 1).
    Left = 1,
    /// 对家 (notation 2).
    Opposite = 2,
    /// 下家, the player after you (notation 3).
    Right = 3,
}

impl From {
    pub fn from_digit(d: u8) -> Option<From> {
        match d {
            1 => Some(From::Left),
            2 => Some(From::Opposite),
            3 => Some(From::Right),
            _ => None,
        }
    }
    pub fn digit(self) -> u8 {
        self as u8
    }
}

/// A declared meld. Each variant holds exactly what the notation can say of it, so a chow cannot
/// claim to come from the opposite seat and a concealed kong cannot have a source.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Meld {
    /// Chow starting at `first`; `claimed` is which of the three tiles (1–3) was taken.
    Chow { first: Tile, claimed: u8 },
    /// Pung claimed from a discard.
    Pung { tile: Tile, from: From },
    /// Kong on a discard (大明杠).
    ExposedKong { tile: Tile, from: From },
    /// Kong made by adding a drawn tile to a pung claimed from `from` (加杠).
    AddedKong { tile: Tile, from: From },
    /// Concealed kong (暗杠).
    ConcealedKong { tile: Tile },
}

impl Meld {
    /// The seat whose discard made this meld, for the meld of seat `owner` at a table of
    /// `players`: `,2` counts two seats back as `from=2` does (the seat after at a table of
    /// three), and `,3` is 下家, the seat after, at any table. `None` for a concealed kong. A chow
    /// is always from the left; an added kong counts the pung it grew from.
    pub fn source_seat(&self, owner: usize, players: usize) -> Option<usize> {
        let from = match *self {
            Meld::Chow { .. } => From::Left,
            Meld::Pung { from, .. } | Meld::ExposedKong { from, .. } | Meld::AddedKong { from, .. } => from,
            Meld::ConcealedKong { .. } => return None,
        };
        let n = players.max(1);
        Some(match from {
            From::Left => (owner + n - 1) % n,
            // 下家, the seat after, at every table size.
            From::Right => (owner + 1) % n,
            // Two seats back: 对家 at four, the seat after at three.
            From::Opposite => (owner + 2 * n - 2) % n,
        })
    }

    /// The lowest tile of the meld (a chow's first tile; the tile of a pung or kong).
    pub fn tile(&self) -> Tile {
        match *self {
            Meld::Chow { first, .. } => first,
            Meld::Pung { tile, .. }
            | Meld::ExposedKong { tile, .. }
            | Meld::AddedKong { tile, .. }
            | Meld::ConcealedKong { tile } => tile,
        }
    }

    pub fn is_kong(&self) -> bool {
        matches!(
            self,
            Meld::ExposedKong { .. } | Meld::AddedKong { .. } | Meld::ConcealedKong { .. }
        )
    }

    /// Concealed kongs keep the hand concealed; every other meld opens it.
    pub fn is_concealed(&self) -> bool {
        matches!(self, Meld::ConcealedKong { .. })
    }

    pub fn len(&self) -> usize {
        if self.is_kong() {
            4
        } else {
            3
        }
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The tiles of the meld, in rank order. Returns `None` for a chow the suit cannot hold, which
    /// the notation parser rules out before a `Meld` is made. Held inline: scoring asks for them
    /// on every hand.
    pub fn tiles(&self, set: &TileSet) -> Option<Tiles> {
        match *self {
            Meld::Chow { first, .. } => Tiles::from_slice(&[first, set.step(first, 1)?, set.step(first, 2)?]),
            _ => Tiles::from_slice(&[self.tile(); 4][..self.len()]),
        }
    }
}
