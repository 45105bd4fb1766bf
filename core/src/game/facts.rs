//! What the engine tells the scorer about how a hand was won: the notation's own context words
//! (`self`, `last`, `kong`, `fourth`) and the ruleset's `[[context]]` words that name an engine
//! fact ([`TableRules::context_facts`]). Both come from here so that play sets every word that
//! `mj score` would be given for the same win.

use super::rules::{LastCopy, TableRules, WinFact};
use super::state::State;
use crate::meld::Meld;
use crate::tile::{Tile, TileSet, Wind};

/// How a win came about, as the engine sees it from the state.
#[derive(Clone, Debug, Default)]
pub(super) struct WinHow {
    pub self_drawn: bool,
    /// A self-draw on a kong's replacement, or robbing a kong.
    pub kong: bool,
    pub fourth: bool,
    /// Tiles left in the wall the next draw would come from; `None` for robbing a kong, which
    /// is not a draw or a discard at the wall's end.
    pub wall_left: Option<usize>,
    /// Self-drawn on the replacement of a bonus tile.
    pub after_bonus: bool,
    /// Self-drawn on the replacement of a kong declared on a kong's replacement.
    pub kong_on_kong: bool,
    /// On the discard made right after the discarder's kong.
    pub after_kong_discard: bool,
    /// The winner's declaration, as the facts it gives.
    pub declared: bool,
    pub declared_first_turn: bool,
    pub one_shot: bool,
    /// Before the winner's first discard, no meld made at the table.
    pub first_turn: bool,
    /// On a discard of the dealer's made before the winner's first discard, no meld made.
    pub dealer_first_discard: bool,
    /// Counters and deposits on the table.
    pub counters: u32,
    pub deposits: u32,
    /// The seat wind of the seat dealing the hand, and the hands in a row it has kept the deal.
    pub dealer: Wind,
    pub dealer_streak: u32,
    /// The indicators shown and those under them, in notation.
    pub indicators: Option<String>,
    pub hidden_indicators: Option<String>,
    /// The seat winds of the players who have won and left, in wind order (`SW`).
    pub left: Option<String>,
    /// For a win on a discard or robbed kong: seats from the winner back to the discarder.
    pub discarder: Option<usize>,
    /// The winner's declared void suit, by letter.
    pub void: Option<String>,
    /// Tiles the winner has set aside under [`TableRules::set_aside`].
    pub set_aside: u32,
    /// The seat winds of the other players who have declared ready, in wind order (`SW`).
    pub declared_others: Option<String>,
    /// Every seat's chips now, in seat-wind order (`100,80,120,100`).
    pub stacks: String,
}

impl WinHow {
    /// The notation's `last`: the winning tile was the wall's last (or the discard of it).
    pub fn last_tile(&self) -> bool {
        self.wall_left == Some(0)
    }

    /// Whether the engine fact `fact` holds for this win.
    pub fn holds(&self, fact: WinFact) -> bool {
        match fact {
            WinFact::AfterKongDiscard => self.after_kong_discard,
            WinFact::BonusReplacement => self.self_drawn && self.after_bonus,
            WinFact::KongOnKong => self.self_drawn && self.kong_on_kong,
            WinFact::WallEnd { tiles } => self.wall_left.is_some_and(|n| n < tiles as usize),
            WinFact::Declared => self.declared,
            WinFact::DeclaredFirstTurn => self.declared_first_turn,
            WinFact::OneShot => self.one_shot,
            WinFact::FirstTurn => self.first_turn,
            WinFact::FirstDraw => self.self_drawn && self.first_turn,
            WinFact::DealerFirstDiscard => self.dealer_first_discard,
            WinFact::Counters => self.counters > 0,
            WinFact::Deposits => self.deposits > 0,
            WinFact::Dealer | WinFact::DealerStreak => true,
            WinFact::Indicators => self.indicators.is_some(),
            WinFact::HiddenIndicators => self.hidden_indicators.is_some(),
            WinFact::Left => self.left.is_some(),
            WinFact::Discarder => self.discarder.is_some(),
            WinFact::VoidSuit => self.void.is_some(),
            WinFact::SetAside => self.set_aside > 0,
            WinFact::DeclaredOthers => self.declared_others.is_some(),
            WinFact::Stacks => true,
            // Known only once the win is settled: `win::finish` writes it.
            WinFact::Liable => false,
        }
    }

    /// The value a number fact gives its word (`None` for a flag).
    fn value(&self, fact: WinFact) -> Option<String> {
        match fact {
            WinFact::Counters => Some(self.counters.to_string()),
            WinFact::Deposits => Some(self.deposits.to_string()),
            WinFact::Dealer => Some(self.dealer.letter().to_string()),
            WinFact::DealerStreak => Some(self.dealer_streak.to_string()),
            WinFact::Indicators => self.indicators.clone(),
            WinFact::HiddenIndicators => self.hidden_indicators.clone(),
            WinFact::Left => self.left.clone(),
            WinFact::Discarder => self.discarder.map(|k| k.to_string()),
            WinFact::VoidSuit => self.void.clone(),
            WinFact::SetAside => Some(self.set_aside.to_string()),
            WinFact::DeclaredOthers => self.declared_others.clone(),
            WinFact::Stacks => Some(self.stacks.clone()),
            _ => None,
        }
    }

