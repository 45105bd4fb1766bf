//! `[play]` and its sub-tables as serde sees them: claims, priorities, what a win does, the steps
//! before play (exchange, void suit), declarations and the dealer rules.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Play {
    #[serde(default = "four")]
    pub players: u8,
    /// Claims that exist: chi, pong, exposed_kong, added_kong, concealed_kong, bonus.
    pub claims: Vec<String>,
    /// Claim priority, highest first; claims in one entry joined by `=` rank equally ("pong=kong").
    pub priority: Vec<String>,
    /// Several players can win on one discard: "first" (first in turn order from the
    /// discarder), "all", or "two" (at most two).
    pub multiple_winners: String,
    /// "end" (default), "leave" (血战到底: winners leave, the others play on) or "stay" (血流成河:
    /// winners play on and may win again; the hand ends at the wall's end).
    #[serde(default)]
    pub after_win: Option<String>,
    /// With after_win = "stay": a player who has won keeps its hand as it won it (it may only
    /// win, discard the tile it draws, or make a kong that leaves its waits as they were).
    #[serde(default)]
    pub winner_locked: bool,
    /// Before play every player declares a void suit (定缺).
    #[serde(default)]
    pub declare_void: bool,
    #[serde(default)]
    pub exchange: Option<ExchangeRule>,
    /// Which kongs can be robbed: "added", "concealed", "exposed".
    #[serde(default)]
    pub rob_kong: Vec<String>,
    /// After passing a win: "none", "until_draw" (漏和), "until_draw_or_fan_change" (过手胡).
    #[serde(default = "none")]
    pub missed_win: String,
    /// Whether players can declare ready (亮倒), freezing their hand.
    #[serde(default)]
    pub declare_ready: bool,
    /// What a declaration requires, costs and shows; absent: 亮倒's terms.
    #[serde(default)]
    pub declaration: Option<Declaration>,
    /// Wins on a discard a player's own play forbids: "own_discards" (a wait among its own
    /// discards), "declared_pass" (a win passed after declaring locks the rest of the hand).
    #[serde(default)]
    pub furiten: Vec<String>,
    /// No kong in the same turn as a chi.
    #[serde(default)]
    pub no_kong_after_chi: bool,
    /// No kong in the same turn as a pong (the pong is followed by a discard).
    #[serde(default)]
    pub no_kong_after_pong: bool,
    /// No swap calls (喰い替え): after a chow or pong, no discard of the claimed tile nor (after
    /// a chow) of the tile at the chow's other end.
    #[serde(default)]
    pub no_swap_calls: bool,
    /// Playing tiles (notation, e.g. "N") a player may set aside on its turn after a draw, each
    /// replaced from the wall's end (抜きドラ); the player's choice, unlike bonus tiles.
    #[serde(default)]
    pub set_aside: Option<String>,
    /// Hands the table calls off before the wall runs out (途中流局): "nine_kinds",
    /// "four_winds", "all_declared", "four_kongs", "three_wins".
    #[serde(default)]
    pub abortive_draws: Vec<String>,
    /// Dealer after a hand: "rotate" (always passes), "winner" (the winner deals), "stay_on_win".
    #[serde(default = "rotate")]
    pub dealer: String,
    /// With `dealer = "winner"`, who deals after several players win on one discard:
    /// "first_winner" (default) or "discarder".
    #[serde(default)]
    pub dealer_after_multiple_winners: Option<String>,
    /// Who deals after a drawn hand: "stay", "pass" or "stay_if_ready" (the dealer stays if
    /// its hand was ready when the wall ran out); default "stay" for `dealer = "winner"`,
    /// "pass" otherwise.
    #[serde(default)]
    pub dealer_after_draw: Option<String>,
    /// What the dealer's streak counts: "kept" (default: every hand the dealer keeps the deal)
    /// or "won" (only hands it won; a kept hand without a win ends the streak).
    #[serde(default)]
    pub dealer_streak: Option<String>,
    /// A context word the engine adds to a hand won on a discard made right after the
    /// discarder's kong (杠上炮).
    #[serde(default)]
    pub after_kong_discard_word: Option<String>,
    /// Nobody may win on the discard (or robbed kong) of a player at the `[settlement] floor`.
    #[serde(default)]
    pub no_win_from_floor: bool,
    /// When play sets the notation's `fourth`: "visible" (default: every other copy seen) or
    /// "exposed_pung" (the other copies shown as an exposed pung).
    #[serde(default)]
    pub last_copy: Option<String>,
    /// Seat winds: "dealer" (default: the dealer is East and the winds move with the deal) or
    /// "fixed" (each seat keeps its wind for the match, seat 0 East; the dealer sits anywhere).
    #[serde(default)]
    pub seat_winds: Option<String>,
}

/// `[play.exchange]` (换三张): `tiles` per player (0: none), of one suit with `same_suit`;
/// `direction` "dice" (a seeded die: 1–2 next, 3–4 across, 5–6 previous), "next", "across", "previous".
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ExchangeRule {
    pub tiles: u8,
    #[serde(default)]
    pub same_suit: bool,
    pub direction: String,
}

/// `[play.declaration]`: the terms of a ready declaration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// Points put on the table once the declaring discard is not won on.
    #[serde(default)]
    pub deposit: i64,
    /// Points the declarer must have.
    #[serde(default)]
    pub min_points: Option<i64>,
    /// Tiles that must be left in the wall.
    #[serde(default)]
    pub min_wall: u32,
    /// Only a hand without melds (concealed kongs aside) may declare.
    #[serde(default)]
    pub concealed_only: bool,
    /// The waits are shown and others may not discard them; hidden triplets are chosen.
    #[serde(default = "yes_play")]
    pub public_waits: bool,
    /// A declared player may still kong a discard.
    #[serde(default = "yes_play")]
    pub kong_on_discard: bool,
    /// Only with one's first discard, before any meld at the table (天聽, 地聽).
    #[serde(default)]
    pub first_turn_only: bool,
}

fn yes_play() -> bool {
    true
}

fn four() -> u8 {
    4
}
fn none() -> String {
    "none".into()
}
fn rotate() -> String {
    "rotate".into()
}
