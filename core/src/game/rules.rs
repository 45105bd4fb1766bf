//! What the engine needs from a ruleset: the table's plain-data rules and two callbacks.
//!
//! The split keeps the engine variant-free: everything about how the table runs (wall, deal,
//! claims, priorities, dealer rotation) is data in [`TableRules`], and everything that needs the
//! ruleset's scoring is behind [`Rules::judge_win`] and [`Rules::settle`].

pub use super::win_fact::WinFact;
use crate::hand::Hand;
use crate::reading::FormRules;
use crate::tile::TileSet;

/// Which claims and declarations exist at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ClaimsAllowed {
    pub chi: bool,
    pub pong: bool,
    pub exposed_kong: bool,
    pub added_kong: bool,
    pub concealed_kong: bool,
    /// Bonus tiles are declared and replaced (otherwise the tile set should have none).
    pub bonus: bool,
}

/// A kind of claim on a discard, for the priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    Win,
    Kong,
    Pong,
    Chi,
}

/// What happens when several players can win on one discard (or one robbed kong).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultipleWinners {
    /// Only the first in turn order from the discarder (截和).
    First,
    /// Every claimant wins (一炮多响).
    All,
    /// At most two, first in turn order.
    Two,
}

/// What passing a possible win costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissedWin {
    /// Nothing: the player may win on the next discard.
    None,
    /// No win on any offered tile until the player draws, pongs or kongs (漏和).
    UntilDraw,
    /// No win on an offered tile until the player's own next draw, unless the new win is worth
    /// more than the best one passed (过手胡).
    UntilDrawOrFanChange,
}

/// What a win does to the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AfterWin {
    /// The hand ends at the first win (or the first discard won by several).
    #[default]
    End,
    /// Winners leave and the others play on (血战到底): a player who has won draws, discards,
    /// calls, pays and is paid nothing more and is skipped in turn order; the seat after the
    /// (last) winner draws next. The hand ends when one player is left in, or at the wall's end.
    Leave,
    /// Winners stay in and may win again (血流成河): each winning tile is set aside as the
    /// winner's won tiles ([`crate::game::state::SeatState::won`]), every win is settled when it is
    /// made, winners go on paying and being paid, and the seat after the (last) winner draws
    /// next. The hand ends only at the wall's end, where the drawn-hand checks leave out every
    /// seat that has won ([`DrawnFacts::left`]). With `locked`, a seat that has won keeps its
    /// hand as it won it: on its turn it may only win, discard the tile it drew, or make a kong
    /// with that tile that leaves its waits as they were; on a discard it may only win, or
    /// make such a kong with the discard, or pass.
    Stay { locked: bool },
}

/// A pre-play exchange of tiles (换三张).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// Tiles each seat passes (1–4).
    pub tiles: u8,
    /// The tiles passed must all be of one suit.
    pub same_suit: bool,
    pub direction: ExchangeDirection,
}

/// Where the exchanged tiles go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeDirection {
    /// One die from the hand's seeded generator: 1–2 to the next seat, 3–4 across, 5–6 to the
    /// previous seat (a hand dealt from an arranged wall passes to the next seat).
    Dice,
    /// To the next seat in turn order (下家).
    Next,
    /// Across the table (对家): two seats on.
    Across,
    /// To the previous seat (上家).
    Previous,
}

/// Who deals the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealerRotation {
    /// The deal always passes to the next seat.
    Rotate,
    /// The winner deals the next hand (the dealer stays on an exhaustive draw).
    WinnerDeals,
    /// The dealer keeps the deal while winning; otherwise it passes.
    StayOnWin,
}

/// Who deals after a discard won by several players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealerAfterMultiple {
    /// The first winner in turn order from the discarder, as for a single win.
    FirstWinner,
    /// The discarder (卡五星's 一炮双响).
    Discarder,
}

/// Who deals after a drawn hand (荒庄).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealerAfterDraw {
    /// The dealer deals again.
    Stay,
    /// The deal passes to the next seat.
    Pass,
    /// The dealer deals again if its hand was ready when the wall ran out, otherwise the deal
    /// passes (riichi's 連荘 on a ready draw). The exhaustive draw then lists the ready seats.
    StayIfReady,
    /// Whoever drew the wall's last tile deals (some 血战 rooms); the record knows who that was
    /// ([`crate::game::Record::next_dealer`]), and without it the dealer stays.
    LastDrawer,
}

