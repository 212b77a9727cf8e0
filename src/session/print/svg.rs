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

    #[allow(clippy::too_many_arguments)]
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
            r#"<text x="{x:.3}" y="{y:.3}" font-size="{size:.3}" font-weight="{weight}" font-family="DejaVu Sans, Noto Sans, Roboto, sans-serif" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
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

/// Line height as a multiple of the font size.
pub const LEADING: f64 = 1.3;

/// `text` broken into lines of at most `width` millimetres at `size`, by
/// the widths of DejaVu Sans's letters (`ems`).
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let most = width / size;
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if ems(line) + ems(" ") + ems(word) <= most => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
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
