//! A few SVG shapes, in millimetres (one user unit is a millimetre).

/// An SVG fragment being written.
#[derive(Debug, Default)]
pub struct Svg {
    out: String,
}

/// Text made safe to stand between SVG tags or in an attribute.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Svg {
    pub fn raw(&mut self, fragment: &str) {
        self.out.push_str(fragment);
    }

    /// A filled rectangle, outlined when `stroke` is (colour, width).
    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: &str,
        stroke: Option<(&str, f64)>,
    ) {
        let stroke = stroke.map_or(String::new(), |(colour, width)| {
            format!(r#" stroke="{colour}" stroke-width="{width}""#)
        });
        self.out.push_str(&format!(
            r#"<rect x="{x:.3}" y="{y:.3}" width="{w:.3}" height="{h:.3}" fill="{fill}"{stroke}/>"#
        ));
    }

    /// Text on a baseline at (x, y); `anchor` is start, middle or end.
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, anchor: &str, text: &str) {
        self.styled_text(x, y, size, fill, anchor, 400, text);
    }

    /// Bold text, as [`Svg::text`].
    pub fn bold(&mut self, x: f64, y: f64, size: f64, fill: &str, anchor: &str, text: &str) {
        self.styled_text(x, y, size, fill, anchor, 700, text);
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "an SVG text element's attributes"
    )]
    fn styled_text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        fill: &str,
        anchor: &str,
        weight: u16,
        text: &str,
    ) {
        self.out.push_str(&format!(
            r#"<text x="{x:.3}" y="{y:.3}" font-size="{size:.3}" font-weight="{weight}" font-family="{}" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
            font_family(),
            escape(text)
        ));
    }

    /// Lines of `text` wrapped to `width` from the baseline at (x, y);
    /// returns the baseline after the last line.
    pub fn paragraph(
        &mut self,
        x: f64,
        mut y: f64,
        width: f64,
        size: f64,
        fill: &str,
        text: &str,
    ) -> f64 {
        for line in wrap(text, width, size) {
            self.text(x, y, size, fill, "start", &line);
            y += size * LEADING;
        }
        y
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        self.out.push_str(&format!(
            r#"<path d="M {:.3} {:.3} L {:.3} {:.3}" stroke="{stroke}" stroke-width="{width}" fill="none"/>"#,
            from.0, from.1, to.0, to.1
        ));
    }

    /// A circle, filled and outlined.
    pub fn circle(&mut self, centre: (f64, f64), r: f64, fill: &str, stroke: Option<(&str, f64)>) {
        let stroke = stroke.map_or(String::new(), |(colour, width)| {
            format!(r#" stroke="{colour}" stroke-width="{width}""#)
        });
        self.out.push_str(&format!(
            r#"<circle cx="{:.3}" cy="{:.3}" r="{r:.3}" fill="{fill}"{stroke}/>"#,
            centre.0, centre.1
        ));
    }

    /// Path data drawn on a 100 x 100 grid (as `ui/piece.slint` draws its
    /// shapes), scaled into the `size` square at (x, y).
    pub fn shape(&mut self, x: f64, y: f64, size: f64, data: &str, fill: &str) {
        self.out.push_str(&format!(
            r#"<path transform="translate({x:.3} {y:.3}) scale({:.5})" d="{data}" fill="{fill}"/>"#,
            size / 100.0
        ));
    }

    /// A registration mark: a cross in a ring.
    pub fn cross(&mut self, x: f64, y: f64) {
        self.out.push_str(&format!(
            r##"<g stroke="#000000" stroke-width="0.25" fill="none"><circle cx="{x:.3}" cy="{y:.3}" r="2"/><path d="M {:.3} {y:.3} H {:.3} M {x:.3} {:.3} V {:.3}"/></g>"##,
            x - 4.0,
            x + 4.0,
            y - 4.0,
            y + 4.0
        ));
    }

    pub fn finish(self) -> String {
        self.out
    }

    /// A whole document of `width` x `height` millimetres.
    pub fn document(self, width: f64, height: f64) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">{}</svg>"#,
            self.out
        )
    }
}

/// The sheets' fonts, first found first: sans-serif ones, with a Japanese
/// one first for a Japanese sheet (left to itself, the PDF converter would
/// take the first font that has a glyph, often a serif one).
fn font_family() -> &'static str {
    match crate::i18n::language() {
        crate::i18n::Language::Japanese => {
            "Noto Sans CJK JP, IPAGothic, IPAexGothic, TakaoGothic, VL Gothic, Droid Sans Fallback, sans-serif"
        }
        crate::i18n::Language::English => "DejaVu Sans, Noto Sans, Roboto, sans-serif",
    }
}

