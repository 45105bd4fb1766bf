//! The full state of one hand. Plain data: the engine's functions read it and return a new one,
//! so any state can be cloned, compared, or rebuilt from a record.

use crate::meld::Meld;
use crate::tile::{Counts, Tile, Wind};

/// The wall in draw order: ordinary draws from the front, replacements from the end. With
/// per-seat walls (Botzone's duplicate format) the same tiles are cut into one wall per seat, and
/// each seat deals, draws and takes its replacements from the front of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    tiles: Vec<Tile>,
    /// Next tile drawn from the front.
    front: usize,
    /// One past the next replacement tile; tiles from here on are kept back or already taken.
    back: usize,
    kept_back: usize,
    /// Per-seat walls: for every seat, its next tile and one past its last (indices into
    /// `tiles`). Empty for one shared wall.
    own: Vec<(usize, usize)>,
    /// Which tiles are red copies (`red[i]` for `tiles[i]`); empty when none is.
    red: Vec<bool>,
    /// The index of the tile taken last, to tell whether it was red.
    last: Option<usize>,
}

impl Wall {
    /// A wall whose first tile is drawn first; the last `kept_back` tiles are never drawn.
    pub fn new(tiles: Vec<Tile>, kept_back: usize) -> Wall {
        let kept_back = kept_back.min(tiles.len());
        let back = tiles.len() - kept_back;
        Wall {
            tiles,
            front: 0,
            back,
            kept_back,
            own: Vec::new(),
            red: Vec::new(),
            last: None,
        }
    }

    /// The wall with its red copies marked: `red[i]` says whether the tile at draw position `i`
    /// is a red copy of its kind (tile sets with red fives). Missing entries are plain.
    pub fn with_red(mut self, red: Vec<bool>) -> Wall {
        // No red copy is no marks at all, so that walls compare equal however they were built.
        self.red = if red.contains(&true) { red } else { Vec::new() };
        self
    }

    /// Whether the tile at draw position `i` is a red copy.
    pub fn is_red(&self, i: usize) -> bool {
        self.red.get(i).copied().unwrap_or(false)
    }

    /// Whether the tile taken last (drawn, dealt or taken as a replacement) was a red copy.
    pub fn last_red(&self) -> bool {
        self.last.is_some_and(|i| self.is_red(i))
    }

    /// One wall per seat: `tiles` (in draw order) is cut into `players` equal parts, part `k`
    /// being the wall of seat `dealer + k`; any remainder stays with the last part.
    pub fn per_seat(tiles: Vec<Tile>, players: usize, dealer: usize) -> Wall {
        let n = players.max(1);
        let len = tiles.len() / n;
        let mut own = vec![(0, 0); n];
        for k in 0..n {
            let end = if k + 1 == n { tiles.len() } else { (k + 1) * len };
            own[(dealer + k) % n] = (k * len, end);
        }
        Wall {
            front: 0,
            back: tiles.len(),
            kept_back: 0,
            own,
            tiles,
            red: Vec::new(),
            last: None,
        }
    }

    /// Per-seat walls holding `left[seat]` copies of `filler` each: a wall of known lengths and
    /// unknown tiles, for a seat that rebuilds the state from what it can see.
    pub fn per_seat_left(filler: Tile, left: &[usize]) -> Wall {
        let mut own = Vec::with_capacity(left.len());
        let mut start = 0;
        for &n in left {
            own.push((start, start + n));
            start += n;
        }
        Wall {
            tiles: vec![filler; start],
            front: 0,
            back: start,
            kept_back: 0,
            own,
            red: Vec::new(),
            last: None,
        }
    }

    /// Whether every seat has a wall of its own.
    pub fn is_per_seat(&self) -> bool {
        !self.own.is_empty()
    }

    /// Tiles that can still be drawn (from either end; with per-seat walls, from every wall).
    pub fn remaining(&self) -> usize {
        if self.is_per_seat() {
            return self.own.iter().map(|&(next, end)| end - next).sum();
        }
        self.back - self.front
    }

    /// Tiles `seat` can still draw: what is left of its own wall, or of the shared wall.
    pub fn remaining_for(&self, seat: usize) -> usize {
        if self.is_per_seat() {
            return self.own.get(seat).map_or(0, |&(next, end)| end - next);
        }
        self.remaining()
    }

    /// The `i`-th tile kept back at the wall's end (counting from the first kept tile).
    pub fn kept(&self, i: usize) -> Option<Tile> {
        if i >= self.kept_back {
            return None;
        }
        self.tiles.get(self.tiles.len() - self.kept_back + i).copied()
    }

