//! Binary graph files, as `grundy-graph` and `solve` read them. Most inputs
//! get the magic and version prepended (so the fuzzer explores what follows);
//! the first byte picks the reader and whether to prepend. The memory budget
//! is set low (16 MiB): a header past it must be refused by the reader's own
//! check, so no size is skipped here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::input::binary::{MAGIC, VERSION};
use sprague_cli::error::one_line;
use sprague_cli::input::{graph, state_graph};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    sprague_cli::monitor().set_max_memory(16 << 20);
    let file: Vec<u8> = if first & 2 == 0 {
        [&MAGIC[..], &VERSION.to_le_bytes(), rest].concat()
    } else {
        rest.to_vec()
    };
    if first & 1 == 0 {
        match graph::parse_graph(&file, "fuzz") {
            Ok(edges) => {
                let n = edges.n;
                if let Ok(g) = edges.into_graph() {
                    assert_eq!(g.vertex_count(), n);
                }
            }
            Err(e) => printed_on_one_line(&e.message),
        }
    } else {
        match state_graph::parse_state_graph(&file, "fuzz") {
            Ok(sg) => {
                assert_eq!(sg.outcomes.len(), sg.graph.vertex_count());
                assert_eq!(sg.scores.len(), sg.graph.vertex_count());
                // Annotations sit on terminal vertices only.
                for v in 0..sg.graph.vertex_count() {
                    if sg.outcomes[v].is_some() || sg.scores[v].is_some() {
                        assert_eq!(sg.graph.out_degree(v as u32), 0);
                    }
                }
            }
            Err(e) => printed_on_one_line(&e.message),
        }
    }
});

/// An error names what is wrong (never empty) and prints as one line: the
/// command line writes control characters from the input (a JSON key with
/// `\n` in it, say) as escapes.
fn printed_on_one_line(message: &str) {
    let printed = one_line(message);
    assert!(!printed.is_empty(), "an empty error message");
    assert!(!printed.contains('\n'), "an error of several lines: {printed}");
}
