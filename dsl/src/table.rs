//! A ruleset at the table: maps the ruleset's `[wall]`, `[deal]`, `[play]` and `[match]` strings
//! to the engine's [`TableRules`] once, and answers the engine's scoring questions with the
//! ruleset's scorer and settlement formulas. This is the only place the engine meets a ruleset.

use crate::ruleset::{Ruleset, WordSource};
use crate::score::{score, ScoreError};
use crate::settle::drawn::{settle_drawn_checks, settle_drawn_table};
use crate::settle::{settle_discard_run, settle_drawn, settle_kong, settle_win, WinPay};
use mj_core::game::event::AbortReason;
use mj_core::game::rules::{
    AbortiveDraws, AfterWin, BonusWin, ClaimKind, ClaimsAllowed, DealerAfterDraw, DealerAfterMultiple,
    DealerRotation, Declaration, DiscardRunFacts, DrawnFacts, Exchange, ExchangeDirection, Furiten,
    Indicators, KongFacts, KongReveal, LastCopy, MatchEnd, MissedWin, MultipleWinners, RankingTies,
    ResultRule, Rules, TableRules, WinFact, WinFacts, WinJudgement, WinSource,
};
use mj_core::{FormRules, Hand, TileSet};

mod rob_kong;

/// A win on the bonus tiles alone in play: `[win] bonus_win`'s fan and what its `with` adds, as
/// `mj score` scores the line `12345678f self` (`None` when the ruleset has no such win for this
/// hand).
fn bonus_judgement(rs: &Ruleset, hand: &Hand) -> Option<WinJudgement> {
    let (hits, _) = crate::outcome::bonus_win_hits(rs, hand).ok()?;
    let total = crate::outcome::combined(rs, &hits);
    Some(WinJudgement {
        total,
        points: total,
        valid: true,
        fans: fan_texts(rs, &hits),
        concealed_pungs: 0,
        base: total,
        han: 0,
        fu: 0,
    })
}

/// The fans of a judgement as records list them (`自摸 1`, `花牌 1×2`).
fn fan_texts(rs: &Ruleset, hits: &[crate::score::FanHit]) -> Vec<String> {
    hits.iter()
        .map(|h| {
            let f = &rs.fans[h.fan];
            if h.count > 1 {
                format!("{} {}×{}", f.zh, f.value, h.count)
            } else {
                format!("{} {}", f.zh, f.value)
            }
        })
        .collect()
}

