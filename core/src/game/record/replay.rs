//! Re-running a record through the engine: deriving each seat's action from the recorded events,
//! checking it against the legal ones, and comparing what the engine says happened with what the
//! record says, penalties between actions included.

use super::*;

/// [`replay`] over `events` (in place of the record's); with `fix`, the payments of a penalty
/// are inserted and recorded payment amounts that differ are rewritten instead of diverging.
pub(super) fn replay_events(
    rules: &dyn Rules,
    record: &Record,
    events: &mut Vec<RecordEvent>,
    fix: bool,
    observe: &mut dyn FnMut(usize, &State),
) -> Result<State, Divergence> {
    let set = rules.tiles();
    let fail = |index: usize, message: String| Divergence { index, message };
    if record.ruleset != rules.table().ruleset {
        return Err(fail(
            0,
            format!(
                "the record is of ruleset `{}`, not `{}`",
                record.ruleset,
                rules.table().ruleset
            ),
        ));
    }
    let seats = rules.table().player_count();
    if record.players.len() != seats {
        // Read as it stands, a record of another table size replays against the wrong seats.
        return Err(fail(
            0,
            format!(
                "the record names {} players; ruleset `{}` seats {seats}",
                record.players.len(),
                record.ruleset
            ),
        ));
    }
    let round = Wind::from_letter(record.round)
        .ok_or_else(|| fail(0, format!("round `{}` is not a wind", record.round)))?;
    let start = match &record.wall {
        Some(w) => {
            let tiles: Option<Vec<Tile>> = w.iter().map(|s| tile_of(set, s)).collect();
            let tiles = tiles.ok_or_else(|| fail(0, "the wall has a tile this ruleset lacks".into()))?;
            // A red copy is written `0m` in a tile set with red fives (which has no rank ten).
            let red = w.iter().map(|s| set.has_red() && s.starts_with('0')).collect();
            new_hand_from_marked_wall_at(rules, tiles, red, record.dealer, round, &record.start())
        }
        None => new_hand_at(rules, record.seed, record.dealer, round, &record.start()),
    };
    let (mut st, first) = start.map_err(|e| fail(0, e.to_string()))?;
    // A fault left by an earlier judgement on this thread is not this record's.
    let _ = rules.take_fault();
    let mut pos = 0usize;
    compare(set, events, &mut pos, &first, fix)?;
    observe(pos, &st);
    let mut guard = 0usize;
    loop {
        let before = pos;
        penalties(rules, &mut st, events, &mut pos, fix)?;
        if pos != before {
            observe(pos, &st);
        }
        let Some(seat) = st.to_act() else { break };
        guard += 1;
        if guard > 100_000 {
            return Err(fail(pos, "the hand does not end".into()));
        }
        let action = derive_action(set, &st, seat, events, pos)
            .ok_or_else(|| fail(pos, format!("no recorded event says what seat {seat} did")))?;
        let legal = legal_actions(rules, &st, seat);
        if let Some(fault) = rules.take_fault() {
            return Err(fail(pos, format!("the ruleset failed: {fault}")));
        }
        if !legal.contains(&action) {
            let err = crate::game::turn::IllegalAction { seat, action, legal };
            return Err(fail(pos, format!("illegal: {}", err.message(set))));
        }
        let mut out = Vec::new();
        step(rules, &mut st, seat, action, &mut out);
        if let Some(fault) = rules.take_fault() {
            return Err(fail(pos, format!("the ruleset failed: {fault}")));
        }
        compare(set, events, &mut pos, &out, fix)?;
        if !out.is_empty() {
            observe(pos, &st);
        }
    }
    if pos != events.len() {
        return Err(fail(pos, "the hand ended but the record goes on".into()));
    }
    Ok(st)
}

