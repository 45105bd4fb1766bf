//! Scoring a hand under a ruleset: read the hand every way it can win, judge every fan on each
//! reading, apply the ruleset's combination principles and exclusions, keep the best reading.

pub use crate::expr::count_groups;
mod combine;
pub(crate) use combine::add_fan;
pub mod explain;
mod hand;
mod judge;

pub(crate) use crate::expr::{for_each_subset, pick};
pub use hand::unique_wait;
pub(crate) use judge::{clamp as fan_count, Dropped, Trace};

use crate::ruleset::{form_bit, Ruleset};
use hand::{check_table, concealed_pungs, shows_second_wait, with_facts, HandFacts};
use judge::{judge, judge_facts, Touched};
use mj_core::decompose::Division;
use mj_core::{Hand, Reading};

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
    /// The context words' values for the settlement.
    pub(crate) word_values: WordValues,
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
    valued: Vec<(HanFu, bool)>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch {
            divs: Vec::new(),
            table: Vec::new(),
            touched: Vec::new(),
            totals: Vec::new(),
            fus: Vec::new(),
            valued: Vec::new(),
        })
    };
}

/// Scores `hand` (the last concealed tile is the winning tile).
pub fn score(rs: &Ruleset, hand: &Hand) -> Result<Score, ScoreError> {
    with_scratch(|s| score_in(rs, hand, Mode::Plain, s))
}

