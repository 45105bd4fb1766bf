//! The payments of one hand written in notation (`mj score`), with everything the line says
//! about how it was played: who won off whom (`self`, `kong`, `from=`), who had declared ready,
//! what the melds tell (they are written in the order they were made, so the last bracket is the
//! last meld: who fed the kong before a 杠上开花, who fed the last meld, whom each claim came
//! from), and, where the ruleset names the words, the table's chips and 倍打.

use super::{settle_win_seats, WinKind, WinPay, MAX_SEATS};
use crate::ruleset::Ruleset;
use crate::score::Score;
use mj_core::game::engine::cap_to_floor;
use mj_core::{Hand, Meld, Wind};

/// Net change of every seat (seat order E S W N; seats past the table's players 0), winner
/// positive, or why the line's table words cannot be read. Call only for a valid win. An array
/// on the stack: every scored hand is paid through here, without allocating.
pub(crate) fn written_payments(rs: &Ruleset, hand: &Hand, s: &Score) -> Result<[i64; MAX_SEATS], String> {
    let players = rs.play.players as usize;
    let (winner, kind) = written_win(rs, hand, true)?;
    let stacks = stacks(rs, hand)?;
    if let (
        Some(st),
        Some(floor),
        WinKind::Discard { discarder } | WinKind::RobbedKong { konger: discarder },
    ) = (&stacks, rs.settlement.floor, kind)
    {
        if rs.play.no_win_from_floor && st[discarder] <= floor {
            return Err(format!(
                "no win off a player at {floor}: the discarder ({}) has {} in `stacks=` (ruleset {}, [play] no_win_from_floor)",
                seat_letter(discarder),
                st[discarder],
                rs.name
            ));
        }
    }
    let mut pay = WinPay::plain(s.total, s.points, winner, kind, hand.flower_count() as i64);
    pay.declared = declared(rs, hand, winner, players);
    pay.concealed_pungs = s.concealed_pungs;
    from_melds(rs, hand, winner, players, &mut pay);
    pay.left = left_seats(rs, hand, winner, kind)?;
    let repeat = rs.settlement.table_words.dealer_repeat.as_ref();
    if repeat.is_some_and(|w| hand.context.has(w)) {
        pay.dealer_streak = 1;
    }
    if let Some(h) = s.han_fu {
        pay.basic = h.basic;
        pay.han = h.han;
        pay.fu = h.fu;
    }
    // `seat=E` deals unless the line names the dealer; the ruleset's words enter formulas as
    // numbers.
    let (dealer, streak) = rs.dealer_of(hand);
    pay.dealer = dealer.min(players - 1);
    if streak > 0 {
        pay.dealer_streak = streak;
    }
    pay.liable_named = liable_named(rs, hand, &pay, players)?;
    let settle = |words: &[i64]| settle_win_seats(rs, &pay, &hand.melds, words);
    let raw = match s.word_values.get() {
        Some(words) => settle(words),
        None => settle(&word_values(rs, hand)),
    };
    Ok(match (stacks, rs.settlement.floor) {
        (Some(st), Some(floor)) => {
            let mut out = [0; MAX_SEATS];
            let capped = cap_to_floor(&raw[..players.min(MAX_SEATS)], &st, floor);
            for (o, c) in out.iter_mut().zip(capped) {
                *o = c;
            }
            out
        }
        _ => raw,
    })
}

fn seat_letter(seat: usize) -> char {
    Wind::from_index(seat as u8).map_or('?', |w| w.letter())
}

/// Who had declared ready, from the context words the ruleset names for it.
fn declared(rs: &Ruleset, hand: &Hand, winner: usize, players: usize) -> Vec<bool> {
    let words = &rs.settlement.declared_words;
    // Without the words nobody is known to have declared: an empty list reads as all false.
    if words.winner.is_none() && words.payers.is_none() {
        return Vec::new();
    }
    // Nobody declared (most hands) reads as the empty list does, without allocating one.
    let mut declared = Vec::new();
    let mut mark = |seat: usize| {
        if declared.is_empty() {
            declared = vec![false; players];
        }
        declared[seat] = true;
    };
    if words.winner.as_ref().is_some_and(|w| hand.context.has(w)) {
        mark(winner);
    }
    if let Some(v) = words.payers.as_ref().and_then(|w| hand.context.value(w)) {
        for c in v.chars() {
            if let Some(seat) = Wind::from_letter(c.to_ascii_uppercase()) {
                let seat = seat.index() as usize;
                if seat < players && seat != winner {
                    mark(seat);
                }
            }
        }
    }
    declared
}