/// Applies the penalty and forfeit events at `pos`, each followed by its payments (one per seat).
/// A penalty ends the hand when the ruleset says so (`ends_hand`); a forfeit always does.
pub(super) fn penalties(
    rules: &dyn Rules,
    st: &mut State,
    events: &mut Vec<RecordEvent>,
    pos: &mut usize,
    fix: bool,
) -> Result<(), Divergence> {
    loop {
        let (seat, id, forfeit) = match events.get(*pos) {
            Some(RecordEvent::Penalty { seat, id }) => (*seat, id.clone(), false),
            Some(RecordEvent::Forfeit { seat, id }) => (*seat, id.clone(), true),
            _ => return Ok(()),
        };
        // A forfeit without a penalty id (a ruleset that defines none) ends the hand unpaid.
        let paid = if forfeit && id.is_empty() {
            Vec::new()
        } else {
            crate::game::money::penalize(rules, st, seat, &id)
                .map_err(|message| Divergence { index: *pos, message })?
        };
        if forfeit {
            // The ruleset's penalty may let play go on; a forfeit ends the hand whatever it says.
            st.phase = Phase::Over { winners: Vec::new() };
        }
        *pos += 1;
        for (s, &amount) in paid.iter().enumerate() {
            let mine = RecordEvent::Payment {
                seat: s,
                amount,
                reason: Some(PENALTY_REASON.to_string()),
            };
            match events.get(*pos) {
                Some(r) if *r == mine => {}
                Some(RecordEvent::Payment {
                    seat: rs,
                    reason: Some(rr),
                    ..
                }) if fix && *rs == s && rr == PENALTY_REASON => events[*pos] = mine,
                _ if fix => events.insert(*pos, mine),
                other => return Err(diverged(*pos, other, "the penalty", &mine)),
            }
            *pos += 1;
        }
    }
}

pub(super) fn compare(
    set: &TileSet,
    recorded: &mut [RecordEvent],
    pos: &mut usize,
    produced: &[Event],
    fix: bool,
) -> Result<(), Divergence> {
    for e in produced {
        let mine = RecordEvent::from_event(set, e);
        match recorded.get(*pos) {
            Some(r) if *r == mine || same_discard(r, &mine) || older_win_line(r, &mine) => *pos += 1,
            Some(RecordEvent::Payment { seat, reason, .. })
                if fix
                    && matches!(&mine, RecordEvent::Payment { seat: s, reason: r, .. } if s == seat && r == reason) =>
            {
                recorded[*pos] = mine;
                *pos += 1;
            }
            other => return Err(diverged(*pos, other, "replay", &mine)),
        }
    }
    Ok(())
}

/// Whether two events are the same discard, whichever copy each says left the hand: the engine
/// holds equal copies as one tile, so a record's `from_hand` is the record's to say (a platform's
/// log told it) and never a divergence.
fn same_discard(recorded: &RecordEvent, mine: &RecordEvent) -> bool {
    match (recorded, mine) {
        (RecordEvent::Discard { seat, tile, .. }, RecordEvent::Discard { seat: s, tile: t, .. }) => {
            seat == s && tile == t
        }
        _ => false,
    }
}

/// Whether a recorded win is `mine` as an older version wrote it: the same win, its line the
/// same tiles with fewer of the words play now sets (a ruleset that has since come to write
/// `from=` or `bao=` from play). Such a record still replays, keeping its own line: a record
/// made before a ruleset gained a word is not lost to it.
fn older_win_line(recorded: &RecordEvent, mine: &RecordEvent) -> bool {
    let (RecordEvent::Win { hand: old, .. }, RecordEvent::Win { hand: new, .. }) = (recorded, mine) else {
        return false;
    };
    let mut without = recorded.clone();
    if let RecordEvent::Win { hand, .. } = &mut without {
        hand.clone_from(new);
    }
    if without != *mine {
        return false;
    }
    let (mut old_words, mut new_words) = (old.split(' '), new.split(' '));
    let same_tiles = old_words.next() == new_words.next();
    let new_words: Vec<&str> = new_words.collect();
    same_tiles && old_words.all(|w| new_words.contains(&w))
}

