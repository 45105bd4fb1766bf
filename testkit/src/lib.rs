//! What tests, benches, examples and fuzz targets need and the library must not ship: tile set
//! presets standing in for rulesets ([`presets`]), the seeded winning-hand generator with its
//! Chinese Official pattern templates ([`sample`]), and counts written compactly ([`shapes`]).
//! Core stays free of variant data; this crate is where such data may live.

pub mod presets;
pub mod sample;
pub mod shapes;