/// Instant wins on the bonus tiles alone (八仙過海, 七搶一, 花糊): a seat holding every bonus
/// tile of the set may declare a self-drawn win on its turn, and a seat holding all but one may
/// rob the last one when another seat sets it aside in play. The ruleset judges the bonus-only
/// hand (its fan alone), as it does the written line `12345678f self`. Both off by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BonusWin {
    pub self_drawn: bool,
    pub robbed: bool,
}

/// Which declared kongs another player may rob.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RobKong {
    pub added: bool,
    pub concealed: bool,
    pub exposed: bool,
    /// Kongs of a kind not robbed by every win that a win of certain forms still robs (Hong
    /// Kong's 十三么 robbing a concealed kong): the kind and the forms.
    pub by_forms: Vec<(crate::game::event::KongKind, FormRules)>,
}

impl RobKong {
    /// The win forms that may rob a kong of `kind`, or `None` when it cannot be robbed.
    pub fn forms<'a>(
        &'a self,
        kind: crate::game::event::KongKind,
        all: &'a FormRules,
    ) -> Option<&'a FormRules> {
        use crate::game::event::KongKind;
        let any = match kind {
            KongKind::Added => self.added,
            KongKind::Concealed => self.concealed,
            KongKind::Exposed => self.exposed,
        };
        if any {
            return Some(all);
        }
        self.by_forms.iter().find(|(k, _)| *k == kind).map(|(_, f)| f)
    }
}

