//! Tenhou's bit-packed meld code (the `m` of `<N who m/>` and of `<AGARI m=..>`), decoded into
//! the tiles it names. The layout, low bits first: bits 0–1 the source relative to the caller
//! (0 none, 1 the next seat, 2 across, 3 the previous seat; in three-player games 1 next, 2
//! previous); then bit 2 marks a chi, bit 3 a pon, bit 4 an added kan, bit 5 a nuki, and none of
//! them a kan made from the hand or on a discard.

use super::tile::TileId;

/// What kind of meld a code describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldKind {
    Chi,
    Pon,
    /// A pon made into a kan with the fourth tile from the hand (加槓).
    AddedKan,
    /// A kan of four tiles from the hand (暗槓).
    ClosedKan,
    /// A kan on a discard (大明槓).
    OpenKan,
    /// A North set aside in a three-player game (抜きドラ).
    Nuki,
}

/// A decoded meld.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub kind: MeldKind,
    /// The tiles, in id order.
    pub tiles: Vec<TileId>,
    /// The tile taken from another player (for an added kan: the pon's claimed tile), or the
    /// tile added (added kan) or set aside (nuki). For a closed kan, Tenhou's chosen tile.
    pub called: TileId,
    /// For an added kan: the tile added to the pon.
    pub added: Option<TileId>,
    /// The source relative to the caller, as Tenhou writes it (0 none, 1 next, 2 across or,
    /// three-player, previous, 3 previous).
    pub relative: u8,
    /// The code itself.
    pub code: u32,
}

/// Decodes a meld code; `None` when the code names a tile outside 0–135 or a set that cannot
/// exist (a chi starting on 8 or 9, or on honours).
pub fn decode(code: u32) -> Option<Meld> {
    let relative = (code & 3) as u8;
    let meld = |kind, tiles: Vec<TileId>, called, added| Meld {
        kind,
        tiles,
        called,
        added,
        relative,
        code,
    };
    if code & 0x4 != 0 {
        let t = code >> 10;
        let which = (t % 3) as usize;
        let t = t / 3;
        if t >= 21 {
            return None;
        }
        let base = (t / 7) * 9 + t % 7;
        let tiles = (0..3)
            .map(|i| TileId::new((base + i) * 4 + ((code >> (3 + 2 * i)) & 3)))
            .collect::<Option<Vec<_>>>()?;
        let called = tiles[which];
        Some(meld(MeldKind::Chi, tiles, called, None))
    } else if code & 0x18 != 0 {
        let unused = (code >> 5) & 3;
        let t = code >> 9;
        let which = (t % 3) as usize;
        let kind = t / 3;
        if kind >= 34 {
            return None;
        }
        let three = (0..4)
            .filter(|&c| c != unused)
            .map(|c| TileId::new(kind * 4 + c))
            .collect::<Option<Vec<_>>>()?;
        let called = three[which];
        if code & 0x8 != 0 {
            Some(meld(MeldKind::Pon, three, called, None))
        } else {
            let added = TileId::new(kind * 4 + unused)?;
            let tiles = (0..4)
                .map(|c| TileId::new(kind * 4 + c))
                .collect::<Option<Vec<_>>>()?;
            Some(meld(MeldKind::AddedKan, tiles, called, Some(added)))
        }
    } else if code & 0x20 != 0 {
        let t = TileId::new(code >> 8)?;
        Some(meld(MeldKind::Nuki, vec![t], t, None))
    } else {
        let called = TileId::new(code >> 8)?;
        let kind = u32::from(called.kind());
        let tiles = (0..4)
            .map(|c| TileId::new(kind * 4 + c))
            .collect::<Option<Vec<_>>>()?;
        let k = if relative == 0 {
            MeldKind::ClosedKan
        } else {
            MeldKind::OpenKan
        };
        Some(meld(k, tiles, called, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(m: &Meld) -> Vec<u8> {
        m.tiles.iter().map(|t| t.id()).collect()
    }

    /// Codes from `encdec-chanta.mjlog`'s AGARI `m=` lists, decoded by hand from the bit layout
    /// and matching the winning hands the log shows.
    #[test]
    fn codes_from_the_logs() {
        // 26730 = 0x686A: pon (0x8) from across (2); t = 52: 9p, third copy called; unused copy 3.
        let pon = decode(26730).unwrap();
        assert_eq!(
            (pon.kind, pon.relative, ids(&pon)),
            (MeldKind::Pon, 2, vec![68, 69, 70])
        );
        assert_eq!(pon.called.id(), 69);
        // 14858: pon of 1p from across, the copy 36 unused.
        assert_eq!(ids(&decode(14858).unwrap()), vec![37, 38, 39]);
        // 12288 = 48 << 8: a closed kan of 4p.
        let kan = decode(12288).unwrap();
        assert_eq!(
            (kan.kind, kan.relative, ids(&kan)),
            (MeldKind::ClosedKan, 0, vec![48, 49, 50, 51])
        );
        // 9231 = 0x240F: chi from the previous seat (3) of 4m, red 5m, 6m, the 4m claimed.
        let chi = decode(9231).unwrap();
        assert_eq!(
            (chi.kind, chi.relative, ids(&chi)),
            (MeldKind::Chi, 3, vec![13, 16, 20])
        );
        assert_eq!(chi.called.id(), 13);
        // 58399: chi of 6s 7s 8s, the 6s claimed.
        let chi = decode(58399).unwrap();
        assert_eq!(
            chi.tiles.iter().map(|t| t.kind()).collect::<Vec<_>>(),
            vec![23, 24, 25]
        );
        assert_eq!(chi.called.kind(), 23);
    }

    #[test]
    fn impossible_codes() {
        // A chi on 8-9-10 of a suit: t = 7 in the first suit would be 2p; t = 21 is past 7-8-9s.
        assert_eq!(decode((21 * 3) << 10 | 0x4 | 3), None);
        assert_eq!(decode((34 * 3) << 9 | 0x8 | 1), None);
    }
}
