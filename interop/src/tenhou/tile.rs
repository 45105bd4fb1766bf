//! Tenhou's tile ids: 0–135, four copies of each of the 34 kinds in the order 1m–9m, 1p–9p,
//! 1s–9s, then the honours E S W N, white, green, red (Tenhou's `z` order, which is also our
//! riichi rulesets' `1z`–`7z`). The first copy of each five (ids 16, 52, 88) is the red five
//! when the game plays with red fives.

use std::fmt;

/// One physical tile of a Tenhou game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileId(u8);

/// Honour letters of our notation, in Tenhou's order (E S W N, white P, green F, red C).
const HONOURS: [char; 7] = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];

impl TileId {
    /// The tile with this id, if it is one (0–135).
    pub fn new(id: u32) -> Option<TileId> {
        u8::try_from(id).ok().filter(|&i| i < 136).map(TileId)
    }

    /// The id, 0–135.
    pub fn id(self) -> u8 {
        self.0
    }

    /// The kind, 0–33 (1m = 0, 1p = 9, 1s = 18, E = 27, red dragon = 33).
    pub fn kind(self) -> u8 {
        self.0 / 4
    }

    /// Whether this is the copy Tenhou paints red (the first five of a suit); whether it counts
    /// as red depends on the game's rules ([`super::log::Log::red_fives`]).
    pub fn is_red_five(self) -> bool {
        matches!(self.0, 16 | 52 | 88)
    }

    /// The suit letter (`m`, `p`, `s`, or `z` for honours).
    pub fn suit(self) -> char {
        ['m', 'p', 's', 'z'][usize::from(self.kind() / 9)]
    }

    /// The character naming the tile in its suit group of our notation: the rank digit (`0` for a
    /// red five when `red` says the game has them) or the honour letter.
    pub fn symbol(self, red: bool) -> char {
        let k = self.kind();
        if k >= 27 {
            HONOURS[usize::from(k - 27)]
        } else if red && self.is_red_five() {
            '0'
        } else {
            char::from(b'1' + k % 9)
        }
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tiles(f, &[*self], true)
    }
}

/// Writes tiles in our notation, grouped by suit in the order m p s then honours, each suit's
/// tiles in id order (a red five before the other fives, as Tenhou lists them), for example
/// `406m11s` or `EEC`.
pub fn write_tiles(out: &mut impl fmt::Write, tiles: &[TileId], red: bool) -> fmt::Result {
    let mut sorted = tiles.to_vec();
    sorted.sort();
    for suit in ['m', 'p', 's', 'z'] {
        let mut any = false;
        for t in sorted.iter().filter(|t| t.suit() == suit) {
            out.write_char(t.symbol(red))?;
            any = true;
        }
        if any && suit != 'z' {
            out.write_char(suit)?;
        }
    }
    Ok(())
}

/// [`write_tiles`] into a new string.
pub fn tiles_text(tiles: &[TileId], red: bool) -> String {
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = write_tiles(&mut s, tiles, red);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_names() {
        let t = |i| TileId::new(i).unwrap();
        assert_eq!(t(16).kind(), 4);
        assert!(t(52).is_red_five() && !t(53).is_red_five());
        assert_eq!(tiles_text(&[t(20), t(16), t(12), t(135), t(108)], true), "406mEC");
        assert_eq!(tiles_text(&[t(16)], false), "5m");
        assert_eq!(TileId::new(136), None);
    }
}
