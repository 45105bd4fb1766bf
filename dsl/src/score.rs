//! Scoring a hand under a ruleset: read the hand every way it can win, judge every fan on each
//! reading, apply the ruleset's combination principles and exclusions, keep the best reading.

use crate::cond::Facts;
use crate::lang::GroupKind;
pub use crate::picks::count_groups;
pub(crate) use crate::picks::{for_each_subset, group_tiles, pick, suit_ranks};
use crate::ruleset::{form_bit, Combine, DiscardPung, Ruleset};
use mj_core::decompose::Division;
use mj_core::hand::counts_of;
use mj_core::{Counts, Hand, Reading, SetKind, Tile};

/// One fan that scored, and how many times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FanHit {
    /// Index into `Ruleset::fans`.
    pub fan: usize,
    pub count: u32,
}

/// The result of scoring a winning hand.
#[derive(Clone, Debug)]
pub struct Score {
    /// Fans in table order.
    pub hits: Vec<FanHit>,
    /// Combined value of every fan listed, bonus fans included.
    pub total: i64,
    /// Combined value without bonus fans: what the minimum to win is checked against.
    pub points: i64,
    /// Whether the hand is a legal win reaching the ruleset's minimum.
    pub valid: bool,
    /// The reading that gave the best score.
    pub reading: Reading,
    /// Fan lists of other readings with the same total (rule texts leave such ties open).
    pub ties: Vec<Vec<FanHit>>,
    /// Concealed pungs and kongs (坎) of the best reading, for `[settlement] per_concealed_pung`.
    pub concealed_pungs: i64,
    /// For a ruleset with a points formula: han (= `total`), fu, the basic points and the limit
    /// reached (an index into the formula's limits).
    pub han_fu: Option<HanFu>,
}

/// What a points formula made of the best reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HanFu {
    pub han: i64,
    pub fu: i64,
    pub basic: i64,
    pub limit: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// The hand has the wrong number of tiles for a win.
    TileCount { found: usize, expected: usize },
    /// No enabled win form reads the hand.
    NotWin,
    /// A ruleset script failed.
    Script(String),
    /// The hand says something this ruleset's table cannot produce (a chow where there is no chi,
    /// a fourth seat at a three-player table).
    Table(String),
}

impl std::fmt::Display for ScoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoreError::TileCount { found, expected } => write!(
                f,
                "the hand has {} (a kong counting three); a winning hand has {expected}, the winning tile written last",
                mj_core::tile::tiles_word(*found)
            ),
            ScoreError::NotWin => write!(f, "not a win: no enabled win form reads these tiles"),
            ScoreError::Script(m) | ScoreError::Table(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for ScoreError {}

/// Buffers [`score`] reuses from one hand to the next on a thread: the divisions and the fan
/// counts per division. Allocating them afresh for every hand cost more than judging most of a
/// hand's fans; what stays allocated is a few kilobytes per scoring thread.
#[derive(Default)]
struct Scratch {
    divs: Vec<Division>,
    table: Vec<u32>,
    touched: Vec<Touched>,
    totals: Vec<(i64, i64)>,
    fus: Vec<i64>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch {
            divs: Vec::new(),
            table: Vec::new(),
            touched: Vec::new(),
            totals: Vec::new(),
            fus: Vec::new(),
        })
    };
}

/// Scores `hand` (the last concealed tile is the winning tile).
pub fn score(rs: &Ruleset, hand: &Hand) -> Result<Score, ScoreError> {
    with_scratch(|s| score_in(rs, hand, Mode::Plain, s))
}

/// Runs `body` with the thread's [`Scratch`]. Scoring from inside a score (nothing does today)
/// or while the thread is being torn down gets buffers of its own.
fn with_scratch<R>(mut body: impl FnMut(&mut Scratch) -> R) -> R {
    SCRATCH
        .try_with(|cell| cell.try_borrow_mut().ok().map(|mut s| body(&mut s)))
        .ok()
        .flatten()
        .unwrap_or_else(|| body(&mut Scratch::default()))
}

/// [`score`], running every fan script on every reading whatever the fan's condition says, so
/// that `mj check` can try each script on hands its condition would rarely let it see.
/// Each script's first failure goes into `failures` (script index, message); a script that has
/// failed once is not run again.
pub(crate) fn probe(rs: &Ruleset, hand: &Hand, failures: &std::cell::RefCell<Vec<(usize, String)>>) {
    let _ = score_in(rs, hand, Mode::Probe(failures), &mut Scratch::default());
}

