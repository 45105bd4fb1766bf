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
            // Only a form the ruleset itself wins with: robbing must not add a way to win.
            match name {
                "standard" if all.standard => only.standard = true,
                "seven_pairs" if all.seven_pairs => only.seven_pairs = true,
                "thirteen_orphans" if !all.orphans.is_empty() => only.orphans = all.orphans.clone(),
                "honours_knitted" if all.honours_knitted => only.honours_knitted = true,
                "knitted_straight" if all.knitted_straight => only.knitted_straight = true,
                _ => {
                    return Err(format!(
                        "ruleset [play] rob_kong = \"{entry}\": `{name}` is not one of this ruleset's [win] forms; \
                         name forms after the colon joined by `+`, e.g. \"concealed:thirteen_orphans\""
                    ))
                }
            }
        }
        rob.by_forms.push((kind, only));
    }
    Ok(rob)
}
