#!/usr/bin/env bash
# Runs the boards suite under /usr/bin/time -v for peak memory and CPU time.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p bench-boards
/usr/bin/time -v target/release/bench-boards "$@" 2> >(grep -E "Maximum resident|User time|System time" >&2)
