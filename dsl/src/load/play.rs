//! `[wall]`, `[deal]`, `[play]` and `[win]`: the table's plain settings, read as they are; the
//! checks that need more than one of them.

use super::{Layer, Loader};
use crate::schema;

/// The plain table sections, each `None` after its diagnostic.
pub(super) struct TableSections {
    pub wall: Option<schema::Wall>,
    pub deal: Option<schema::Deal>,
    pub play: Option<schema::Play>,
    pub win: Option<schema::Win>,
    /// The file the `[win]` in force comes from.
    pub win_file: usize,
}

impl Loader {
    pub(super) fn table_sections(&mut self, chain: &[Layer], top: usize) -> TableSections {
        let wall_v = self.section(chain, |r| r.wall.as_ref());
        let wall: Option<schema::Wall> = self.required("wall", wall_v, top);
        let deal_v = self.section(chain, |r| r.deal.as_ref());
        let deal: Option<schema::Deal> = self.required("deal", deal_v, top);
        let play_v = self.section(chain, |r| r.play.as_ref());
        let play: Option<schema::Play> = self.required("play", play_v, top);
        let win_v = self.section(chain, |r| r.win.as_ref());
        let win_file = win_v.as_ref().map(|x| x.1).unwrap_or(top);
        let win: Option<schema::Win> = self.required("win", win_v, top);
        TableSections {
            wall,
            deal,
            play,
            win,
            win_file,
        }
    }

    /// A hand of 3n+1 tiles and 2 to 4 players.
    pub(super) fn check_table(
        &mut self,
        chain: &[Layer],
        top: usize,
        deal: &schema::Deal,
        play: &schema::Play,
    ) {
        if deal.hand_size == 0 || deal.hand_size % 3 != 1 {
            let span = self.find_in(
                chain
                    .iter()
                    .rev()
                    .find(|l| l.raw.deal.is_some())
                    .map_or(top, |l| l.file),
                "deal",
                "`hand_size`",
            );
            let file = chain
                .iter()
                .rev()
                .find(|l| l.raw.deal.is_some())
                .map_or(top, |l| l.file);
            self.help(
                file,
                span,
                format!("hand_size {} is not 3n+1", deal.hand_size),
                "use 13 (four sets and a pair) or 16 (five sets and a pair)",
            );
        }
        if !(2..=4).contains(&play.players) {
            let file = chain
                .iter()
                .rev()
                .find(|l| l.raw.play.is_some())
                .map_or(top, |l| l.file);
            let span = self.find_in(file, "play", "`players`");
            self.help(
                file,
                span,
                format!("{} players is not supported", play.players),
                "use 2, 3 or 4 players",
            );
        }
    }
}
