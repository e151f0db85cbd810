//! Graph files (text and JSON) as `grundy-graph`, `count-dag-wins` and
//! `solve` read them. The first byte picks the reader; the rest is the file.
//! The memory budget is set low (16 MiB) instead of skipping large headers:
//! a header past it must be refused by the readers' own check.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::input::{graph, state_graph};

fuzz_target!(|data: &[u8]| {
    let Some((&first, file)) = data.split_first() else { return };
    sprague_cli::monitor().set_max_memory(16 << 20);
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
