//! Why a sheet's PDF could not be made: which page, and what on it the
//! drawing does not do (refused, not drawn wrong), or which font could not
//! be read.

/// Why the PDF of the sheets could not be made (pages counted from 1).
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The page's SVG could not be read.
    Svg {
        page: usize,
        #[source]
        source: usvg::Error,
    },
    /// The page holds what the drawing does not do.
    Drawing {
        page: usize,
        #[source]
        source: DrawError,
    },
    /// A font the pages use could not be written into the PDF.
    Fonts(#[source] FontError),
}

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            PdfError::Svg { page, source } => {
                crate::tr!("page {} could not be drawn: {}", page, source)
            }
            PdfError::Drawing { page, source } => {
                crate::tr!("page {} could not be made PDF: {}", page, source)
            }
            PdfError::Fonts(e) => crate::tr!("the sheets' fonts could not be written: {}", e),
        };
        f.write_str(&text)
    }
}

/// What a page's SVG holds that the drawing does not do (the sheets never
/// use it), or a font its text could not be drawn in. Named in English, as
/// the drawing always named them.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    #[error("a mask or filter")]
    MaskOrFilter,
    #[error("an image")]
    Image,
    #[error("a clip path inside a clip path's shapes")]
    ClipInClip,
    #[error("text or an image in a clip path")]
    ClipNotShapes,
    /// A paint that is not one flat colour.
    #[error("a gradient or pattern")]
    NotFlat,
    #[error(transparent)]
    Font(#[from] FontError),
}

/// A system font the sheets' text is laid out in could not be read.
#[derive(Debug, thiserror::Error)]
#[error("the font {name} could not be read")]
pub struct FontError {
    /// The face's PostScript name (or its id in the font database).
    pub name: String,
}
