//! `[play] rob_kong` as the engine takes it: which kongs another player may rob, and with which
//! win forms.

use super::bad;
use mj_core::game::event::KongKind;
use mj_core::game::rules::RobKong;
use mj_core::FormRules;

/// `[play] rob_kong`: kong kinds any win robs (`added`), or only wins of the forms named after a
/// colon (`concealed:thirteen_orphans`), each one of the ruleset's own `[win] forms`.
pub(super) fn rob_kong(entries: &[String], all: &FormRules) -> Result<RobKong, String> {
    let mut rob = RobKong::default();
    for entry in entries {
        let (kind, forms) = match entry.split_once(':') {
            Some((k, f)) => (k, Some(f)),
            None => (entry.as_str(), None),
        };
        let kind = match kind {
            "added" => KongKind::Added,
            "concealed" => KongKind::Concealed,
            "exposed" => KongKind::Exposed,
            other => return Err(bad("rob_kong", other, "added, concealed, exposed")),
        };
        let Some(names) = forms else {
            match kind {
                KongKind::Added => rob.added = true,
                KongKind::Concealed => rob.concealed = true,
                KongKind::Exposed => rob.exposed = true,
            }
            continue;
        };
        let mut only = FormRules {
            standard: false,
            seven_pairs: false,
            orphans: Vec::new(),
            honours_knitted: false,
            knitted_straight: false,
            ..all.clone()
        };
        for name in names.split('+') {
            let held = match name {
                "standard" => all.standard,
                "seven_pairs" => all.seven_pairs,
                "thirteen_orphans" => !all.orphans.is_empty(),
                "honours_knitted" => all.honours_knitted,
                "knitted_straight" => all.knitted_straight,
                _ => false,
            };
            if !held {
                return Err(format!(
                    "ruleset [play] rob_kong = \"{entry}\": `{name}` is not one of this ruleset's [win] forms; \
                     name forms after the colon joined by `+`, e.g. \"concealed:thirteen_orphans\""
                ));
            }
            match name {
                "standard" => only.standard = true,
                "seven_pairs" => only.seven_pairs = true,
                "thirteen_orphans" => only.orphans = all.orphans.clone(),
                "honours_knitted" => only.honours_knitted = true,
                _ => only.knitted_straight = true,
            }
        }
        rob.by_forms.push((kind, only));
    }
    Ok(rob)
}
