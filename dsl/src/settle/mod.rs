//! Settlement of a scored hand: who pays the winner how much, by the ruleset's formulas.

pub mod amounts;
pub mod drawn;
pub(crate) mod written;

pub use amounts::{Amount, PLAIN_VARS, VARS};

use crate::expr::Cond;
use crate::limits::payment;
use crate::ruleset::{PaymentRule, Ruleset};
use crate::score::Score;
use amounts::Slots;

pub use mj_core::game::rules::{WinFacts, WinSource};

/// How the hand was won, from the payers' point of view: the engine's [`WinSource`], under the
/// name settlement code has always used.
pub type WinKind = WinSource;

/// Everything a win's payments depend on: the engine's own facts of the win ([`WinFacts`], built
/// alike from a played game and from a hand written in notation, see [`written`]) and the
/// hand's value. Reads as its facts (`pay.declared`, `pay.source`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinPay {
    pub facts: WinFacts,
    pub total: i64,
    /// `total` without bonus fans.
    pub points: i64,
    /// Concealed pungs and kongs (坎) of the winning hand, for `per_concealed_pung`.
    pub concealed_pungs: i64,
    /// Basic points of a `[points]` formula (else `total`), with its han and fu.
    pub basic: i64,
    pub han: i64,
    pub fu: i64,
    /// Values of the ruleset's context words, by index (0 when absent).
    pub words: Vec<i64>,
    /// The winner takes `[settlement] deposits` (not for a result scored without a hand, such as
    /// a nagashi mangan, where the deposits stay on the table).
    pub take_deposits: bool,
    /// The seat a written hand names liable for its self-drawn win (`[settlement.liable] word`);
    /// it comes before every other liability.
    pub liable_named: Option<usize>,
}

impl std::ops::Deref for WinPay {
    type Target = WinFacts;
    fn deref(&self) -> &WinFacts {
        &self.facts
    }
}

impl std::ops::DerefMut for WinPay {
    fn deref_mut(&mut self) -> &mut WinFacts {
        &mut self.facts
    }
}

/// The facts of a win with nothing known beyond who won, how, and the bonus tiles held.
pub fn plain_facts(winner: usize, source: WinSource, flowers: i64) -> WinFacts {
    WinFacts {
        winner,
        source,
        dealer: 0,
        flowers: flowers.clamp(0, i64::from(u8::MAX)) as u8,
        declared: Vec::new(),
        kong_fed_by: None,
        exposed_melds: 0,
        concealed_kongs: 0,
        last_meld_from: None,
        dealer_streak: 0,
        claim_feeders: Vec::new(),
        one_suit: false,
        held_alone: Vec::new(),
        left: Vec::new(),
        horses: Vec::new(),
        ..WinFacts::default()
    }
}

impl WinPay {
    /// A win with nothing known beyond its value and how it was won.
    pub fn plain(total: i64, points: i64, winner: usize, kind: WinKind, flowers: i64) -> WinPay {
        WinPay {
            facts: plain_facts(winner, kind, flowers),
            total,
            points,
            concealed_pungs: 0,
            basic: total,
            han: 0,
            fu: 0,
            words: Vec::new(),
            take_deposits: true,
            liable_named: None,
        }
    }
}

/// Net change of every seat, winner positive; sums to zero.
pub fn payments(rs: &Ruleset, score: &Score, winner: usize, kind: WinKind, flowers: i64) -> Vec<i64> {
    payments_for(rs, score.total, score.points, winner, kind, flowers)
}

/// [`payments`] from the totals alone (`points` = total without bonus fans).
pub fn payments_for(
    rs: &Ruleset,
    total: i64,
    points: i64,
    winner: usize,
    kind: WinKind,
    flowers: i64,
) -> Vec<i64> {
    settle_win(rs, &WinPay::plain(total, points, winner, kind, flowers))
}

/// Net change of every seat for one win: the ruleset's formulas per payer, each payment capped
/// by `[settlement] cap`, then `per_concealed_pung` and `float` added to every payment that is
/// positive, and the `[settlement.liable]` cases where one player pays every share.
pub fn settle_win(rs: &Ruleset, p: &WinPay) -> Vec<i64> {
    let players = rs.play.players as usize;
    settle_win_seats(rs, p, &p.melds, &p.words)[..players].to_vec()
}

