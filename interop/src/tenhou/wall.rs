//! The wall of one Tenhou hand, rebuilt for our engine: arranged so that the deal, every
//! recorded draw, every replacement draw and every dora and ura-dora indicator come out where the
//! log shows them, with the red fives marked; the places the log never reveals get the remaining
//! tiles in tile order.

use super::log::{Event, Init};
use super::meld::MeldKind;
use super::tile::TileId;
use mj_core::game::{arrange_wall, deal_seats, Rules};
use mj_core::{parse_tiles, Tile};
use mj_dsl::table::Table;

/// Our tiles for Tenhou's 34 kinds, found by name in the ruleset's tile set, and whether the
/// game's red fives (ids 16, 52, 88) are red (the engine follows red copies apart from kinds).
pub struct Kinds {
    /// Our tile for each of Tenhou's 34 kinds; `None` for a kind the ruleset lacks (a
    /// three-player set has no 2m–8m), which a log may not show (see [`arrange`]).
    tiles: Vec<Option<Tile>>,
    /// A tile of the set, for [`Kinds::of`] on a lacking kind: `arrange` has refused any log
    /// that shows one, so it is never played.
    fallback: Tile,
    red_fives: bool,
}

impl Kinds {
    /// The kinds of `t`'s tile set (kinds it lacks are refused when a log shows them);
    /// `red_fives` as the log's rules say.
    pub fn new(t: &Table, red_fives: bool) -> Result<Kinds, String> {
        let mut tiles = Vec::with_capacity(34);
        for k in 0..34u32 {
            let id = TileId::new(k * 4 + 1).ok_or("tile ids")?;
            let found = parse_tiles(t.tiles(), &kind_name(id)).ok();
            tiles.push(found.and_then(|f| f.first().copied()));
        }
        let fallback = tiles
            .iter()
            .flatten()
            .next()
            .copied()
            .ok_or_else(|| format!("ruleset {} has none of Tenhou's tiles", t.table().ruleset))?;
        Ok(Kinds {
            tiles,
            fallback,
            red_fives: red_fives && t.tiles().has_red(),
        })
    }

    pub fn of(&self, id: TileId) -> Tile {
        self.get(id).unwrap_or(self.fallback)
    }

    /// Our tile for `id`'s kind, if the ruleset has it.
    pub fn get(&self, id: TileId) -> Option<Tile> {
        self.tiles.get(usize::from(id.kind())).copied().flatten()
    }

    /// Whether the tile is a red copy in this game.
    pub fn red(&self, id: TileId) -> bool {
        self.red_fives && id.is_red_five()
    }
}

/// The tiles one hand's events reveal, in the places the wall must hold them.
struct Reveal {
    hands: Vec<Vec<TileId>>,
    /// Ordinary draws in order (with a dealer's extra tile, the dealer's first draw is dealt).
    front: Vec<TileId>,
    /// Replacement draws (after a kan or a nuki) in order.
    replacements: Vec<TileId>,
    /// Dora indicators in order of reveal, and the ura-dora indicators under them.
    indicators: Vec<TileId>,
    ura: Vec<TileId>,
}

fn reveal(init: &Init, events: &[Event], dealer_extra: bool) -> Reveal {
    let mut r = Reveal {
        hands: init.hai.clone(),
        front: Vec::new(),
        replacements: Vec::new(),
        indicators: vec![init.dora_indicator],
        ura: Vec::new(),
    };
    let mut after_kan: Option<u8> = None;
    let mut first = dealer_extra;
    for e in events {
        match e {
            Event::Draw { who, tile } => {
                if first && *who == init.oya {
                    if let Some(h) = r.hands.get_mut(usize::from(init.oya)) {
                        h.push(*tile);
                    }
                } else if after_kan == Some(*who) {
                    r.replacements.push(*tile);
                } else {
                    r.front.push(*tile);
                }
                first = false;
                after_kan = None;
            }
            Event::Call { who, meld } if meld.kind != MeldKind::Chi && meld.kind != MeldKind::Pon => {
                after_kan = Some(*who);
            }
            Event::Dora { tile } => r.indicators.push(*tile),
            Event::Agari(a) if r.ura.is_empty() => r.ura = a.ura_hai.clone(),
            _ => {}
        }
    }
    r
}