/// What the melds, in the order made, say about how the hand was played, as the engine reports
/// it for a played win ([`mj_core::game::rules::WinFacts`]).
fn from_melds(rs: &Ruleset, hand: &Hand, winner: usize, players: usize, pay: &mut WinPay) {
    let melds = &hand.melds;
    let concealed_kongs = melds.iter().filter(|m| m.is_concealed()).count();
    pay.concealed_kongs = concealed_kongs as u8;
    pay.exposed_melds = (melds.len() - concealed_kongs) as u8;
    pay.last_meld_from = melds.last().and_then(|m| m.source_seat(winner, players));
    // 杠上开花: the replacement came after the last kong; a kong on a discard has a feeder.
    if hand.context.self_drawn && hand.context.kong {
        pay.kong_fed_by = match melds.iter().rev().find(|m| m.is_kong()) {
            Some(m @ Meld::ExposedKong { .. }) => m.source_seat(winner, players),
            _ => None,
        };
    }
    // Whom the claims came from and whether the hand is of one suit are read only by the
    // liabilities that name them; without those they stay empty and false, as for a plain win.
    let liable = &rs.settlement.liable;
    if liable.same_feeder_calls.is_some() {
        let mut feeders = vec![Vec::new(); players];
        feeders[winner] = melds
            .iter()
            .filter_map(|m| m.source_seat(winner, players))
            .collect();
        pay.claim_feeders = feeders;
    }
    if liable.one_suit_display.is_some() {
        pay.one_suit = hand.is_one_suit(&rs.tiles);
    }
}

/// The seats that have already won and left the hand, from the ruleset's `table_words.left`
/// word (`out=SW`): seat letters in play, neither the winner nor the player who pays the win.
fn left_seats(rs: &Ruleset, hand: &Hand, winner: usize, kind: WinKind) -> Result<Vec<bool>, String> {
    let players = rs.play.players as usize;
    let Some(word) = rs.settlement.table_words.left.as_ref() else {
        return Ok(Vec::new());
    };
    let Some(v) = hand.context.value(word) else {
        return Ok(Vec::new());
    };
    // Only where winners leave (血战到底) has anybody left; where they stay in (血流成河) every
    // seat pays each win, and a hand-typed list would take payers away.
    if rs.play.after_win.as_deref() != Some("leave") {
        return Err(format!(
            "`{word}={v}` names seats that have won and left, and in ruleset {} nobody leaves: every winner stays in and pays on (leave out `{word}=`)",
            rs.name
        ));
    }
    let seats: String = (0..players).map(seat_letter).collect();
    let payer = match kind {
        WinKind::Discard { discarder } | WinKind::RobbedKong { konger: discarder } => Some(discarder),
        WinKind::SelfDrawn => None,
    };
    let mut left = vec![false; players];
    for c in v.chars() {
        let seat = Wind::from_letter(c.to_ascii_uppercase())
            .map(|w| w.index() as usize)
            .filter(|&s| s < players)
            .ok_or_else(|| format!("`{word}={v}`: `{c}` is not a seat; write seat letters among {seats}"))?;
        if seat == winner {
            return Err(format!(
                "`{word}={v}` names the winner ({c}): a player who has left cannot win again"
            ));
        }
        if Some(seat) == payer {
            return Err(format!(
                "`{word}={v}` names the discarder ({c}): a player who has left discards nothing"
            ));
        }
        if std::mem::replace(&mut left[seat], true) {
            return Err(format!("`{word}={v}` names {c} twice"));
        }
    }
    if left.iter().filter(|&&l| !l).count() < 2 {
        return Err(format!("`{word}={v}` leaves nobody to pay the winner"));
    }
    Ok(left)
}