/// [`score`] with the account of its result: what produced each fan, and which fans the
/// hand's shape suggests but that were not counted, with the rule that removed them.
pub fn explain(rs: &Ruleset, hand: &Hand) -> Result<(Score, crate::explain::Explanation), ScoreError> {
    let mut out = None;
    let s = with_scratch(|scratch| score_in(rs, hand, Mode::Explain(&mut out), scratch))?;
    Ok((s, out.unwrap_or_default()))
}

/// What [`score_in`] does beside scoring.
enum Mode<'a> {
    Plain,
    Probe(&'a std::cell::RefCell<Vec<(usize, String)>>),
    Explain(&'a mut Option<crate::explain::Explanation>),
}

/// Most context words read into a buffer on the stack; a ruleset with more allocates.
const WORDS_ON_STACK: usize = 16;

fn score_in(rs: &Ruleset, hand: &Hand, mode: Mode, scratch: &mut Scratch) -> Result<Score, ScoreError> {
    check_table(rs, hand)?;
    let set = &rs.tiles;
    let expected = rs.win_size();
    if hand.effective_len() != expected || hand.concealed.is_empty() {
        return Err(ScoreError::TileCount {
            found: hand.effective_len(),
            expected,
        });
    }
    let Some(win) = hand.winning_tile() else {
        return Err(ScoreError::TileCount { found: 0, expected });
    };
    let concealed = hand.concealed_counts();
    // Readings that differ only in where the winning tile sits are one division; fans that look at
    // the wait see every placement through `waits`.
    let Scratch {
        divs,
        table,
        touched,
        totals,
        fus,
    } = scratch;
    if rs.scoring.wait_per_reading {
        // One division per place of the winning tile, its wait alone.
        divs.clear();
        for reading in mj_core::decompose::readings(set, &rs.forms, &hand.melds, &concealed, win) {
            let waits = 1 << reading.wait.bit();
            divs.push(Division { reading, waits });
        }
    } else {
        mj_core::decompose::divisions_into(set, &rs.forms, &hand.melds, &concealed, win, divs);
    }
    if divs.is_empty() {
        return Err(ScoreError::NotWin);
    }
    let before_win = counts_of(hand.concealed_before_win());
    let counts = hand.all_counts(set);
    // Every tile of the hand is a playing tile (ids below 64), concealed or in a meld; the hand
    // has divisions, so each declared chow is three consecutive tiles of a suit.
    let mut present = 0u64;
    for t in &hand.concealed {
        present |= 1 << t.id();
    }
    for m in &hand.melds {
        present |= match m {
            mj_core::Meld::Chow { first, .. } => 0b111 << first.id(),
            other => 1 << other.tile().id(),
        };
    }
    let suits = set
        .suits()
        .iter()
        .filter(|s| present >> s.first & ((1u64 << s.len()) - 1) != 0)
        .count();
    // Whether the hand had a single winning tile is asked only by wait fans, and only when a
    // division admits such a wait: it is worked out on first use, unless a division already shows
    // a second winning tile.
    let unique_wait = std::cell::Cell::new(None);
    if rs.scoring.unique_wait_forms.standard && divs.iter().any(|d| shows_second_wait(d, win)) {
        unique_wait.set(Some(false));
    }
    let ctx = &hand.context;
    let word = |w: &mj_core::notation::ContextWordSpec| {
        ctx.extra
            .iter()
            .find(|(k, _)| *k == w.word)
            .map(|(_, v)| v.as_deref().map_or(1, |v| v.parse().unwrap_or(1)))
    };
    let mut word_buf = [None; WORDS_ON_STACK];
    let mut word_vec: Vec<Option<i64>>;
    let n_words = rs.context_words.len() + crate::ruleset::DERIVED_WORDS.len();
    let words: &mut [Option<i64>] = if n_words <= WORDS_ON_STACK {
        for (slot, w) in word_buf.iter_mut().zip(&rs.context_words) {
            *slot = word(w);
        }
        &mut word_buf[..n_words]
    } else {
        word_vec = rs
            .context_words
            .iter()
            .map(word)
            .chain(crate::ruleset::DERIVED_WORDS.iter().map(|_| None))
            .collect();
        &mut word_vec
    };
    crate::points::derived_words(rs, hand, &counts, words);
    let words: &[Option<i64>] = words;
    let mut win_in_melds = 0i64;
    for m in &hand.melds {
        match m {
            mj_core::Meld::Chow { first, .. } => {
                win_in_melds += i64::from((first.id()..first.id() + 3).contains(&win.id()));
            }
            other if other.tile() == win => win_in_melds += other.len() as i64,
            _ => {}
        }
    }
    let hand_facts = HandFacts {
        present,
        suits: suits as i64,
        counts: &counts,
        before_win: &before_win,
        win,
        unique_wait,
        words,
        exposed_melds: hand.melds.iter().filter(|m| !m.is_concealed()).count(),
        win_in_melds,
        win_in_hand: concealed[win.id()] as i64,
        seat_tile: rs.wind_tiles[ctx.seat.index() as usize],
        round_tile: rs.wind_tiles[ctx.round.index() as usize],
        flowers: hand.flower_count() as i64,
        probe: match mode {
            Mode::Probe(p) => Some(p),
            _ => None,
        },
    };

    // Exclusive forms (and exclusive fans, below) rule out ordinary readings.
    let ex = rs.scoring.exclusive_forms;
    if ex != 0 && divs.iter().any(|d| ex & form_bit(d.reading.form) != 0) {
        divs.retain(|d| ex & form_bit(d.reading.form) != 0);
    }
    let n = rs.fans.len();
    table.clear();
    table.resize(n * divs.len(), 0);
    totals.clear();
    touched.clear();
    fus.clear();
    let open = hand_facts.exposed_melds > 0;
    for (d, row) in divs.iter().zip(table.chunks_mut(n)) {
        let (t, fu) = judge(rs, hand, &hand_facts, d, row)?;
        totals.push(combine(rs, row, &t, open));
        touched.push(t);
        fus.push(fu);
    }
    // With a points formula the readings compare by basic points, then han, then fu.
    let valued: Vec<(HanFu, bool)> = match &rs.points.formula {
        None => Vec::new(),
        Some(formula) => (0..divs.len())
            .map(|i| {
                let row = &table[i * n..(i + 1) * n];
                let limit_han = limit_han(rs, row, &touched[i], open);
                let han = totals[i].0;
                let v = formula.value(han, fus[i], limit_han);
                let hf = HanFu {
                    han,
                    fu: fus[i],
                    basic: v.basic,
                    limit: v.limit,
                };
                (hf, limit_han.is_some())
            })
            .collect(),
    };
    // At equal basic points a reading of limit fans (yakuman) is shown before a counted limit.
    let key = |i: usize| valued.get(i).map(|(h, limit)| (h.basic, *limit, h.han, h.fu));
    let has_exclusive = |row: &[u32]| rs.scoring.exclusive_fans.iter().any(|&f| row[f] > 0);
    let any_exclusive = table.chunks(n).any(has_exclusive);
    let eligible = |i: usize| !any_exclusive || has_exclusive(&table[i * n..(i + 1) * n]);
    let mut best: Option<usize> = None;
    for i in (0..divs.len()).filter(|&i| eligible(i)) {
        best = match best {
            None => Some(i),
            Some(b) => {
                let prefer = rs.scoring.tie_prefer.iter().any(|&f| table[i * n + f] > 0);
                if key(i).is_some() {
                    if key(i) > key(b) {
                        Some(i)
                    } else {
                        Some(b)
                    }
                } else if totals[i].0 > totals[b].0 || (totals[i].0 == totals[b].0 && prefer) {
                    Some(i)
                } else {
                    Some(b)
                }
            }
        };
    }
    let best = best.unwrap_or(0);
    let to_hits = |i: usize| -> Vec<FanHit> {
        let row = &table[i * n..(i + 1) * n];
        let fans = || touched[i].fans(n).filter(|&f| row[f] > 0);
        let mut hits = Vec::with_capacity(fans().count());
        hits.extend(fans().map(|fan| FanHit { fan, count: row[fan] }));
        hits
    };
    let hits = to_hits(best);
    let (total, points) = totals[best];
    let ties = (0..divs.len())
        .filter(|&i| i != best && eligible(i) && totals[i].0 == total && key(i) == key(best))
        .map(to_hits)
        .filter(|h| *h != hits)
        .collect();
    let value = if rs.bonus_counts_toward_min { total } else { points };
    let min = match rs.win.discard_min_points {
        Some(m) if !hand.context.self_drawn => m.max(rs.min_points),
        _ => rs.min_points,
    };
    let valid = value >= min;
    if let Mode::Explain(out) = mode {
        *out = Some(with_facts(rs, hand, &hand_facts, &divs[best], |f| {
            let mut row = vec![0; n];
            let mut trace = Trace::default();
            // The best reading was judged without error already.
            let _ = judge_facts(rs, hand, &hand_facts, f, &mut row, Some(&mut trace));
            crate::explain::explain(rs, f, &hits, &trace)
        }));
    }
    let reading = divs[best].reading.clone();
    let concealed_pungs = concealed_pungs(rs, hand, win, &reading);
    Ok(Score {
        hits,
        total,
        points,
        valid,
        reading,
        ties,
        concealed_pungs,
        han_fu: valued.get(best).map(|(h, _)| *h),
    })
}

fn cached(cell: &std::cell::Cell<Option<bool>>, f: impl FnOnce() -> bool) -> bool {
    match cell.get() {
        Some(v) => v,
        None => {
            let v = f();
            cell.set(Some(v));
            v
        }
    }
}

/// Whether a standard division shows on its own that the hand had two winning tiles: a two-sided
/// chow wait also completes with the tile on the chow's other side, and a pung wait (双碰) with
/// the pair's tile, the pair becoming the pung and the pung's two tiles the pair.
fn shows_second_wait(d: &Division, win: Tile) -> bool {
    use mj_core::Wait;
    let r = &d.reading;
    r.form == mj_core::Form::Standard
        && (d.waits & (1 << Wait::TwoSided.bit()) != 0
            || (d.waits & (1 << Wait::Pung.bit()) != 0 && r.pair.is_some_and(|p| p != win)))
}

/// The claims that declare a meld, in the order of [`check_table`]'s bits.
const MELD_CLAIMS: [&str; 5] = ["chi", "pong", "exposed_kong", "added_kong", "concealed_kong"];

/// A bit per entry of [`MELD_CLAIMS`] that `claims` names: worked out at load, so checking a
/// hand's melds compares no strings.
pub(crate) fn meld_claims(claims: &[String]) -> u8 {
    MELD_CLAIMS
        .iter()
        .enumerate()
        .filter(|(_, name)| claims.iter().any(|c| c == *name))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Rejects melds and seats the ruleset's table cannot produce.
#[inline(never)]
fn check_table(rs: &Ruleset, hand: &Hand) -> Result<(), ScoreError> {
    let players = rs.play.players as usize;
    let name = &rs.name;
    if hand.context.seat.index() as usize >= players {
        return Err(ScoreError::Table(format!(
            "seat={} does not exist at a {players}-player table (ruleset {name} seats {})",
            hand.context.seat.letter(),
            (0..players as u8)
                .filter_map(mj_core::Wind::from_index)
                .map(|w| w.letter().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )));
    }
    for m in &hand.melds {
        let (claim, what, from) = match *m {
            mj_core::Meld::Chow { .. } => (0, "a declared chow", Some(mj_core::meld::From::Left)),
            mj_core::Meld::Pung { from, .. } => (1, "a declared pung", Some(from)),
            mj_core::Meld::ExposedKong { from, .. } => (2, "a kong on a discard", Some(from)),
            mj_core::Meld::AddedKong { from, .. } => (3, "an added kong", Some(from)),
            mj_core::Meld::ConcealedKong { .. } => (4, "a concealed kong", None),
        };
        if rs.meld_claims >> claim & 1 == 0 {
            return Err(ScoreError::Table(format!(
                "{what} cannot happen in ruleset {name}: its claims are {}",
                rs.play.claims.join(", ")
            )));
        }
        // At a three-player table the numbers count as `from=` does: 1 the seat before, 2 the
        // seat after (3, "right", is that seat too).
        let seat_exists = match from {
            Some(mj_core::meld::From::Opposite) => players >= 3,
            Some(mj_core::meld::From::Right) => players >= 3,
            _ => true,
        };
        if !seat_exists {
            return Err(ScoreError::Table(format!(
                "{what} claimed from seat {} cannot happen at a {players}-player table (1 = left{})",
                from.map_or(0, |f| f.digit()),
                if players == 3 { ", 3 = right" } else { "" }
            )));
        }
    }
    Ok(())
}

/// Whether the concealed tiles `before` (the hand before the win) had exactly one winning tile in
/// `forms`, copies in sight not mattering (独听 as the Chinese Official rules read it).
pub fn unique_wait(
    set: &mj_core::TileSet,
    forms: &mj_core::FormRules,
    melds: usize,
    before: &Counts,
) -> bool {
    mj_core::wait::shape_waits_up_to(set, forms, melds, before, 2).count_ones() == 1
}

/// The single-wait test of a knitted-straight reading looks only at what is left beside the knitted
/// body (the fourth set and the pair): the body is complete whatever the winning tile.
fn knitted_unique_wait(rs: &Ruleset, hand: &Hand, h: &HandFacts, r: &Reading) -> bool {
    let mut rest = hand.concealed_counts();
    for t in &r.knitted {
        rest[t.id()] = rest[t.id()].saturating_sub(1);
    }
    if rest[h.win.id()] == 0 {
        return false;
    }
    rest[h.win.id()] -= 1;
    let standard = mj_core::FormRules {
        standard: true,
        ..mj_core::FormRules::default()
    };
    unique_wait(&rs.tiles, &standard, hand.melds.len() + 3, &rest)
}

/// Facts that are the same for every reading of a hand.
struct HandFacts<'a, 'p> {
    present: u64,
    suits: i64,
    counts: &'a Counts,
    before_win: &'a Counts,
    win: Tile,
    /// Whether the hand before the win had a single winning tile, once someone has asked.
    unique_wait: std::cell::Cell<Option<bool>>,
    words: &'a [Option<i64>],
    exposed_melds: usize,
    win_in_melds: i64,
    win_in_hand: i64,
    seat_tile: Option<usize>,
    round_tile: Option<usize>,
    flowers: i64,
    /// Where [`probe`] collects script failures; when set, every script runs whatever its
    /// fan's gate and condition say.
    probe: Option<&'p std::cell::RefCell<Vec<(usize, String)>>>,
}

/// The fans a reading gave a count to, as a bit set: exclusions, totals and the result walk these
/// few, in table order, instead of the whole fan table. A reading of a table with more fans than
/// the set holds is marked `all`, and then the whole table is walked.
#[derive(Clone, Copy)]
struct Touched {
    bits: [u64; 2],
    all: bool,
}

impl Touched {
    fn new() -> Touched {
        Touched {
            bits: [0; 2],
            all: false,
        }
    }

    fn push(&mut self, fan: usize) {
        match self.bits.get_mut(fan / 64) {
            Some(word) => *word |= 1 << (fan % 64),
            None => self.all = true,
        }
    }

    /// The touched fans in table order (every fan of `n` when too many were touched).
    fn fans(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        let all = self.all.then_some(0..n).into_iter().flatten();
        let listed = (!self.all)
            .then(|| {
                let [lo, hi] = self.bits;
                crate::cond::bits(lo).chain(crate::cond::bits(hi).map(|f| f + 64))
            })
            .into_iter()
            .flatten();
        all.chain(listed)
    }
}

/// A row of fan counts with the fans it touched.
struct Row<'a> {
    counts: &'a mut [u32],
    touched: Touched,
}

impl Row<'_> {
    fn set(&mut self, fan: usize, c: u32) {
        self.counts[fan] = c;
        if c > 0 {
            self.touched.push(fan);
        }
    }

    fn add(&mut self, fan: usize, c: u32) {
        self.set(fan, self.counts[fan].saturating_add(c));
    }
}

/// The han of a reading's limit fans (yakuman), when any scored.
fn limit_han(rs: &Ruleset, row: &[u32], touched: &Touched, open: bool) -> Option<i64> {
    let plan = &rs.scoring.plan;
    let mut han = None;
    for f in touched
        .fans(row.len())
        .filter(|&f| row[f] > 0 && rs.fans[f].limit)
    {
        let v = if open {
            plan.open_values[f]
        } else {
            plan.values[f].0
        };
        han = Some(
            han.unwrap_or(0i64)
                .saturating_add(v.saturating_mul(row[f] as i64)),
        );
    }
    han
}

fn combine(rs: &Ruleset, counts: &[u32], touched: &Touched, open: bool) -> (i64, i64) {
    let product = rs.scoring.combine == Combine::Product;
    let mut total: i64 = i64::from(product);
    let mut points = total;
    let plan = &rs.scoring.plan;
    for fan in touched.fans(counts.len()) {
        let (c, (mut v, bonus)) = (counts[fan], plan.values[fan]);
        if open {
            v = plan.open_values[fan];
        }
        if c == 0 {
            continue;
        }
        let x = if product {
            v.saturating_pow(c)
        } else {
            v.saturating_mul(c as i64)
        };
        let add = |acc: i64| {
            if product {
                acc.saturating_mul(x)
            } else {
                acc.saturating_add(x)
            }
        };
        total = add(total);
        if !bonus {
            points = add(points);
        }
    }
    if let Some(cap) = rs.scoring.cap {
        total = total.min(cap);
        points = points.min(cap);
    }
    (total, points)
}

/// Concealed pungs and kongs (坎) of a reading; a pung completed on a discard is exposed unless
/// the ruleset's `discard_pung` keeps it.
fn concealed_pungs(rs: &Ruleset, hand: &Hand, win: Tile, r: &Reading) -> i64 {
    let ctx = &hand.context;
    if rs.scoring.wait_per_reading {
        // The reading says where the winning tile went: only that pung was completed by it.
        let won_into = |i: usize| !ctx.self_drawn && r.win == mj_core::WinPlace::Set(i as u8);
        return r
            .sets
            .iter()
            .enumerate()
            .filter(|(i, s)| s.kind != SetKind::Chow && s.concealed && !(s.meld.is_none() && won_into(*i)))
            .count() as i64;
    }
    let mut n = r
        .sets
        .iter()
        .filter(|s| s.kind != SetKind::Chow && s.concealed)
        .count() as i64;
    if !ctx.self_drawn {
        let w = win.id();
        let in_chow = r.sets.iter().any(|s| {
            s.kind == SetKind::Chow && s.meld.is_none() && (s.tile.id()..s.tile.id() + 3).contains(&w)
        });
        let keep = rs.scoring.discard_pung == DiscardPung::ExposedUnlessChow && in_chow;
        if !keep {
            n -= r
                .sets
                .iter()
                .filter(|s| s.kind == SetKind::Pung && s.meld.is_none() && s.tile == win)
                .count() as i64;
        }
    }
    n
}

/// Counts of every fan on one division.
fn judge(
    rs: &Ruleset,
    hand: &Hand,
    h: &HandFacts,
    d: &Division,
    counts: &mut [u32],
) -> Result<(Touched, i64), ScoreError> {
    with_facts(rs, hand, h, d, |facts| {
        let t = judge_facts(rs, hand, h, facts, counts, None)?;
        let fu = match &rs.points.fu {
            Some(rules) => rules.fu(facts, &|f| counts.get(f).is_some_and(|&c| c > 0)),
            None => 0,
        };
        Ok((t, fu))
    })
}

/// What the explanation of a reading needs beyond its final counts: the counts before
/// exclusions, which fan excluded which, and the sets each "once" group fan was counted on.
#[derive(Default)]
pub(crate) struct Trace {
    pub before_exclusions: Vec<u32>,
    /// (excluding fan, excluded fan), in the order applied.
    pub excluded: Vec<(usize, usize)>,
    /// (fan, set positions among the reading's sets of the fan's kind, sorted by first tile).
    pub once_sets: Vec<(usize, GroupKind, Vec<usize>)>,
}

/// Calls `body` with the facts of division `d`.
fn with_facts<R>(
    rs: &Ruleset,
    hand: &Hand,
    h: &HandFacts,
    d: &Division,
    body: impl FnOnce(&Facts) -> R,
) -> R {
    let set = &rs.tiles;
    let r = &d.reading;
    let ctx = &hand.context;
    let concealed_pungs = concealed_pungs(rs, hand, h.win, r);
    let knitted_wait = std::cell::Cell::new(None);
    let unique = || -> bool {
        if r.form == mj_core::Form::KnittedStraight {
            cached(&knitted_wait, || knitted_unique_wait(rs, hand, h, r))
        } else {
            cached(&h.unique_wait, || {
                unique_wait(set, &rs.scoring.unique_wait_forms, hand.melds.len(), h.before_win)
            })
        }
    };
    let mut facts = Facts {
        set,
        reading: r,
        present: h.present,
        counts: &h.counts[..],
        before_win: &h.before_win[..],
        winning: h.win.id(),
        self_drawn: ctx.self_drawn,
        last_tile: ctx.last_tile,
        kong: ctx.kong,
        fourth: ctx.fourth,
        seat: ctx.seat.index(),
        round: ctx.round.index(),
        flowers: h.flowers,
        suits: h.suits,
        seat_tile: h.seat_tile,
        round_tile: h.round_tile,
        unique_wait: &unique,
        waits: d.waits,
        concealed_pungs,
        declared: hand.melds.len(),
        exposed_melds: h.exposed_melds,
        win_in_hand: h.win_in_hand,
        win_in_melds: h.win_in_melds,
        words: h.words,
        vars: [0; crate::cond::VAR_COUNT],
        pung_tiles: None,
        flags: 0,
    };
    facts.settle_vars(&rs.scoring.plan.vars);
    body(&facts)
}

/// [`judge`] on the facts of a division; with `trace`, also records what explains the counts.
fn judge_facts(
    rs: &Ruleset,
    hand: &Hand,
    h: &HandFacts,
    facts: &Facts,
    counts: &mut [u32],
    mut trace: Option<&mut Trace>,
) -> Result<Touched, ScoreError> {
    let mut row = Row {
        counts,
        touched: Touched::new(),
    };
    let r = facts.reading;
    let plan = &rs.scoring.plan;
    // The gates first, in one pass without branches, then the fans they admit: a step left out
    // keeps its count at 0, which is what it would have scored.
    #[cfg(debug_assertions)]
    for step in plan
        .plain
        .iter()
        .chain(&plan.fallback)
        .chain(&plan.once_chows.steps)
        .chain(&plan.once_pungs.steps)
    {
        check_gate(rs, step, facts);
    }
    // The probe runs every script before the fans are judged: judging stops at the first
    // failing script.
    if let Some(failures) = h.probe {
        for s in plan.plain.iter().filter_map(|step| step.script) {
            if failures.borrow().iter().any(|(f, _)| *f == s) {
                continue;
            }
            if let Err(ScoreError::Script(m)) = run_script(rs, hand, facts, s) {
                failures.borrow_mut().push((s, m));
            }
        }
    }
    for (c, chunk) in plan.plain.chunks(64).enumerate() {
        let pass = plan.plain_masks.admitted(c, facts.flags, facts.present);
        #[cfg(debug_assertions)]
        {
            let one_by_one = chunk.iter().enumerate().fold(0u64, |m, (k, step)| {
                m | u64::from(step.gate.admits_masks(facts.flags, facts.present)) << k
            });
            assert_eq!(
                pass, one_by_one,
                "gate chunk {c}: all at once and one by one disagree"
            );
        }
        for step in crate::cond::bits(pass).map(|k| &chunk[k]) {
            if !step.gate.admits_ranges(&facts.vars) {
                continue;
            }
            if step.gate.exact && step.group.is_none() && step.script.is_none() {
                row.set(step.fan, clamp(1, step.max_count));
                continue;
            }
            let mut c: i64 = match &step.group {
                Some(g) => count_groups(g, facts) as i64,
                None => 1,
            };
            if c > 0 {
                if let Some(w) = &step.when {
                    let v = w.eval(facts);
                    c = if step.group.is_some() {
                        c * i64::from(v != 0)
                    } else {
                        v
                    };
                }
            }
            if c > 0 {
                if let Some(s) = step.script {
                    c = run_script(rs, hand, facts, s)?;
                }
            }
            row.set(step.fan, clamp(c, step.max_count));
        }
    }
    for (kind, once) in [
        (GroupKind::Chows, &plan.once_chows),
        (GroupKind::Pungs, &plan.once_pungs),
    ] {
        if once.is_empty() {
            continue;
        }
        let (tiles, nt) = group_tiles(kind, r);
        if nt < 2 {
            continue;
        }
        let live = once.live(facts);
        if live != 0 {
            match trace.as_deref_mut() {
                None => once.account(live, &tiles[..nt], facts, |fan, _| row.add(fan, 1)),
                Some(t) => once.account(live, &tiles[..nt], facts, |fan, sets| {
                    row.add(fan, 1);
                    t.once_sets.push((fan, kind, sets.to_vec()));
                }),
            }
        }
    }
    let Row { counts, mut touched } = row;
    let n = counts.len();
    if let Some(t) = trace.as_deref_mut() {
        t.before_exclusions = counts.to_vec();
    }
    // Exclusions, in table order: a fan already excluded excludes nothing. Only fans with a
    // count can exclude, so the touched ones are all there is to visit.
    for i in touched.fans(n) {
        if counts[i] == 0 {
            continue;
        }
        for &(j, lim) in plan.exclusions(i) {
            if let Some(t) = trace.as_deref_mut() {
                if counts[j] > 0 {
                    t.excluded.push((i, j));
                }
            }
            counts[j] = match lim {
                None => 0,
                Some(l) => counts[j].saturating_sub(l),
            };
        }
    }
    if h.exposed_melds > 0 || rs.points.formula.is_some() {
        concealed_only_and_limits(rs, h.exposed_melds > 0, counts, &touched);
    }
    // The fallback fan (chicken hand) scores when nothing else but bonus fans did.
    if !plan.fallback.is_empty() && !touched.fans(n).any(|f| counts[f] > 0 && !plan.values[f].1) {
        touched = fallback(plan, facts, Row { counts, touched });
    }

    Ok(touched)
}

/// A fan worth 0 in an open hand does not score there (a concealed-hand fan); and where a limit
/// fan (yakuman) scored, no other fan does.
#[cold]
#[inline(never)]
fn concealed_only_and_limits(rs: &Ruleset, open: bool, counts: &mut [u32], touched: &Touched) {
    let plan = &rs.scoring.plan;
    let n = counts.len();
    if open {
        for f in touched.fans(n) {
            if plan.open_values[f] == 0 && plan.values[f].0 != 0 {
                counts[f] = 0;
            }
        }
    }
    if touched.fans(n).any(|f| counts[f] > 0 && rs.fans[f].limit) {
        for f in touched.fans(n) {
            if !rs.fans[f].limit {
                counts[f] = 0;
            }
        }
    }
}

/// A fan's script, run on a reading. Kept out of line, as is [`fallback`]: neither runs on most
/// readings, and inlined into [`judge`] their code pushed the hot loop out of the instruction cache.
#[cold]
#[inline(never)]
fn run_script(rs: &Ruleset, hand: &Hand, facts: &Facts, script: usize) -> Result<i64, ScoreError> {
    rs.scripts
        .call(script, crate::scriptapi::hand_map(rs, hand, facts))
        .map_err(ScoreError::Script)
}

/// The fallback fans on a reading where nothing else but bonus fans scored.
#[cold]
#[inline(never)]
fn fallback(plan: &crate::ruleset::Plan, facts: &Facts, mut row: Row) -> Touched {
    for step in &plan.fallback {
        if facts.admits(&step.gate) {
            let c = step.when.as_ref().map_or(1, |w| w.eval(facts));
            row.set(step.fan, clamp(c, step.max_count));
        }
    }
    row.touched
}

/// What every gate promises, checked on every reading in debug builds (so by every test that
/// scores): a fan of the reading's form has a zero condition and no matching group on a reading
/// its gate rejects, a condition of 1 on one an exact gate admits, and on one any gate admits,
/// the residual condition the scorer evaluates has the value of the whole.
#[cfg(debug_assertions)]
fn check_gate(rs: &Ruleset, step: &crate::ruleset::Step, f: &Facts) {
    if step.forms & form_bit(f.reading.form) == 0 {
        return;
    }
    let original = rs.fans[step.fan].when.as_ref();
    let when = original.map(|w| w.eval(f));
    let admitted = f.admits(&step.gate);
    if let (Some(whole), Some(residual), true) = (when, &step.when, admitted) {
        let part = residual.eval(f);
        assert_eq!(
            part, whole,
            "fan `{}`: the residual condition gives {part}, the whole {whole}",
            rs.fans[step.fan].id
        );
    }
    let v = match &step.group {
        Some(g) => count_groups(g, f) as i64 * when.map_or(1, |w| i64::from(w != 0)),
        None => match when {
            Some(w) => w,
            None => return,
        },
    };
    let fan = &rs.fans[step.fan].id;
    assert!(
        admitted || v == 0,
        "the gate of fan `{fan}` rejected a reading its condition gives {v}"
    );
    if step.gate.exact && admitted {
        assert_eq!(
            v, 1,
            "the exact gate of fan `{fan}` admitted a reading its condition gives {v}"
        );
    }
}

fn clamp(c: i64, max: Option<u32>) -> u32 {
    let c = c.clamp(0, u32::MAX as i64) as u32;
    max.map_or(c, |m| c.min(m))
}
