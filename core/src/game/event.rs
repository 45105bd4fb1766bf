//! What happened at the table, in order. Events are the game's public history: a record is its
//! events, and replaying a record re-derives every action from them.

use crate::tile::{Tile, Wind};

/// How a kong was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KongKind {
    Exposed,
    Added,
    Concealed,
}

impl KongKind {
    pub fn name(self) -> &'static str {
        match self {
            KongKind::Exposed => "exposed",
            KongKind::Added => "added",
            KongKind::Concealed => "concealed",
        }
    }
}

/// What a payment is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentReason {
    Win,
    Kong,
    DrawnHand,
    /// A run of equal discards (追牌).
    DiscardRun,
    /// A deposit put on the table with a declaration (negative: its payer), for the next winner.
    Deposit,
    /// A payment held outside the table until the match is over (it would have ended the match
    /// early with someone else in first place); not part of the hand's net on the table.
    Held,
}

impl PaymentReason {
    pub fn name(self) -> &'static str {
        match self {
            PaymentReason::Win => "win",
            PaymentReason::Kong => "kong",
            PaymentReason::DrawnHand => "drawn_hand",
            PaymentReason::DiscardRun => "discard_run",
            PaymentReason::Deposit => "deposit",
            PaymentReason::Held => "held",
        }
    }
}

/// Why a hand was called off (an [`crate::game::rules::AbortiveDraws`] rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortReason {
    /// A player called it off holding nine kinds of terminals and honours on its first draw.
    NineKinds,
    /// Every player's first discard was the same wind, with no call.
    FourWinds,
    /// Every player declared ready.
    AllDeclared,
    /// Four kongs by more than one player.
    FourKongs,
    /// Three players claimed a win on one discard.
    ThreeWins,
}

impl AbortReason {
    pub const ALL: [AbortReason; 5] = [
        AbortReason::NineKinds,
        AbortReason::FourWinds,
        AbortReason::AllDeclared,
        AbortReason::FourKongs,
        AbortReason::ThreeWins,
    ];

    /// The name in records and in `[play] abortive_draws`.
    pub fn name(self) -> &'static str {
        match self {
            AbortReason::NineKinds => "nine_kinds",
            AbortReason::FourWinds => "four_winds",
            AbortReason::AllDeclared => "all_declared",
            AbortReason::FourKongs => "four_kongs",
            AbortReason::ThreeWins => "three_wins",
        }
    }

    pub fn from_name(name: &str) -> Option<AbortReason> {
        AbortReason::ALL.into_iter().find(|r| r.name() == name)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The hands as dealt (bonus tiles still in them), seat by seat.
    Deal {
        dealer: usize,
        round: Wind,
        dice: Vec<u8>,
        hands: Vec<Vec<Tile>>,
    },
    /// A tile drawn; `replacement` when it came from the wall's end (after a kong or bonus tile).
    Draw {
        seat: usize,
        tile: Tile,
        replacement: bool,
    },
    /// A bonus tile set aside.
    Bonus {
        seat: usize,
        tile: Tile,
    },
    /// `red`: the copy discarded was a red one (tile sets with red fives).
    Discard {
        seat: usize,
        tile: Tile,
        red: bool,
    },
    Chi {
        seat: usize,
        from: usize,
        tile: Tile,
        first: Tile,
    },
    Pong {
        seat: usize,
        from: usize,
        tile: Tile,
    },
    Kong {
        seat: usize,
        tile: Tile,
        kind: KongKind,
        /// The discarder, for an exposed kong.
        from: Option<usize>,
    },
    Win {
        seat: usize,
        tile: Tile,
        self_drawn: bool,
        /// The discarder or the robbed konger.
        from: Option<usize>,
        robbed_kong: bool,
        /// The winning hand in notation, context words included.
        hand: String,
        fans: Vec<String>,
        total: i64,
    },
    /// Tiles passed before play (换三张) from `seat` to `to`; every seat's pass is written once all
    /// have chosen.
    Exchange {
        seat: usize,
        to: usize,
        tiles: Vec<Tile>,
    },
    /// A suit declared void before play (定缺): the index of the suit in the tile set's order.
    /// Every seat's declaration is written once all have chosen.
    Void {
        seat: usize,
        suit: u8,
    },
    /// A ready declaration (亮倒); the discard follows as its own event.
    Ready {
        seat: usize,
        /// Concealed triplets kept hidden.
        hidden: Vec<Tile>,
        /// The tiles the hand waits on, public from now on.
        waits: Vec<Tile>,
    },
    /// Net change of one seat from the preceding win, kong or drawn hand.
    Payment {
        seat: usize,
        amount: i64,
        reason: PaymentReason,
    },
    /// The wall ran out without a win (荒牌). `ready`: the seats ready at that moment, listed
    /// only where the table's dealer rotation reads them (`[play] dealer_after_draw =
    /// "stay_if_ready"`), empty otherwise.
    ExhaustiveDraw {
        ready: Vec<usize>,
    },
    /// The hand was called off before the wall ran out (途中流局); `seats` are the players the
    /// reason names: the declarer of nine kinds, the claimants of three wins; empty otherwise.
    AbortiveDraw {
        reason: AbortReason,
        seats: Vec<usize>,
    },
    /// Horses (买马) revealed from the wall's end for `seat`'s win, last tile first; they stay in
    /// the wall.
    Horses {
        seat: usize,
        tiles: Vec<Tile>,
    },
}
