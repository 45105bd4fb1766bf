//! `[settlement] penalty` entries: a fixed penalty (`each`, paid to every other player, which a
//! game record can carry) or one the referee sizes (`amounts` or `min_amount`) and gives to every
//! other player or to one (or to nobody: dead points). `mj tournament record --penalty` applies
//! either to a player's 局分.

use crate::schema::Penalty;

/// What is wrong with an entry, if anything.
pub fn check(p: &Penalty) -> Result<(), String> {
    let kinds = usize::from(p.each.is_some())
        + usize::from(!p.amounts.is_empty())
        + usize::from(p.min_amount.is_some());
    if kinds != 1 {
        return Err("give exactly one of `each`, `amounts` and `min_amount`".into());
    }
    // A penalty that bars the offender from winning may cost nothing (`each = 0`).
    let each = p.fixed();
    let free = p.bars_win && each == Some(0);
    let all = each.iter().chain(&p.amounts).chain(&p.min_amount);
    if let Some(bad) = all.copied().find(|&a| !free && !(1..=1_000_000).contains(&a)) {
        return Err(format!("amount {bad} is not from 1 to 1000000"));
    }
    if p.replays_hand && !p.ends_hand {
        return Err(
            "`replays_hand = true` needs `ends_hand = true`: only a hand that stops is dealt again".into(),
        );
    }
    if p.bars_win && p.ends_hand {
        return Err(
            "`bars_win = true` bars a player for the rest of a hand that goes on: leave out `ends_hand`"
                .into(),
        );
    }
    match p.to.as_deref() {
        None | Some("each") => Ok(()),
        Some("one") if p.each.is_none() => Ok(()),
        Some("one") => Err("a fixed `each` penalty goes to each other player; `to = \"one\"` needs `amounts` or `min_amount`".into()),
        Some(other) => Err(format!("`to = \"{other}\"` is not known; use \"each\" or \"one\"")),
    }
}

/// The points a penalty moves at a table of `size`, by seat: the offender at `seat` pays
/// `amount` (required and checked for a sized penalty, not allowed for a fixed one) to every
/// other player, or with `to = "one"` to the seat `to` (`None`: dead points).
pub fn deltas(
    p: &Penalty,
    size: usize,
    seat: usize,
    amount: Option<i64>,
    to: Option<usize>,
) -> Result<Vec<i64>, String> {
    let one = p.to.as_deref() == Some("one");
    let amount = match (p.fixed(), amount) {
        (Some(e), None) => e,
        (Some(e), Some(_)) => return Err(format!("penalty `{}` is fixed at {e}: leave out --amount", p.id)),
        (None, None) => {
            return Err(format!(
                "penalty `{}` is sized by the referee: give --amount ({})",
                p.id,
                allowed(p)
            ))
        }
        (None, Some(a))
            if p.amounts.contains(&a) || p.min_amount.is_some_and(|m| (m..=1_000_000).contains(&a)) =>
        {
            a
        }
        (None, Some(a)) => return Err(format!("penalty `{}` cannot be {a}: {}", p.id, allowed(p))),
    };
    if seat >= size || to.is_some_and(|t| t >= size || t == seat) {
        return Err("the offender and the receiver are two different players of the table".into());
    }
    if !one && to.is_some() {
        return Err(format!(
            "penalty `{}` goes to each other player: leave out --to",
            p.id
        ));
    }
    let mut d = vec![0i64; size];
    if one {
        d[seat] = -amount;
        if let Some(t) = to {
            d[t] = amount;
        }
    } else {
        for (s, x) in d.iter_mut().enumerate() {
            *x = if s == seat {
                -amount * (size as i64 - 1)
            } else {
                amount
            };
        }
    }
    Ok(d)
}

fn allowed(p: &Penalty) -> String {
    match p.min_amount {
        Some(m) => format!("at least {m}"),
        None => format!(
            "one of {}",
            p.amounts
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
