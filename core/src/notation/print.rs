//! The canonical printed form of hands and tile lists: runs grouped by suit, honours as letters,
//! red copies as `0`, melds in brackets with their source.

use crate::hand::Hand;
use crate::meld::{From as Source, Meld};
use crate::tile::{Kind, Tile, TileSet, Wind};

/// Canonical form of a tile list: order is kept, and neighbours of one suit share a letter
/// (`123m4pEE`). Keeping the order makes `parse_tiles(print_tiles(x)) == x`; sort first for a
/// suit-grouped listing.
pub fn print_tiles(set: &TileSet, tiles: &[Tile]) -> String {
    let mut out = String::new();
    push_tiles(set, tiles, &mut [], &mut out);
    out
}

/// [`print_tiles`] appended to `out`: a caller that prints many short lists (a report names
/// every set of its reading) reuses one buffer instead of a heap string per list.
pub fn print_tiles_to(set: &TileSet, tiles: &[Tile], out: &mut String) {
    push_tiles(set, tiles, &mut [], out);
}

/// [`print_tiles`] appended to `out`, writing the first copies of a kind as red (`0`) while `red`
/// (one entry per red copy still to print) holds that kind; printed ones are taken out.
pub(super) fn push_tiles(set: &TileSet, tiles: &[Tile], red: &mut [Option<Tile>], out: &mut String) {
    // The suit letter still to write: it closes a run of one suit's digits.
    let mut pending: Option<char> = None;
    let close = |out: &mut String, pending: &mut Option<char>| {
        if let Some(letter) = pending.take() {
            out.push(letter);
        }
    };
    for &t in tiles {
        match set.kind(t) {
            Kind::Suited { suit, rank } => {
                let letter = set.suits().get(suit as usize).map_or('?', |s| s.letter);
                if pending != Some(letter) {
                    close(out, &mut pending);
                }
                let is_red = red
                    .iter_mut()
                    .find(|r| **r == Some(t))
                    .map(|r| r.take())
                    .is_some();
                out.push(if is_red { '0' } else { char::from(b'0' + rank % 10) });
                pending = Some(letter);
            }
            Kind::Bonus { number } => {
                if pending != Some('f') {
                    close(out, &mut pending);
                }
                out.push(char::from(b'0' + number % 10));
                pending = Some('f');
            }
            Kind::Honour { letter, .. } => {
                close(out, &mut pending);
                out.push(letter);
            }
        }
    }
    close(out, &mut pending);
}