thread_local! {
    /// The first script failure of a judgement on this thread, until the shell takes it. Kept
    /// per thread rather than in the [`Table`]: a table is shared by every thread of a simulation
    /// and every request of a server, and one game's failure must stop that game, not poison the
    /// others.
    static FAULT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// A ruleset ready to play: the compiled ruleset plus its table rules.
#[derive(Clone, Debug)]
pub struct Table {
    pub ruleset: Ruleset,
    table: TableRules,
}

impl Table {
    /// Builds the table rules, or says which play setting the engine does not know.
    pub fn new(ruleset: Ruleset) -> Result<Table, String> {
        let table = table_rules(&ruleset)?;
        Ok(Table { ruleset, table })
    }
}

fn bad(key: &str, value: &str, expected: &str) -> String {
    format!("ruleset [play] {key} = \"{value}\" is not supported; use one of {expected}")
}

/// `[play.exchange]` as the engine takes it: none for `tiles = 0`.
fn exchange_rule(play: &crate::schema::Play) -> Result<Option<Exchange>, String> {
    let Some(x) = &play.exchange else {
        return Ok(None);
    };
    if x.tiles == 0 {
        return Ok(None);
    }
    if x.tiles > 4 {
        return Err(format!(
            "ruleset [play.exchange] tiles = {}: pass 1 to 4 tiles (0 for no exchange)",
            x.tiles
        ));
    }
    let direction = match x.direction.as_str() {
        "dice" => ExchangeDirection::Dice,
        "next" => ExchangeDirection::Next,
        "across" => ExchangeDirection::Across,
        "previous" => ExchangeDirection::Previous,
        other => return Err(bad("exchange direction", other, "dice, next, across, previous")),
    };
    Ok(Some(Exchange {
        tiles: x.tiles,
        same_suit: x.same_suit,
        direction,
    }))
}

/// `[play] after_win` and `winner_locked` as the engine takes them.
fn after_win_rule(rs: &Ruleset) -> Result<AfterWin, String> {
    let play = &rs.play;
    let rule = match play.after_win.as_deref() {
        None | Some("end") => AfterWin::End,
        Some("leave") => AfterWin::Leave,
        Some("stay") => AfterWin::Stay {
            locked: play.winner_locked,
        },
        Some(other) => return Err(bad("after_win", other, "end, leave, stay")),
    };
    if play.winner_locked && !matches!(rule, AfterWin::Stay { .. }) {
        return Err(
            "ruleset [play] winner_locked = true needs after_win = \"stay\" (only winners who stay in keep a locked hand)"
                .to_string(),
        );
    }
    if matches!(rule, AfterWin::Stay { .. })
        && (rs.bonus_win.self_drawn.is_some() || rs.bonus_win.discard.is_some())
    {
        return Err(
            "ruleset [play] after_win = \"stay\" with a win on bonus tiles alone ([win] bonus_win): a win on bonus tiles sets no tile aside, so the winner could not play on; use \"end\" or \"leave\""
                .to_string(),
        );
    }
    Ok(rule)
}

/// Maps the ruleset's play settings to engine enums.
pub fn table_rules(rs: &Ruleset) -> Result<TableRules, String> {
    let play = &rs.play;
    if !(2..=4).contains(&play.players) {
        return Err(format!(
            "ruleset [play] players = {}; the engine seats 2 to 4",
            play.players
        ));
    }
    let (claims, priority) = claim_rules(play)?;
    let multiple_winners = match play.multiple_winners.as_str() {
        "first" => MultipleWinners::First,
        "all" => MultipleWinners::All,
        "two" => MultipleWinners::Two,
        other => return Err(bad("multiple_winners", other, "first, all, two")),
    };
    let rob_kong = rob_kong::rob_kong(&play.rob_kong, &rs.forms)?;
    let missed_win = match play.missed_win.as_str() {
        "none" => MissedWin::None,
        "until_draw" => MissedWin::UntilDraw,
        "until_draw_or_fan_change" => MissedWin::UntilDrawOrFanChange,
        other => {
            return Err(bad(
                "missed_win",
                other,
                "none, until_draw, until_draw_or_fan_change",
            ))
        }
    };
    let after_win = after_win_rule(rs)?;
    let (dealer, dealer_after_multiple, dealer_after_draw) = dealer_rules(play)?;
    if let Some(w) = &play.after_kong_discard_word {
        if !rs.context_words.iter().any(|c| &c.word == w) {
            return Err(format!(
                "ruleset [play] after_kong_discard_word = \"{w}\" is not one of the ruleset's [[context]] words"
            ));
        }
    }
    let last_copy = match play.last_copy.as_deref() {
        None | Some("visible") => LastCopy::Visible,
        Some("exposed_pung") => LastCopy::ExposedPung,
        Some(other) => return Err(bad("last_copy", other, "visible, exposed_pung")),
    };
    let fixed_seat_winds = match play.seat_winds.as_deref() {
        None | Some("dealer") => false,
        Some("fixed") => true,
        Some(other) => return Err(bad("seat_winds", other, "dealer, fixed")),
    };
    let context_facts = rs
        .context_words
        .iter()
        .zip(&rs.context_sources)
        .filter_map(|(w, s)| match s {
            WordSource::Fact(f) => Some((w.word.clone(), *f)),
            _ => None,
        })
        .collect();
    let last_discard_claimable = wall_rules(rs)?;
    let (m, ranking_ties) = match_rules(rs)?;
    let results = result_rule(&m)?;
    let floor = rs.settlement.floor;
    if floor.is_none() && (play.no_win_from_floor || m.end_at_floor.is_some()) {
        return Err(
            "ruleset [play] no_win_from_floor and [match] end_at_floor need a chip floor: set [settlement] floor"
                .to_string(),
        );
    }
    Ok(TableRules {
        ruleset: rs.name.clone(),
        ruleset_version: rs.version.clone(),
        players: play.players,
        wall_sides: rs.wall.sides.clone(),
        dice: rs.wall.dice,
        kept_back: rs.wall.kept_back,
        per_seat_walls: rs.wall.per_seat,
        last_discard_claimable,
        hand_size: rs.deal.hand_size,
        dealer_extra: rs.deal.dealer_extra,
        replace_bonus_at_deal: rs.deal.replace_bonus,
        claims,
        // The schema has no switch for it: every supported ruleset takes chows from the left.
        chi_from_left_only: true,
        priority,
        multiple_winners,
        after_win,
        declare_void: play.declare_void,
        exchange: exchange_rule(play)?,
        rob_kong,
        missed_win,
        no_kong_after_chi: play.no_kong_after_chi,
        no_kong_after_pong: play.no_kong_after_pong,
        no_swap_calls: play.no_swap_calls,
        set_aside: set_aside_rule(rs)?,
        dealer,
        dealer_after_multiple,
        dealer_after_draw,
        dealer_streak_of_wins: match play.dealer_streak.as_deref() {
            None | Some("kept") => false,
            Some("won") => true,
            Some(other) => return Err(bad("dealer_streak", other, "kept, won")),
        },
        declare_ready: play.declare_ready,
        declaration: declaration_rules(play)?,
        furiten: furiten_rules(play)?,
        indicators: indicator_rules(rs)?,
        abortive: abortive_rules(play)?,
        context_facts,
        last_copy,
        fixed_seat_winds,
        bonus_win: BonusWin {
            self_drawn: rs.bonus_win.self_drawn.is_some(),
            robbed: rs.bonus_win.discard.is_some(),
        },
        rounds: m.rounds,
        match_hands: m.hands,
        start_points: m.start_points,
        ranking_points: m.ranking_points,
        ranking_ties,
        seat_changes: m.seat_changes,
        ready_values: rs.settlement.unready_pays_value.is_some()
            || rs.settlement.drawn_hand.unready_returns_kong_money,
        kong_transfer: rs.settlement.kong.transfer,
        floor,
        no_win_from_floor: play.no_win_from_floor,
        end_at_floor: m.end_at_floor,
        match_end: MatchEnd {
            end_below: m.end_below,
            target: m.target,
            extra_rounds: m.extra_rounds,
            last_dealer_stops: m.last_dealer_stops,
            last_dealer_chooses: m.last_dealer_chooses,
        },
        results,
        leader_ends_only: m.leader_ends_only,
        discard_run: rs.settlement.discard_run.as_ref().map(|(n, _)| *n),
    })
}

/// The largest deposit or minimum a declaration may name, so that sums of them stay exact.
const MAX_POINTS: i64 = 1_000_000_000;

/// `[play.declaration]`, range-checked.
fn declaration_rules(play: &crate::schema::Play) -> Result<Declaration, String> {
    let Some(d) = &play.declaration else {
        return Ok(Declaration::default());
    };
    if !play.declare_ready {
        return Err("ruleset [play.declaration] needs [play] declare_ready = true".into());
    }
    let points = |key: &str, v: i64| {
        if (0..=MAX_POINTS).contains(&v) {
            Ok(v)
        } else {
            Err(format!(
                "ruleset [play.declaration] {key} = {v} is out of range; use 0 to {MAX_POINTS}"
            ))
        }
    };
    Ok(Declaration {
        deposit: points("deposit", d.deposit)?,
        min_points: d.min_points.map(|m| points("min_points", m)).transpose()?,
        min_wall: d.min_wall,
        concealed_only: d.concealed_only,
        public_waits: d.public_waits,
        kong_on_discard: d.kong_on_discard,
        first_turn_only: d.first_turn_only,
    })
}

/// `[play] abortive_draws`: the names of the hands the table calls off.
fn abortive_rules(play: &crate::schema::Play) -> Result<AbortiveDraws, String> {
    let mut a = AbortiveDraws::default();
    for name in &play.abortive_draws {
        match AbortReason::from_name(name) {
            Some(AbortReason::NineKinds) => a.nine_kinds = true,
            Some(AbortReason::FourWinds) => a.four_winds = true,
            Some(AbortReason::AllDeclared) => a.all_declared = true,
            Some(AbortReason::FourKongs) => a.four_kongs = true,
            Some(AbortReason::ThreeWins) => a.three_wins = true,
            None => {
                let names: Vec<&str> = AbortReason::ALL.iter().map(|r| r.name()).collect();
                return Err(bad("abortive_draws", name, &names.join(", ")));
            }
        }
    }
    Ok(a)
}

/// `[wall.indicators]`: they need two kept-back tiles each (the indicator and the one under it).
fn indicator_rules(rs: &Ruleset) -> Result<Indicators, String> {
    let Some(i) = &rs.wall.indicators else {
        return Ok(Indicators::default());
    };
    let kong = match i.kong.as_str() {
        "none" => KongReveal::Never,
        "at_once" => KongReveal::AtOnce,
        "concealed_at_once" => KongReveal::ConcealedAtOnce,
        other => {
            return Err(format!(
                "ruleset [wall.indicators] kong = \"{other}\" is not supported; use one of none, at_once, concealed_at_once"
            ))
        }
    };
    let most = u32::from(i.at_deal) + if kong == KongReveal::Never { 0 } else { 4 };
    if 2 * most > rs.wall.kept_back {
        return Err(format!(
            "ruleset [wall.indicators] may show {most} indicators, which need {} tiles kept back; [wall] kept_back is {}",
            2 * most,
            rs.wall.kept_back
        ));
    }
    Ok(Indicators {
        at_deal: i.at_deal,
        kong,
        hidden: i.hidden,
    })
}

/// `[play] furiten`.
/// `[play] set_aside`: playing tiles, none a bonus tile, each named once.
fn set_aside_rule(rs: &Ruleset) -> Result<Vec<mj_core::Tile>, String> {
    let Some(text) = &rs.play.set_aside else {
        return Ok(Vec::new());
    };
    let mut tiles = mj_core::parse_tiles(&rs.tiles, text)
        .map_err(|e| format!("ruleset [play] set_aside = \"{text}\": {e}"))?;
    if tiles.is_empty() || tiles.iter().any(|&t| rs.tiles.is_bonus(t)) {
        return Err(format!(
            "ruleset [play] set_aside = \"{text}\": name playing tiles in notation, e.g. \"N\" (bonus tiles are set aside anyway)"
        ));
    }
    tiles.sort_unstable();
    tiles.dedup();
    Ok(tiles)
}

fn furiten_rules(play: &crate::schema::Play) -> Result<Furiten, String> {
    let mut f = Furiten::default();
    for k in &play.furiten {
        match k.as_str() {
            "own_discards" => f.own_discards = true,
            "declared_pass" => f.declared_pass_locks_hand = true,
            other => return Err(bad("furiten", other, "own_discards, declared_pass")),
        }
    }
    Ok(f)
}

/// `[play]` claims and their priority (index: win, kong, pong, chi; lower ranks first).
fn claim_rules(play: &crate::schema::Play) -> Result<(ClaimsAllowed, [u8; 4]), String> {
    let mut claims = ClaimsAllowed::default();
    for c in &play.claims {
        match c.as_str() {
            "chi" => claims.chi = true,
            "pong" => claims.pong = true,
            "exposed_kong" => claims.exposed_kong = true,
            "added_kong" => claims.added_kong = true,
            "concealed_kong" => claims.concealed_kong = true,
            "bonus" => claims.bonus = true,
            other => {
                return Err(bad(
                    "claims",
                    other,
                    "chi, pong, exposed_kong, added_kong, concealed_kong, bonus",
                ))
            }
        }
    }
    // Kinds not named in the priority list rank below every named one.
    let mut priority = [u8::MAX; 4];
    for (level, entry) in play.priority.iter().enumerate() {
        for name in entry.split('=') {
            let kind = match name.trim() {
                "win" => ClaimKind::Win,
                "kong" | "exposed_kong" => ClaimKind::Kong,
                "pong" => ClaimKind::Pong,
                "chi" => ClaimKind::Chi,
                other => return Err(bad("priority", other, "win, kong, pong, chi joined by `=`")),
            };
            let i = match kind {
                ClaimKind::Win => 0,
                ClaimKind::Kong => 1,
                ClaimKind::Pong => 2,
                ClaimKind::Chi => 3,
            };
            priority[i] = level.min(u8::MAX as usize - 1) as u8;
        }
    }
    Ok((claims, priority))
}

/// Who deals next: after a win, after several winners, after a drawn hand.
fn dealer_rules(
    play: &crate::schema::Play,
) -> Result<(DealerRotation, DealerAfterMultiple, DealerAfterDraw), String> {
    let dealer = match play.dealer.as_str() {
        "rotate" => DealerRotation::Rotate,
        "winner" => DealerRotation::WinnerDeals,
        "stay_on_win" => DealerRotation::StayOnWin,
        other => return Err(bad("dealer", other, "rotate, winner, stay_on_win")),
    };
    let dealer_after_multiple = match play.dealer_after_multiple_winners.as_deref() {
        None | Some("first_winner") => DealerAfterMultiple::FirstWinner,
        Some("discarder") => DealerAfterMultiple::Discarder,
        Some(other) => {
            return Err(bad(
                "dealer_after_multiple_winners",
                other,
                "first_winner, discarder",
            ))
        }
    };
    let dealer_after_draw = match play.dealer_after_draw.as_deref() {
        None if dealer == DealerRotation::WinnerDeals => DealerAfterDraw::Stay,
        None | Some("pass") => DealerAfterDraw::Pass,
        Some("stay") => DealerAfterDraw::Stay,
        Some("stay_if_ready") => DealerAfterDraw::StayIfReady,
        Some("last_drawer") => DealerAfterDraw::LastDrawer,
        Some(other) => {
            return Err(bad(
                "dealer_after_draw",
                other,
                "stay, pass, stay_if_ready, last_drawer",
            ))
        }
    };
    Ok((dealer, dealer_after_multiple, dealer_after_draw))
}

/// The `[wall]` settings the engine supports; whether the last discard may be claimed.
fn wall_rules(rs: &Ruleset) -> Result<bool, String> {
    let play = &rs.play;
    if rs.wall.replacement_from != "end" {
        return Err(format!(
            "ruleset [wall] replacement_from = \"{}\" is not supported; use \"end\"",
            rs.wall.replacement_from
        ));
    }
    let last_discard_claimable = match rs.wall.last_discard.as_str() {
        "win_only" => false,
        "claimable" => true,
        other => {
            return Err(format!(
                "ruleset [wall] last_discard = \"{other}\" is not supported; use one of win_only, claimable"
            ))
        }
    };
    if rs.wall.per_seat {
        let n = usize::from(play.players);
        let total = rs.tiles.total_tiles();
        let own = total / n;
        let dealt = usize::from(rs.deal.hand_size) + usize::from(rs.deal.dealer_extra);
        if !total.is_multiple_of(n) || own < dealt {
            return Err(format!(
                "ruleset [wall] per_seat = true needs the {total} tiles to split evenly into {n} walls of at least {dealt} tiles (a hand and the dealer's extra)"
            ));
        }
        if rs.wall.kept_back != 0 || rs.settlement.horses.is_some() {
            return Err(
                "ruleset [wall] per_seat = true has no wall end: it cannot be combined with [wall] kept_back or [settlement] horses"
                    .to_string(),
            );
        }
    }
    Ok(last_discard_claimable)
}

/// `[match]` (four rounds from zero when absent) and how it ranks ties.
fn match_rules(rs: &Ruleset) -> Result<(crate::schema::Match, RankingTies), String> {
    let play = &rs.play;
    let m = rs.match_rules.clone().unwrap_or(crate::schema::Match {
        rounds: 4,
        hands: None,
        start_points: 0,
        ranking_points: Vec::new(),
        end_at_floor: None,
        end_below: None,
        target: None,
        extra_rounds: 0,
        last_dealer_stops: false,
        last_dealer_chooses: false,
        return_points: None,
        point_unit: None,
        leader_ends_only: false,
        ties: None,
        seat_changes: Vec::new(),
    });
    if m.hands == Some(0) {
        return Err("ruleset [match] hands = 0: a match needs at least one hand".into());
    }
    let ranking_ties = match m.ties.as_deref() {
        None | Some("seat_order") => RankingTies::SeatOrder,
        Some("share") => RankingTies::Share,
        Some(other) => {
            return Err(format!(
                "ruleset [match] ties = \"{other}\" is not supported; use one of seat_order, share"
            ))
        }
    };
    let n = play.players as usize;
    for (r, p) in m.seat_changes.iter().enumerate() {
        let mut seen = vec![false; n];
        let ok = p.is_empty()
            || (p.len() == n && p.iter().all(|&s| s < n && !std::mem::replace(&mut seen[s], true)));
        if !ok {
            return Err(format!(
                "ruleset [match] seat_changes entry {} = {p:?} is not a seat permutation: give every seat 0..{} once, or [] for no change",
                r + 1,
                n - 1
            ));
        }
    }
    Ok((m, ranking_ties))
}

/// `[match] point_unit` and `return_points` as a result rule, checked (with the stretch's keys
/// that need another).
fn result_rule(m: &crate::schema::Match) -> Result<Option<ResultRule>, String> {
    if m.extra_rounds > 0 && m.target.is_none() {
        return Err(
            "ruleset [match] extra_rounds needs a target: the extra rounds are played while nobody has [match] target points"
                .to_string(),
        );
    }
    if m.last_dealer_chooses && !m.last_dealer_stops {
        return Err(
            "ruleset [match] last_dealer_chooses needs last_dealer_stops = true: it says who decides that stop"
                .to_string(),
        );
    }
    let Some(unit) = m.point_unit else {
        if m.return_points.is_some() {
            return Err(
                "ruleset [match] return_points needs point_unit (points per result point, e.g. 1000)"
                    .to_string(),
            );
        }
        return Ok(None);
    };
    if unit <= 0 {
        return Err(format!(
            "ruleset [match] point_unit = {unit} must be positive (points per result point, e.g. 1000)"
        ));
    }
    Ok(Some(ResultRule {
        return_points: m.return_points.unwrap_or(m.start_points),
        point_unit: unit,
    }))
}

impl Table {
    /// Whether the ruleset has the penalty `id` and it says `what`.
    fn penalty_says(&self, id: &str, what: impl Fn(&crate::schema::Penalty) -> bool) -> bool {
        self.ruleset
            .settlement
            .penalties
            .iter()
            .any(|p| p.id == id && what(p))
    }

    /// What settling win `j` with facts `f` reads: the facts, the judgement's value and the
    /// values of the words play sets.
    fn win_pay(&self, j: &WinJudgement, f: &WinFacts) -> WinPay {
        WinPay {
            facts: f.clone(),
            total: j.total,
            points: j.points,
            concealed_pungs: i64::from(j.concealed_pungs),
            basic: j.base,
            han: j.han,
            fu: j.fu,
            words: self.fact_values(f),
            take_deposits: true,
            liable_named: None,
        }
    }

    /// The values of the context words that stand for the engine's number facts (counters and
    /// deposits on the table), by word index, for a win's settlement; other words are 0.
    fn fact_values(&self, f: &WinFacts) -> Vec<i64> {
        self.ruleset
            .context_sources
            .iter()
            .map(|src| match src {
                WordSource::Fact(WinFact::Counters) => i64::from(f.counters),
                WordSource::Fact(WinFact::Deposits) => i64::from(f.deposits),
                _ => 0,
            })
            .collect()
    }
}

impl Rules for Table {
    fn table(&self) -> &TableRules {
        &self.table
    }

    fn tiles(&self) -> &TileSet {
        &self.ruleset.tiles
    }

    fn forms(&self) -> &FormRules {
        &self.ruleset.forms
    }

    fn judge_win(&self, hand: &Hand) -> Option<WinJudgement> {
        let rs = &self.ruleset;
        // What the words may not say is not a win in play either: a hand holding every suit
        // holds its void suit, whichever was declared.
        if crate::word_rules::check(&rs.word_rules, &rs.tiles, hand).is_err() {
            return None;
        }
        if crate::outcome::is_words_only(hand) {
            return bonus_judgement(rs, hand);
        }
        let s = match score(rs, hand) {
            Ok(s) => s,
            Err(ScoreError::Script(m)) => {
                FAULT.with(|f| {
                    f.borrow_mut().get_or_insert(m);
                });
                return None;
            }
            Err(_) => return None,
        };
        let fans = fan_texts(rs, &s.hits);
        Some(WinJudgement {
            total: s.total,
            points: s.points,
            valid: s.valid,
            fans,
            concealed_pungs: s.concealed_pungs.clamp(0, i64::from(u8::MAX)) as u8,
            base: s.han_fu.map_or(s.total, |h| h.basic),
            han: s.han_fu.map_or(0, |h| h.han),
            fu: s.han_fu.map_or(0, |h| h.fu),
        })
    }

    fn take_fault(&self) -> Option<String> {
        FAULT.with(|f| f.borrow_mut().take())
    }

    fn horses(&self, f: &WinFacts) -> usize {
        match &self.ruleset.settlement.horses {
            Some(h)
                if f.source == WinSource::SelfDrawn
                    && (!h.declared_only || f.declared.get(f.winner).copied().unwrap_or(false)) =>
            {
                usize::from(h.count)
            }
            _ => 0,
        }
    }

    fn settle(&self, j: &WinJudgement, f: &WinFacts) -> Vec<i64> {
        settle_win(&self.ruleset, &self.win_pay(j, f))
    }

    fn liable(&self, j: &WinJudgement, f: &WinFacts) -> Option<usize> {
        crate::settle::liable_seat(&self.ruleset, &self.win_pay(j, f))
    }

    fn settle_kong(&self, f: &KongFacts) -> Vec<i64> {
        settle_kong(&self.ruleset, f)
    }

    fn settle_drawn(&self, f: &DrawnFacts) -> Vec<i64> {
        let mut out = settle_drawn(
            &self.ruleset,
            &f.declared_order,
            &f.ready,
            &f.kong_net,
            f.dealer_streak,
        );
        for (o, x) in out.iter_mut().zip(settle_drawn_table(&self.ruleset, f)) {
            *o = o.saturating_add(x);
        }
        for (o, x) in out.iter_mut().zip(settle_drawn_checks(&self.ruleset, f)) {
            *o = o.saturating_add(x);
        }
        out
    }

    fn penalty(&self, id: &str) -> Option<i64> {
        self.ruleset
            .settlement
            .penalties
            .iter()
            .find(|p| p.id == id)
            .and_then(|p| p.fixed())
    }

    fn penalty_ends_hand(&self, id: &str) -> bool {
        self.penalty_says(id, |p| p.ends_hand)
    }

    fn penalty_replays_hand(&self, id: &str) -> bool {
        self.penalty_says(id, |p| p.ends_hand && p.replays_hand)
    }

    fn penalty_bars_win(&self, id: &str) -> bool {
        self.penalty_says(id, |p| p.bars_win)
    }

    fn settle_discard_run(&self, f: &DiscardRunFacts) -> Vec<i64> {
        settle_discard_run(&self.ruleset, f.first, f.dealer_streak)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_ruleset_maps_to_table_rules() {
        for name in crate::builtin_names() {
            let rs = crate::load(name).unwrap_or_else(|d| panic!("{name}: {d}"));
            let t = table_rules(&rs).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(t.players, rs.play.players, "{name}");
            assert!(
                t.level(ClaimKind::Win) < t.level(ClaimKind::Pong),
                "{name}: a win outranks a pong"
            );
            if rs.play.claims.iter().any(|c| c == "chi") {
                assert!(
                    t.level(ClaimKind::Pong) < t.level(ClaimKind::Chi),
                    "{name}: a pong outranks a chi"
                );
            }
        }
    }
}