/// Most seats at a table (seats are named by wind; loading accepts 2 to 4 players).
pub const MAX_SEATS: usize = 4;

/// [`settle_win`] into an array on the stack, one amount per seat (seats past the table's players
/// 0), with the melds and the context words' values (by index, 0 when absent) passed beside the
/// win's facts rather than in it: a hand written in notation settles without copying its melds
/// or allocating its word values, and the array needs no allocation either.
pub(crate) fn settle_win_seats(
    rs: &Ruleset,
    p: &WinPay,
    melds: &[mj_core::Meld],
    words: &[i64],
) -> [i64; MAX_SEATS] {
    let players = (rs.play.players as usize).min(MAX_SEATS);
    let st = &rs.settlement;
    let declared = |s: usize| i64::from(p.declared.get(s).copied().unwrap_or(false));
    let n_words = rs.context_words.len();
    // One set of slots for the whole win: only the payer's amounts change from one formula to
    // the next (a fresh set per payer cost an allocation each, on every scored hand).
    // Built in its cell: the slots are a few hundred bytes, copied if moved in.
    let base = std::cell::RefCell::new(Slots::new(n_words));
    base.borrow_mut()
        .set(Amount::Total, p.total)
        .set(Amount::Points, p.points)
        .set(Amount::Bonus, p.total.saturating_sub(p.points))
        .set(Amount::Flowers, i64::from(p.flowers))
        .set(Amount::WinnerDeclared, declared(p.winner))
        .set(Amount::DealerStreak, i64::from(p.dealer_streak))
        .set(
            Amount::Table,
            st.fan_table.as_ref().map_or(0, |t| t.portion(p.total)),
        )
        .set(Amount::Basic, p.basic)
        .set(Amount::Han, p.han)
        .set(Amount::Fu, p.fu)
        .set(Amount::WinnerDealer, i64::from(p.winner == p.dealer))
        .words((0..n_words).map(|i| words.get(i).copied().unwrap_or(0)));
    let eval = |f: &Cond, payer: usize| {
        let mut v = base.borrow_mut();
        v.set(Amount::PayerDeclared, declared(payer))
            .set(Amount::PayerDealer, i64::from(payer == p.dealer));
        v.eval(rs, f)
    };
    let mult = repeat_multiplier(rs, p.dealer_streak);
    let hits = horse_hits(rs, &p.horses);
    let capped = |x: i64| {
        let x = x.saturating_mul(mult);
        st.cap.map_or(x, |c| x.min(c)).saturating_mul(1 + hits)
    };
    let extra = st
        .per_concealed_pung
        .saturating_mul(p.concealed_pungs)
        .saturating_add(st.float);
    // Clamped to a payment's range, so that the winner's sum of every share cannot overflow.
    let share = |f: Option<&Cond>, payer: usize| {
        let a = capped(f.map_or(0, |e| eval(e, payer)));
        payment(if a > 0 { a.saturating_add(extra) } else { a })
    };
    let mut out = [0i64; MAX_SEATS];
    // Deposits on the table go to the winner; no seat pays them.
    if let (Some(d), Some(w), true) = (&st.deposits, out.get_mut(p.winner), p.take_deposits) {
        *w = w.saturating_add(eval(d, p.winner));
    }
    // A seat that has already won and left pays nothing.
    let left = |s: usize| p.left.get(s).copied().unwrap_or(false);
    let source = settled_source(rs, p);
    // 包 big hands (`group_feeder`) come before every other liability: the whole of a self-drawn
    // win, and all or half of each share of a win on a discard (shifted after the shares).
    let group = group_feeder(rs, p, melds).filter(|&g| g < players && g != p.winner);
    if let Some(l) = whole_liable(rs, p, source, group) {
        let full: i64 = (0..players)
            .filter(|&s| s != p.winner && !left(s))
            .map(|s| share(st.self_drawn.each.as_ref(), s))
            .sum();
        out[l] -= full;
        out[p.winner] += full;
        return out;
    }
    let (rule, from): (&PaymentRule, Option<usize>) = match source {
        WinKind::SelfDrawn => (&st.self_drawn, None),
        WinKind::Discard { discarder } => (&st.discard, Some(discarder)),
        WinKind::RobbedKong { konger } => (st.robbed_kong.as_ref().unwrap_or(&st.discard), Some(konger)),
    };
    // Under a half share with `group_feeder_counters`, the part of each share that the counter
    // word adds (the share less the share with that word at 0) goes to the liable player whole.
    let counter_word = st
        .liable_groups_counters
        .filter(|_| group.is_some() && st.liable_groups_half);
    let mut counters = [0i64; MAX_SEATS];
    for seat in 0..players {
        if seat == p.winner || left(seat) {
            continue;
        }
        let f = match from {
            None => rule.each.as_ref(),
            Some(d) if d == seat => rule.discarder.as_ref(),
            Some(_) => rule.others.as_ref(),
        };
        let amount = share(f, seat);
        if let Some(w) = counter_word {
            let value = words.get(w).copied().unwrap_or(0);
            base.borrow_mut().set_word(w, 0);
            counters[seat] = amount.saturating_sub(share(f, seat)).max(0);
            base.borrow_mut().set_word(w, value);
        }
        out[seat] -= amount;
        out[p.winner] += amount;
    }
    if let Some(g) = group {
        shift_to_liable(&mut out[..players], p.winner, g, st.liable_groups_half, &counters);
    }
    out
}