/// The table's rules as plain data, built by the ruleset loader. All fields are public so tests
/// and tools can build tables directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRules {
    /// Ruleset name and version, written into game records.
    pub ruleset: String,
    pub ruleset_version: String,
    /// 2–4 players.
    pub players: u8,
    /// Stacks (of two tiles) per wall side; only where the wall is broken depends on it.
    pub wall_sides: Vec<u32>,
    pub dice: u8,
    /// Tiles at the end of the wall that are never drawn.
    pub kept_back: u32,
    /// Every seat has a wall of its own (the wall in draw order cut into equal parts, the first
    /// the dealer's): it deals, draws and takes kong replacements only from its own. "The wall is
    /// empty" then means the wall of the seat that would draw next.
    pub per_seat_walls: bool,
    pub hand_size: u8,
    pub dealer_extra: u8,
    /// Bonus tiles dealt are set aside and replaced before play.
    pub replace_bonus_at_deal: bool,
    pub claims: ClaimsAllowed,
    /// Chi only from the player on one's left (上家).
    pub chi_from_left_only: bool,
    /// Priority level of each claim kind (0 is highest); equal levels tie and turn order decides.
    pub priority: [u8; 4],
    pub multiple_winners: MultipleWinners,
    /// Whether the hand ends at a win or the winners leave and play goes on.
    pub after_win: AfterWin,
    /// Before play every seat declares one suit void (定缺), all at once: while it holds a tile
    /// of that suit it may discard only such tiles, it may never pong or kong one, and it cannot
    /// win holding one.
    pub declare_void: bool,
    /// Before play (and before declaring void) every seat passes tiles face down to another
    /// (换三张); `None` for no exchange.
    pub exchange: Option<Exchange>,
    pub rob_kong: RobKong,
    pub missed_win: MissedWin,
    /// No kong in the same turn as a chi.
    pub no_kong_after_chi: bool,
    /// No kong in the same turn as a pong.
    pub no_kong_after_pong: bool,
    /// No swap calls (喰い替え): after a chow or pong the claimer may not discard the claimed
    /// tile, nor after a chow the tile at the chow's other end (claiming 3 onto 45, not 6); a
    /// claim that would leave nothing else to discard is not offered.
    pub no_swap_calls: bool,
    /// Playing tiles a seat may set aside on its turn after a draw, each replaced from where
    /// kong replacements come (抜きドラ): the player's choice, unlike a bonus tile. Kept with the
    /// seat's bonus tiles, not counted as flowers; a declared seat sets aside only the tile it
    /// just drew. Reported to the scorer by [`WinFact::SetAside`].
    pub set_aside: Vec<crate::tile::Tile>,
    /// A discard made when the wall the next draw would come from is empty (the last discard)
    /// may be claimed for a chow, pong or kong; and on the last turn a player may still declare
    /// a kong whose replacement its wall can give. When false (the usual rule) the last discard
    /// can only be won or passed, and nobody kongs on the last turn.
    pub last_discard_claimable: bool,
    pub dealer: DealerRotation,
    /// Who deals after several players win on one discard (only with [`DealerRotation::WinnerDeals`]).
    pub dealer_after_multiple: DealerAfterMultiple,
    /// Who deals after a drawn hand (with the winner-based rotations).
    pub dealer_after_draw: DealerAfterDraw,
    /// The dealer's streak (`dealer_streak`) counts only hands the dealer won: a hand it keeps
    /// without winning (a drawn or abortive hand) ends the streak, so the streak is the dealer's
    /// wins in a row (riichi's 八連荘). Otherwise every hand it keeps counts.
    pub dealer_streak_of_wins: bool,
    /// Players may declare ready (亮倒) together with a discard, freezing their hand.
    pub declare_ready: bool,
    /// What a ready declaration requires, costs and shows (with `declare_ready`).
    pub declaration: Declaration,
    /// Which wins on a discard a player's own play forbids (フリテン), beyond `missed_win`.
    pub furiten: Furiten,
    /// Indicators shown from the tiles kept back (dora).
    pub indicators: Indicators,
    /// Hands the table calls off before the wall runs out (途中流局); none by default.
    pub abortive: AbortiveDraws,
    /// The ruleset's context words the engine fills from what it knows about a win, each with
    /// the fact it stands for; the words are added to the winning hand before it is judged.
    pub context_facts: Vec<(String, WinFact)>,
    /// Each seat keeps its seat wind for the whole match (seat 0 East, then in turn order) while
    /// the deal moves; otherwise the dealer is East and the winds move with the deal.
    pub fixed_seat_winds: bool,
    /// The instant wins on the bonus tiles alone that play offers (`[win] bonus_win`).
    pub bonus_win: BonusWin,
    /// When the engine sets the notation's `fourth` (the winning tile is the last copy).
    pub last_copy: LastCopy,
    /// Rounds of prevalent wind in a match.
    pub rounds: u32,
    /// A match of this many hands, whatever the deal does (rounds of wind still advance as the
    /// deal passes every seat, and `rounds` is then not a limit); `None` plays `rounds` rounds.
    pub match_hands: Option<u32>,
    pub start_points: i64,
    /// Chips: no payment takes a player's points (start points plus everything won and paid
    /// since) below this floor; a payer short of chips pays what it has, its payees in turn order
    /// from it. `None`: points are unbounded.
    pub floor: Option<i64>,
    /// Nobody may win on the discard (or robbed kong) of a player at the floor.
    pub no_win_from_floor: bool,
    /// The match ends early once this many players are at the floor.
    pub end_at_floor: Option<u8>,
    /// When the match ends besides running out of rounds: a player below a threshold, a
    /// target reached in the last hands, extension rounds (see [`MatchEnd`]).
    pub match_end: MatchEnd,
    /// How final points become each player's match result (uma and oka); `None`: no results.
    pub results: Option<ResultRule>,
    /// A win or kong that would end the match early (see `end_at_floor`) is offered only to a
    /// player who would finish it in first place (ties included); other payments that would end
    /// it are held outside the table and added once the match is over.
    pub leader_ends_only: bool,
    /// This many discards in a row (no claim between) of the same tile call
    /// [`Rules::settle_discard_run`] (追牌).
    pub discard_run: Option<u8>,
    /// Ranking points by place, first place first.
    pub ranking_points: Vec<i64>,
    /// How players with equal totals are placed.
    pub ranking_ties: RankingTies,
    /// Seat changes (换位): entry `r` applies after round `r + 1` and gives, for every seat, the
    /// seat its player moves to; an empty entry changes nothing.
    pub seat_changes: Vec<Vec<usize>>,
    /// At a drawn hand the engine values every ready hand still in by judging a discard win on
    /// each of its waits ([`DrawnFacts::ready_value`]); off by default (it costs a judgement
    /// per wait).
    pub ready_values: bool,
    /// 呼叫转移: the kong money handed to the winners of the konger's discard after a kong.
    pub kong_transfer: KongTransfer,
}

