//! Sheets drawn as SVG made into one PDF: each page converted by svg2pdf
//! (shapes stay vectors, text stays text in subsetted embedded fonts) and
//! placed on a page of its paper's size with pdf-writer.

use super::Page;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use std::collections::HashMap;
use svg2pdf::usvg;

/// Points per millimetre (PDF units are 1/72 inch).
pub const POINTS_PER_MM: f64 = 72.0 / 25.4;

/// One PDF of `pages`, titled `title`; fonts come from the system's. Its
/// errors are in the current language (the Print screen shows them).
pub fn to_pdf(title: &str, pages: &[Page]) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let page_tree = next.bump();
    let info = next.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::with_capacity(pages.len());
    for (i, page) in pages.iter().enumerate() {
        let tree = usvg::Tree::from_str(&page.svg, &options)
            .map_err(|e| crate::tr!("page {} could not be drawn: {}", i + 1, e))?;
        let (chunk, drawing) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| {
                crate::tr!("page {} could not be made PDF: {}", i + 1, format!("{e:?}"))
            })?;
        let mut renumbered = HashMap::new();
        let chunk = chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| next.bump()));
        let drawing = *renumbered
            .get(&drawing)
            .ok_or_else(|| crate::tr!("the drawing of a page went missing"))?;
        pdf.extend(&chunk);
        let (width, height) = (
            (page.width * POINTS_PER_MM) as f32,
            (page.height * POINTS_PER_MM) as f32,
        );
        let (page_id, content_id) = (next.bump(), next.bump());
        let name = Name(b"Sheet");
        let mut pdf_page = pdf.page(page_id);
        pdf_page.media_box(Rect::new(0.0, 0.0, width, height));
        pdf_page.parent(page_tree);
        pdf_page.contents(content_id);
        pdf_page.resources().x_objects().pair(name, drawing);
        pdf_page.finish();
        // The drawing is a unit square: stretch it over the whole page.
        let mut content = Content::new();
        content.save_state();
        content.transform([width, 0.0, 0.0, height, 0.0, 0.0]);
        content.x_object(name);
        content.restore_state();
        pdf.stream(content_id, &content.finish());
        kids.push(page_id);
    }
    pdf.catalog(catalog).pages(page_tree);
    pdf.pages(page_tree).count(kids.len() as i32).kids(kids);
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("Flagfall"));
    Ok(pdf.finish())
}