/// The seat that pays the whole of win `p` settled as `source` (包), if any: the feeder of a big
/// hand's last pung (`group`, found by [`group_feeder`]) of a self-drawn win, the player the line
/// names, or the first of the other liabilities that applies.
fn whole_liable(rs: &Ruleset, p: &WinPay, source: WinKind, group: Option<usize>) -> Option<usize> {
    let st = &rs.settlement;
    let players = (rs.play.players as usize).min(MAX_SEATS);
    let declared = |s: usize| p.declared.get(s).copied().unwrap_or(false);
    match source {
        WinKind::SelfDrawn if group.is_some() => group,
        _ if group.is_some() => None,
        _ if p.liable_named.is_some() => p.liable_named,
        WinKind::RobbedKong { konger } if st.liable.robbed_kong => Some(konger),
        WinKind::SelfDrawn if st.liable.kong_feeder && p.kong_fed_by.is_some() => p.kong_fed_by,
        WinKind::SelfDrawn => st.liable.last_meld_feeder.and_then(|m| {
            let void = st.liable.last_meld_unless_concealed_kong && p.concealed_kongs > 0;
            (p.exposed_melds >= m && !void)
                .then_some(p.last_meld_from)
                .flatten()
        }),
        WinKind::Discard { discarder }
            if st.liable.undeclared_feeds_declared && declared(p.winner) && !declared(discarder) =>
        {
            Some(discarder)
        }
        _ => None,
    }
    .or_else(|| liable_by_play(rs, p).filter(|_| group.is_none()))
    .filter(|&l| l < players && l != p.winner)
}

/// How win `p` is paid: as won, except 点杠花, paid by the kong's feeder alone as a win on its
/// discard (`kong_feeder_as_discard`).
fn settled_source(rs: &Ruleset, p: &WinPay) -> WinKind {
    match (p.source, p.kong_fed_by) {
        (WinKind::SelfDrawn, Some(feeder)) if rs.settlement.liable.kong_feeder_as_discard => {
            WinKind::Discard { discarder: feeder }
        }
        (source, _) => source,
    }
}

/// [`whole_liable`] for a win settled as play settles it: the seat play writes on the win's line
/// with the ruleset's word of the `liable` fact.
pub fn liable_seat(rs: &Ruleset, p: &WinPay) -> Option<usize> {
    let players = (rs.play.players as usize).min(MAX_SEATS);
    let group = group_feeder(rs, p, &p.melds).filter(|&g| g < players && g != p.winner);
    whole_liable(rs, p, settled_source(rs, p), group)
}

