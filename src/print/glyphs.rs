//! The sheets' text as real text in the PDF: every glyph a sheet uses is
//! written once, from its font's outline, into a Type 3 font, with a
//! ToUnicode map so that the words can be found, copied and read aloud. Only
//! the glyphs used are written, so no font subsetter is needed.

use super::error::FontError;
use super::pdf_primitives::{cubic_controls, deflate};
use pdf_writer::types::{SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, GlyphId, MetadataProvider};
use std::collections::HashMap;
use usvg::fontdb;

/// A Type 3 font's codes are single bytes.
const GLYPHS_A_FONT: usize = 256;

/// Where a glyph is: which of the document's Type 3 fonts, and its code there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub font: usize,
    pub code: u8,
}

/// The glyphs the pages have used so far, gathered into Type 3 fonts.
#[derive(Debug)]
pub struct Glyphs {
    placed: HashMap<(fontdb::ID, u32), Placed>,
    fonts: Vec<Type3>,
    units_per_em: HashMap<fontdb::ID, u16>,
}

/// One Type 3 font: glyphs of one face, each with the text it stands for;
/// its glyph space is the face's units per em.
#[derive(Debug)]
struct Type3 {
    face: fontdb::ID,
    units_per_em: u16,
    reference: Ref,
    glyphs: Vec<(u32, String)>,
}

impl Glyphs {
    pub fn new() -> Self {
        Glyphs {
            placed: HashMap::new(),
            fonts: Vec::new(),
            units_per_em: HashMap::new(),
        }
    }

    /// The font and code of glyph `glyph` of `face` (whose units per em
    /// are `units_per_em`), standing for `text`; a glyph not used before
    /// gets the next code (and a new font when the face's last one is full),
    /// whose reference `next` hands out.
    pub fn place(
        &mut self,
        face: fontdb::ID,
        units_per_em: u16,
        glyph: u32,
        text: &str,
        next: &mut Ref,
    ) -> Placed {
        if let Some(placed) = self.placed.get(&(face, glyph)) {
            return *placed;
        }
        let open = self
            .fonts
            .iter()
            .rposition(|f| f.face == face)
            .filter(|&i| self.fonts[i].glyphs.len() < GLYPHS_A_FONT);
        let font = open.unwrap_or_else(|| {
            self.fonts.push(Type3 {
                face,
                units_per_em,
                reference: next.bump(),
                glyphs: Vec::new(),
            });
            self.fonts.len() - 1
        });
        let glyphs = &mut self.fonts[font].glyphs;
        let placed = Placed {
            font,
            code: glyphs.len() as u8,
        };
        glyphs.push((glyph, text.to_string()));
        self.placed.insert((face, glyph), placed);
        placed
    }

    /// The reference of font number `font`, for a page's resources.
    pub fn reference(&self, font: usize) -> Ref {
        self.fonts[font].reference
    }

    /// Units per em of `face` (read once a face): the glyph space of its
    /// fonts.
    pub fn units_per_em(
        &mut self,
        db: &fontdb::Database,
        face: fontdb::ID,
    ) -> Result<u16, FontError> {
        if let Some(units) = self.units_per_em.get(&face) {
            return Ok(*units);
        }
        let units = db
            .with_face_data(face, |data, index| {
                FontRef::from_index(data, index)
                    .ok()
                    .map(|font| font.metrics(Size::unscaled(), LocationRef::default()))
                    .map(|metrics| metrics.units_per_em)
            })
            .flatten()
            .filter(|&units| units > 0)
            .ok_or_else(|| unreadable(db, face))?;
        self.units_per_em.insert(face, units);
        Ok(units)
    }

    /// Writes every font with its glyphs' outlines, widths and ToUnicode
    /// map; `next` hands out the references.
    pub fn write(
        &self,
        pdf: &mut Pdf,
        db: &fontdb::Database,
        next: &mut Ref,
    ) -> Result<(), FontError> {
        for font in &self.fonts {
            db.with_face_data(font.face, |data, index| {
                let face =
                    FontRef::from_index(data, index).map_err(|_| unreadable(db, font.face))?;
                write_font(pdf, &face, font, next);
                Ok(())
            })
            .unwrap_or_else(|| Err(unreadable(db, font.face)))?;
        }
        Ok(())
    }
}

fn unreadable(db: &fontdb::Database, face: fontdb::ID) -> FontError {
    let name = db
        .face(face)
        .map_or_else(|| format!("{face:?}"), |f| f.post_script_name.clone());
    FontError { name }
}