/// Runs `body` with the thread's [`Scratch`]. Scoring from inside a score (nothing does today)
/// or while the thread is being torn down gets buffers of its own.
/// The result is written into one place rather than passed out through the `Option`s of the
/// thread-local's access: a [`Score`] is a few hundred bytes, copied at each step.
fn with_scratch<R>(mut body: impl FnMut(&mut Scratch) -> R) -> R {
    let mut out = None;
    let _ = SCRATCH.try_with(|cell| {
        if let Ok(mut s) = cell.try_borrow_mut() {
            out = Some(body(&mut s));
        }
    });
    match out {
        Some(r) => r,
        None => body(&mut Scratch::default()),
    }
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
pub fn explain(rs: &Ruleset, hand: &Hand) -> Result<(Score, explain::Explanation), ScoreError> {
    explain_as(rs, hand, explain::Account::Full)
}

/// [`explain`] with only the `why` of each counted fan (no removed fans): what tells two reports'
/// fan lines apart, for the check of context words that change nothing.
pub(crate) fn explain_fans(rs: &Ruleset, hand: &Hand) -> Result<(Score, explain::Explanation), ScoreError> {
    explain_as(rs, hand, explain::Account::FansOnly)
}

fn explain_as(
    rs: &Ruleset,
    hand: &Hand,
    account: explain::Account,
) -> Result<(Score, explain::Explanation), ScoreError> {
    let mut out = None;
    let s = with_scratch(|scratch| score_in(rs, hand, Mode::Explain(&mut out, account), scratch))?;
    Ok((s, out.unwrap_or_default()))
}

/// What [`score_in`] does beside scoring.
enum Mode<'a> {
    Plain,
    Probe(&'a std::cell::RefCell<Vec<(usize, String)>>),
    Explain(&'a mut Option<explain::Explanation>, explain::Account),
}

/// Most context words read into a buffer on the stack; a ruleset with more allocates.
const WORDS_ON_STACK: usize = 16;

fn score_in(rs: &Ruleset, hand: &Hand, mode: Mode, scratch: &mut Scratch) -> Result<Score, ScoreError> {
    check_table(rs, hand)?;
    let set = &rs.tiles;
    let win = hand::winning_tile(rs, hand)?;
    let concealed = hand.concealed_counts();
    // Readings that differ only in where the winning tile sits are one division; fans that look at
    // the wait see every placement through `waits`.
    let Scratch {
        divs,
        table,
        touched,
        totals,
        fus,
        valued,
    } = scratch;
    hand::divisions(rs, hand, &concealed, win, divs);
    if divs.is_empty() {
        return Err(ScoreError::NotWin);
    }
    // The hand before the win is the concealed tiles less the winning tile, the last of them.
    let mut before_win = concealed;
    before_win[win.id()] -= 1;
    let counts = hand.with_meld_counts(set, concealed);
    let (present, suits) = hand::presence(rs, hand);
    // Whether the hand had a single winning tile is asked only by wait fans, and only when a
    // division admits such a wait: it is worked out on first use, unless a division already shows
    // a second winning tile.
    let unique_wait = std::cell::Cell::new(None);
    if rs.scoring.unique_wait_forms.standard && divs.iter().any(|d| shows_second_wait(d, win)) {
        unique_wait.set(Some(false));
    }
    let ctx = &hand.context;
    let mut word_buf = [None; WORDS_ON_STACK];
    let mut word_vec: Vec<Option<i64>>;
    let n_words = rs.context_words.len() + crate::ruleset::DERIVED_WORDS.len();
    let words: &mut [Option<i64>] = if n_words <= WORDS_ON_STACK {
        &mut word_buf[..n_words]
    } else {
        word_vec = vec![None; n_words];
        &mut word_vec
    };
    let tile_words = crate::points::TileWords::read(rs, hand, words);
    // The words' values as settlement formulas read them, before the tile-valued ones are
    // replaced by the tiles they indicate: the settlement takes them from the score.
    let word_values = WordValues::of(&words[..rs.context_words.len()]);
    crate::points::derived_words(rs, hand, &counts, words, &tile_words);
    let words: &[Option<i64>] = words;
    let hand_facts = HandFacts {
        present,
        suits,
        counts: &counts,
        before_win: &before_win,
        win,
        unique_wait,
        words,
        word_flags: rs.scoring.plan.word_flags_of(words),
        exposed_melds: hand.melds.iter().filter(|m| !m.is_concealed()).count(),
        win_in_melds: hand::win_in_melds(hand, win),
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
    // An explained hand of one division (most hands) is accounted for as it is judged, instead
    // of judged a second time for its account below.
    let mut early = None;
    let single = divs.len() == 1;
    for (d, row) in divs.iter().zip(table.chunks_mut(n)) {
        let account = match &mode {
            Mode::Explain(_, account) if single => Some((*account, &mut early)),
            _ => None,
        };
        let (t, fu) = judge(rs, hand, &hand_facts, d, row, account)?;
        totals.push(combine::combine(rs, row, &t, open));
        touched.push(t);
        fus.push(fu);
    }
    // With a points formula the readings compare by basic points, then han, then fu.
    combine::valued(rs, table, touched, totals, fus, open, valued);
    let valued: &[(HanFu, bool)] = valued;
    // At equal basic points a reading of limit fans (yakuman) is shown before a counted limit.
    let key = |i: usize| valued.get(i).map(|(h, limit)| (h.basic, *limit, h.han, h.fu));
    let has_exclusive = |row: &[u32]| rs.scoring.exclusive_fans.iter().any(|&f| row[f] > 0);
    let any_exclusive = table.chunks(n).any(has_exclusive);
    let eligible = |i: usize| !any_exclusive || has_exclusive(&table[i * n..(i + 1) * n]);
    let prefer = |i: usize| rs.scoring.tie_prefer.iter().any(|&f| table[i * n + f] > 0);
    let best = combine::best_reading(
        (0..divs.len()).filter(|&i| eligible(i)),
        key,
        |i| totals[i].0,
        prefer,
    );
    let to_hits = |i: usize| hits_of(&table[i * n..(i + 1) * n], &touched[i]);
    let hits = to_hits(best);
    let (total, points) = totals[best];
    let ties = (0..divs.len())
        .filter(|&i| i != best && eligible(i) && totals[i].0 == total && key(i) == key(best))
        .map(to_hits)
        .filter(|h| *h != hits)
        .collect();
    let valid = combine::reaches_minimum(rs, hand, total, points);
    if let Mode::Explain(out, account) = mode {
        *out = Some(match early {
            // The only division is the best one, and its hits are these.
            Some(e) => e,
            None => with_facts(rs, hand, &hand_facts, &divs[best], |f| {
                let mut row = vec![0; n];
                let mut trace = Trace::default();
                // The best reading was judged without error already.
                let _ = judge_facts(rs, hand, &hand_facts, f, &mut row, Some(&mut trace));
                explain::explain(rs, f, &hits, &trace, account)
            }),
        });
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
        word_values,
    })
}

/// The fans a reading's final counts `row` give, in table order: the score's hits when the
/// reading is the best.
fn hits_of(row: &[u32], touched: &Touched) -> Vec<FanHit> {
    // Room for a usual hand's fans at once: counting them first was a second walk.
    let mut hits = Vec::with_capacity(8);
    for fan in touched.fans(row.len()) {
        if row[fan] > 0 {
            hits.push(FanHit { fan, count: row[fan] });
        }
    }
    hits
}

impl Score {
    /// The score of the same hand without ruleset word `word`, for a word nothing the scorer
    /// reads can see ([`crate::words::settlement_only`]): the same in all but that word's value,
    /// which the settlement reads as 0.
    pub(crate) fn without_word(&self, word: usize) -> Score {
        let mut s = self.clone();
        if let WordValues(Some((values, n))) = &mut s.word_values {
            if let Some(v) = values[..*n].get_mut(word) {
                *v = 0;
            }
        }
        s
    }
}

/// The values of a hand's context words as settlement formulas read them (0 absent, 1 a flag,
/// else the number written), kept with the score so that settling it does not read the words
/// again; `None` for a ruleset with more words than [`WORDS_ON_STACK`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordValues(Option<([i64; WORDS_ON_STACK], usize)>);

impl WordValues {
    fn of(words: &[Option<i64>]) -> WordValues {
        let mut values = [0; WORDS_ON_STACK];
        if words.len() > WORDS_ON_STACK {
            return WordValues(None);
        }
        for (v, w) in values.iter_mut().zip(words) {
            *v = w.unwrap_or(0);
        }
        WordValues(Some((values, words.len())))
    }

    /// The values, by word index, when they were kept.
    pub(crate) fn get(&self) -> Option<&[i64]> {
        self.0.as_ref().map(|(v, n)| &v[..*n])
    }
}