/// The seat liable under `[settlement.liable] group_feeder`: the winner has declared a pung or
/// kong of every tile of a group, and the last of those melds (in the order made; an added kong
/// counts its pung) was claimed on that seat's discard. A concealed kong last makes nobody liable.
pub(super) fn group_feeder(rs: &Ruleset, p: &WinPay, melds: &[mj_core::Meld]) -> Option<usize> {
    let players = rs.play.players as usize;
    rs.settlement.liable_groups.iter().find_map(|group| {
        let mut last = 0;
        for &t in group {
            let i = melds
                .iter()
                .position(|m| !matches!(m, mj_core::Meld::Chow { .. }) && m.tile() == t)?;
            last = last.max(i);
        }
        melds.get(last)?.source_seat(p.winner, players)
    })
}

/// Moves every payer's share of a discard win (or half of it, rounded down) onto the liable seat;
/// under a half share, `counters[s]` of seat s's share is moved whole and only the rest halved.
fn shift_to_liable(out: &mut [i64], winner: usize, liable: usize, half: bool, counters: &[i64]) {
    for s in 0..out.len() {
        if s == winner || s == liable || out[s] >= 0 {
            continue;
        }
        let paid = -out[s];
        let whole = counters.get(s).copied().unwrap_or(0).min(paid);
        let moved = if half { (paid - whole) / 2 + whole } else { paid };
        out[s] += moved;
        out[liable] -= moved;
    }
}

/// Horses (买马) that are the winner's: number tiles whose rank is one of `[settlement.horses]
/// ranks`.
fn horse_hits(rs: &Ruleset, horses: &[mj_core::Tile]) -> i64 {
    let Some(h) = &rs.settlement.horses else { return 0 };
    horses
        .iter()
        .filter(|&&t| rs.tiles.suit_rank(t).is_some_and(|(_, r)| h.ranks.contains(&r)))
        .count() as i64
}

/// The multiplier of every payment in a hand whose dealer has kept the deal `streak` times.
fn repeat_multiplier(rs: &Ruleset, streak: u32) -> i64 {
    if streak > 0 {
        rs.settlement.dealer_repeat_multiplier
    } else {
        1
    }
}

/// The feeder of a player's first `n` claims of the hand, when they all came from one seat
/// (jingji.md §7 "从起初": counted from the start of the hand, not any later run).
fn run_from(feeders: &[usize], n: u8) -> Option<usize> {
    let n = (n as usize).max(1);
    let first = feeders.get(..n)?;
    first.iter().all(|&f| f == first[0]).then_some(first[0])
}

/// Liabilities that come from how the hand was played (`[settlement.liable]`
/// `same_feeder_calls`, `one_suit_display`, `single_tile_window`): the seat that pays every share.
fn liable_by_play(rs: &Ruleset, p: &WinPay) -> Option<usize> {
    let l = &rs.settlement.liable;
    let feeders = |s: usize| p.claim_feeders.get(s).map_or(&[][..], |v| &v[..]);
    if let Some(k) = l.same_feeder_calls {
        if let Some(f) = run_from(feeders(p.winner), k) {
            return Some(f);
        }
        if l.same_feeder_calls_mutual {
            let caller = (0..p.claim_feeders.len())
                .find(|&c| c != p.winner && run_from(feeders(c), k) == Some(p.winner));
            if caller.is_some() {
                return caller;
            }
        }
    }
    let WinKind::Discard { discarder } = p.source else {
        return None;
    };
    if l.one_suit_display
        .is_some_and(|k| p.one_suit && p.exposed_melds >= k)
    {
        return Some(discarder);
    }
    // The hanging tile (全求独钓): liable only while the player still holds the tile it first
    // hung. "Once the hanging player swaps the tile, the liability ends" (jingji.md §7 (2)),
    // whatever the new tile; the window of related tiles never decides a win, which is always
    // on the hung tile itself.
    if l.single_tile_window.is_some() && p.held_alone.len() == 1 {
        return Some(discarder);
    }
    None
}