    /// Whether the `i`-th tile kept back (as [`Wall::kept`] counts) is a red copy: a red
    /// indicator is shown as such by formats that name red fives.
    pub fn kept_red(&self, i: usize) -> bool {
        i < self.kept_back && self.is_red(self.tiles.len() - self.kept_back + i)
    }

    /// Tiles physically still in the wall, kept-back ones included (for tile accounting).
    pub fn physical(&self) -> usize {
        self.remaining() + self.kept_back
    }

    /// The drawable tiles in draw order (replacements come from the end). With per-seat walls,
    /// every seat's remaining tiles, seat by seat.
    pub fn live(&self) -> Vec<Tile> {
        if self.is_per_seat() {
            return self
                .own
                .iter()
                .flat_map(|&(next, end)| self.tiles[next..end].iter().copied())
                .collect();
        }
        self.tiles[self.front..self.back].to_vec()
    }

    /// The next tile for `seat`: from the front of the shared wall, or of its own wall.
    pub(crate) fn draw_for(&mut self, seat: usize) -> Option<Tile> {
        if self.is_per_seat() {
            let (next, end) = self.own.get_mut(seat)?;
            if *next >= *end {
                return None;
            }
            *next += 1;
            self.last = Some(*next - 1);
            return self.tiles.get(*next - 1).copied();
        }
        let t = *self.tiles.get(self.front).filter(|_| self.remaining() > 0)?;
        self.last = Some(self.front);
        self.front += 1;
        Some(t)
    }

    /// A replacement tile for `seat` (after a kong or a bonus tile): from the shared wall's end,
    /// or the next tile of its own wall (per-seat walls have no separate end to take from).
    pub(crate) fn replacement_for(&mut self, seat: usize) -> Option<Tile> {
        if self.is_per_seat() {
            return self.draw_for(seat);
        }
        if self.remaining() == 0 {
            return None;
        }
        self.back -= 1;
        self.last = Some(self.back);
        Some(self.tiles[self.back])
    }
}

/// A discarded tile; `claimed` once another player took it into a meld or a win, so it is
/// counted there and not on the discarder's river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discarded {
    pub tile: Tile,
    pub claimed: bool,
}

/// One player's part of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    pub discards: Vec<Discarded>,
    pub bonus: Vec<Tile>,
    pub wind: Wind,
    /// Passed a win and may not win on an offered tile until the lock is lifted (when the
    /// ruleset says so): the value of the best win passed.
    pub missed_win: Option<i64>,
    /// Declared ready (亮倒): the hand is frozen.
    pub declared: Option<Declared>,
    /// The tiles held as the only concealed tile after each discard, in order (consecutive
    /// repeats once).
    pub held_alone: Vec<Tile>,
    /// The suit declared void (定缺), by index in the tile set's order.
    pub void: Option<u8>,
    /// How many of the concealed copies of each kind are red (tile sets with red fives).
    pub red: Counts,
    /// Red copies in each meld, by meld index; shorter than `melds` when the rest hold none.
    pub meld_red: Vec<u8>,
    /// Tiles this seat has won on and set aside, in order ([`super::rules::AfterWin::Stay`]):
    /// out of the hand, counted once. Several winners of one discard: the first in turn order
    /// from the discarder holds the tile. Empty under the other rules.
    pub won: Vec<Tile>,
    /// Barred from winning for the rest of the hand by a penalty (相公, a wrong tile count:
    /// [`super::rules::Rules::penalty_bars_win`]); the seat plays on.
    pub barred: bool,
}

/// A ready declaration (亮倒).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// 0 for the first seat to declare this hand, then 1, ...
    pub order: usize,
    /// Concealed triplets kept hidden (they may still be konged).
    pub hidden: Vec<Tile>,
    /// The tiles that complete the hand, which nobody may discard when the table's
    /// declarations show the waits (see the engine).
    pub waits: Vec<Tile>,
    /// The declaring discard has not yet passed unclaimed by a win: the deposit is still due.
    pub deposit_due: bool,
    /// The deposit has been paid onto the table.
    pub deposit_paid: bool,
    /// Declared with the seat's first discard before any meld was made at the table.
    pub first_turn: bool,
    /// The declarer has not discarded since declaring (the one-shot window is open while no
    /// meld has been made at the table since: `melds_seen`).
    pub one_shot: bool,
    /// Melds on the table when the declaration was made.
    pub melds_seen: usize,
    /// The declarer has passed a win since declaring.
    pub passed_win: bool,
}

impl SeatState {
    /// Concealed tile count.
    pub fn concealed_len(&self) -> usize {
        self.concealed.iter().map(|&c| c as usize).sum()
    }