/// The terms of a ready declaration. The default is the 亮倒 of 卡五星: free, at any time, any
/// hand, its waits shown (nobody else may discard them) and its concealed triplets either shown
/// or kept hidden at the declarer's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// Points the declarer puts on the table once its declaring discard is not won on (a
    /// deposit, taken by the next winner through `[settlement] deposits`); 0 for none.
    pub deposit: i64,
    /// Points the declarer must have to declare (its balance); `None`: no minimum.
    pub min_points: Option<i64>,
    /// Tiles that must be left in the wall the next draw comes from, for the declarer to draw
    /// again after declaring.
    pub min_wall: u32,
    /// Only a hand with no melds except concealed kongs may declare.
    pub concealed_only: bool,
    /// The waits are shown and the other players may not discard them while they have another
    /// tile to discard; the declarer chooses which concealed triplets stay hidden. When false
    /// nothing is shown and every concealed triplet may still become a kong that keeps the waits.
    pub public_waits: bool,
    /// A declared player may still kong a discard (a hidden triplet, keeping the waits); when
    /// false only kongs in its own turn remain.
    pub kong_on_discard: bool,
    /// A player may declare only with its first discard, before any meld was made at the table
    /// (Taiwan's 天聽 and 地聽).
    pub first_turn_only: bool,
}

impl Default for Declaration {
    fn default() -> Self {
        Declaration {
            deposit: 0,
            min_points: None,
            min_wall: 0,
            concealed_only: false,
            public_waits: true,
            kong_on_discard: true,
            first_turn_only: false,
        }
    }
}

/// Indicators turned up from the tiles kept back at the wall's end: indicator `k` is the kept
/// tile `2k` and, with `hidden`, the tile under it is kept tile `2k + 1` (counting from the
/// first kept tile). None by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Indicators {
    /// Shown when the hand is dealt (0: the table has no indicators).
    pub at_deal: u8,
    pub kong: KongReveal,
    /// A hidden indicator lies under each shown one, revealed for the win (ura).
    pub hidden: bool,
}

/// When a kong turns up one more indicator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KongReveal {
    #[default]
    Never,
    /// As soon as any kong stands.
    AtOnce,
    /// A concealed kong at once; an exposed or added kong after the konger's discard, or at the
    /// next kong, whichever comes first.
    ConcealedAtOnce,
}

/// Abortive draws (途中流局): each rule on calls the hand off, nobody pays, the deposits stay on
/// the table and the dealer deals again. All off by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AbortiveDraws {
    /// A player holding nine or more kinds of terminals and honours on its first, uninterrupted
    /// draw may call the hand off ([`crate::game::Action::AbortiveDraw`]; 九種九牌).
    pub nine_kinds: bool,
    /// Every player's first discard is the same wind, nobody having called (四風連打).
    pub four_winds: bool,
    /// Every player has declared ready, the last declaring discard not won on (四家立直).
    pub all_declared: bool,
    /// Four kongs stand, made by more than one player: the hand is off once the next discard
    /// is not won on (四開槓); and nobody makes a fifth kong.
    pub four_kongs: bool,
    /// Three players claim a win on one discard that the multiple-winner policy does not pay
    /// all of (`First`, `Two`): nobody wins (三家和). Under `All` the three are paid.
    pub three_wins: bool,
}

/// Wins on an offered tile that a player's own play forbids. All off by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Furiten {
    /// No win on an offered tile while any tile the hand waits on (in shape) is among the
    /// player's own discards, claimed or not.
    pub own_discards: bool,
    /// A declared player who passes a win may not win on an offered tile for the rest of the
    /// hand (otherwise `missed_win` decides how long the lock lasts).
    pub declared_pass_locks_hand: bool,
}

