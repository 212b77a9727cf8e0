//! Sheets drawn as SVG made into one PDF: each page read by usvg (the SVG
//! reader Slint already brings, which lays out its text with the system's
//! fonts), drawn with pdf-writer (`drawing`: shapes stay vectors; `glyphs`:
//! text stays text, in fonts made of the glyphs used), on a page of its
//! paper's size.

use super::Page;
use super::drawing;
use super::error::PdfError;
use super::glyphs::Glyphs;
use super::pdf_primitives::deflate;
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, TextStr};

/// Points per millimetre (PDF units are 1/72 inch).
pub const POINTS_PER_MM: f64 = 72.0 / 25.4;

/// Fonts the platform brings for the sheets (`bring_fonts`).
static BROUGHT_FONTS: std::sync::OnceLock<Vec<&'static [u8]>> = std::sync::OnceLock::new();

/// Gives the sheets `fonts` where the system has none to lay text out
/// with (a browser page): they are read with the system's, and the first
/// one's family becomes the sheets' sans-serif. The first call counts.
pub fn bring_fonts(fonts: Vec<&'static [u8]>) {
    let _ = BROUGHT_FONTS.set(fonts);
}

/// The system's fonts and any brought ones.
fn font_options() -> usvg::Options<'static> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    for (i, font) in BROUGHT_FONTS.get().into_iter().flatten().enumerate() {
        let ids = fonts.load_font_source(usvg::fontdb::Source::Binary(std::sync::Arc::new(*font)));
        let family = ids
            .first()
            .and_then(|id| fonts.face(*id))
            .and_then(|face| face.families.first());
        if let (0, Some((family, _))) = (i, family) {
            let family = family.clone();
            fonts.set_sans_serif_family(family);
        }
    }
    options
}

/// One PDF of `pages`, titled `title`; fonts come from the system's and
/// any the platform brought. Its errors name the page (the Print screen
/// shows them).
pub fn to_pdf(title: &str, pages: &[Page]) -> Result<Vec<u8>, PdfError> {
    let options = font_options();
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let page_tree = next.bump();
    let info = next.bump();
    let mut pdf = Pdf::new();
    let mut glyphs = Glyphs::new();
    let mut kids = Vec::with_capacity(pages.len());
    for (i, page) in pages.iter().enumerate() {
        let tree = usvg::Tree::from_str(&page.svg, &options).map_err(|source| PdfError::Svg {
            page: i + 1,
            source,
        })?;
        let size = (
            (page.width * POINTS_PER_MM) as f32,
            (page.height * POINTS_PER_MM) as f32,
        );
        let drawn = drawing::draw(&tree, size, &mut glyphs, &mut next).map_err(|source| {
            PdfError::Drawing {
                page: i + 1,
                source,
            }
        })?;
        let (page_id, content_id) = (next.bump(), next.bump());
        let states: Vec<Ref> = drawn.opacities.iter().map(|_| next.bump()).collect();
        for (&(fill, stroke), &state) in drawn.opacities.iter().zip(&states) {
            pdf.ext_graphics(state)
                .non_stroking_alpha(fill)
                .stroking_alpha(stroke);
        }
        let mut pdf_page = pdf.page(page_id);
        pdf_page.media_box(Rect::new(0.0, 0.0, size.0, size.1));
        pdf_page.parent(page_tree);
        pdf_page.contents(content_id);
        let mut resources = pdf_page.resources();
        let mut fonts = resources.fonts();
        for &font in &drawn.fonts {
            let name = format!("F{font}");
            fonts.pair(Name(name.as_bytes()), glyphs.reference(font));
        }
        fonts.finish();
        let mut gs = resources.ext_g_states();
        for (index, &state) in states.iter().enumerate() {
            let name = format!("A{index}");
            gs.pair(Name(name.as_bytes()), state);
        }
        gs.finish();
        resources.finish();
        pdf_page.finish();
        pdf.stream(content_id, &deflate(&drawn.content))
            .filter(Filter::FlateDecode);
        kids.push(page_id);
    }
    glyphs
        .write(&mut pdf, &options.fontdb, &mut next)
        .map_err(PdfError::Fonts)?;
    pdf.catalog(catalog).pages(page_tree);
    pdf.pages(page_tree).count(kids.len() as i32).kids(kids);
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("Flagfall"));
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    use super::{Page, PdfError, to_pdf};
    use crate::print::error::DrawError;

    fn page(body: &str) -> Page {
        Page {
            width: 20.0,
            height: 10.0,
            svg: format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10">{body}</svg>"#
            ),
        }
    }

    #[test]
    fn shapes_become_a_pdf_and_what_it_cannot_draw_is_refused_by_page() {
        let shapes = page(
            r##"<rect x="1" y="1" width="8" height="8" rx="2" fill="#ff000080" stroke="#000000" stroke-dasharray="1 1"/><g clip-path="url(#c)"><circle cx="15" cy="5" r="4" fill="#0000ff"/></g><defs><clipPath id="c"><rect x="11" y="1" width="4" height="8"/></clipPath></defs>"##,
        );
        let pdf = to_pdf("shapes", std::slice::from_ref(&shapes)).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        // The half-transparent fill has its graphics state.
        assert!(pdf.windows(5).any(|w| w == b"/ca 0"), "no opacity");
        let gradient = page(
            r##"<defs><linearGradient id="g"><stop offset="0" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/>"##,
        );
        let refused = to_pdf("gradient", &[shapes, gradient]).unwrap_err();
        assert!(
            matches!(
                refused,
                PdfError::Drawing {
                    page: 2,
                    source: DrawError::NotFlat
                }
            ),
            "{refused:?}"
        );
        let told = refused.to_string();
        assert!(told.contains("page 2"), "{told}");
        assert!(told.contains("gradient"), "{told}");
    }

    #[test]
    fn a_clip_path_clipped_again_inside_its_shapes_is_refused_not_drawn_wrong() {
        let nested = page(
            r##"<defs><clipPath id="inner"><rect width="3" height="3"/></clipPath><clipPath id="outer"><rect width="8" height="8" clip-path="url(#inner)"/></clipPath></defs><rect width="10" height="10" fill="#00ff00" clip-path="url(#outer)"/>"##,
        );
        let refused = to_pdf("nested", &[nested]).unwrap_err();
        assert!(
            matches!(
                refused,
                PdfError::Drawing {
                    page: 1,
                    source: DrawError::ClipInClip
                }
            ),
            "{refused:?}"
        );
        let told = refused.to_string();
        assert!(told.contains("page 1"), "{told}");
        assert!(told.contains("clip path inside"), "{told}");
    }
}
