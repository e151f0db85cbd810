//! Graph files (text and JSON) as `grundy-graph`, `count-dag-wins` and
//! `solve` read them. The first byte picks the reader; the rest is the file.
//! Headers above 2^20 vertices or edges are skipped: their allocation is the
//! memory budget's concern, not the parser's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::input::{graph, state_graph};

fuzz_target!(|data: &[u8]| {
    let Some((&first, file)) = data.split_first() else { return };
    if too_big(file) {
        return;
    }
    if first & 1 == 0 {
        if let Ok(edges) = graph::parse_graph(file, "fuzz") {
            let n = edges.n;
            if let Ok(g) = edges.into_graph() {
                assert_eq!(g.vertex_count(), n);
            }
        }
    } else if let Ok(sg) = state_graph::parse_state_graph(file, "fuzz") {
        assert_eq!(sg.outcomes.len(), sg.graph.vertex_count());
        assert_eq!(sg.scores.len(), sg.graph.vertex_count());
    }
});

/// Whether the file declares more than 2^20 vertices or edges (any number of
/// 7 digits or more, in either format).
fn too_big(file: &[u8]) -> bool {
    file.split(|b| !b.is_ascii_digit()).any(|run| run.len() >= 7)
}