    /// Whether `t` is of the seat's declared void suit.
    pub fn is_void(&self, set: &crate::tile::TileSet, t: Tile) -> bool {
        self.void.is_some() && set.suit_rank(t).map(|(s, _)| s) == self.void
    }

    /// Whether the seat still holds a tile of its declared void suit (a 花猪 at the hand's end).
    pub fn holds_void(&self, set: &crate::tile::TileSet) -> bool {
        self.void.is_some()
            && set
                .tiles()
                .any(|t| self.concealed[t.id()] > 0 && self.is_void(set, t))
    }

    /// Takes `n` concealed copies of `t` out of the hand and returns how many of them were red:
    /// red ones first when `red_first`. The engine melds red copies first, where they count for
    /// good, and discards plain ones first unless the player names the red one
    /// ([`crate::game::Action::DiscardRed`]).
    pub(crate) fn take_copies(&mut self, t: Tile, n: u8, red_first: bool) -> u8 {
        let i = t.id();
        let plain = self.concealed[i].saturating_sub(self.red[i]);
        let red = if red_first {
            n.min(self.red[i])
        } else {
            n.saturating_sub(plain).min(self.red[i])
        };
        self.concealed[i] = self.concealed[i].saturating_sub(n);
        self.red[i] -= red;
        red
    }

    /// Takes one copy of `t` into the hand, `red` or plain.
    pub(crate) fn add_copy(&mut self, t: Tile, red: bool) {
        self.concealed[t.id()] += 1;
        self.red[t.id()] += u8::from(red);
    }

    /// Adds `red` red copies to meld `i`.
    pub(crate) fn add_meld_red(&mut self, i: usize, red: u8) {
        if red == 0 {
            return;
        }
        if self.meld_red.len() <= i {
            self.meld_red.resize(i + 1, 0);
        }
        self.meld_red[i] = self.meld_red[i].saturating_add(red);
    }
}

/// How the player whose turn it is got here; decides which declarations and wins are open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnStart {
    /// Drew `tile` from the wall; `after_kong` when it was a kong's replacement (杠上开花), and
    /// `kong_from` the discarder when that kong was made on a discard; `after_bonus` when it
    /// replaced a bonus tile set aside in play (补花和牌); `kong_on_kong` when that kong was itself
    /// declared on a kong's replacement (槓上槓).
    Drew {
        tile: Tile,
        after_kong: bool,
        kong_from: Option<usize>,
        after_bonus: bool,
        kong_on_kong: bool,
    },
    /// Claimed a discard for a chow.
    Chi,
    /// Claimed a discard for a pong.
    Pong,
}

/// The seat whose turn it is holds 3n+2 tiles and must discard, declare or win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: usize,
    pub start: TurnStart,
}

/// A tile on offer to the other seats: a discard, or the tile of a kong that may be robbed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The discarder or konger.
    pub from: usize,
    pub tile: Tile,
    /// For a kong being declared: which kind (the offer is then only to rob it).
    pub kong: Option<crate::game::event::KongKind>,
    /// Seats still to answer, in turn order from `from`.
    pub waiting: Vec<usize>,
    /// Answers given so far (not shown to other players).
    pub answers: Vec<(usize, crate::game::action::Action)>,
    /// Seats that were offered a win, to lock those that pass it.
    pub could_win: Vec<usize>,
    /// The offering seat's turn began with a kong replacement: a discard is 杠上炮, a kong is
    /// a kong on a replacement tile.
    pub after_kong: bool,
    /// For a kong made on a discard: that discarder.
    pub kong_from: Option<usize>,
    /// A bonus tile just set aside in play, offered only to be robbed for an instant bonus win
    /// ([`crate::game::rules::BonusWin::robbed`]); nobody may claim it otherwise.
    pub bonus: bool,
}

/// A step before play in which every seat chooses at once: the choices stay hidden until all
/// are made, then take effect together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrepareStep {
    /// Each seat passes tiles face down (换三张).
    Exchange,
    /// Each seat declares a void suit (定缺).
    Void,
}

/// Every seat choosing before play; play starts with the dealer's turn `first` once the last
/// step is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepare {
    pub step: PrepareStep,
    /// Seats still to choose, in turn order from the dealer.
    pub waiting: Vec<usize>,
    /// Choices made so far (not shown to other seats).
    pub chosen: Vec<(usize, crate::game::action::Action)>,
    /// How the dealer's first turn starts.
    pub first: TurnStart,
}

/// Where the hand stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before play: every seat chooses (void suit, tiles to exchange).
    Prepare(Prepare),
    Turn(Turn),
    /// Other seats answer a discard (or a kong, for robbing).
    Offer(Offer),
    /// The hand is over: `winners` empty for an exhaustive draw.
    Over {
        winners: Vec<usize>,
    },
}

