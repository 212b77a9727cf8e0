//! What the parts of a PDF sheet (its drawing, its fonts) share: every
//! stream is deflated, and PDF draws cubic curves only.

/// `bytes` compressed for a FlateDecode stream.
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// The two controls of the cubic curve that draws the quadratic one from
/// `from` through `control` to `to`: two thirds of the way from each end to
/// the quadratic's control.
pub fn cubic_controls(from: (f32, f32), control: (f32, f32), to: (f32, f32)) -> [(f32, f32); 2] {
    let two_thirds = |end: (f32, f32)| {
        (
            end.0 + 2.0 / 3.0 * (control.0 - end.0),
            end.1 + 2.0 / 3.0 * (control.1 - end.1),
        )
    };
    [two_thirds(from), two_thirds(to)]
}
