//! `[match]` and `[competition]`: how hands make a match and matches an event, resolved by
//! [`crate::tournament`].

use super::{Layer, Loader};
use crate::schema;

impl Loader {
    /// The match rules and the resolved competition (`None` when absent or wrong).
    pub(super) fn competition(
        &mut self,
        chain: &[Layer],
        top: usize,
        players: usize,
    ) -> (Option<schema::Match>, Option<mj_core::tournament::Competition>) {
        let match_v = self.section(chain, |r| r.match_.as_ref());
        let match_rules: Option<schema::Match> = self.typed("match", match_v);
        let comp_v = self.section(chain, |r| r.competition.as_ref());
        let comp_file = comp_v.as_ref().map(|x| x.1).unwrap_or(top);
        let comp_raw: Option<schema::Competition> = self.typed("competition", comp_v);
        let competition = comp_raw.and_then(|c| {
            crate::tournament::resolve(&c, players, match_rules.as_ref())
                .map_err(|(key, msg, help)| {
                    let span = self.find_in(comp_file, "competition", &format!("`{key}`"));
                    self.help(comp_file, span, format!("in [competition]: {msg}"), help);
                })
                .ok()
        });
        (match_rules, competition)
    }
}
