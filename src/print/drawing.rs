//! A page's SVG, as usvg reads it, written as PDF drawing operators: groups
//! with their transforms and clip paths, paths filled and stroked in flat
//! colours (with their opacity), and text as glyphs of the document's Type 3
//! fonts ([`Glyphs`]). What the sheets never use (gradients, patterns,
//! images, masks, filters) is refused ([`DrawError`]), not drawn wrong.

use super::error::DrawError;
use super::glyphs::Glyphs;
use super::pdf_primitives::cubic_controls;
use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use pdf_writer::{Content, Name, Ref, Str};
use std::collections::BTreeSet;
use usvg::tiny_skia_path::{PathSegment, Point, Transform};
use usvg::{FillRule, Group, Node, Paint, Path, Text, fontdb};

/// A page drawn: its content stream, the opacities it sets (each a
/// graphics state named `/A{index}`: fill, then stroke) and the Type 3 fonts
/// it uses (named `/F{font}`).
#[derive(Debug)]
pub struct Drawn {
    pub content: Vec<u8>,
    pub opacities: Vec<(f32, f32)>,
    pub fonts: BTreeSet<usize>,
}

/// Draws `tree` on a page of `width` x `height` points.
pub fn draw(
    tree: &usvg::Tree,
    (width, height): (f32, f32),
    glyphs: &mut Glyphs,
    next: &mut Ref,
) -> Result<Drawn, DrawError> {
    let size = tree.size();
    let mut page = Painter {
        content: Content::new(),
        opacities: Vec::new(),
        fonts: BTreeSet::new(),
        glyphs,
        fontdb: tree.fontdb(),
        next,
    };
    // SVG's y runs down the page, PDF's up.
    page.content.transform([
        width / size.width(),
        0.0,
        0.0,
        -height / size.height(),
        0.0,
        height,
    ]);
    page.group(tree.root(), 1.0)?;
    Ok(Drawn {
        content: page.content.finish(),
        opacities: page.opacities,
        fonts: page.fonts,
    })
}

struct Painter<'a> {
    content: Content,
    opacities: Vec<(f32, f32)>,
    fonts: BTreeSet<usize>,
    glyphs: &'a mut Glyphs,
    fontdb: &'a fontdb::Database,
    next: &'a mut Ref,
}