/// One Type 3 font: a glyph procedure per glyph (its outline filled in the
/// text's colour), drawn in font units.
fn write_font(pdf: &mut Pdf, face: &FontRef, font: &Type3, next: &mut Ref) {
    let scale = 1.0 / f32::from(font.units_per_em.max(1));
    let advances = face.glyph_metrics(Size::unscaled(), LocationRef::default());
    let outlines = face.outline_glyphs();
    let mut procedures = Vec::with_capacity(font.glyphs.len());
    let mut widths = Vec::with_capacity(font.glyphs.len());
    let mut bounds = Bounds::default();
    for &(glyph, _) in &font.glyphs {
        let id = GlyphId::new(glyph);
        let advance = advances.advance_width(id).unwrap_or(0.0);
        let mut outline = Outline::default();
        if let Some(shape) = outlines.get(id) {
            let settings = DrawSettings::unhinted(Size::unscaled(), LocationRef::default());
            // A glyph that cannot be drawn is left blank, keeping its width.
            if shape.draw(settings, &mut outline).is_err() {
                outline = Outline::default();
            }
        }
        bounds.take(&outline.bounds);
        let reference = next.bump();
        pdf.stream(reference, &deflate(&outline.procedure(advance)))
            .filter(Filter::FlateDecode);
        procedures.push((format!("g{glyph}"), reference));
        widths.push(advance);
    }
    let cmap_reference = next.bump();
    let mut cmap = UnicodeCmap::<u8>::new(
        Name(b"Custom"),
        SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        },
    );
    for (code, (_, text)) in font.glyphs.iter().enumerate() {
        if !text.is_empty() {
            cmap.pair_with_multiple(code as u8, text.chars());
        }
    }
    pdf.stream(cmap_reference, &cmap.finish());
    let all = bounds.or_empty();
    let mut type3 = pdf.type3_font(font.reference);
    type3.bbox(Rect::new(all.left, all.bottom, all.right, all.top));
    type3.matrix([scale, 0.0, 0.0, scale, 0.0, 0.0]);
    let mut procs = type3.char_procs();
    for (name, reference) in &procedures {
        procs.pair(Name(name.as_bytes()), *reference);
    }
    procs.finish();
    type3
        .encoding_custom()
        .differences()
        .consecutive(0, procedures.iter().map(|(name, _)| Name(name.as_bytes())));
    type3.first_char(0);
    type3.last_char((procedures.len().max(1) - 1) as u8);
    type3.widths(widths);
    type3.resources();
    type3.to_unicode(cmap_reference);
}

/// A glyph's outline in font units, as skrifa draws it: the path, and the
/// box round it (which the glyph's procedure must state before the path).
struct Outline {
    path: Content,
    last: (f32, f32),
    bounds: Bounds,
}

impl Default for Outline {
    fn default() -> Self {
        Outline {
            path: Content::new(),
            last: (0.0, 0.0),
            bounds: Bounds::default(),
        }
    }
}

impl OutlinePen for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.move_to(x, y);
        self.point(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.path.line_to(x, y);
        self.point(x, y);
    }

    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let [(ax, ay), (bx, by)] = cubic_controls(self.last, (cx, cy), (x, y));
        self.curve_to(ax, ay, bx, by, x, y);
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.path.cubic_to(cx0, cy0, cx1, cy1, x, y);
        self.bounds.add(cx0, cy0);
        self.bounds.add(cx1, cy1);
        self.point(x, y);
    }

    fn close(&mut self) {
        self.path.close_path();
    }
}

impl Outline {
    fn point(&mut self, x: f32, y: f32) {
        self.last = (x, y);
        self.bounds.add(x, y);
    }

    /// The glyph's procedure: its width and box, then its outline filled by
    /// the nonzero rule that TrueType and CFF outlines are drawn by (in the
    /// colour of the text, as `d1` glyphs are).
    fn procedure(mut self, advance: f32) -> Vec<u8> {
        let corners = self.bounds.or_empty();
        let mut start = Content::new();
        start.start_shape_glyph(
            advance,
            corners.left,
            corners.bottom,
            corners.right,
            corners.top,
        );
        let mut procedure = start.finish();
        if self.bounds.corners.is_some() {
            self.path.fill_nonzero();
            procedure.push(b'\n');
            procedure.extend(self.path.finish());
        }
        procedure
    }
}

/// A box round points, empty until the first.
#[derive(Debug, Default, Clone, Copy)]
struct Bounds {
    corners: Option<Corners>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Corners {
    left: f32,
    bottom: f32,
    right: f32,
    top: f32,
}

impl Bounds {
    fn add(&mut self, x: f32, y: f32) {
        let c = self.corners.get_or_insert(Corners {
            left: x,
            bottom: y,
            right: x,
            top: y,
        });
        c.left = c.left.min(x);
        c.bottom = c.bottom.min(y);
        c.right = c.right.max(x);
        c.top = c.top.max(y);
    }

    fn take(&mut self, other: &Bounds) {
        if let Some(c) = other.corners {
            self.add(c.left, c.bottom);
            self.add(c.right, c.top);
        }
    }

    fn or_empty(&self) -> Corners {
        self.corners.unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::{GLYPHS_A_FONT, Glyphs, Placed};
    use pdf_writer::Ref;
    use usvg::fontdb;

    #[test]
    fn a_glyph_is_placed_once_and_a_full_font_makes_room_in_a_new_one() {
        let face = fontdb::ID::dummy();
        let mut glyphs = Glyphs::new();
        let mut next = Ref::new(1);
        let first = glyphs.place(face, 1000, 7, "a", &mut next);
        assert_eq!(first, Placed { font: 0, code: 0 });
        assert_eq!(glyphs.place(face, 1000, 7, "a", &mut next), first);
        for glyph in 100..100 + GLYPHS_A_FONT as u32 {
            glyphs.place(face, 1000, glyph, "x", &mut next);
        }
        // The 256th new glyph fills the first font; the next opens a second.
        assert_eq!(
            glyphs.place(face, 1000, 99, "y", &mut next),
            Placed { font: 1, code: 1 }
        );
        assert_eq!(glyphs.fonts.len(), 2);
        assert_eq!(glyphs.fonts[0].glyphs.len(), GLYPHS_A_FONT);
        assert_ne!(glyphs.reference(0), glyphs.reference(1));
        assert_eq!(glyphs.place(face, 1000, 7, "a", &mut next), first);
    }
}
