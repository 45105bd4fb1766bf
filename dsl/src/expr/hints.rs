//! "Did you mean" hints for a misspelt name: the nearest known name by edit distance, or the list
//! of known names when none is near.

/// "did you mean" for a misspelt name.
pub fn suggest(name: &str, known: &[&str]) -> String {
    let best = known.iter().map(|k| (edit_distance(name, k), *k)).min();
    match best {
        Some((d, k)) if d <= 2.max(name.len() / 3) => format!("; did you mean `{k}`?"),
        _ => {
            let mut list: Vec<&str> = known.to_vec();
            list.sort_unstable();
            if !list.is_empty() && list.len() <= 30 {
                format!("; known: {}", list.join(", "))
            } else {
                String::new()
            }
        }
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}
