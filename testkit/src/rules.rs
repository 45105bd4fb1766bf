//! A small [`Rules`] implementation, so the turn engine's own behaviour can be tested in core
//! without loading a ruleset. Its rules are stated here, and the engine tests derive every
//! expected figure from them:
//!
//! - 136 tiles (three suits 1–9, four winds, three dragons, no bonus tiles), four players, 13
//!   tiles each and one more for the dealer, a wall of four sides of 17 stacks, nothing kept back.
//! - Chi (from the left only), pong and all three kongs; priority: a win first, then a kong or a
//!   pong (equal, so turn order from the discarder decides), then a chi. One winner per discard.
//! - Any complete hand of the standard form (four sets and a pair) wins and is worth
//!   [`WIN_POINTS`], twice that when self-drawn ([`TestRules::judge_win`]).
//! - Payments ([`TestRules::settle`]): a discarder (or the robbed konger) pays the winner the
//!   hand's total; on a self-drawn win every other seat pays it.
//! - A kong that stands earns [`KONG_POINTS`] from every other seat; a drawn hand pays nothing;
//!   the penalty [`PENALTY`] costs its offender [`PENALTY_POINTS`] to every other seat.
//! - The dealer rotates every hand; points start at [`START_POINTS`] with no floor.
//!
//! Tests change the public fields (the table's floor, its dealer rotation, whether wins exist) to
//! reach the engine's other paths.

use mj_core::decompose::is_win;
use mj_core::game::rules::{
    AfterWin, ClaimsAllowed, DealerAfterDraw, DealerAfterMultiple, DealerRotation, KongFacts, LastCopy,
    MissedWin, MultipleWinners, RankingTies, RobKong, WinFacts, WinSource,
};
use mj_core::game::{Rules, TableRules, WinJudgement};
use mj_core::{FormRules, Hand, TileSet};

use crate::presets;

/// What any win is worth before the self-drawn doubling.
pub const WIN_POINTS: i64 = 8;
/// What every other seat pays the konger when a kong stands.
pub const KONG_POINTS: i64 = 1;
/// The one penalty these rules know.
pub const PENALTY: &str = "false_win";
/// What the offender of [`PENALTY`] pays every other seat.
pub const PENALTY_POINTS: i64 = 10;
/// Every seat's points at the start of a match.
pub const START_POINTS: i64 = 100;

/// The rules above, with their parts open for tests to adjust.
pub struct TestRules {
    pub table: TableRules,
    pub set: TileSet,
    pub forms: FormRules,
    /// When false no hand is a win, so every hand ends drawn.
    pub wins: bool,
}

impl Default for TestRules {
    fn default() -> Self {
        TestRules::new()
    }
}

impl TestRules {
    /// The rules stated in the module documentation.
    pub fn new() -> TestRules {
        let mut spec = presets::chinese_official();
        spec.bonus.clear();
        TestRules {
            table: table(),
            set: presets::build("test", &spec),
            forms: FormRules::default(),
            wins: true,
        }
    }
}

/// The table of the module documentation.
fn table() -> TableRules {
    TableRules {
        ruleset: "test".into(),
        ruleset_version: "1".into(),
        players: 4,
        wall_sides: vec![17; 4],
        dice: 2,
        kept_back: 0,
        per_seat_walls: false,
        hand_size: 13,
        dealer_extra: 1,
        replace_bonus_at_deal: false,
        claims: ClaimsAllowed {
            chi: true,
            pong: true,
            exposed_kong: true,
            added_kong: true,
            concealed_kong: true,
            bonus: false,
        },
        chi_from_left_only: true,
        priority: [0, 1, 1, 2],
        multiple_winners: MultipleWinners::First,
        after_win: AfterWin::End,
        declare_void: false,
        exchange: None,
        rob_kong: RobKong {
            added: true,
            concealed: false,
            exposed: false,
            by_forms: Vec::new(),
        },
        missed_win: MissedWin::None,
        no_kong_after_chi: false,
        no_kong_after_pong: false,
        no_swap_calls: false,
        set_aside: Vec::new(),
        last_discard_claimable: false,
        dealer: DealerRotation::Rotate,
        dealer_after_multiple: DealerAfterMultiple::FirstWinner,
        dealer_after_draw: DealerAfterDraw::Pass,
        dealer_streak_of_wins: false,
        declare_ready: false,
        declaration: Default::default(),
        furiten: Default::default(),
        indicators: Default::default(),
        abortive: Default::default(),
        context_facts: Vec::new(),
        fixed_seat_winds: false,
        bonus_win: Default::default(),
        last_copy: LastCopy::Visible,
        rounds: 1,
        match_hands: None,
        start_points: START_POINTS,
        floor: None,
        no_win_from_floor: false,
        end_at_floor: None,
        match_end: Default::default(),
        results: None,
        leader_ends_only: false,
        discard_run: None,
        ranking_points: vec![4, 2, 1, 0],
        ranking_ties: RankingTies::SeatOrder,
        seat_changes: Vec::new(),
        ready_values: false,
        kong_transfer: Default::default(),
    }
}

impl Rules for TestRules {
    fn table(&self) -> &TableRules {
        &self.table
    }

    fn tiles(&self) -> &TileSet {
        &self.set
    }

    fn forms(&self) -> &FormRules {
        &self.forms
    }

    /// A complete hand in shape is worth [`WIN_POINTS`], doubled when self-drawn.
    fn judge_win(&self, hand: &Hand) -> Option<WinJudgement> {
        let counts = hand.concealed_counts();
        if !self.wins || !is_win(&self.set, &self.forms, hand.melds.len(), &counts) {
            return None;
        }
        let mut fans = vec![format!("win {WIN_POINTS}")];
        let mut total = WIN_POINTS;
        if hand.context.self_drawn {
            fans.push(format!("self-drawn {WIN_POINTS}"));
            total *= 2;
        }
        Some(WinJudgement {
            total,
            points: total,
            valid: true,
            fans,
            concealed_pungs: 0,
            base: total,
            han: 0,
            fu: 0,
        })
    }

    /// The discarder (or robbed konger) pays the total; self-drawn, every other seat does.
    fn settle(&self, judgement: &WinJudgement, facts: &WinFacts) -> Vec<i64> {
        let n = self.table.player_count();
        let mut out = vec![0; n];
        match facts.source {
            WinSource::SelfDrawn => {
                for (seat, x) in out.iter_mut().enumerate() {
                    if seat != facts.winner {
                        *x = -judgement.total;
                    }
                }
            }
            WinSource::Discard { discarder: payer } | WinSource::RobbedKong { konger: payer } => {
                out[payer] = -judgement.total;
            }
        }
        out[facts.winner] = -out.iter().sum::<i64>();
        out
    }

    /// [`KONG_POINTS`] from every other seat.
    fn settle_kong(&self, facts: &KongFacts) -> Vec<i64> {
        let n = self.table.player_count();
        let mut out = vec![-KONG_POINTS; n];
        out[facts.konger] = KONG_POINTS * (n as i64 - 1);
        out
    }

    fn penalty(&self, id: &str) -> Option<i64> {
        (id == PENALTY).then_some(PENALTY_POINTS)
    }
}
