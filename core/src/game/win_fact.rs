//! The engine's facts about a win that a ruleset's `[[context]]` words may name (`fact = "..."`):
//! play sets such a word on every win where the fact holds, so that `mj score` of the recorded
//! line reads what play knew.

/// A fact about how a hand was won that the engine reports as a ruleset's context word, so fans
/// that test the word are awarded in play as they are by `mj score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinFact {
    /// Won on the discard a player made right after its own kong (杠上炮).
    AfterKongDiscard,
    /// Self-drawn on the tile that replaced a bonus tile (补花和牌).
    BonusReplacement,
    /// Self-drawn on the replacement of a kong that was itself declared on a kong's replacement
    /// (two kongs in a row, 槓上槓).
    KongOnKong,
    /// The winning tile was drawn, or the winning discard made, when fewer than `tiles` tiles
    /// were left in the wall the next draw would come from: with 1 this is the notation's
    /// `last`; with 4 it is "one of the wall's last four tiles" (each player's last draw and last
    /// discard). Never set for robbing a kong.
    WallEnd { tiles: u32 },
    /// The winner had declared ready.
    Declared,
    /// The winner declared ready with its first discard, before any meld was made at the table.
    DeclaredFirstTurn,
    /// The winner declared ready and wins before its next discard, no meld having been made
    /// at the table since the declaration (一発).
    OneShot,
    /// The win came before the winner's first discard, no meld having been made at the table
    /// (天和 and 地和 when self-drawn; 人和 on a discard).
    FirstTurn,
    /// [`WinFact::FirstTurn`] self-drawn only (天和 and 地和 where a win on a discard is no
    /// first-turn hand), so a word that needs the notation's `self` is never set without it.
    FirstDraw,
    /// Won on the dealer's first discard, before the winner's own first discard and with no meld
    /// made at the table (地和 on a discard, as some houses allow).
    DealerFirstDiscard,
    /// A number: the counters on the table (本場), carried from hand to hand in `HandStart`.
    Counters,
    /// A number: the deposits on the table, counted in declarations.
    Deposits,
    /// A valued fact, set on every win: the seat wind of the seat dealing the hand (`dealer=S`).
    Dealer,
    /// A valued fact, set on every win: how many hands in a row the dealer has kept the deal
    /// before this one (`streak=2`; 0 for a fresh dealer).
    DealerStreak,
    /// Tiles: the indicators shown.
    Indicators,
    /// Tiles: the hidden indicators under those shown.
    HiddenIndicators,
    /// Seats: the seat winds of the players who have already won and left the hand
    /// ([`super::rules::AfterWin::Leave`]), in wind order (`out=SW`); set only when someone
    /// has left.
    Left,
    /// A number: for a win on a discard or a robbed kong, where the discarder (or konger) sits
    /// from the winner in turn order: 1 the previous seat (上家), 2 the one before, 3 the next
    /// (下家) at a four-seat table; not set for a self-drawn win.
    Discarder,
    /// Text: the winner's declared void suit (`void=s`), with
    /// [`super::rules::TableRules::declare_void`].
    VoidSuit,
    /// A number: the tiles the winner has set aside under
    /// [`super::rules::TableRules::set_aside`] (nuki-dora Norths); set only when there are some.
    SetAside,
    /// Seats: the other players who have declared ready, in wind order (`ready_payers=SW`).
    DeclaredOthers,
    /// Text: every seat's chips at the win, in seat-wind order (`stacks=100,80,120,100`).
    Stacks,
    /// A number: the player the settlement makes pay the whole win (包), counted from the winner
    /// as [`WinFact::Discarder`] is; set only when someone is liable
    /// ([`super::rules::Rules::liable`]). Play knows what a written line cannot show (whose
    /// claims came first, the tile first hung).
    Liable,
}

impl WinFact {
    /// The name a ruleset gives the fact (`[[context]] fact = "..."`).
    pub fn name(self) -> &'static str {
        match self {
            WinFact::AfterKongDiscard => "after_kong_discard",
            WinFact::BonusReplacement => "bonus_replacement",
            WinFact::KongOnKong => "kong_on_kong",
            WinFact::WallEnd { .. } => "wall_end",
            WinFact::Declared => "declared",
            WinFact::DeclaredFirstTurn => "declared_first_turn",
            WinFact::OneShot => "one_shot",
            WinFact::FirstTurn => "first_turn",
            WinFact::FirstDraw => "first_draw",
            WinFact::DealerFirstDiscard => "dealer_first_discard",
            WinFact::Counters => "counters",
            WinFact::Deposits => "deposits",
            WinFact::Dealer => "dealer",
            WinFact::DealerStreak => "dealer_streak",
            WinFact::Indicators => "indicators",
            WinFact::HiddenIndicators => "hidden_indicators",
            WinFact::Left => "left",
            WinFact::Discarder => "discarder",
            WinFact::SetAside => "set_aside",
            WinFact::VoidSuit => "void_suit",
            WinFact::DeclaredOthers => "declared_others",
            WinFact::Stacks => "stacks",
            WinFact::Liable => "liable",
        }
    }

    /// Whether the fact is a number (the word gets it as its value) rather than a flag.
    pub fn is_number(self) -> bool {
        matches!(
            self,
            WinFact::Counters | WinFact::Deposits | WinFact::Discarder | WinFact::SetAside | WinFact::Liable
        )
    }
}