/// When the winning tile counts as the last copy (the notation's `fourth`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LastCopy {
    /// Every other copy is visible: in discards or in anyone's melds (和绝张).
    #[default]
    Visible,
    /// The other copies are shown as an exposed pung (claimed from a discard) on the table
    /// (夹绝张's "牌池内已经出现碰牌的刻子"); copies seen only in discards do not count.
    ExposedPung,
}

/// The ways a match ends other than playing out its rounds. The *stretch* is the last deal of
/// the last regular round and every hand of the extension rounds: there a target decides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchEnd {
    /// The match ends after a hand that leaves any player's points strictly below this (飛び:
    /// 0, so that a player at exactly 0 plays on).
    pub end_below: Option<i64>,
    /// Points that end the match in the stretch: after a hand there whose deal passes, the
    /// match ends if anyone has at least this many; otherwise it goes on into the extension.
    pub target: Option<i64>,
    /// Rounds of prevalent wind played beyond the regular ones while nobody has `target`.
    pub extra_rounds: u32,
    /// A dealer who keeps the deal in the stretch ends the match when first (with `target`
    /// or more when a target is set): あがりやめ. Otherwise a kept deal always plays on.
    pub last_dealer_stops: bool,
    /// With `last_dealer_stops`: the stop is offered to the dealer's player, who may play on,
    /// instead of ending the match by itself ([`super::match_end::Verdict::DealerMayStop`]).
    pub last_dealer_chooses: bool,
}

/// A player's match result: `(points - return_points) / point_unit`, plus the ranking points of
/// its place (uma), plus to first place the oka, `(return_points - start_points) * players /
/// point_unit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultRule {
    pub return_points: i64,
    /// Positive.
    pub point_unit: i64,
}

/// How players with equal match totals are ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RankingTies {
    /// The lower starting seat goes first, so places are unique.
    #[default]
    SeatOrder,
    /// Tied players share one place and split the ranking points of the places they cover.
    Share,
}

impl TableRules {
    /// The priority level of a claim kind (lower wins).
    pub fn level(&self, kind: ClaimKind) -> u8 {
        let i = match kind {
            ClaimKind::Win => 0,
            ClaimKind::Kong => 1,
            ClaimKind::Pong => 2,
            ClaimKind::Chi => 3,
        };
        self.priority[i]
    }

    pub fn player_count(&self) -> usize {
        self.players as usize
    }
}

/// The ruleset's verdict on a complete hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinJudgement {
    /// Combined value of every fan, bonus fans included.
    pub total: i64,
    /// Value without bonus fans (what the minimum is checked against).
    pub points: i64,
    /// The hand is a legal win that reaches the ruleset's minimum; only such wins are offered.
    pub valid: bool,
    /// One line per fan, e.g. `清一色 24`, in the ruleset's table order.
    pub fans: Vec<String>,
    /// Concealed pungs and kongs (坎) in the scored reading; a pung completed on a discard is not.
    pub concealed_pungs: u8,
    /// The value payments are figured from: `total`, or, for a ruleset with a points formula
    /// (han and fu with limits), the formula's basic points.
    pub base: i64,
    /// Han and fu, for a ruleset with a points formula (0 otherwise).
    pub han: i64,
    pub fu: i64,
}

/// How a hand was won, from the payers' point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WinSource {
    #[default]
    SelfDrawn,
    Discard {
        discarder: usize,
    },
    RobbedKong {
        konger: usize,
    },
}

