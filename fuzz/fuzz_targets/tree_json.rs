//! Game trees for `solve --tree` / `--and-or`: nested JSON lists of whole
//! numbers. Nesting is limited to 64 levels: deeper trees are the depth
//! budget's concern, not the parser's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::input::state_graph::parse_tree;

fuzz_target!(|data: &[u8]| {
    if data.iter().filter(|&&b| b == b'[').count() > 64 {
        return;
    }
    let _ = parse_tree(data, "fuzz");
});