    /// The facts of `seat`'s declaration and of the first go-around for a win now, with the
    /// counters and deposits on the table.
    pub fn with_table(mut self, table: &TableRules, set: &TileSet, st: &State, seat: usize) -> WinHow {
        let written = |tiles: Vec<Tile>| {
            (!tiles.is_empty()).then(|| tiles.iter().map(|&t| set.notation(t)).collect::<String>())
        };
        self.indicators = written(st.indicators(false));
        if table.indicators.hidden {
            self.hidden_indicators = written(st.indicators(true));
        }
        let s = &st.seats[seat];
        let melds = st.melds_made();
        if let Some(d) = &s.declared {
            self.declared = true;
            self.declared_first_turn = d.first_turn;
            self.one_shot = d.one_shot && melds == d.melds_seen;
        }
        self.set_aside = s.bonus.iter().filter(|t| table.set_aside.contains(t)).count() as u32;
        // A tile set aside by choice is drawn for like a kong's: the win is no longer on the
        // first draw (as a concealed kong ends it).
        // A seat that has won this hand and plays on (血流) is past its first turn too.
        self.first_turn =
            s.discards.is_empty() && melds == 0 && self.set_aside == 0 && !st.winners.contains(&seat);
        // Before the winner's first discard every discard of the dealer's is its first: the
        // dealer discards again only after every seat in between has had a turn.
        let n = st.players().max(1);
        self.dealer_first_discard = self.first_turn
            && !self.self_drawn
            && self
                .discarder
                .is_some_and(|k| (seat + n - k % n) % n == st.dealer);
        self.void = s
            .void
            .and_then(|v| set.suits().get(usize::from(v)))
            .map(|suit| suit.letter.to_string());
        self.counters = st.counters;
        self.deposits = st.deposits_on_table();
        self.left = seat_winds(st, |x| !st.is_in(x));
        self.declared_others = seat_winds(st, |x| x != seat && st.seats[x].declared.is_some());
        // Written only for a ruleset that has a word for it: every judged win comes here.
        if table.context_facts.iter().any(|(_, f)| *f == WinFact::Stacks) {
            let mut by_wind: Vec<(u8, i64)> = (0..st.players())
                .map(|x| (st.seats[x].wind.index(), st.balance(x)))
                .collect();
            by_wind.sort_unstable();
            self.stacks = by_wind
                .iter()
                .map(|(_, b)| b.to_string())
                .collect::<Vec<_>>()
                .join(",");
        }
        self
    }

    /// The ruleset's context words that hold for this win, sorted as the notation keeps them.
    pub fn words(&self, table: &TableRules) -> Vec<(crate::hand::Word, Option<crate::hand::Word>)> {
        let mut out: Vec<(crate::hand::Word, Option<crate::hand::Word>)> = table
            .context_facts
            .iter()
            .filter(|(_, f)| self.holds(*f))
            .map(|(w, f)| (w.as_str().into(), self.value(*f).map(Into::into)))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The seat winds of the seats `pick` chooses, in wind order (`SW`); `None` when there are none.
fn seat_winds(st: &State, pick: impl Fn(usize) -> bool) -> Option<String> {
    let mut winds: Vec<Wind> = (0..st.players())
        .filter(|&x| pick(x))
        .map(|x| st.seats[x].wind)
        .collect();
    winds.sort_by_key(|w| w.index());
    (!winds.is_empty()).then(|| winds.iter().map(|w| w.letter()).collect())
}

/// Whether `tile`, won by `winner`, is the last copy in the sense of the table's
/// [`LastCopy`]. `on_table` says whether the winning tile itself is already counted among the
/// visible tiles (a discard, or the tile of an added kong being robbed); `robbed` is the konger
/// whose added kong is being robbed, whose kong was a pung a moment ago.
pub(super) fn last_copy(
    table: &TableRules,
    set: &TileSet,
    st: &State,
    tile: Tile,
    on_table: bool,
    robbed: Option<usize>,
) -> bool {
    let seen = st.visible(tile, set).saturating_sub(usize::from(on_table));
    let all_seen = seen + 1 >= set.copies(tile) as usize;
    match table.last_copy {
        LastCopy::Visible => all_seen,
        LastCopy::ExposedPung => {
            let pung_shown = st.seats.iter().enumerate().any(|(s, seat)| {
                seat.melds.iter().any(|m| match *m {
                    Meld::Pung { tile: t, .. } => t == tile,
                    Meld::AddedKong { tile: t, .. } => t == tile && robbed == Some(s),
                    _ => false,
                })
            });
            all_seen && pung_shown
        }
    }
}
