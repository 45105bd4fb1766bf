//! What tests, benches, examples and fuzz targets need and the library must not ship: tile set
//! presets standing in for rulesets ([`presets`]), the seeded winning-hand generator with its
//! Chinese Official pattern templates ([`sample`]), counts written compactly ([`shapes`]), and a
//! small [`rules::TestRules`] so the turn engine is tested without a ruleset.
//! Core stays free of variant data; this crate is where such data may live.

pub mod presets;
pub mod rules;
pub mod sample;
pub mod shapes;
