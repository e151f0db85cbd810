//! Persistent tables of solved state spaces for sprague: one `u16` code per
//! index ([`code`]), in zstd-compressed blocks each with a crc32, behind a
//! checksummed header and block index ([`format`](mod@format)); read memory-mapped and
//! checked block by block ([`TableFile`]); probed without solving
//! ([`probe`]); verified by checksums and the parent/child self-test
//! ([`verify`]); written by a solve that can checkpoint and resume after a
//! kill ([`solve`], [`write_table`]); and spaces too big for memory solved
//! tier by tier straight into a table ([`solve_tiered_to_file`]).
//!
//! The only unsafe code is the memory map (module `mmap`); the crate denies
//! it everywhere else.

mod checkpoint;
pub mod code;
mod error;
pub mod format;
mod graph;
mod levels;
mod mmap;
mod query;
mod read;
mod solve;
mod target;
mod tiered;
mod write;

pub use error::TableError;
pub use format::Header;
pub use graph::{GRAPH_RULESET, GraphFile, graph_ruleset, is_graph_ruleset};
pub use query::{External, Probe, Verified, is_external_ruleset, probe, probe_with, verify, verify_with};
pub use read::TableFile;
pub use solve::{SolveOptions, Solved, Summary, solve, summarize};
pub use target::{check_in_place, check_replaceable, replace_file};
pub use tiered::{TieredSolved, has_tiers, solve_tiered_to_file};
pub use write::write_table;
