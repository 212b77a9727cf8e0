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
        self.out.push_str(&format!(
            r#"<text x="{x:.3}" y="{y:.3}" font-size="{size}" font-family="DejaVu Sans, Noto Sans, Roboto, sans-serif" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
            escape(text)
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