/// One hand in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub seats: Vec<SeatState>,
    pub wall: Wall,
    pub dealer: usize,
    pub round: Wind,
    pub dice: Vec<u8>,
    pub phase: Phase,
    /// Net change of every seat so far this hand.
    pub scores: Vec<i64>,
    /// The part of `scores` paid for kongs.
    pub kong_net: Vec<i64>,
    /// Every kong payment this hand, payer by payer, with who holds it now (a drawn hand's
    /// refund of kong money reads it).
    pub kong_money: Vec<super::rules::KongMoney>,
    /// The last kong that stood: its konger and where its payments begin in `kong_money` (for
    /// handing them to the winners of the konger's next discard, 呼叫转移).
    pub last_kong: Option<(usize, usize)>,
    /// Every seat's points when the hand began (start points plus earlier hands).
    pub stacks: Vec<i64>,
    /// Hands in a row the dealer has kept the deal before this one.
    pub dealer_streak: u32,
    /// Payments held outside the table this hand (added once the match is over).
    pub held: Vec<i64>,
    /// The current run of equal discards: the tile, the first discarder and the run's length.
    pub discard_run: Option<(Tile, usize, u8)>,
    /// Counters on the table (本場), as the hand began.
    pub counters: u32,
    /// Deposits left on the table by earlier hands, as the hand began.
    pub deposits: u32,
    /// A winner has taken the deposits on the table.
    pub deposits_taken: bool,
    /// Indicators shown so far.
    pub indicators_shown: u8,
    /// A kong's indicator waits for the konger's discard (or the next kong).
    pub indicator_pending: bool,
    /// Seats that have won this hand, in the order they won (several winners of one discard in
    /// turn order from the discarder).
    pub winners: Vec<usize>,
    /// Per seat: has won and left the hand (`AfterWin::Leave`); skipped in turn order, answers
    /// nothing, pays and is paid nothing more. All false while nobody has left.
    pub left: Vec<bool>,
    /// The tile last moved in play (drawn, discarded, or added to a kong) was a red copy: what
    /// a win on it takes.
    pub last_red: bool,
    /// The die thrown for the exchange's direction (0: none thrown).
    pub exchange_die: u8,
}

/// Where a hand stands in its match: what the engine needs beyond the seed and the seats.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HandStart {
    /// Every seat's points when the hand begins; empty = the ruleset's start points.
    pub stacks: Vec<i64>,
    /// Hands in a row the dealer has kept the deal before this one.
    pub dealer_streak: u32,
    /// Counters on the table (本場) from earlier hands.
    pub counters: u32,
    /// Deposits left on the table by earlier hands.
    pub deposits: u32,
}

impl State {
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The seat that must answer next, or `None` when the hand is over. Offers are answered one
    /// seat at a time in turn order; no seat sees another's answer.
    pub fn to_act(&self) -> Option<usize> {
        match &self.phase {
            Phase::Turn(t) => Some(t.seat),
            Phase::Offer(o) => o.waiting.first().copied(),
            Phase::Prepare(p) => p.waiting.first().copied(),
            Phase::Over { .. } => None,
        }
    }

    /// Melds on the table, every seat's together: any call or kong interrupts the first
    /// go-around and closes one-shot windows.
    pub fn melds_made(&self) -> usize {
        self.seats.iter().map(|s| s.melds.len()).sum()
    }

    /// Deposits on the table now: those the hand began with and those paid in it, until a
    /// winner takes them.
    pub fn deposits_on_table(&self) -> u32 {
        if self.deposits_taken {
            return 0;
        }
        let paid = self
            .seats
            .iter()
            .filter(|s| s.declared.as_ref().is_some_and(|d| d.deposit_paid))
            .count();
        self.deposits.saturating_add(paid as u32)
    }

    /// Points this hand moved onto the table as deposits of `deposit` each (negative when a
    /// winner took more than were put down): with it the seats' payments sum to zero.
    pub fn pot_change(&self, deposit: i64) -> i64 {
        let change = i64::from(self.deposits_on_table()) - i64::from(self.deposits);
        deposit.saturating_mul(change)
    }

    /// The indicators shown (`hidden`: the ones under them), as far as the wall holds them.
    pub fn indicators(&self, hidden: bool) -> Vec<Tile> {
        (0..usize::from(self.indicators_shown))
            .filter_map(|k| self.wall.kept(2 * k + usize::from(hidden)))
            .collect()
    }

