//! What tests, benches, examples and fuzz targets need and the library must not ship: tile set
//! presets standing in for rulesets ([`presets`]), the seeded winning-hand generator with its
//! Chinese Official pattern templates ([`sample`]), counts written compactly ([`shapes`]), and a
//! small [`rules::TestRules`] so the turn engine is tested without a ruleset, and what
//! `mj score --brief` keeps of a report's JSON ([`brief::brief_of`]).
//! Core stays free of variant data; this crate is where such data may live.

pub mod brief;
pub mod presets;
pub mod rules;
pub mod sample;
pub mod shapes;
