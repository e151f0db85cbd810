#!/usr/bin/env bash
# The timely path (1 process × 1 worker, then 2 workers) against the
# in-memory solver on 2^LOG2 states × 8 moves (default 2^24: 1.26·10^8
# edges). Each solve runs alone under /usr/bin/time -v (user CPU, wall,
# peak memory), niced: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/../.."
LOG2="${1:-24}"
cargo build --release -p bench-dist
BIN="${CARGO_TARGET_DIR:-target}/release/bench-dist"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in "core 1" "timely 1" "timely 2"; do
  set -- $run
  nice /usr/bin/time -v "$BIN" "$1" "$LOG2" "$2" 2> time.err
  grep -E "User time|Elapsed|Maximum resident" time.err | sed 's/^\t*/    /'
done
# Two processes of one worker each, exchanging over loopback TCP.
ports="127.0.0.1:$((40000 + RANDOM % 20000)),127.0.0.1:$((40000 + RANDOM % 20000))"
nice /usr/bin/time -v "$BIN" process "$LOG2" 1 1 "$ports" >/dev/null 2> time1.err &
nice /usr/bin/time -v "$BIN" process "$LOG2" 1 0 "$ports" 2> time.err
wait
for f in time.err time1.err; do
  echo "  process ${f%.err}:"
  grep -E "User time|Elapsed|Maximum resident" "$f" | sed 's/^\t*/    /'
done
rm -f time.err time1.err
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