/// Every seat's chips from the ruleset's stacks word (`stacks=100,80,60,40`, seat winds in
/// order), checked: one whole number per seat, none below the floor or absurdly large.
fn stacks(rs: &Ruleset, hand: &Hand) -> Result<Option<Vec<i64>>, String> {
    let Some(word) = rs.settlement.table_words.stacks.as_ref() else {
        return Ok(None);
    };
    let Some(v) = hand.context.value(word) else {
        return Ok(None);
    };
    let players = rs.play.players as usize;
    let floor = rs.settlement.floor.unwrap_or(0);
    let example = (0..players).map(|_| "100").collect::<Vec<_>>().join(",");
    let bad = |why: String| {
        format!("`{word}={v}`: {why}; write every seat's chips in seat order E S W N, e.g. {word}={example}")
    };
    let parts: Vec<&str> = v.split(',').collect();
    if parts.len() != players {
        return Err(bad(format!("{} numbers for {players} seats", parts.len())));
    }
    const MAX: i64 = 1_000_000_000;
    parts
        .iter()
        .map(|p| match p.parse::<i64>() {
            Ok(n) if (floor..=MAX).contains(&n) && p.bytes().all(|b| b.is_ascii_digit() || b == b'-') => {
                Ok(n)
            }
            Ok(n) if n < floor => Err(bad(format!("{n} is below the chip floor {floor}"))),
            _ => Err(bad(format!(
                "`{p}` is not a number of chips from {floor} to {MAX}"
            ))),
        })
        .collect::<Result<Vec<i64>, String>>()
        .map(Some)
}