/// `n` in decimal, without the formatting machinery (this runs for every scored hand).
pub(super) fn push_number(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

/// Canonical form of a hand. Two lines describing the same hand print identically, and the
/// printed line parses back to the same hand, so it can serve as a key in corpora and snapshots.
/// Concealed tiles are sorted except the winning tile, which stays last as its own group.
pub fn print_hand(set: &TileSet, hand: &Hand) -> String {
    let red_tiles = printable_red(set, hand);
    let mut out = String::with_capacity(128);
    for (i, meld) in hand.melds.iter().enumerate() {
        out.push('[');
        let tiles = meld.tiles(set).unwrap_or_default();
        let n = red_tiles.melds.get(i).copied().unwrap_or(0) as usize;
        let red_kind = tiles.iter().copied().find(|&t| set.red_copies(t) > 0);
        let mut red = [red_kind; 4];
        push_tiles(set, &tiles, &mut red[..n.min(4)], &mut out);
        let source = match *meld {
            Meld::Chow { claimed, .. } => (claimed != 1).then_some(claimed),
            Meld::Pung { from, .. } => (from != Source::Left).then_some(from.digit()),
            Meld::ExposedKong { from, .. } => Some(from.digit()),
            Meld::AddedKong { from, .. } => Some(from.digit() + 4),
            Meld::ConcealedKong { .. } => None,
        };
        if let Some(k) = source {
            out.push(',');
            push_number(&mut out, k);
        }
        out.push(']');
    }
    // Sorted on the stack when it fits (every hand of a standard size does).
    let concealed = hand.concealed_before_win();
    let mut on_stack;
    let mut on_heap = Vec::new();
    let before: &mut [Tile] = match concealed.first() {
        Some(&first) if concealed.len() <= 24 => {
            on_stack = [first; 24];
            let b = &mut on_stack[..concealed.len()];
            b.copy_from_slice(concealed);
            b
        }
        _ => {
            on_heap.extend_from_slice(concealed);
            &mut on_heap
        }
    };
    before.sort_unstable();
    let mut red: Vec<Option<Tile>> = red_tiles.concealed.iter().copied().map(Some).collect();
    push_tiles(set, before, &mut red, &mut out);
    if let Some(win) = hand.winning_tile() {
        let mut red = [Some(win)];
        let n = usize::from(red_tiles.winning);
        push_tiles(set, &[win], &mut red[..n], &mut out);
    }

    let ctx = &hand.context;
    for (on, word) in [
        (ctx.self_drawn, "self"),
        (ctx.last_tile, "last"),
        (ctx.kong, "kong"),
        (ctx.fourth, "fourth"),
    ] {
        if on {
            out.push(' ');
            out.push_str(word);
        }
    }
    if ctx.seat != Wind::EAST {
        out.push_str(" seat=");
        out.push(ctx.seat.letter());
    }
    if ctx.round != Wind::EAST {
        out.push_str(" round=");
        out.push(ctx.round.letter());
    }
    if ctx.flowers > 0 {
        out.push_str(" flowers=");
        push_number(&mut out, ctx.flowers);
    }
    if !hand.bonus.is_empty() {
        let mut bonus = hand.bonus.clone();
        bonus.sort();
        out.push(' ');
        push_tiles(set, &bonus, &mut [], &mut out);
    }
    // In order of word: a parsed hand keeps them so, and is printed without sorting a copy.
    let mut sorted = Vec::new();
    let extra = if ctx.extra.is_sorted_by(|a, b| a.0 <= b.0) {
        &ctx.extra[..]
    } else {
        sorted.extend(ctx.extra.iter().cloned());
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        &sorted[..]
    };
    for (word, value) in extra {
        out.push(' ');
        out.push_str(word);
        if let Some(v) = value {
            out.push('=');
            out.push_str(v);
        }
    }
    out
}

/// The hand's red copies as printed: where a hand (built by a program, not parsed) holds more
/// copies of a tile than its plain copies, the rest are printed red, so that the printed line is
/// one the notation accepts. A parsed hand records every red copy it holds, so its own record is
/// lent, not copied: the copy is made only for a tile that needs copies added.
pub(super) fn printable_red<'h>(
    set: &TileSet,
    hand: &'h Hand,
) -> std::borrow::Cow<'h, crate::hand::RedTiles> {
    let mut red = std::borrow::Cow::Borrowed(&hand.red);
    if !set.has_red() {
        return red;
    }
    let held = hand.all_counts(set);
    for t in set.tiles().filter(|&t| set.red_copies(t) > 0) {
        let plain = (set.copies(t) - set.red_copies(t)) as usize;
        let in_melds = |r: &crate::hand::RedTiles| -> usize {
            hand.melds
                .iter()
                .enumerate()
                .filter(|(_, m)| m.tiles(set).is_some_and(|ts| ts.contains(&t)))
                .map(|(i, _)| r.melds.get(i).copied().unwrap_or(0) as usize)
                .sum()
        };
        let recorded = |r: &crate::hand::RedTiles| {
            in_melds(r)
                + r.concealed.iter().filter(|&&x| x == t).count()
                + usize::from(r.winning && hand.winning_tile() == Some(t))
        };
        let mut need = (held[t.id()] as usize)
            .saturating_sub(plain)
            .saturating_sub(recorded(&red));
        // Every copy past the plain ones recorded red already (a parsed hand): nothing to add.
        if need == 0 {
            continue;
        }
        let red = red.to_mut();
        let before = hand.concealed_before_win().iter().filter(|&&x| x == t).count();
        while need > 0 && red.concealed.iter().filter(|&&x| x == t).count() < before {
            red.concealed.push(t);
            need -= 1;
        }
        if need > 0 && hand.winning_tile() == Some(t) && !red.winning {
            red.winning = true;
            need -= 1;
        }
        for (i, m) in hand.melds.iter().enumerate() {
            let copies = m
                .tiles(set)
                .map_or(0, |ts| ts.iter().filter(|&&x| x == t).count());
            if need == 0 || copies == 0 {
                continue;
            }
            red.melds.resize(hand.melds.len(), 0);
            let add = need.min(copies.saturating_sub(red.melds[i] as usize));
            red.melds[i] += add as u8;
            need -= add;
        }
    }
    if let std::borrow::Cow::Owned(r) = &mut red {
        r.concealed.sort();
    }
    red
}
