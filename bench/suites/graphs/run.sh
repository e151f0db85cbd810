#!/usr/bin/env bash
# Runs the graph-games benchmarks (release build), each case in its own process.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo run --release -q -p bench-graphs -- "$@"
