#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from the catalog's examples.

Usage: fuzz/seed_corpus.py SPRAGUE_BINARY  (run from the repository root).
Each `sprague value RULESET POSITION` example of `sprague games --json`
becomes a `position` seed; every `calc` example a `calc` seed; the graph
files under crates/sprague-cli/tests/data (if any) and a few written here
become `graph_file` and `tree_json` seeds.
"""
import hashlib, json, os, shlex, subprocess, sys

binary = sys.argv[1]
games = json.loads(subprocess.run([binary, "games", "--json"], check=True, capture_output=True).stdout)["games"]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

def put(target, data):
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)

for index, g in enumerate(games):
    for example in g.get("examples", [g["example"]]):
        words = shlex.split(example)[1:]
        if len(words) < 3 or words[0] != "value":
            if words and words[0] == "calc" and len(words) > 1:
                put("calc", words[1].encode())
            continue
        spec = words[1]
        flags = [w for w in words[2:] if w.startswith("--")]
        position = " ".join(w for w in words[2:] if not w.startswith("--"))
        first = index | (0x80 if "--misere" in flags else 0)
        params = spec.split(":", 1)[1] + "\n" if ":" in spec else ""
        put("position", bytes([first]) + (params + position).encode())

for expr in ["{3||2*|1*}", "^^ + *3", "+-1 + Tiny(2)", "{1|*}", "1/2 + v", "{0|}", "-{2|-1}", "*4 + *7", "{{1|0}|-1}"]:
    put("calc", expr.encode())

graphs = [
    b"3 2\n0 1\n1 2\n",
    b"4 4 # a cycle\n0 1\n1 2\n2 3\n3 0\noutcome 3 W\n",
    b"2 1\n0 1\nscore 1 -5\n",
    b'{"n": 3, "edges": [[0, 1], [1, 2]]}',
    b'{"n": 3, "edges": [[0, 1]], "outcomes": [[1, "W"]], "scores": [[1, -5]]}',
]
for g in graphs:
    for reader in (0, 1):
        put("graph_file", bytes([reader]) + g)
for t in [b"[[3, 5], [2, [9, 1]]]", b"[1]", b"[[true, false], [-2]]"]:
    put("tree_json", t)

# Binary graph files (docs/graphs.md), written after the magic and version
# that the target prepends when bit 1 of the first byte is clear.
import struct
def binary(n, edges, outcomes=(), scores=()):
    out = struct.pack("<IQQ", 0, n, len(edges))
    out += b"".join(struct.pack("<II", u, v) for u, v in edges)
    out += struct.pack("<Q", len(outcomes)) + b"".join(struct.pack("<I", v) + o for v, o in outcomes)
    out += struct.pack("<Q", len(scores)) + b"".join(struct.pack("<Iq", v, s) for v, s in scores)
    return out
for body in [binary(3, [(0, 1), (1, 2)]), binary(4, [(0, 1), (1, 2), (2, 3), (3, 0)], [(3, b"W")]),
             binary(2, [(0, 1)], [], [(1, -5)]), binary(1, [])]:
    for reader in (0, 1):
        put("graph_binary", bytes([reader]) + body)
    put("graph_binary", bytes([3]) + b"SPRGRAPH" + struct.pack("<I", 1) + body)

# Rules scripts: each example file after a position line.
examples = os.path.join(os.path.dirname(root), "..", "examples", "rules")
for name, position in [("kayles.rhai", "3 2"), ("cutcake.rhai", "[2, 3]"), ("dawsons-chess.rhai", "5"),
                       ("loopy-graph.rhai", "0"), ("pursuit.rhai", "cop 0 robber 2 cop")]:
    path = os.path.join(examples, name)
    if os.path.exists(path):
        with open(path, "rb") as f:
            put("rules_script", position.encode() + b"\n" + f.read())
put("rules_script", b"5\nfn moves(n) { let out = []; for k in 0..n { out.push(k); } out }\nfn start(n) { n }")