/// What the engine knows about a win that payments may depend on, besides the hand's value.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WinFacts {
    pub winner: usize,
    pub source: WinSource,
    /// The seat dealing this hand (payments that differ for the dealer read it).
    pub dealer: usize,
    /// Bonus tiles the winner set aside.
    pub flowers: u8,
    /// Per seat: has declared ready (亮倒).
    pub declared: Vec<bool>,
    /// For a self-drawn win on a kong replacement: the seat whose discard that kong was made on.
    pub kong_fed_by: Option<usize>,
    /// The winner's melds other than concealed kongs.
    pub exposed_melds: u8,
    pub concealed_kongs: u8,
    /// The seat whose discard made the winner's most recent meld, if it was made on a discard.
    pub last_meld_from: Option<usize>,
    /// The winner's melds in the order made (an added kong where its pung was), for liabilities
    /// that ask who fed a particular meld (the last dragon pung of a big-three-dragons hand).
    pub melds: Vec<crate::meld::Meld>,
    /// Hands in a row the dealer has kept the deal before this one (0 = a fresh dealer).
    pub dealer_streak: u32,
    /// Per seat: the seats that fed each of its claims (chow, pong, kong on a discard), in order.
    pub claim_feeders: Vec<Vec<usize>>,
    /// The winning hand (melds included) is all of one number suit, without honours.
    pub one_suit: bool,
    /// The tiles the winner held as its only concealed tile after each of its discards, in order
    /// (consecutive repeats once); empty when it never held a single tile.
    pub held_alone: Vec<crate::tile::Tile>,
    /// Horses (买马): the tiles revealed from the wall's end for this win, as many as
    /// [`Rules::horses`] asked for (fewer when the wall has fewer); empty when none.
    pub horses: Vec<crate::tile::Tile>,
    /// Counters on the table (本場) paid with this win: 0 for the second winner of a discard.
    pub counters: u32,
    /// Deposits on the table taken with this win: 0 for the second winner of a discard.
    pub deposits: u32,
    /// Per seat: has already won and left the hand (play that goes on after a win): such a seat
    /// pays nothing for this win. Empty when nobody has left.
    pub left: Vec<bool>,
}

/// A kong that stands (was not robbed), for instant kong payments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KongFacts {
    pub konger: usize,
    pub kind: crate::game::event::KongKind,
    /// The discarder, for a kong on a discard.
    pub from: Option<usize>,
    /// Declared with the replacement tile of an earlier kong (杠上杠).
    pub on_replacement: bool,
    pub declared: Vec<bool>,
    /// Hands in a row the dealer has kept the deal before this one.
    pub dealer_streak: u32,
    /// Per seat: has already won and left the hand ([`AfterWin::Leave`]): pays nothing for the
    /// kong. Empty when nobody has left.
    pub left: Vec<bool>,
}

/// The same tile discarded [`TableRules::discard_run`] times in a row (追牌).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscardRunFacts {
    /// The first of those discarders.
    pub first: usize,
    pub tile: crate::tile::Tile,
    /// Hands in a row the dealer has kept the deal before this one.
    pub dealer_streak: u32,
}

/// A hand that ended without a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnFacts {
    /// Seats that declared ready, in the order they declared.
    pub declared_order: Vec<usize>,
    /// Net kong payments of every seat this hand.
    pub kong_net: Vec<i64>,
    /// Per seat: one tile from a win in shape (听牌) when the wall ran out; declared seats are.
    pub ready: Vec<bool>,
    /// Hands in a row the dealer has kept the deal before this one.
    pub dealer_streak: u32,
    /// Per seat: has already won and left the hand ([`AfterWin::Leave`]), or (with
    /// [`AfterWin::Stay`]) has won at least once this hand; such a seat takes no part in the
    /// drawn hand's payments. Empty when nobody has.
    pub left: Vec<bool>,
    /// The seat dealing the hand.
    pub dealer: usize,
    /// Per seat: every tile it discarded, in order, claimed or not (a result scored on the
    /// discards alone, such as a nagashi mangan, reads them).
    pub discards: Vec<Vec<crate::tile::Tile>>,
    /// Per seat: another player claimed one of its discards.
    pub discards_claimed: Vec<bool>,
    /// Per seat: still holds a tile of its declared void suit (a 花猪 at the hand's end).
    pub void_held: Vec<bool>,
    /// With [`TableRules::ready_values`], per seat still in: the most a win on a discard would
    /// score (the judged total) over the tiles it waits on, `None` when no tile completes it (or
    /// every copy of each is its own); empty without `ready_values`. The checks at a drawn hand
    /// that pay by the value of a ready hand (查大叫) read it.
    pub ready_value: Vec<Option<i64>>,
    /// Every kong payment made this hand, as it stands now (money handed on to a winner names
    /// the winner as its payee), for the refund of kong money by players not ready (退税).
    pub kong_money: Vec<KongMoney>,
}

