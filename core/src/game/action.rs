//! What a player may choose. Draws are not actions: the engine draws for the player whose turn
//! it is, so a player can never skip or duplicate one.

use crate::tile::{Tile, TileSet};

/// One decision by one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard a concealed tile, ending the turn.
    Discard(Tile),
    /// Discard a red copy of `tile` (tile sets with red fives) while plain copies are held too:
    /// `Discard` gives a plain copy first, so this names the other choice. Listed only when the
    /// seat holds both.
    DiscardRed(Tile),
    /// Declare a win on the tile just drawn (自摸).
    SelfWin,
    /// Declare four concealed copies as a kong (暗杠).
    ConcealedKong(Tile),
    /// Add the fourth copy to one's pong (加杠).
    AddedKong(Tile),
    /// Set a bonus tile aside and draw a replacement.
    Bonus(Tile),
    /// Decline the discard or kong on offer.
    Pass,
    /// Claim the discard for a chow starting at this tile.
    Chi(Tile),
    /// Claim the discard for a pong.
    Pong,
    /// Claim the discard for a kong (大明杠).
    ExposedKong,
    /// Win on the discard, or rob the kong on offer.
    Win,
    /// Before play: pass these tiles face down (换三张).
    Exchange(TilePick),
    /// Before play: declare the suit with this index (in the tile set's order) void (定缺).
    DeclareVoid(u8),
    /// Declare ready (亮倒) and discard `discard`; `hidden` is a bit set of tile ids (bit = id) of
    /// concealed triplets kept hidden.
    DeclareReady { discard: Tile, hidden: u64 },
    /// Call the hand off as an abortive draw (九種九牌: nine kinds of terminals and honours on
    /// the first draw), where the table allows it.
    AbortiveDraw,
}

impl Action {
    /// Short text for messages and the text record, e.g. `discard 5m`.
    pub fn describe(&self, set: &TileSet) -> String {
        match *self {
            Action::Discard(t) => format!("discard {}", set.notation(t)),
            Action::DiscardRed(t) => format!("discard {}", set.red_notation(t)),
            Action::SelfWin => "self-drawn win".into(),
            Action::ConcealedKong(t) => format!("concealed kong {}", set.notation(t)),
            Action::AddedKong(t) => format!("added kong {}", set.notation(t)),
            Action::Bonus(t) => format!("bonus {}", set.notation(t)),
            Action::Pass => "pass".into(),
            Action::Chi(t) => format!("chi from {}", set.notation(t)),
            Action::Pong => "pong".into(),
            Action::ExposedKong => "exposed kong".into(),
            Action::Win => "win".into(),
            Action::Exchange(pick) => format!(
                "pass {}",
                pick.tiles().iter().map(|&t| set.notation(t)).collect::<String>()
            ),
            Action::DeclareVoid(suit) => match set.suits().get(usize::from(suit)) {
                Some(s) => format!("declare {} ({}) void", s.letter, s.name),
                None => format!("declare suit {suit} void"),
            },
            Action::AbortiveDraw => "abortive draw".into(),
            Action::DeclareReady { discard, hidden } => {
                let mut s = format!("declare ready, discard {}", set.notation(discard));
                let kept: Vec<String> = set
                    .tiles()
                    .filter(|t| hidden >> t.id() & 1 == 1)
                    .map(|t| set.notation(t))
                    .collect();
                if !kept.is_empty() {
                    s.push_str(&format!(", hiding {}", kept.join(" ")));
                }
                s
            }
        }
    }
}

/// A few tiles chosen together (at most four), kept as plain data so that actions stay `Copy`:
/// the tiles a seat passes in an exchange, in tile order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TilePick {
    tiles: [Tile; 4],
    len: u8,
}

impl TilePick {
    /// The pick of `tiles` (sorted); `None` for more than four.
    pub fn new(tiles: &[Tile]) -> Option<TilePick> {
        if tiles.len() > 4 {
            return None;
        }
        let mut v = tiles.to_vec();
        v.sort_unstable();
        let mut out = [Tile::from_id(0); 4];
        out[..v.len()].copy_from_slice(&v);
        Some(TilePick {
            tiles: out,
            len: v.len() as u8,
        })
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }
}
