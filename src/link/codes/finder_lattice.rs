//! A hostile picture for the QR reader's tests and `bench-inputs`: a small
//! black picture holding a lattice of QR finder patterns that pass a
//! detector's neighbour tests in every group of three, while no group makes
//! a code. rqrr 0.11 (the reader before issue 46) tried every such group on
//! a fresh copy of the whole picture and flood-filled its background each
//! time: about side^6 work, 70 s at 640 pixels and 398 s at 800 (a PNG of
//! 9 KB at best compression, 27 KB as `bench-inputs` writes it). The reader
//! must give up on it in bounded time.

/// Lattice pitch and turn (pixels sideways per step, under the 0.2 slope a
/// detector allows for neighbours), module size, margin.
const PITCH: i64 = 34;
const TURN: i64 = 6;
const MODULE: i64 = 2;
const MARGIN: i64 = 8;
const FINDER: i64 = 7 * MODULE;

/// `n` x `n` finder patterns (2-pixel modules) on a black background, as
/// grey pixels (0 black, 255 white), row-major; returns (side, pixels), the
/// side a whole number of 32-pixel tiles (40n + ~30: n = 20 is 800).
///
/// The lattice is turned a little, the finders not, so for every finder
/// almost every pair (one in its column, one in its row) passes as its
/// neighbours. Each finder sits in rings (white, black, white, black,
/// white, 1 pixel each), so even neighbours see enough colour changes
/// along the timing line for a code larger than version 1, which sends the
/// detector looking for an alignment pattern; the turn puts its guess on
/// the black background, one region over half the picture, which it fills
/// and rejects. Each 32 x 32 tile keeps under a third of its neighbouring
/// pixels different, so the reader's noise filter keeps it all.
pub fn finder_lattice(n: u32) -> (u32, Vec<u8>) {
    let n = i64::from(n.max(1));
    let side = (2 * MARGIN + (n - 1) * (PITCH + TURN) + FINDER + 31) / 32 * 32;
    let mut pixels = vec![0u8; (side * side) as usize];
    for row in 0..n {
        for col in 0..n {
            let x0 = MARGIN + col * PITCH + (n - 1 - row) * TURN;
            let y0 = MARGIN + row * PITCH + col * TURN;
            for y in y0 - 5..y0 + FINDER + 5 {
                for x in x0 - 5..x0 + FINDER + 5 {
                    // Pixels outside the finder: 1, 3, 5 away white; 2, 4 black.
                    let out = (x0 - x)
                        .max(x - (x0 + FINDER - 1))
                        .max(y0 - y)
                        .max(y - (y0 + FINDER - 1));
                    let dark = if out > 0 {
                        out % 2 == 0
                    } else {
                        let (u, v) = ((x - x0) / MODULE, (y - y0) / MODULE);
                        let ring = u == 0 || u == 6 || v == 0 || v == 6;
                        ring || ((2..=4).contains(&u) && (2..=4).contains(&v))
                    };
                    pixels[(y * side + x) as usize] = if dark { 0 } else { 255 };
                }
            }
        }
    }
    (side as u32, pixels)
}