/// Payments for the same tile discarded `[settlement.discard_run] count` times in a row (追牌):
/// the first of those discarders pays `each` to every other player.
pub fn settle_discard_run(rs: &Ruleset, first: usize, dealer_streak: u32) -> Vec<i64> {
    let players = rs.play.players as usize;
    let mut out = vec![0i64; players];
    let Some((_, each)) = &rs.settlement.discard_run else {
        return out;
    };
    let mult = repeat_multiplier(rs, dealer_streak);
    for s in (0..players).filter(|&s| s != first) {
        let value = Slots::new(0)
            .set(Amount::DealerStreak, i64::from(dealer_streak))
            .eval(rs, each);
        let amount = payment(value.saturating_mul(mult));
        out[s] += amount;
        if let Some(x) = out.get_mut(first) {
            *x -= amount;
        }
    }
    out
}

/// Instant payments for a kong that stands, by `[settlement.kong]`: each other player pays for an
/// added or concealed kong, the discarder for a kong on a discard; a kong declared on a
/// replacement tile is multiplied by `on_replacement`; a player who has won and left pays nothing.
pub fn settle_kong(rs: &Ruleset, facts: &mj_core::game::rules::KongFacts) -> Vec<i64> {
    use mj_core::game::KongKind;
    let (konger, kind, from, declared, dealer_streak) = (
        facts.konger,
        facts.kind,
        facts.from,
        &facts.declared,
        facts.dealer_streak,
    );
    let on_replacement = facts.on_replacement;
    let players = rs.play.players as usize;
    let k = &rs.settlement.kong;
    let mut out = vec![0i64; players];
    let f = match kind {
        KongKind::Added => k.added.as_ref(),
        KongKind::Concealed => k.concealed.as_ref(),
        KongKind::Exposed => k.exposed.as_ref(),
    };
    let Some(f) = f else { return out };
    let d = |s: usize| i64::from(declared.get(s).copied().unwrap_or(false));
    let mult = if on_replacement { k.on_replacement } else { 1 }
        .saturating_mul(repeat_multiplier(rs, dealer_streak));
    for payer in 0..players {
        let pays = match kind {
            KongKind::Exposed => k.exposed_each || from == Some(payer),
            _ => payer != konger,
        };
        // A player who has won and left the hand pays nothing more.
        if !pays || payer == konger || facts.left.get(payer).copied().unwrap_or(false) {
            continue;
        }
        let value = Slots::new(0)
            .set(Amount::WinnerDeclared, d(konger))
            .set(Amount::PayerDeclared, d(payer))
            .set(Amount::DealerStreak, i64::from(dealer_streak))
            .eval(rs, f);
        let amount = payment(value.saturating_mul(mult));
        out[payer] -= amount;
        out[konger] += amount;
    }
    out
}

/// Payments at a drawn hand: kong money is returned unless it stands, the first player to have
/// declared ready pays each undeclared player `first_declared_pays_undeclared`, and each player
/// not `ready` (one tile from a win) pays each ready one `unready_pays_ready` (查叫).
pub fn settle_drawn(
    rs: &Ruleset,
    declared_order: &[usize],
    ready: &[bool],
    kong_net: &[i64],
    dealer_streak: u32,
) -> Vec<i64> {
    let players = rs.play.players as usize;
    let mut out = vec![0i64; players];
    if !rs.settlement.kong.stand_on_draw {
        for (o, k) in out.iter_mut().zip(kong_net) {
            *o -= k;
        }
    }
    let repeat = repeat_multiplier(rs, dealer_streak);
    let amount = payment(
        rs.settlement
            .drawn_hand
            .first_declared_pays_undeclared
            .saturating_mul(repeat),
    );
    if let (Some(&first), true) = (declared_order.first(), amount != 0) {
        for s in (0..players).filter(|s| !declared_order.contains(s)) {
            out[first] -= amount;
            out[s] += amount;
        }
    }
    let chajiao = payment(rs.settlement.drawn_hand.unready_pays_ready.saturating_mul(repeat));
    if chajiao != 0 {
        let is_ready = |s: usize| ready.get(s).copied().unwrap_or(false);
        for payer in (0..players).filter(|&s| !is_ready(s)) {
            for payee in (0..players).filter(|&s| is_ready(s)) {
                out[payer] -= chajiao;
                out[payee] += chajiao;
            }
        }
    }
    out
}