/// The action `seat` must have taken for the record to continue as it does.
pub(super) fn derive_action(
    set: &TileSet,
    st: &State,
    seat: usize,
    events: &[RecordEvent],
    pos: usize,
) -> Option<Action> {
    let next = events.get(pos);
    match &st.phase {
        Phase::Turn(_) => match next? {
            RecordEvent::Discard { seat: s, tile, .. } if *s == seat => {
                // A red copy (`0m`) given away while plain ones were held was the player's choice.
                let t = tile_of(set, tile)?;
                let held = &st.seats[seat];
                let chose_red = *tile == set.red_notation(t)
                    && held.red[t.id()] > 0
                    && held.red[t.id()] < held.concealed[t.id()];
                Some(if chose_red {
                    Action::DiscardRed(t)
                } else {
                    Action::Discard(t)
                })
            }
            RecordEvent::Flower { seat: s, tile } if *s == seat => Some(Action::Bonus(tile_of(set, tile)?)),
            RecordEvent::Ready { seat: s, hidden, .. } if *s == seat => {
                let discard = match events.get(pos + 1)? {
                    RecordEvent::Discard { seat: d, tile, .. } if *d == seat => tile_of(set, tile)?,
                    _ => return None,
                };
                let mut mask = 0u64;
                for h in hidden {
                    mask |= 1 << tile_of(set, h)?.id();
                }
                Some(Action::DeclareReady {
                    discard,
                    hidden: mask,
                })
            }
            RecordEvent::Kong {
                seat: s, tile, kind, ..
            } if *s == seat => {
                let t = tile_of(set, tile)?;
                match kind.as_str() {
                    k if k == KongKind::Concealed.name() => Some(Action::ConcealedKong(t)),
                    k if k == KongKind::Added.name() => Some(Action::AddedKong(t)),
                    _ => None,
                }
            }
            RecordEvent::Win {
                seat: s,
                self_drawn: true,
                ..
            } if *s == seat => Some(Action::SelfWin),
            RecordEvent::AbortiveDraw { seats, .. } if seats.contains(&seat) => Some(Action::AbortiveDraw),
            _ => None,
        },
        Phase::Offer(_) => {
            // Answers leave no event of their own: a seat claimed what the next event shows it
            // taking (every win of a multiple win counts), and passed otherwise. A declaration's
            // deposit, paid once the offer passed without a win, comes before that event.
            let deposit = |e: &RecordEvent| matches!(e, RecordEvent::Payment { reason: Some(r), .. } if r == PaymentReason::Deposit.name());
            let pos = (pos..events.len())
                .find(|&i| !deposit(&events[i]))
                .unwrap_or(events.len());
            let next = events.get(pos);
            let claimed = match next {
                Some(RecordEvent::Win { .. }) => events[pos..]
                    .iter()
                    .take_while(|e| matches!(e, RecordEvent::Win { .. } | RecordEvent::Payment { .. }))
                    .any(|e| matches!(e, RecordEvent::Win { seat: s, .. } if *s == seat))
                    .then_some(Action::Win),
                // Three wins called the hand off: its claimants are named.
                Some(RecordEvent::AbortiveDraw { seats, .. }) if seats.contains(&seat) => Some(Action::Win),
                Some(RecordEvent::Pong { seat: s, .. }) if *s == seat => Some(Action::Pong),
                Some(RecordEvent::Kong {
                    seat: s,
                    from: Some(_),
                    ..
                }) if *s == seat => Some(Action::ExposedKong),
                Some(RecordEvent::Chi { seat: s, chow, .. }) if *s == seat => {
                    Some(Action::Chi(tile_of(set, chow)?))
                }
                _ => None,
            };
            Some(claimed.unwrap_or(Action::Pass))
        }
        Phase::Prepare(p) => match p.step {
            PrepareStep::Exchange => events[pos..]
                .iter()
                .take_while(|e| matches!(e, RecordEvent::Exchange { .. }))
                .find_map(|e| match e {
                    RecordEvent::Exchange { seat: s, tiles, .. } if *s == seat => {
                        let tiles: Option<Vec<Tile>> = tiles.iter().map(|t| tile_of(set, t)).collect();
                        crate::game::action::TilePick::new(&tiles?).map(Action::Exchange)
                    }
                    _ => None,
                }),
            // The choices are written together once all are made: this seat's is among them.
            PrepareStep::Void => events[pos..]
                .iter()
                .take_while(|e| matches!(e, RecordEvent::Void { .. }))
                .find_map(|e| match e {
                    RecordEvent::Void { seat: s, suit } if *s == seat => {
                        let letter = suit.chars().next()?;
                        let i = set.suits().iter().position(|x| x.letter == letter)?;
                        u8::try_from(i).ok().map(Action::DeclareVoid)
                    }
                    _ => None,
                }),
        },
        Phase::Over { .. } => None,
    }
}

/// Where the record and the replay part: the recorded event at `index` (none: the record
/// ended) against the one `source` produced.
fn diverged(index: usize, recorded: Option<&RecordEvent>, source: &str, mine: &RecordEvent) -> Divergence {
    let json = |e: &RecordEvent| serde_json::to_string(e).unwrap_or_default();
    let message = match recorded {
        Some(r) => format!("recorded {}, {source} gives {}", json(r), json(mine)),
        None => format!("the record ends, {source} gives {}", json(mine)),
    };
    Divergence { index, message }
}
