//! Base points and limits: rulesets whose fans (han) double a base (fu) summed from the hand's
//! sets, wait and way of winning, then capped by a limit table (Japanese riichi; the same shape
//! says Chinese Classical or Taiwanese base points). Three optional tables, all data:
//!
//! - `[dora]` `order`: cycles of tiles in notation; an indicator tile stands for the next tile of
//!   its cycle (tile-valued context words count the hand's tiles they indicate).
//! - `[fu]`: a base, per-set and per-wait values, hand-level additions, fixed values and minimums.
//! - `[points]`: `basic = fu × 2^(han + doublings)`, and the limits that replace it.

use crate::expr::{Class, Cond, Facts};
use mj_core::{SetKind, Tile, TileSet, Wait, WinPlace};
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDora {
    /// Cycles in notation, e.g. `"123456789m"`, `"ESWN"`, `"PFC"`.
    pub order: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFu {
    #[serde(default)]
    pub base: i64,
    /// Round the sum up to a multiple of this (1 = no rounding).
    #[serde(default = "one")]
    pub round_to: i64,
    #[serde(default)]
    pub sets: Vec<RawSetFu>,
    /// Fu for the way the winning tile was waited: keys `two_sided`, `edge`, `closed`, `single`,
    /// `pung`.
    #[serde(default)]
    pub waits: std::collections::BTreeMap<String, i64>,
    /// Added when their condition holds.
    #[serde(default)]
    pub add: Vec<RawFuRule>,
    /// The first that holds gives the fu outright (no sum, no rounding).
    #[serde(default)]
    pub fixed: Vec<RawFuRule>,
    /// After rounding: at least this much when the condition holds.
    #[serde(default)]
    pub minimum: Vec<RawFuRule>,
}

fn one() -> i64 {
    1
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSetFu {
    /// `chow`, `pung` (not kongs), `kong` or `pair`.
    pub kind: String,
    /// A tile class as in `when`: `simples`, `terminals | honours`, `seat_wind`.
    pub tiles: String,
    /// Value of an exposed set (a pung completed by a discard is exposed).
    #[serde(default)]
    pub exposed: i64,
    #[serde(default)]
    pub concealed: i64,
    /// Value of a pair (or of any set, exposed or concealed).
    #[serde(default)]
    pub points: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFuRule {
    #[serde(default)]
    pub when: Option<String>,
    /// Fans that must all have scored.
    #[serde(default)]
    pub fans: Vec<String>,
    /// Fans none of which may have scored.
    #[serde(default)]
    pub unless: Vec<String>,
    pub fu: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPoints {
    /// `basic = fu × 2^(han + doublings)`.
    #[serde(default)]
    pub doublings: i64,
    /// Limits from the lowest up.
    #[serde(default)]
    pub limits: Vec<RawLimit>,
    /// The limit a limit fan (yakuman) scores, by name; each multiple of its `han` counts once.
    #[serde(default)]
    pub limit_fans: Option<String>,
    /// The most multiples of `limit_fans` one hand scores (1 = limit fans do not add up).
    #[serde(default)]
    pub limit_fans_max: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLimit {
    pub name: String,
    /// Reached at this many han.
    #[serde(default)]
    pub han: Option<i64>,
    /// Also reached when the basic points are at least this.
    #[serde(default)]
    pub basic_from: Option<i64>,
    /// The basic points it pays.
    pub basic: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetFuKind {
    Chow,
    Pung,
    Kong,
    Pair,
}

#[derive(Clone, Debug)]
pub struct SetFu {
    pub kind: SetFuKind,
    pub tiles: Class,
    pub tiles_text: String,
    pub exposed: i64,
    pub concealed: i64,
}

#[derive(Clone, Debug)]
pub struct FuRule {
    pub when: Option<Cond>,
    pub when_text: Option<String>,
    pub fans: Vec<usize>,
    pub unless: Vec<usize>,
    pub fu: i64,
}

#[derive(Clone, Debug)]
pub struct FuRules {
    pub base: i64,
    pub round_to: i64,
    pub sets: Vec<SetFu>,
    /// Fu per [`Wait`] bit.
    pub waits: [i64; 5],
    pub add: Vec<FuRule>,
    pub fixed: Vec<FuRule>,
    pub minimum: Vec<FuRule>,
}

#[derive(Clone, Debug)]
pub struct Limit {
    pub name: String,
    pub han: Option<i64>,
    pub basic_from: Option<i64>,
    pub basic: i64,
}

#[derive(Clone, Debug)]
pub struct Formula {
    pub doublings: i64,
    pub limits: Vec<Limit>,
    /// Index into `limits` of the limit that limit fans score.
    pub limit_fans: Option<usize>,
    pub limit_fans_max: Option<i64>,
}

/// The wait names of `[fu] waits`, in [`Wait::bit`] order.
pub const WAIT_NAMES: [(&str, Wait); 5] = [
    ("two_sided", Wait::TwoSided),
    ("edge", Wait::Edge),
    ("closed", Wait::Closed),
    ("single", Wait::Single),
    ("pung", Wait::Pung),
];

/// The "next tile" of every tile id under `[dora] order`: the tile itself where no cycle names
/// it. Errors are messages ready to show.
pub fn dora_next(set: &TileSet, raw: &RawDora) -> Result<Vec<usize>, String> {
    let mut next: Vec<usize> = (0..set.kind_count()).collect();
    let mut seen = vec![false; set.kind_count()];
    for cycle in &raw.order {
        let tiles = mj_core::notation::parse_tiles(set, cycle).map_err(|e| format!("`{cycle}`: {e}"))?;
        for (i, &t) in tiles.iter().enumerate() {
            if std::mem::replace(&mut seen[t.id()], true) {
                return Err(format!(
                    "`{cycle}`: {} is in the order twice; each tile may follow only one other",
                    set.notation(t)
                ));
            }
            next[t.id()] = tiles[(i + 1) % tiles.len()].id();
        }
    }
    Ok(next)
}

/// How many of the hand's tiles (`counts`, every copy; `extra` beside it) the indicators point
/// at: each indicator counts the copies of its next tile, so an indicator shown twice counts
/// them twice.
pub fn indicated(next: Option<&[usize]>, indicators: &[Tile], counts: &[u8], extra: &[(usize, i64)]) -> i64 {
    indicators
        .iter()
        .map(|t| {
            let target = next.and_then(|n| n.get(t.id()).copied()).unwrap_or(t.id());
            let held = counts.get(target).copied().unwrap_or(0) as i64;
            held + extra
                .iter()
                .filter(|(k, _)| *k == target)
                .map(|(_, n)| n)
                .sum::<i64>()
        })
        .sum()
}

impl FuRules {
    /// The fu of one reading: a fixed value if one applies, else the sum rounded up, raised to a
    /// minimum. `scored(i)` says whether fan `i` scored on the reading.
    pub fn fu(&self, f: &Facts, scored: &dyn Fn(usize) -> bool) -> i64 {
        let holds = |r: &FuRule| {
            r.fans.iter().all(|&i| scored(i))
                && !r.unless.iter().any(|&i| scored(i))
                && r.when.as_ref().is_none_or(|w| w.eval(f) != 0)
        };
        if let Some(r) = self.fixed.iter().find(|r| holds(r)) {
            return r.fu;
        }
        // Values are the ruleset's: every sum saturates rather than overflow.
        let mut sum = self.base;
        let r = f.reading;
        let ron = !f.self_drawn;
        for (i, s) in r.sets.iter().enumerate() {
            let kind = match s.kind {
                SetKind::Chow => SetFuKind::Chow,
                SetKind::Pung => SetFuKind::Pung,
                SetKind::Kong => SetFuKind::Kong,
            };
            // A pung completed by the winning discard is exposed.
            let won_into = ron && s.meld.is_none() && r.win == WinPlace::Set(i as u8);
            let concealed = s.concealed && !won_into;
            let add = self
                .sets
                .iter()
                .filter(|e| e.kind == kind && e.tiles.eval(f) >> s.tile.id() & 1 != 0)
                .fold(0i64, |a, e| {
                    a.saturating_add(if concealed { e.concealed } else { e.exposed })
                });
            sum = sum.saturating_add(add);
        }
        if let Some(p) = r.pair.filter(|_| r.form == mj_core::Form::Standard) {
            let add = self
                .sets
                .iter()
                .filter(|e| e.kind == SetFuKind::Pair && e.tiles.eval(f) >> p.id() & 1 != 0)
                .fold(0i64, |a, e| a.saturating_add(e.concealed));
            sum = sum.saturating_add(add);
        }
        let wait = (0..5)
            .filter(|b| f.waits >> b & 1 != 0)
            .map(|b| self.waits[b])
            .max()
            .unwrap_or(0);
        sum = sum.saturating_add(wait);
        for r in self.add.iter().filter(|r| holds(r)) {
            sum = sum.saturating_add(r.fu);
        }
        let step = self.round_to.max(1);
        let mut fu = sum.saturating_add(step - 1).div_euclid(step).saturating_mul(step);
        for r in self.minimum.iter().filter(|r| holds(r)) {
            fu = fu.max(r.fu);
        }
        fu
    }
}

/// What the points formula makes of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Valued {
    /// The basic points payments are figured from.
    pub basic: i64,
    /// Index into `Formula::limits` of the limit that applied.
    pub limit: Option<usize>,
}

impl Formula {
    /// Basic points for `han` and `fu`; with `limit_han` (the han of limit fans, when any
    /// scored) the limit fans' limit instead.
    pub fn value(&self, han: i64, fu: i64, limit_han: Option<i64>) -> Valued {
        if let (Some(h), Some(li)) = (limit_han, self.limit_fans) {
            let l = &self.limits[li];
            let per = l.han.unwrap_or(1).max(1);
            let mut times = (h / per).max(1);
            if let Some(m) = self.limit_fans_max {
                times = times.min(m.max(1));
            }
            return Valued {
                basic: l.basic.saturating_mul(times),
                limit: Some(li),
            };
        }
        let exp = han.saturating_add(self.doublings).clamp(0, 40) as u32;
        let raw = fu.saturating_mul(1i64 << exp);
        let reached = self.limits.iter().enumerate().rev().find(|(i, l)| {
            Some(*i) != self.limit_fans
                && (l.han.is_some_and(|h| han >= h) || l.basic_from.is_some_and(|b| raw >= b))
        });
        match reached {
            Some((i, l)) => Valued {
                basic: l.basic,
                limit: Some(i),
            },
            None => Valued {
                basic: raw,
                limit: None,
            },
        }
    }
}

/// The compiled `[dora]`, `[fu]` and `[points]` of a ruleset.
#[derive(Clone, Debug, Default)]
pub struct PointsRules {
    pub dora_next: Option<Vec<usize>>,
    pub fu: Option<FuRules>,
    pub formula: Option<Formula>,
}

/// The fans a ruleset's `[fu]` names, checked: ids to indices. Errors are messages.
pub fn fan_ids(ids: &[String], fans: &[&str]) -> Result<Vec<usize>, String> {
    ids.iter()
        .map(|id| {
            fans.iter()
                .position(|f| f == id)
                .ok_or_else(|| format!("unknown fan `{id}`{}", crate::expr::suggest(id, fans)))
        })
        .collect()
}

/// How many context words may carry `counts_as`: their values sit in a buffer on the stack on
/// every reading with indicators, and the load refuses more rather than drop the rest.
pub(crate) const MAX_COUNTS_AS: usize = 4;

/// The values fans read beyond the plain context words: a tile-valued word counts the hand's
/// tiles its tiles indicate (`[dora] order`), a word with `counts_as` adding set-aside copies;
/// then the derived names (`red`). `tile_words` are the hand's tile-valued words (index, text),
/// as the caller's one pass over the hand's words found them ([`TileWords`]).
#[inline(never)]
pub(crate) fn derived_words(
    rs: &crate::Ruleset,
    hand: &mj_core::Hand,
    counts: &mj_core::Counts,
    words: &mut [Option<i64>],
    tile_words: &TileWords,
) {
    let n = rs.context_words.len();
    let mut extra = [(0usize, 0i64); MAX_COUNTS_AS];
    let n_extra = rs.word_counts_as.len().min(extra.len());
    for (slot, &(w, t)) in extra.iter_mut().zip(&rs.word_counts_as) {
        *slot = (t, words.get(w).copied().flatten().unwrap_or(0));
    }
    // A tile-valued word the hand does not carry was left `None` by the caller. Each indicator
    // counts on its own, so they are summed as read, without a list.
    let mut count = |i: usize, v: Option<&str>| {
        words[i] = v.map(|v| {
            let mut n = 0i64;
            quick_tiles(&rs.tiles, v, |t| {
                n = n.saturating_add(indicated(
                    rs.points.dora_next.as_deref(),
                    &[t],
                    counts,
                    &extra[..n_extra],
                ));
            });
            n
        });
    };
    match tile_words.listed() {
        Some(listed) => listed.iter().for_each(|&(i, v)| count(i, v)),
        None => rs.each_word(hand, |i, v| {
            if rs.context_words[i].value == mj_core::WordValue::Tiles {
                count(i, v);
            }
        }),
    }
    if let Some(slot) = words.get_mut(n) {
        *slot = Some(hand.red.count() as i64);
    }
    let (own, sets) = seat_flowers(&rs.tiles, hand);
    if let Some(slot) = words.get_mut(n + 1) {
        *slot = Some(own);
    }
    if let Some(slot) = words.get_mut(n + 2) {
        *slot = Some(sets);
    }
    let (dealer, streak) = rs.dealer_of(hand);
    if let Some(slot) = words.get_mut(n + 3) {
        *slot = Some(i64::from(dealer == hand.context.seat.index() as usize));
    }
    if let Some(slot) = words.get_mut(n + 4) {
        *slot = Some(i64::from(streak));
    }
}

/// The tile-valued context words of a hand (index, text), noted while its words are read for
/// their values, so that counting their indicated tiles needs no second pass over the words;
/// a hand with more than fit is read again instead.
pub(crate) struct TileWords<'h> {
    found: [(usize, Option<&'h str>); 4],
    len: usize,
    overflow: bool,
}

impl<'h> TileWords<'h> {
    pub(crate) fn new() -> TileWords<'h> {
        TileWords {
            found: [(0, None); 4],
            len: 0,
            overflow: false,
        }
    }

    /// Reads `hand`'s ruleset words into `words` (by index; a flag is 1, a value that is not a
    /// number 1 too) and notes the tile-valued ones.
    pub(crate) fn read(
        rs: &crate::Ruleset,
        hand: &'h mj_core::Hand,
        words: &mut [Option<i64>],
    ) -> TileWords<'h> {
        let mut tile_words = TileWords::new();
        rs.each_word(hand, |i, v| {
            words[i] = Some(v.map_or(1, |v| v.parse().unwrap_or(1)));
            tile_words.note(rs, i, v);
        });
        tile_words
    }

    /// Notes word `i` with its text when the ruleset's word takes tiles.
    pub(crate) fn note(&mut self, rs: &crate::Ruleset, i: usize, v: Option<&'h str>) {
        if rs.context_words[i].value != mj_core::WordValue::Tiles {
            return;
        }
        match self.found.get_mut(self.len) {
            Some(slot) => {
                *slot = (i, v);
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// Every tile-valued word noted, or `None` when some did not fit.
    fn listed(&self) -> Option<&[(usize, Option<&'h str>)]> {
        (!self.overflow).then_some(&self.found[..self.len])
    }
}

/// The bonus tiles of the winner's seat written in `hand`, and the complete sets of four
/// (`1234f`, `5678f`) among them: tile n belongs to seat (n − 1) mod 4.
pub(crate) fn seat_flowers(set: &mj_core::TileSet, hand: &mj_core::Hand) -> (i64, i64) {
    let seat = hand.context.seat.index();
    let mut held = [false; 9];
    for &t in &hand.bonus {
        if let Some(n) = set.bonus_number(t) {
            held[n as usize] = true;
        }
    }
    let own = (1..=8u8)
        .filter(|&n| held[n as usize] && (n - 1) % 4 == seat)
        .count();
    let sets = [1usize, 5]
        .iter()
        .filter(|&&f| held[f..f + 4].iter().all(|&h| h))
        .count();
    (own as i64, sets as i64)
}

/// The tiles of a tile-valued word, which the notation has already checked (`3m`, `19mE`, `5z`,
/// `0p`), read without the parser: every hand with dora indicators needs them.
fn quick_tiles(set: &mj_core::TileSet, text: &str, mut each: impl FnMut(mj_core::Tile)) {
    let bytes = text.as_bytes();
    let mut start = None;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                start.get_or_insert(i);
            }
            b'm' | b'p' | b's' | b'z' => {
                for &d in start.map_or(&[][..], |s| &bytes[s..i]) {
                    let r = d - b'0';
                    let t = match (b, r) {
                        (b'z', _) => set.honour_number(r).and_then(|c| set.honour(c)),
                        (_, 0) => set.red_tile(b as char).or_else(|| set.suited(b as char, 10)),
                        _ => set.suited(b as char, r),
                    };
                    t.into_iter().for_each(&mut each);
                }
                start = None;
            }
            other => set.honour(other as char).into_iter().for_each(&mut each),
        }
    }
}

/// A mistake in `[dora]`, `[fu]` or `[points]`: the table, a word to find its place by, and the
/// message.
pub type PointsError = (&'static str, String, String);

/// Compiles the three tables. `scope` compiles `when` conditions as fan conditions do.
pub fn compile(
    dora: Option<RawDora>,
    fu: Option<RawFu>,
    points: Option<RawPoints>,
    set: &TileSet,
    scope: &dyn crate::expr::Scope,
    fans: &[&str],
) -> Result<PointsRules, Vec<PointsError>> {
    let mut errors: Vec<PointsError> = Vec::new();
    let mut out = PointsRules::default();
    if let Some(d) = dora {
        match dora_next(set, &d) {
            Ok(n) => out.dora_next = Some(n),
            Err(m) => errors.push(("dora", "order".into(), format!("in [dora] order: {m}"))),
        }
    }
    if let Some(raw) = fu {
        out.fu = Some(compile_fu(&raw, set, scope, fans, &mut errors));
    }
    if let Some(p) = points {
        out.formula = Some(compile_formula(&p, &mut errors));
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// `[fu]`: fixed values, additions, set and wait fu, each rule's `when` compiled in `scope`.
fn compile_fu(
    raw: &RawFu,
    set: &TileSet,
    scope: &dyn crate::expr::Scope,
    fans: &[&str],
    errors: &mut Vec<PointsError>,
) -> FuRules {
    let mut rule = |r: &RawFuRule, list: &str| -> Option<FuRule> {
        let when = match &r.when {
            None => None,
            Some(text) => {
                let compiled = crate::expr::parse_expr(text)
                    .map_err(|e| e.message)
                    .and_then(|a| crate::expr::compile(&a, scope).map_err(|e| e.message));
                match compiled {
                    Ok(e) => Some(Cond::new(e)),
                    Err(m) => {
                        errors.push(("fu", text.clone(), format!("in [fu] {list}: `{text}`: {m}")));
                        return None;
                    }
                }
            }
        };
        let ids = |l: &[String], errors: &mut Vec<PointsError>| match fan_ids(l, fans) {
            Ok(v) => v,
            Err(m) => {
                errors.push(("fu", l.join(" "), format!("in [fu] {list}: {m}")));
                Vec::new()
            }
        };
        let fans_v = ids(&r.fans, errors);
        let unless = ids(&r.unless, errors);
        Some(FuRule {
            when,
            when_text: r.when.clone(),
            fans: fans_v,
            unless,
            fu: r.fu,
        })
    };
    let add: Vec<FuRule> = raw.add.iter().filter_map(|r| rule(r, "add")).collect();
    let fixed: Vec<FuRule> = raw.fixed.iter().filter_map(|r| rule(r, "fixed")).collect();
    let minimum: Vec<FuRule> = raw.minimum.iter().filter_map(|r| rule(r, "minimum")).collect();
    let mut sets = Vec::new();
    for e in &raw.sets {
        let kind = match e.kind.as_str() {
            "chow" => SetFuKind::Chow,
            "pung" => SetFuKind::Pung,
            "kong" => SetFuKind::Kong,
            "pair" => SetFuKind::Pair,
            other => {
                errors.push((
                    "fu",
                    other.to_string(),
                    format!("in [fu] sets: unknown kind `{other}`; use chow, pung, kong or pair"),
                ));
                continue;
            }
        };
        let class = crate::expr::parse_expr(&e.tiles)
            .map_err(|x| x.message)
            .and_then(|a| crate::expr::compile_class(&a, set).map_err(|x| x.message));
        match class {
            Ok(c) => sets.push(SetFu {
                kind,
                tiles: c,
                tiles_text: e.tiles.clone(),
                exposed: e.points.unwrap_or(e.exposed),
                concealed: e.points.unwrap_or(e.concealed),
            }),
            Err(m) => errors.push(("fu", e.tiles.clone(), format!("in [fu] sets: `{}`: {m}", e.tiles))),
        }
    }
    let mut waits = [0i64; 5];
    for (name, v) in &raw.waits {
        match WAIT_NAMES.iter().find(|(n, _)| n == name) {
            Some((_, w)) => waits[w.bit() as usize] = *v,
            None => errors.push((
                "fu",
                name.clone(),
                format!("in [fu] waits: unknown wait `{name}`; use two_sided, edge, closed, single or pung"),
            )),
        }
    }
    if raw.round_to < 1 {
        errors.push((
            "fu",
            "round_to".into(),
            "in [fu]: round_to must be 1 or more".into(),
        ));
    }
    FuRules {
        base: raw.base,
        round_to: raw.round_to.max(1),
        sets,
        waits,
        add,
        fixed,
        minimum,
    }
}

/// `[points]`: the doublings and the limit table.
fn compile_formula(p: &RawPoints, errors: &mut Vec<PointsError>) -> Formula {
    if !(0..=20).contains(&p.doublings) {
        errors.push((
            "points",
            "doublings".into(),
            "in [points]: doublings must be 0 to 20".into(),
        ));
    }
    let limits: Vec<Limit> = p
        .limits
        .iter()
        .map(|l| Limit {
            name: l.name.clone(),
            han: l.han,
            basic_from: l.basic_from,
            basic: l.basic,
        })
        .collect();
    if limits.windows(2).any(|w| w[1].basic < w[0].basic) {
        errors.push((
            "points",
            "limits".into(),
            "in [points] limits: list the limits from the lowest basic points up".into(),
        ));
    }
    let limit_fans = match &p.limit_fans {
        None => None,
        Some(n) => match limits.iter().position(|l| l.name == *n) {
            Some(i) => Some(i),
            None => {
                errors.push((
                    "points",
                    n.clone(),
                    format!("in [points]: limit_fans names `{n}`, which is not among the limits"),
                ));
                None
            }
        },
    };
    Formula {
        doublings: p.doublings.clamp(0, 20),
        limits,
        limit_fans,
        limit_fans_max: p.limit_fans_max,
    }
}