/// The wall in draw order for the hand of `init` and `events` (the events after the INIT), and
/// which of its tiles are red copies. The kept-back tiles at the wall's end hold indicator `k`
/// at `2k` and its ura-dora indicator at `2k + 1` (the engine's `[wall.indicators]` layout);
/// replacement draws come from just before them.
pub fn arrange(
    t: &Table,
    kinds: &Kinds,
    init: &Init,
    events: &[Event],
) -> Result<(Vec<Tile>, Vec<bool>), String> {
    let set = t.tiles();
    let r = reveal(init, events, t.table().dealer_extra > 0);
    let kept_back = t.table().kept_back as usize;
    if 2 * r.indicators.len() > kept_back || 2 * r.ura.len() > kept_back {
        return Err(format!(
            "{} dora indicators, but the ruleset keeps {kept_back} tiles back",
            r.indicators.len()
        ));
    }
    let mut kept: Vec<Option<TileId>> = vec![None; kept_back];
    for (k, &i) in r.indicators.iter().enumerate() {
        kept[2 * k] = Some(i);
    }
    for (k, &u) in r.ura.iter().enumerate() {
        kept[2 * k + 1] = Some(u);
    }
    let mut left: Vec<i64> = set.tiles().map(|x| i64::from(set.copies(x))).collect();
    let shown = r.hands.iter().flatten().chain(&r.front).chain(&r.replacements);
    for &id in shown.chain(kept.iter().flatten()) {
        let k = kinds.get(id).ok_or_else(|| {
            format!(
                "the log shows {}, a tile ruleset {} does not have",
                kind_name(id),
                t.table().ruleset
            )
        })?;
        left[k.id()] -= 1;
    }
    if let Some(x) = set.tiles().find(|x| left[x.id()] < 0) {
        return Err(format!(
            "the log shows more than {} copies of {}",
            set.copies(x),
            set.notation(x)
        ));
    }
    // Kept-back places the log never shows get the remaining tiles, lowest first (plain).
    let mut pool = set
        .playing_tiles()
        .flat_map(|x| (0..left[x.id()].max(0)).map(move |_| x));
    let mut kept_tiles = Vec::with_capacity(kept_back);
    for slot in &kept {
        match slot {
            Some(id) => kept_tiles.push((kinds.of(*id), kinds.red(*id))),
            None => kept_tiles.extend(pool.next().map(|x| (x, false))),
        }
    }
    if kept_tiles.len() != kept_back {
        return Err("too few tiles left for the dead wall".into());
    }
    let replaced = r.replacements.iter().map(|&id| (kinds.of(id), kinds.red(id)));
    let back: Vec<(Tile, bool)> = kept_tiles.iter().rev().copied().chain(replaced).collect();
    let tiles = |ids: &[TileId]| ids.iter().map(|&id| kinds.of(id)).collect::<Vec<_>>();
    let hands: Vec<Vec<Tile>> = r.hands.iter().map(|h| tiles(h)).collect();
    let back_tiles: Vec<Tile> = back.iter().map(|b| b.0).collect();
    let dealer = usize::from(init.oya);
    let wall = arrange_wall(t, dealer, &hands, &tiles(&r.front), &back_tiles).map_err(|e| e.to_string())?;
    // The red marks where arrange_wall puts each tile: the deal in dealing order, the draws
    // after it, the end of the wall reversed.
    let mut red = vec![false; wall.len()];
    let mut next = vec![0usize; r.hands.len()];
    let dealt = deal_seats(t.table(), dealer);
    for (i, &s) in dealt.iter().enumerate() {
        if let Some(k) = next.get_mut(s) {
            if let Some(&id) = r.hands[s].get(*k) {
                red[i] = kinds.red(id);
            }
            *k += 1;
        }
    }
    for (i, &id) in r.front.iter().enumerate() {
        if let Some(x) = red.get_mut(dealt.len() + i) {
            *x = kinds.red(id);
        }
    }
    for (j, b) in back.iter().enumerate() {
        if let Some(x) = wall.len().checked_sub(j + 1).and_then(|i| red.get_mut(i)) {
            *x = b.1;
        }
    }
    Ok((wall, red))
}

/// A Tenhou tile's kind in our notation (`5m`, `E`).
fn kind_name(id: TileId) -> String {
    match id.suit() {
        'z' => id.symbol(false).to_string(),
        s => format!("{}{s}", id.symbol(false)),
    }
}