/// Line height as a multiple of the font size.
pub const LEADING: f64 = 1.3;

/// `text` broken into lines of at most `width` millimetres at `size`, by
/// the widths of DejaVu Sans's letters (`ems`). Lines break at spaces, and
/// in Japanese between any two characters, except before closing marks
/// (。、」) and after opening ones (「), as Japanese typesetting does.
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let most = width / size;
    let mut lines: Vec<String> = Vec::new();
    for (spaced, piece) in breakable_pieces(text) {
        let gap = if spaced { " " } else { "" };
        match lines.last_mut() {
            Some(line) if ems(line) + ems(gap) + ems(&piece) <= most => {
                line.push_str(gap);
                line.push_str(&piece);
            }
            _ => lines.push(piece),
        }
    }
    lines
}

/// The pieces a line may break between, each with whether a space went
/// before it.
fn breakable_pieces(text: &str) -> Vec<(bool, String)> {
    let mut pieces: Vec<(bool, String)> = Vec::new();
    let mut spaced = false;
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if c.is_whitespace() {
            spaced = true;
            previous = None;
            continue;
        }
        let breaks_here = match previous {
            None => true,
            Some(p) => (is_wide(p) || is_wide(c)) && !ends_no_line(p) && !starts_no_line(c),
        };
        match pieces.last_mut() {
            Some((_, piece)) if !breaks_here => piece.push(c),
            _ => pieces.push((spaced && !pieces.is_empty(), c.to_string())),
        }
        spaced = false;
        previous = Some(c);
    }
    pieces
}

/// A character of a script written without spaces (Japanese kana and
/// kanji, full-width forms).
fn is_wide(c: char) -> bool {
    matches!(u32::from(c), 0x3000..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF)
}

/// Marks no line may start with.
fn starts_no_line(c: char) -> bool {
    "、。，．・：；？！ー）」』】〕〉》々〜ぁぃぅぇぉっゃゅょァィゥェォッャュョ".contains(c)
}

/// Marks no line may end with.
fn ends_no_line(c: char) -> bool {
    "（「『【〔〈《".contains(c)
}

/// About how wide `text` is in DejaVu Sans (the sheets' first font), in
/// multiples of the font size: the letters' advance widths, rounded up.
pub fn ems(text: &str) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '\'' | '|' => 0.28,
            'I' | 'J' | ' ' | '.' | ',' | '!' => 0.32,
            ':' | ';' => 0.34,
            'f' | 't' => 0.37,
            '-' | '(' | ')' | '/' => 0.39,
            'r' => 0.42,
            'c' | 's' | 'z' => 0.56,
            'k' | 'v' | 'x' | 'y' => 0.6,
            'w' => 0.82,
            'm' => 0.98,
            'M' => 0.87,
            'W' => 1.0,
            c if c.is_ascii_lowercase() => 0.64,
            c if c.is_ascii_digit() => 0.64,
            c if c.is_ascii_uppercase() => 0.74,
            c if c.is_ascii() => 0.64,
            // Wide scripts (Japanese) and symbols.
            _ => 1.0,
        })
        .sum()
}

/// A length without a needless ".0".
pub fn trim(mm: f64) -> String {
    let text = format!("{mm:.1}");
    text.trim_end_matches(".0").to_string()
}

#[cfg(test)]
mod tests {
    use super::{ems, wrap};

    #[test]
    fn english_breaks_at_spaces_only() {
        let lines = wrap("the quick brown fox jumps", 55.0, 10.0);
        assert_eq!(lines, ["the quick", "brown fox", "jumps"]);
        assert!(lines.iter().all(|l| ems(l) <= 5.5));
    }

    #[test]
    fn japanese_breaks_between_characters_but_not_before_closing_marks() {
        // Five full-width characters a line at 5 ems.
        let lines = wrap(
            "駒は1マスずつ移動します。「旗」を取れば勝ちです。",
            50.0,
            10.0,
        );
        assert!(lines.iter().all(|l| ems(l) <= 5.0), "{lines:?}");
        assert_eq!(
            lines.concat(),
            "駒は1マスずつ移動します。「旗」を取れば勝ちです。"
        );
        for line in &lines {
            assert!(!line.starts_with(['。', '」', '、']), "{lines:?}");
            assert!(!line.ends_with('「'), "{lines:?}");
        }
        // A Latin word inside Japanese stays whole, with its spaces.
        let mixed = wrap("マス e4 から f4 へ", 100.0, 10.0);
        assert_eq!(mixed, ["マス e4 から f4 へ"]);
    }
}