impl Painter<'_> {
    /// A group's children, in its transform and clip; `opacity` is its
    /// parents', multiplied into each shape's (exact for groups whose
    /// shapes do not overlap, which is all the sheets draw).
    fn group(&mut self, group: &Group, opacity: f32) -> Result<(), DrawError> {
        if group.mask().is_some() || !group.filters().is_empty() {
            return Err(DrawError::MaskOrFilter);
        }
        self.content.save_state();
        self.content.transform(matrix(group.transform()));
        if let Some(clip) = group.clip_path() {
            self.clip(clip)?;
        }
        let opacity = opacity * group.opacity().get();
        for child in group.children() {
            match child {
                Node::Group(inner) => self.group(inner, opacity)?,
                Node::Path(path) => self.path(path, opacity)?,
                Node::Text(text) => self.text(text, opacity)?,
                Node::Image(_) => return Err(DrawError::Image),
            }
        }
        self.content.restore_state();
        Ok(())
    }

    /// Clips what follows to the clip path's shapes (and to the clip path's
    /// own clip path, if it has one).
    fn clip(&mut self, clip: &usvg::ClipPath) -> Result<(), DrawError> {
        if let Some(inner) = clip.clip_path() {
            self.clip(inner)?;
        }
        let mut even_odd = true;
        let mut any = false;
        let mut shapes = vec![(clip.root(), clip.transform())];
        while let Some((group, outer)) = shapes.pop() {
            let transform = outer.pre_concat(group.transform());
            for child in group.children() {
                match child {
                    Node::Group(inner) if inner.clip_path().is_some() => {
                        return Err(DrawError::ClipInClip);
                    }
                    Node::Group(inner) => shapes.push((inner, transform)),
                    Node::Path(path) => {
                        self.outline(path, Some(transform));
                        any = true;
                        even_odd &= path.fill().is_some_and(|f| f.rule() == FillRule::EvenOdd);
                    }
                    Node::Text(_) | Node::Image(_) => {
                        return Err(DrawError::ClipNotShapes);
                    }
                }
            }
        }
        if !any {
            // Clipped to nothing: an empty rectangle.
            self.content.rect(0.0, 0.0, 0.0, 0.0);
        }
        if even_odd && any {
            self.content.clip_even_odd();
        } else {
            self.content.clip_nonzero();
        }
        self.content.end_path();
        Ok(())
    }

    /// The path's segments, through `transform` when it is given (clip
    /// paths, whose shapes are joined into one path).
    fn outline(&mut self, path: &Path, transform: Option<Transform>) {
        let at = |mut p: Point| {
            if let Some(t) = transform {
                t.map_point(&mut p);
            }
            p
        };
        let mut last = Point::zero();
        for segment in path.data().segments() {
            match segment {
                PathSegment::MoveTo(p) => {
                    last = p;
                    let p = at(p);
                    self.content.move_to(p.x, p.y);
                }
                PathSegment::LineTo(p) => {
                    last = p;
                    let p = at(p);
                    self.content.line_to(p.x, p.y);
                }
                PathSegment::QuadTo(control, p) => {
                    let [first, second] =
                        cubic_controls((last.x, last.y), (control.x, control.y), (p.x, p.y))
                            .map(|(x, y)| Point::from_xy(x, y));
                    last = p;
                    let (a, b, p) = (at(first), at(second), at(p));
                    self.content.cubic_to(a.x, a.y, b.x, b.y, p.x, p.y);
                }
                PathSegment::CubicTo(first, second, p) => {
                    last = p;
                    let (a, b, p) = (at(first), at(second), at(p));
                    self.content.cubic_to(a.x, a.y, b.x, b.y, p.x, p.y);
                }
                PathSegment::Close => {
                    self.content.close_path();
                }
            }
        }
    }

    /// A filled and/or stroked path, fill first unless its paint order says
    /// stroke first.
    fn path(&mut self, path: &Path, opacity: f32) -> Result<(), DrawError> {
        if !path.is_visible() {
            return Ok(());
        }
        if path.paint_order() == usvg::PaintOrder::StrokeAndFill {
            self.stroke(path, opacity)?;
            self.fill(path, opacity)
        } else {
            self.fill(path, opacity)?;
            self.stroke(path, opacity)
        }
    }

    /// The path filled, if it has a fill.
    fn fill(&mut self, path: &Path, opacity: f32) -> Result<(), DrawError> {
        let Some(fill) = path.fill() else {
            return Ok(());
        };
        self.content.save_state();
        self.fill_paint(fill, opacity)?;
        self.outline(path, None);
        match fill.rule() {
            FillRule::NonZero => self.content.fill_nonzero(),
            FillRule::EvenOdd => self.content.fill_even_odd(),
        };
        self.content.restore_state();
        Ok(())
    }

    /// The path outlined, if it has a stroke: its width, dashes, caps and
    /// joins as SVG gives them.
    fn stroke(&mut self, path: &Path, opacity: f32) -> Result<(), DrawError> {
        let Some(stroke) = path.stroke() else {
            return Ok(());
        };
        self.content.save_state();
        let (r, g, b) = colour(stroke.paint())?;
        self.content.set_stroke_rgb(r, g, b);
        self.opacity(1.0, opacity * stroke.opacity().get());
        self.content.set_line_width(stroke.width().get());
        self.content.set_miter_limit(stroke.miterlimit().get());
        self.content.set_line_cap(match stroke.linecap() {
            usvg::LineCap::Butt => LineCapStyle::ButtCap,
            usvg::LineCap::Round => LineCapStyle::RoundCap,
            usvg::LineCap::Square => LineCapStyle::ProjectingSquareCap,
        });
        self.content.set_line_join(match stroke.linejoin() {
            usvg::LineJoin::Miter | usvg::LineJoin::MiterClip => LineJoinStyle::MiterJoin,
            usvg::LineJoin::Round => LineJoinStyle::RoundJoin,
            usvg::LineJoin::Bevel => LineJoinStyle::BevelJoin,
        });
        if let Some(dashes) = stroke.dasharray() {
            self.content
                .set_dash_pattern(dashes.iter().copied(), stroke.dashoffset());
        }
        self.outline(path, None);
        self.content.stroke();
        self.content.restore_state();
        Ok(())
    }

    /// Text, glyph by glyph where usvg laid it out, in its span's fill
    /// colour (the sheets' text is never stroked).
    fn text(&mut self, text: &Text, opacity: f32) -> Result<(), DrawError> {
        for span in text.layouted() {
            let Some(fill) = span.fill.as_ref().filter(|_| span.visible) else {
                continue;
            };
            self.content.save_state();
            self.fill_paint(fill, opacity)?;
            self.content.begin_text();
            let mut current = None;
            for glyph in &span.positioned_glyphs {
                let units = self.glyphs.units_per_em(self.fontdb, glyph.font)?;
                let placed =
                    self.glyphs
                        .place(glyph.font, units, glyph.id.0, &glyph.text, self.next);
                if current != Some(placed.font) {
                    let name = format!("F{}", placed.font);
                    self.content.set_font(Name(name.as_bytes()), 1.0);
                    self.fonts.insert(placed.font);
                    current = Some(placed.font);
                }
                // The font's glyph space is its units per em (its matrix
                // scales them back), and outlines have y up.
                let units = f32::from(units);
                let transform = glyph.outline_transform().pre_scale(units, units);
                self.content.set_text_matrix(matrix(transform));
                self.content.show(Str(&[placed.code]));
            }
            self.content.end_text();
            self.content.restore_state();
        }
        Ok(())
    }

    /// Sets the fill colour and opacity of a path's or a text's fill.
    fn fill_paint(&mut self, fill: &usvg::Fill, opacity: f32) -> Result<(), DrawError> {
        let (r, g, b) = colour(fill.paint())?;
        self.content.set_fill_rgb(r, g, b);
        self.opacity(opacity * fill.opacity().get(), 1.0);
        Ok(())
    }

    /// Sets the fill and stroke opacity, through a graphics state the page
    /// lists; full opacity needs none.
    fn opacity(&mut self, fill: f32, stroke: f32) {
        if fill >= 1.0 && stroke >= 1.0 {
            return;
        }
        let index = self
            .opacities
            .iter()
            .position(|&o| o == (fill, stroke))
            .unwrap_or_else(|| {
                self.opacities.push((fill, stroke));
                self.opacities.len() - 1
            });
        let name = format!("A{index}");
        self.content.set_parameters(Name(name.as_bytes()));
    }
}

/// A flat colour's red, green and blue from 0 to 1.
fn colour(paint: &Paint) -> Result<(f32, f32, f32), DrawError> {
    match paint {
        Paint::Color(c) => Ok((
            f32::from(c.red) / 255.0,
            f32::from(c.green) / 255.0,
            f32::from(c.blue) / 255.0,
        )),
        _ => Err(DrawError::NotFlat),
    }
}

/// A transform as PDF's six numbers.
fn matrix(t: Transform) -> [f32; 6] {
    [t.sx, t.ky, t.kx, t.sy, t.tx, t.ty]
}