/// The seat the ruleset's liability word names (`bao=K`, K counted from the winner as in
/// `from=K`): for a self-drawn win, or for a win on a discard where the ruleset has a liability
/// for those (without one the discarder pays, and the word would be read as nothing).
fn liable_named(rs: &Ruleset, hand: &Hand, pay: &WinPay, players: usize) -> Result<Option<usize>, String> {
    let Some(word) = rs.settlement.liable.word.as_deref() else {
        return Ok(None);
    };
    let Some(v) = hand.context.value(word) else {
        return Ok(None);
    };
    if !hand.context.self_drawn && !history_liability(&rs.settlement.liable) {
        return Err(format!(
            "`{word}={v}` names who pays for a self-drawn win: write it with `self`, or drop it (on a discard the discarder pays)"
        ));
    }
    let k = v
        .parse::<usize>()
        .ok()
        .filter(|n| (1..players).contains(n))
        .ok_or_else(|| {
            format!(
                "`{word}={v}` names no seat: write {}",
                (1..players)
                    .map(|n| format!("{word}={n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
    // A player is named liable only where a rule of the ruleset makes one so: otherwise the
    // line would charge one player for a win every other player pays.
    if let Some(rules) = liability_missed(rs, pay, &hand.melds) {
        return Err(format!(
            "`{word}={v}` names who pays for this win, but no liability of ruleset {} covers the hand ({rules}): drop `{word}=`",
            rs.name
        ));
    }
    let named = (pay.winner + players - k) % players;
    // 包 big hands come before a named liability (settle_win_seats): a line naming another
    // player would be paid by the feeder its melds show, not by the one it names.
    if let Some(g) = super::group_feeder(rs, pay, &hand.melds).filter(|&g| g != named && g != pay.winner) {
        let k = (pay.winner + players - g) % players;
        return Err(format!(
            "`{word}={v}` names {}, but the melds show {} ({word}={k}) fed the pung that completed the group, and that player is liable: write {word}={k}, or drop `{word}=`",
            seat_letter(named),
            seat_letter(g)
        ));
    }
    Ok(Some(named))
}

/// Whether the ruleset has a liability decided by how the hand was played (claims in a row, the
/// tile first hung, the flush display, who declared): these also cover wins on a discard, and a
/// hand's line alone does not show whether they apply.
fn history_liability(l: &crate::schema::Liable) -> bool {
    l.same_feeder_calls.is_some()
        || l.one_suit_display.is_some()
        || l.single_tile_window.is_some()
        || l.undeclared_feeds_declared
}

/// What a liability word needs, in words, when none of the ruleset's `[settlement.liable]` rules
/// could make a player pay the whole of win `p`, whoever fed which meld; `None` when one could.
fn liability_missed(rs: &Ruleset, p: &WinPay, melds: &[Meld]) -> Option<String> {
    let l = &rs.settlement.liable;
    let mut needs = Vec::new();
    if let Some(m) = l.last_meld_feeder {
        let void = l.last_meld_unless_concealed_kong && p.concealed_kongs > 0;
        if p.exposed_melds >= m && !void {
            return None;
        }
        let kongs = if l.last_meld_unless_concealed_kong {
            ", no concealed kong"
        } else {
            ""
        };
        needs.push(format!("{m} exposed melds{kongs}"));
    }
    for group in &rs.settlement.liable_groups {
        let declared = |t: mj_core::Tile| {
            melds
                .iter()
                .any(|m| !matches!(m, Meld::Chow { .. }) && !m.is_concealed() && m.tile() == t)
        };
        if group.iter().all(|&t| declared(t)) {
            return None;
        }
        let tiles = mj_core::notation::print_tiles(&rs.tiles, group);
        needs.push(format!("every pung of {tiles} declared"));
    }
    if l.kong_feeder {
        if p.kong_fed_by.is_some() {
            return None;
        }
        needs.push("a win on the replacement of a kong claimed on a discard".into());
    }
    if l.robbed_kong || history_liability(l) {
        return None;
    }
    Some(if needs.is_empty() {
        "it has no liability for a self-drawn win".into()
    } else {
        format!("it needs {}", needs.join(", or "))
    })
}

/// The ruleset's context words as numbers for settlement formulas (0 absent, 1 a flag).
pub(crate) fn word_values(rs: &Ruleset, hand: &Hand) -> Vec<i64> {
    let mut values = vec![0; rs.context_words.len()];
    rs.each_word(hand, |i, v| values[i] = v.map_or(1, |v| v.parse().unwrap_or(1)));
    values
}

/// Who wins the written line (`seat=`) and how: self-drawn, or off the player `from=` names
/// (robbing that player's kong when the line says `kong` and `robbed_kong` lets it).
pub(crate) fn written_win(rs: &Ruleset, hand: &Hand, robbed_kong: bool) -> Result<(usize, WinKind), String> {
    let players = rs.play.players as usize;
    let winner = (hand.context.seat.index() as usize).min(players - 1);
    let kind = if hand.context.self_drawn {
        WinKind::SelfDrawn
    } else {
        let discarder = (winner + players - discarder_offset(rs, hand)?) % players;
        if robbed_kong && hand.context.kong {
            WinKind::RobbedKong { konger: discarder }
        } else {
            WinKind::Discard { discarder }
        }
    };
    Ok((winner, kind))
}

/// The discarder's seat relative to the winner, from `from=N` (1 = left, 上家, the default, up to
/// one less than the players). Any other value is an error: read as the default, it would pay
/// the wrong seat without a word.
pub(crate) fn discarder_offset(rs: &Ruleset, hand: &Hand) -> Result<usize, String> {
    let players = (rs.play.players as usize).max(2);
    match hand.context.value("from") {
        None => Ok(1),
        Some(v) => v
            .parse::<usize>()
            .ok()
            .filter(|n| (1..players).contains(n))
            .ok_or_else(|| {
                format!(
                    "`from={v}` names no seat: write from=1 (left, the default){}",
                    (2..players).map(|n| format!(", from={n}")).collect::<String>()
                )
            }),
    }
}

/// A word of the fact `dealer_first_discard` (地胡 on the dealer's first discard) says the win
/// is another seat's, on a discard of the dealer's: `from=` must name the dealer (seat E, or the
/// ruleset's dealer word), as play sets the word only so.
pub(crate) fn check_dealer_discard(rs: &Ruleset, hand: &Hand) -> Result<(), String> {
    use mj_core::game::rules::WinFact;
    let fact = crate::ruleset::WordSource::Fact(WinFact::DealerFirstDiscard);
    // The line's own words looked up (most lines have none), not every word of the ruleset.
    let source = |w: &str| {
        let i = rs.context_words.iter().position(|x| x.word == w)?;
        rs.context_sources.get(i)
    };
    let Some(word) = hand
        .context
        .extra
        .iter()
        .map(|(w, _)| w.as_str())
        .find(|w| source(w) == Some(&fact))
    else {
        return Ok(());
    };
    let players = (rs.play.players as usize).max(2);
    let winner = (hand.context.seat.index() as usize).min(players - 1);
    let dealer = rs.dealer_of(hand).0.min(players - 1);
    if winner == dealer {
        return Err(format!(
            "`{word}` is a win on the dealer's first discard, and the winner ({}) is the dealer: leave out `{word}`",
            seat_letter(winner)
        ));
    }
    let from = discarder_offset(rs, hand)?;
    let discarder = (winner + players - from) % players;
    if discarder != dealer {
        let k = (winner + players - dealer) % players;
        return Err(format!(
            "`{word}` is a win on the dealer's first discard, but from={from} names {} and the dealer is {}: write from={k}",
            seat_letter(discarder),
            seat_letter(dealer)
        ));
    }
    Ok(())
}
