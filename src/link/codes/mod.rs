//! How a code is written: bytes as text (`base45`), fields as bytes
//! (`wire`), and codes as pictures and back (`qr_image`; `finder_lattice`
//! is a hostile picture for its tests and benchmarks).

pub(super) mod base45;
pub mod finder_lattice;
pub mod qr_image;
pub(super) mod wire;
