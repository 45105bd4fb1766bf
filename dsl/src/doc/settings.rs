//! The `## Settings` section of a ruleset's page.

use crate::ruleset::Ruleset;
use std::fmt::Write as _;

/// The named settings as a Markdown section for `mj doc` (empty without settings), so a
/// player sees what `name[setting=value]` can choose: each value, the default in bold, the
/// one of this load marked when it is not the default.
pub fn settings(rs: &Ruleset) -> String {
    if rs.settings.is_empty() {
        return String::new();
    }
    let base = rs.name.split('[').next().unwrap_or(&rs.name);
    let mut s = format!("## Settings\n\nChosen in the ruleset's name: `{base}[setting=value,...]`.\n\n");
    s.push_str("| setting | name | values (**default**) | definition |\n|---|---|---|---|\n");
    for set in &rs.settings {
        let names: Vec<&str> = [&set.en, &set.ja, &set.zh]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        let mut values: Vec<String> = set
            .values
            .iter()
            .map(|v| match (*v == set.default, *v == set.value) {
                (true, _) => format!("**{v}**"),
                (false, true) => format!("{v} (chosen)"),
                (false, false) => v.clone(),
            })
            .collect();
        if set.constant.is_some() {
            values.push(format!("**{}**; {}", set.default, set.allowed()));
            if set.value != set.default {
                values.push(format!("{} (chosen)", set.value));
            }
        }
        let _ = writeln!(
            s,
            "| `{}` | {} | {} | {} |",
            set.id,
            names.join(" / "),
            values.join(", "),
            set.definition
        );
    }
    s.push('\n');
    s
}