impl DrawnFacts {
    /// Whether `seat` is ready at the drawn hand: by the judged waits when the table asks for
    /// [`TableRules::ready_values`], else in shape.
    pub fn is_ready(&self, seat: usize) -> bool {
        if self.ready_value.is_empty() {
            self.ready.get(seat).copied().unwrap_or(false)
        } else {
            self.ready_value.get(seat).copied().flatten().is_some()
        }
    }

    /// Whether `seat` has won and left the hand.
    pub fn has_left(&self, seat: usize) -> bool {
        self.left.get(seat).copied().unwrap_or(false)
    }
}

/// One kong payment: `payer` paid `amount` (positive) for a kong; `payee` holds it now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KongMoney {
    pub payer: usize,
    pub payee: usize,
    pub amount: i64,
}

/// Where the money a konger collected for a kong goes when the konger's next discard, right
/// after the kong's replacement, is won on (呼叫转移).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KongTransfer {
    /// The konger keeps it.
    #[default]
    None,
    /// All to the first winner in turn order after the discarder.
    First,
    /// Shared equally among the winners, a remainder to the first.
    Even,
}

/// Everything the engine asks of a ruleset. Implemented by the ruleset crate; tests may
/// implement it with a toy scorer.
pub trait Rules {
    /// How the table runs.
    fn table(&self) -> &TableRules;
    /// The physical tiles.
    fn tiles(&self) -> &TileSet;
    /// Enabled win forms, for the engine's cheap completeness check before judging.
    fn forms(&self) -> &FormRules;
    /// Scores a complete hand (the last concealed tile is the winning tile; the context says how
    /// it was won). `None` when the hand is not a win at all.
    fn judge_win(&self, hand: &Hand) -> Option<WinJudgement>;
    /// The first failure of the rules themselves (a ruleset script that failed while judging a
    /// win) since the last call on this thread, taken. A judgement that failed answers "no win",
    /// so the shell asks after every step and stops the hand with this message instead of
    /// playing on with a silently wrong result. None by default.
    fn take_fault(&self) -> Option<String> {
        None
    }
    /// How many tiles to reveal from the wall's end as horses (买马) for this win, before it is
    /// settled; none by default.
    fn horses(&self, _facts: &WinFacts) -> usize {
        0
    }
    /// Net change of every seat for one win, winner positive, summing to zero.
    fn settle(&self, judgement: &WinJudgement, facts: &WinFacts) -> Vec<i64>;
    /// The seat [`Rules::settle`] makes pay the whole of this win, if any (包): the win's line
    /// then carries it through a word of [`WinFact::Liable`].
    fn liable(&self, _judgement: &WinJudgement, _facts: &WinFacts) -> Option<usize> {
        None
    }
    /// Net change of every seat when a kong stands (instant kong payments); none by default.
    fn settle_kong(&self, _facts: &KongFacts) -> Vec<i64> {
        vec![0; self.table().player_count()]
    }
    /// Net change of every seat at a drawn hand; none by default.
    fn settle_drawn(&self, _facts: &DrawnFacts) -> Vec<i64> {
        vec![0; self.table().player_count()]
    }
    /// What the offender of the ruleset's penalty `id` pays each other player; `None` when the
    /// ruleset has no such penalty.
    fn penalty(&self, _id: &str) -> Option<i64> {
        None
    }
    /// Whether the ruleset's penalty `id` ends the hand on the spot (no winner, nothing more
    /// played), as Botzone's judge does for a false win or an illegal action.
    fn penalty_ends_hand(&self, _id: &str) -> bool {
        false
    }
    /// Whether a hand ended by the penalty `id` is dealt again by the same dealer with the same
    /// streak and counters (a false win that voids the hand).
    fn penalty_replays_hand(&self, _id: &str) -> bool {
        false
    }
    /// Whether the penalty `id` bars the offender from winning for the rest of the hand while
    /// play goes on (a wrong tile count, 相公).
    fn penalty_bars_win(&self, _id: &str) -> bool {
        false
    }
    /// Net change of every seat for a run of equal discards (追牌); none by default.
    fn settle_discard_run(&self, _facts: &DiscardRunFacts) -> Vec<i64> {
        vec![0; self.table().player_count()]
    }
}