    /// Seats that declared ready, in the order they declared.
    pub fn declared_order(&self) -> Vec<usize> {
        let mut v: Vec<(usize, usize)> = (0..self.seats.len())
            .filter_map(|s| self.seats[s].declared.as_ref().map(|d| (d.order, s)))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, s)| s).collect()
    }

    /// Points of `seat` now: its stack at the hand's start plus this hand's net on the table.
    pub fn balance(&self, seat: usize) -> i64 {
        let stack = self.stacks.get(seat).copied().unwrap_or(0);
        stack.saturating_add(self.scores.get(seat).copied().unwrap_or(0))
    }

    /// Whether `seat` still plays this hand (has not won and left).
    pub fn is_in(&self, seat: usize) -> bool {
        !self.left.get(seat).copied().unwrap_or(false)
    }

    /// The next seat after `seat` in turn order that is still in the hand (`seat` itself if it
    /// is the only one left).
    pub fn next_in(&self, seat: usize) -> usize {
        let n = self.players().max(1);
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| self.is_in(s))
            .unwrap_or(seat)
    }

    /// Players still in the hand.
    pub fn players_in(&self) -> usize {
        (0..self.players()).filter(|&s| self.is_in(s)).count()
    }

    /// The seats a drawn hand's checks leave out: those who have left, or (`stay`, for
    /// [`super::rules::AfterWin::Stay`]) those who have won; empty when there are none.
    pub fn drawn_exempt(&self, stay: bool) -> Vec<bool> {
        if !stay {
            return self.left_facts();
        }
        let won: Vec<bool> = (0..self.players()).map(|s| self.winners.contains(&s)).collect();
        if won.contains(&true) {
            won
        } else {
            Vec::new()
        }
    }

    /// `left` as the facts give it: empty while nobody has left.
    pub fn left_facts(&self) -> Vec<bool> {
        if self.left.iter().any(|&l| l) {
            self.left.clone()
        } else {
            Vec::new()
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Every physical tile counted once: hands, melds, unclaimed discards, bonus tiles set aside,
    /// tiles won and set aside, and the wall. Equals the tile set's total at every step.
    pub fn census(&self) -> usize {
        let mut n = self.wall.physical();
        for s in &self.seats {
            n += s.concealed_len();
            n += s.melds.iter().map(|m| m.len()).sum::<usize>();
            n += s.discards.iter().filter(|d| !d.claimed).count();
            n += s.bonus.len();
            n += s.won.len();
        }
        n
    }

    /// Copies of `t` any player can see: unclaimed discards, every meld on the table and the
    /// tiles won on and set aside.
    pub fn visible(&self, t: Tile, set: &crate::tile::TileSet) -> usize {
        let mut n = 0;
        for s in &self.seats {
            n += s.discards.iter().filter(|d| !d.claimed && d.tile == t).count();
            n += s.won.iter().filter(|&&w| w == t).count();
            for m in &s.melds {
                n += m
                    .tiles(set)
                    .unwrap_or_default()
                    .iter()
                    .filter(|&&x| x == t)
                    .count();
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(held: u8, red: u8) -> SeatState {
        let mut s = SeatState {
            concealed: [0; crate::tile::MAX_KINDS],
            melds: Vec::new(),
            discards: Vec::new(),
            bonus: Vec::new(),
            wind: Wind::default(),
            missed_win: None,
            declared: None,
            held_alone: Vec::new(),
            void: None,
            red: [0; crate::tile::MAX_KINDS],
            meld_red: Vec::new(),
            won: Vec::new(),
            barred: false,
        };
        s.concealed[4] = held;
        s.red[4] = red;
        s
    }

    #[test]
    fn discards_give_plain_copies_first_and_melds_take_red_first() {
        let five = Tile::from_id(4);
        // Two fives, one red: a discard is the plain one, a meld takes the red one.
        let mut s = seat(2, 1);
        assert_eq!(s.take_copies(five, 1, false), 0);
        assert_eq!((s.concealed[4], s.red[4]), (1, 1));
        let mut s = seat(2, 1);
        assert_eq!(s.take_copies(five, 1, true), 1);
        assert_eq!((s.concealed[4], s.red[4]), (1, 0));
        // Only the red copy left: a discard gives it.
        let mut s = seat(1, 1);
        assert_eq!(s.take_copies(five, 1, false), 1);
        // A pong's two copies out of three with one red: the red and a plain one.
        let mut s = seat(3, 1);
        assert_eq!(s.take_copies(five, 2, true), 1);
        assert_eq!((s.concealed[4], s.red[4]), (1, 0));
        s.add_meld_red(2, 1);
        assert_eq!(s.meld_red, vec![0, 0, 1]);
    }
}
