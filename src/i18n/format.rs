//! Filling a translated text's placeholders, the way Slint's `@tr` does, so
//! one catalogue serves both: `{}` takes the next argument, `{0}`, `{1}`...
//! take one by position (a translation may reorder them), and `{{` / `}}`
//! are braces.

use std::fmt::{Display, Write};

/// `template` with its placeholders filled from `args`. A placeholder with
/// no argument is kept as written, so a slip shows on screen rather than
/// losing text.
pub fn format(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16 * args.len());
    let mut next = 0;
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        if tail.starts_with('{')
            && let Some(close) = tail.find('}')
        {
            let inside = &tail[1..close];
            let index = if inside.is_empty() {
                next += 1;
                Some(next - 1)
            } else {
                inside.parse::<usize>().ok()
            };
            match index.and_then(|i| args.get(i)) {
                Some(arg) => {
                    let _ = write!(out, "{arg}");
                }
                None => out.push_str(&tail[..=close]),
            }
            rest = &tail[close + 1..];
            continue;
        }
        out.push_str(&tail[..1]);
        rest = &tail[1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn fills_in_order_by_position_and_keeps_braces() {
        assert_eq!(format("{} takes {}", &[&"Red", &3]), "Red takes 3");
        assert_eq!(format("{1}が{0}を取る", &[&"A", &"B"]), "BがAを取る");
        assert_eq!(format("{{{}}}", &[&7]), "{7}");
        assert_eq!(format("{} and {}", &[&1]), "1 and {}");
        assert_eq!(format("{x} }", &[&1]), "{x} }");
        assert_eq!(format("no args", &[]), "no args");
        assert_eq!(format("{", &[&1]), "{");
    }
}
