//! A table ranked by the match's final result rather than by place alone: the riichi reading,
//! where uma and oka are part of every player's result and an event adds the results up.

use crate::game::matchplay::{final_results, RankPoints};
use crate::game::rules::ResultRule;
use serde::{Deserialize, Serialize};

/// How a table's scores (final points) become every player's match result, as
/// [`crate::game::matchplay::MatchResult::results`] computes it for a match played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRanking {
    /// The points every player starts a match with.
    pub start_points: i64,
    /// The points a result is counted from (above `start_points`: an oka to first place).
    pub return_points: i64,
    /// Points per result point (positive).
    pub point_unit: i64,
}

impl ResultRanking {
    /// Every player's result from the table's final points, places and ranking points by place.
    pub fn results(&self, scores: &[i64], places: &[usize], uma: &[RankPoints]) -> Vec<RankPoints> {
        let rule = ResultRule {
            return_points: self.return_points,
            point_unit: self.point_unit.max(1),
        };
        final_results(scores, places, uma, rule, self.start_points)
    }
}
