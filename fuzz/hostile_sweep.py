#!/usr/bin/env python3
"""A hostile sweep of the `sprague` binary: probes of the classes that broke
before (closed and full outputs, /dev/zero, FIFOs, huge sizes, Ctrl-C after
2 s, mismatched distributed processes, files written over what is not a
regular file), each run alone under a time limit and an address-space limit,
its peak memory measured against --max-memory.

Usage: fuzz/hostile_sweep.py [--quick] [--only CLASS] SPRAGUE_BINARY
(run from the repository root; a release build is the one to sweep).

A probe holds when the run ends in one of the promised ways: the right
answer (where the probe knows it), one error line `sprague: error: ...` with
exit code 2, exit code 0 and nothing on stderr on a closed pipe, one line
`sprague: interrupted...` with exit code 130 on Ctrl-C, or one error line
with exit code 1 when the output itself failed (a full disk). It fails on
a panic or abort, a hang past the time limit, a peak resident memory past
the --max-memory given (plus a margin for the binary itself), raw control
characters on a terminal stream, or a wrong answer.

Ctrl-C probes also tell how the computation stopped: `interrupted after N
...` is a clean stop by a loop that polls the monitor; a bare `sprague:
interrupted` means the process ended at once, in a loop that does not poll
(or in a read): those are listed as loops without polling.
"""
import json, os, random, resource, shlex, signal, subprocess, sys, tempfile, threading, time

TIME_LIMIT = 30.0
SPACE_LIMIT = 6 << 30
BUDGET = "500M"
BUDGET_BYTES = 500 << 20
MARGIN = 64 << 20
SIGINT_AFTER = 2.0


class Probe:
    def __init__(self, cls, name, args, stdin=b"", stdin_file=None, sigint=False,
                 budget=True, check=None, output=None, allow_full=False):
        self.cls, self.name, self.args = cls, name, args
        self.stdin, self.stdin_file, self.sigint = stdin, stdin_file, sigint
        self.budget, self.check, self.output, self.allow_full = budget, check, output, allow_full


def run(binary, probe):
    """Runs one probe; returns (held, why, details)."""
    argv = [binary] + (["--max-memory", BUDGET] if probe.budget else []) + probe.args

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (SPACE_LIMIT, SPACE_LIMIT))
        os.setsid()

    stdin = subprocess.PIPE
    if probe.stdin_file:
        stdin = os.open(probe.stdin_file, os.O_RDONLY)
    out_target = subprocess.PIPE
    if probe.output == "full":
        out_target = open("/dev/full", "wb")
    env = dict(os.environ, SPRAGUE_HISTORY="")
    start = time.monotonic()
    p = subprocess.Popen(argv, stdin=stdin, stdout=out_target, stderr=subprocess.PIPE,
                         preexec_fn=limits, env=env)
    chunks = {"out": b"", "err": b""}

    def feed():
        try:
            if probe.stdin_file is None:
                p.stdin.write(probe.stdin)
                p.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def drain(name, pipe, close_after_line=False):
        data = b""
        try:
            while True:
                b = pipe.read(65536) if not close_after_line else pipe.read(1)
                if not b:
                    break
                data += b
                if close_after_line and b == b"\n":
                    break
                if len(data) > (64 << 20):
                    data = data[-(1 << 20):]
        except (OSError, ValueError):
            pass
        if close_after_line:
            pipe.close()
        chunks[name] = data

    threads = [threading.Thread(target=feed)]
    if p.stdout is not None:
        threads.append(threading.Thread(target=drain, args=("out", p.stdout, probe.output == "close")))
    threads.append(threading.Thread(target=drain, args=("err", p.stderr)))
    for t in threads:
        t.daemon = True
        t.start()
    signalled, timed_out = False, False
    status, rusage = None, None
    while status is None:
        pid, st, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            status, rusage = st, ru
            break
        now = time.monotonic() - start
        if probe.sigint and not signalled and now >= SIGINT_AFTER:
            os.kill(p.pid, signal.SIGINT)
            signalled = True
        if now > TIME_LIMIT:
            timed_out = True
            os.killpg(p.pid, signal.SIGKILL)
        time.sleep(0.01)
    for t in threads[1:]:
        t.join(timeout=5)
    p.returncode = os.waitstatus_to_exitcode(status)
    if isinstance(stdin, int):
        try:
            os.close(stdin)
        except OSError:
            pass
    if out_target is not subprocess.PIPE:
        out_target.close()
    elapsed = time.monotonic() - start
    code = p.returncode
    out, err = chunks["out"], chunks["err"].decode("utf-8", "replace")
    rss = rusage.ru_maxrss * 1024 if rusage else 0
    info = f"code {code}, {elapsed:.1f} s, {rss >> 20} MiB"
    if timed_out:
        return False, "hang", info
    if code < 0:
        return False, f"killed by signal {-code}", info + ": " + err[-300:]
    if code in (101, 134):
        return False, "panic or abort", info + ": " + err[-300:]
    if probe.budget and rss > BUDGET_BYTES + MARGIN:
        return False, "memory past the budget", info
    lines = [l for l in err.split("\n") if l]
    if any(ord(c) < 32 and c not in "\n\t" or c == "\x7f" for c in err):
        return False, "raw control characters on stderr", info + ": " + repr(err[:200])
    if code == 130:
        if not (len(lines) == 1 and lines[0].startswith("sprague: interrupted")):
            # The REPL goes on after a stopped line: its line is not the last.
            if not (probe.args[:1] == ["repl"] and all("interrupted" in l or l.startswith("error:") for l in lines)):
                return False, "Ctrl-C without one line", info + ": " + err[:300]
        how = "clean stop" if "interrupted after" in err or "interrupted at" in err or "interrupted:" in err or "interrupted while" in err else "ended at once"
        return True, f"Ctrl-C: {how}", info
    if probe.check and probe.check.get("refused") and code != 2:
        return False, "not refused", info + ": " + err[:200]
    if code == 2:
        if probe.args[:1] == ["repl"] or (probe.args[:2] == ["value", probe.args[1]] and "--batch" in probe.args):
            return (lines and lines[-1].startswith("sprague: error: ")), "refused (script)", info
        if len(lines) != 1 or not lines[0].startswith("sprague: error: "):
            return False, "error not one line", info + ": " + err[:300]
        if probe.check and probe.check.get("expect_ok"):
            return False, "refused where an answer was expected", info + ": " + err[:200]
        return True, "refused", info
    if code == 1:
        if probe.allow_full and len(lines) == 1:
            return True, "output failed (one line)", info
        return False, "exit 1", info + ": " + err[:300]
    if code == 0:
        if probe.output == "close" and err:
            return False, "stderr on a closed pipe", info + ": " + err[:200]
        if probe.check and "answer" in probe.check:
            ok, why = probe.check["answer"](out.decode("utf-8", "replace"))
            if not ok:
                return False, "wrong answer", info + ": " + why
            return True, "right answer", info
        return True, "answered", info
    return False, f"exit {code}", info + ": " + err[:300]


# ---------------------------------------------------------------- probes

def catalog(binary):
    games = json.loads(subprocess.run([binary, "games", "--json"], check=True, capture_output=True).stdout)["games"]
    for g in games:
        for ex in g.get("examples", [g.get("example")]):
            if ex:
                yield g["name"], shlex.split(ex)[1:]


HUGE = ["4294967296", "9223372036854775807", "18446744073709551615", "18446744073709551616", "1000000000000"]


def scaled_words(words, rnd):
    """Variants of a position: numbers made huge, the position repeated."""
    out = []
    import re
    text = " ".join(words)
    for h in HUGE[:3] + [rnd.choice(HUGE)]:
        v = re.sub(r"\d+", h, text)
        if v != text:
            out.append(v)
    v = re.sub(r"\d+", lambda m: str(int(m.group()) * 1000 + 7), text)
    if v != text:
        out.append(v)
    out.append(" ".join([text] * 200))
    out.append(text.replace(".", "." * 40))
    return out


def probes_catalog(binary, quick):
    rnd = random.Random(39)
    seen = set()
    for name, words in catalog(binary):
        if not words or words[0] not in ("value", "table", "count"):
            continue
        verb = words[0]
        flags = [w for w in words[1:] if w.startswith("--")]
        plain = [w for w in words[1:] if not w.startswith("--")]
        spec, rest = plain[0], plain[1:]
        flag_values = set()
        for i, w in enumerate(words):
            if w.startswith("--") and i + 1 < len(words) and not words[i + 1].startswith("--"):
                flag_values.add(words[i + 1])
        rest = [w for w in rest if w not in flag_values]
        if verb == "value":
            for pos in scaled_words(rest, rnd)[: 3 if quick else None]:
                for extra in ([], ["--misere"]):
                    key = (spec, pos, tuple(extra))
                    if key in seen:
                        continue
                    seen.add(key)
                    yield Probe("huge sizes + Ctrl-C", f"value {spec} {pos[:40]}", ["value", spec, pos] + extra, sigint=True)
        if ":" in spec:
            base, params = spec.split(":", 1)
            import re
            for h in HUGE[:3]:
                s2 = base + ":" + re.sub(r"\d+", h, params)
                yield Probe("huge sizes + Ctrl-C", f"value {s2[:40]}", ["value", s2] + (rest or ["1"]), sigint=True)
                yield Probe("huge sizes + Ctrl-C", f"table {s2[:40]}", ["table", s2, "--count", "1000000"], sigint=True, output="close")
        for count in ["0", "18446744073709551615", "100000000"]:
            yield Probe("huge sizes + Ctrl-C", f"table {spec} --count {count}", ["table", spec, "--count", count], sigint=True, output="close")
        yield Probe("huge sizes + Ctrl-C", f"count {spec}", ["count", spec, "--range", "0,18446744073709551615"], sigint=True)
        yield Probe("huge sizes + Ctrl-C", f"misere-quotient {spec}", ["misere-quotient", spec, "--heaps", "100000"], sigint=True)


def probes_fixed(tmp):
    # Closed pipes and full disks.
    for args, stdin in [
        (["completions", "bash"], b""), (["completions", "zsh"], b""), (["completions", "fish"], b""),
        (["man"], b""), (["table", "kayles", "--count", "100000"], b""),
        (["grundy-game", f"{tmp}/pipe-g.tbl", "--count", "3000"], b""),
        (["games"], b""), (["games", "--json"], b""), (["value", "kayles", "100 3", "--all"], b""),
        (["value", "nim", "--batch"], b"1 2\n" * 50000), (["repl"], b"table kayles 100000\n"),
        (["solve", "--demo", "tic-tac-toe"], b""), (["nimber", "mul", "--batch"], b"3\n1 2\n3 4\n5 6\n"),
        (["calc", "{3||2*|1*}"], b""), (["count", "kayles", "--range", "0,1000000"], b""),
    ]:
        yield Probe("closed pipe", " ".join(args)[:50], args, stdin=stdin, output="close")
        yield Probe("full disk", " ".join(args)[:50], args, stdin=stdin, output="full", allow_full=True)
    # /dev/zero as stdin and as a file.
    for args in [["value", "nim", "--batch"], ["grundy-graph", "-"], ["solve", "-"], ["repl"],
                 ["play", "nim", "3", "4", "5"], ["nimber", "mul", "--batch"], ["count-dag-wins", "-"],
                 ["value", "green-hackenbush", "-"], ["value", "leaf-removal", "-"], ["value", "geography-grid", "-"],
                 ["value", "node-kayles", "-"], ["solve", "--tree", "-"], ["solve", "--and-or", "-"],
                 ["play", "tic-tac-toe", "start"], ["play", "domineering", "....|...."]]:
        yield Probe("/dev/zero", "stdin: " + " ".join(args), args, stdin_file="/dev/zero")
    for args in [["grundy-graph", "/dev/zero"], ["solve", "/dev/zero"], ["count-dag-wins", "/dev/zero"],
                 ["value", "--rules", "/dev/zero", "1"], ["solve", "--rules", "/dev/zero", "1"],
                 ["table", "--rules", "/dev/zero", "--count", "5"], ["play", "--rules", "/dev/zero", "1"],
                 ["solve", "--tree", "/dev/zero"], ["solve", "--and-or", "/dev/zero"],
                 ["solve", "--demo", "river-pawn", "/dev/zero"],
                 ["solve", "--demo", "tic-tac-toe", "--workers", "1", "--processes", "2", "--process", "0", "--hosts", "/dev/zero"],
                 ["solve", "--demo", "tic-tac-toe", "--out", f"{tmp}/z.tbl", "--checkpoint", "/dev/zero", "--resume"],
                 ["probe", "/dev/zero", "start"], ["verify", "/dev/zero"],
                 ["grundy-game", "/dev/zero", "--count", "10"],
                 ["solve", f"{tmp}/g.txt", "--out", "/dev/zero"]]:
        yield Probe("/dev/zero", "file: " + " ".join(args), args)
    yield Probe("/dev/zero", "repl load /dev/zero", ["repl"], stdin=b'load "/dev/zero"\n')
    yield Probe("/dev/zero", "repl value - /dev/zero", ["repl"], stdin=b"value green-hackenbush -\n")
    # FIFOs (nothing writes to them): as inputs, Ctrl-C after 2 s; as outputs, refused.
    fifo = f"{tmp}/fifo"
    for args in [["grundy-graph", fifo], ["solve", fifo], ["count-dag-wins", fifo], ["value", "--rules", fifo, "1"],
                 ["solve", "--tree", fifo], ["probe", fifo, "start"], ["verify", fifo],
                 ["solve", "--demo", "river-pawn", fifo],
                 ["solve", "--demo", "tic-tac-toe", "--workers", "1", "--processes", "2", "--process", "0", "--hosts", fifo]]:
        yield Probe("FIFO", "in: " + " ".join(args), args, sigint=True)
    for args in [["grundy-game", fifo, "--count", "10"], ["solve", "--demo", "tic-tac-toe", "--out", fifo],
                 ["solve", "--demo", "tic-tac-toe", "--out", f"{tmp}/f.tbl", "--checkpoint", fifo],
                 ["solve", "--demo", "tic-tac-toe", "--out", f"{tmp}/f.tbl", "--checkpoint", fifo, "--resume"],
                 ["table", "kayles", "--count", "10", "--plot", fifo + ".svg"],
                 ["calc", "{3|1}", "--thermograph", fifo + ".svg"], ["solve", f"{tmp}/g.txt", "--out", fifo]]:
        yield Probe("FIFO", "out: " + " ".join(args), args, sigint=True, check={"refused": True})
    for target in ["/dev/null", "/dev/full", f"{tmp}/link.tbl", f"{tmp}/hard.tbl", tmp]:
        yield Probe("files written", f"--out {target}", ["solve", "--demo", "tic-tac-toe", "--out", target])
        yield Probe("files written", f"--plot {target}", ["table", "kayles", "--count", "10", "--plot", target + "/x.svg" if target == tmp else target])
    # Huge sizes on the flags.
    for flag_args in [
        ["table", "kayles", "--count", "18446744073709551615"], ["table", "kayles", "--count", "18446744073709551616"],
        ["grundy-game", f"{tmp}/h.tbl", "--count", "18446744073709551615"],
        ["misere-quotient", "octal:0.07", "--heaps", "18446744073709551615"],
        ["misere-quotient", "octal:0.07", "--heaps", "40", "--max-order", "18446744073709551615"],
        ["solve", "--demo", "tic-tac-toe", "--threads", "18446744073709551615"],
        ["solve", "--demo", "tic-tac-toe", "--workers", "18446744073709551615"],
        ["solve", "--demo", "tic-tac-toe", "--out", f"{tmp}/b.tbl", "--block-states", "0"],
        ["solve", "--demo", "tic-tac-toe", "--out", f"{tmp}/b.tbl", "--block-states", "4294967295"],
        ["solve", "--demo", "tic-tac-toe", "--max-states", "18446744073709551615"],
        ["solve", "--demo", "kpk", "--max-states", "1"],
        ["wythoff-pair", "18446744073709551615"], ["wythoff-pair", "18446744073709551616"],
        ["nimber", "pow", "18446744073709551615", "18446744073709551615"],
        ["nimber", "inv", "0"], ["nimber", "sqrt", "18446744073709551615"],
        ["count", "kayles", "--range", "18446744073709551615,0"],
        ["value", "--rules", "examples/rules/kayles.rhai", "3", "--max-ops", "0"],
        ["value", "--rules", "examples/rules/kayles.rhai", "18446744073709551615"],
        ["calc", "*[65536]"], ["calc", "*[16]"], ["calc", "*[12] + *[13]"],
        ["calc", "{1073741824|-1073741824}", "--thermograph", f"{tmp}/hot.svg"],
        ["calc", "{1073741824|-1073741824}", "--thermograph", f"{tmp}/hot.png"],
        ["calc", "*18446744073709551615", "--heat", "^"], ["calc", "^18446744073709551615"],
        ["calc", "18446744073709551616"], ["calc", "1/18446744073709551616"],
        ["value", "multiples", "1000000000000: 1 2 3"], ["value", "multiples", "18446744073709551615: 1"],
        ["value", "kayles", "--misere", " ".join(["1"] * 30000)],
        ["value", "kayles", " ".join(["100"] * 20000)],
    ]:
        yield Probe("huge sizes + Ctrl-C", " ".join(flag_args)[:60], flag_args, sigint=True)
    for n in [1000, 3000]:
        eqs = "; ".join(f"a{i} = {{a{(i + 1) % n}|a{(i * 7 + 3) % n}}}" for i in range(n)) + "; a0"
        yield Probe("huge sizes + Ctrl-C", f"loopy calc of {n} equations", ["calc", eqs], sigint=True)
        yield Probe("huge sizes + Ctrl-C", f"loopy calc of {n} equations, 100M", ["--max-memory", "100M", "calc", eqs], budget=False, sigint=True)
    subset = ",".join(str(i) for i in range(1, 140001))
    yield Probe("huge sizes + Ctrl-C", "repl table subtraction of 140,000", ["repl"], stdin=f"table subtraction:{subset} 100000\n".encode(), sigint=True)
    yield Probe("huge sizes + Ctrl-C", "repl value subtraction of 140,000", ["repl"], stdin=f"value subtraction:{subset} 18446744073709551615\n".encode(), sigint=True)
    for script in ["fn moves(p) { let a = []; for i in 0..100000000 { a.push(i); } [] }",
                   "fn moves(p) { let s = sum([0]); for i in 0..100000000 { s = sum([s, i]); } [] }",
                   "fn moves(p) { let a = [0]; for i in 0..40 { a += a; } [] }",
                   "fn moves(p) { let s = \"x\"; for i in 0..40 { s += s; } [] }",
                   "fn moves(p) { let m = #{}; for i in 0..100000000 { m[`${i}`] = i; } [] }",
                   "fn moves(p) { loop { } }", "fn moves(p) { moves(p) }",
                   "fn moves(p) { [p + 1] }", "fn terminal(p) { -9223372036854775807 - 1 }\nfn moves(p) { [] }",
                   "fn moves(p) { print(\"\\x1b[31m\"); [] }"]:
        path = f"{tmp}/s{abs(hash(script)) % 10**8}.rhai"
        with open(path, "w") as f:
            f.write(script + "\n")
        for extra in ([], ["--max-ops", "1000000000000000"]):
            yield Probe("huge sizes + Ctrl-C", f"script {script[:40]} {' '.join(extra)}", ["value", "--rules", path, "1"] + extra, sigint=True)
            yield Probe("huge sizes + Ctrl-C", f"solve script {script[:30]} {' '.join(extra)}", ["solve", "--rules", path, "1"] + extra, sigint=True)
    # Bytes that are not text, control characters.
    for args, stdin in [(["repl"], b"a := 1\n\xff\na + 1\n"), (["repl"], b"x\x1b[31my\n"), (["repl"], b"help \x1b[2J\x00\n"),
                        (["play", "nim", "3"], b"\x1b[2J\n\xff\nquit\n"), (["value", "nim", "--batch"], b"\xff\n1 \x1b 2\n"),
                        (["grundy-graph", "-"], b"2 1\n0 \x1b1\n"), (["repl"], b"a := 1\na a\n2a\n")]:
        yield Probe("not text", repr(stdin)[:40], args, stdin=stdin)
    yield Probe("not text", "repl < directory", ["repl"], stdin_file="/tmp")
    yield Probe("not text", "value --batch < directory", ["value", "nim", "--batch"], stdin_file="/tmp")


def nim_answer(heaps):
    x = 0
    for h in heaps:
        x ^= h
    return x


def kayles_grundy(n, memo={}):
    if n in memo:
        return memo[n]
    seen = set()
    for take in (1, 2):
        for left in range(0, n - take + 1):
            right = n - take - left
            seen.add(kayles_grundy(left) ^ kayles_grundy(right))
    g = 0
    while g in seen:
        g += 1
    memo[n] = g
    return g


def subtraction_grundy(s, n):
    g = []
    for i in range(n + 1):
        seen = {g[i - x] for x in s if x <= i}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def probes_answers(quick):
    rnd = random.Random(1939)
    for _ in range(60 if quick else 400):
        heaps = [rnd.randrange(0, 1 << rnd.choice([3, 10, 63])) for _ in range(rnd.randrange(1, 8))]
        want = nim_answer(heaps)
        yield Probe("right answers", f"nim {heaps}", ["value", "nim", " ".join(map(str, heaps)), "--json"],
                    check={"answer": lambda out, w=want: (int(json.loads(out)["grundy"]) == w, f"want {w}: {out[:100]}")})
    for _ in range(60 if quick else 300):
        heaps = [rnd.randrange(0, 60) for _ in range(rnd.randrange(1, 6))]
        want = 0
        for h in heaps:
            want ^= kayles_grundy(h)
        yield Probe("right answers", f"kayles {heaps}", ["value", "kayles", " ".join(map(str, heaps)), "--json"],
                    check={"answer": lambda out, w=want: (int(json.loads(out)["grundy"]) == w, f"want {w}: {out[:100]}")})
    for _ in range(60 if quick else 300):
        s = sorted(rnd.sample(range(1, 12), rnd.randrange(1, 5)))
        heaps = [rnd.randrange(0, 200) for _ in range(rnd.randrange(1, 4))]
        g = subtraction_grundy(s, max(heaps))
        want = 0
        for h in heaps:
            want ^= g[h]
        spec = "subtraction:" + ",".join(map(str, s))
        yield Probe("right answers", f"{spec} {heaps}", ["value", spec, " ".join(map(str, heaps)), "--json"],
                    check={"answer": lambda out, w=want: (int(json.loads(out)["grundy"]) == w, f"want {w}: {out[:100]}")})
    for _ in range(20 if quick else 100):
        n = rnd.randrange(1, 40)
        yield Probe("right answers", f"table kayles {n}", ["table", "kayles", "--count", str(n), "--json"],
                    check={"answer": lambda out, n=n: (json.loads(out)["values"] == [kayles_grundy(i) for i in range(n)], out[:100])})


def dist_pairs(binary, tmp):
    """Two processes started differently: both must refuse (or agree)."""
    graphs = {
        "a": "3 2\n0 1\n1 2\n", "b": "3 2\n0 1\n0 2\n", "c": "3 2\n0 1\n1 2\noutcome 2 W\n",
        "d": "4 3\n0 1\n1 2\n2 3\n", "e": "3 2\n1 0\n1 2\n",
    }
    for k, v in graphs.items():
        with open(f"{tmp}/dist-{k}.txt", "w") as f:
            f.write(v)
    script_a, script_b = f"{tmp}/dist-a.rhai", f"{tmp}/dist-b.rhai"
    with open(script_a, "w") as f:
        f.write("fn moves(p) { if p > 0 { [p - 1] } else { [] } }\n")
    with open(script_b, "w") as f:
        f.write("fn moves(p) { if p > 1 { [p - 2] } else { [] } }\n")
    pairs = [
        (["solve", f"{tmp}/dist-a.txt"], ["solve", f"{tmp}/dist-b.txt"]),
        (["solve", f"{tmp}/dist-a.txt"], ["solve", f"{tmp}/dist-c.txt"]),
        (["solve", f"{tmp}/dist-a.txt"], ["solve", f"{tmp}/dist-e.txt"]),
        (["solve", f"{tmp}/dist-a.txt"], ["solve", f"{tmp}/dist-d.txt"]),
        (["solve", f"{tmp}/dist-a.txt"], ["solve", f"{tmp}/dist-a.txt", "--misere"]),
        (["solve", "--demo", "tic-tac-toe"], ["solve", "--demo", "krk"]),
        (["solve", "--rules", script_a, "9"], ["solve", "--rules", script_b, "9"]),
        (["solve", "--rules", script_a, "9"], ["solve", "--rules", script_a, "8"]),
    ]
    for left, right in pairs:
        yield left, right


def run_pair(binary, tmp, left, right, port_base):
    hosts = f"{tmp}/hosts-{port_base}.txt"
    with open(hosts, "w") as f:
        f.write(f"127.0.0.1:{port_base}\n127.0.0.1:{port_base + 1}\n")

    def start(args, i):
        argv = [binary] + args + ["--workers", "1", "--processes", "2", "--process", str(i), "--hosts", hosts, "--connect-timeout", "10"]
        return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (SPACE_LIMIT, SPACE_LIMIT)))

    p1 = start(right, 1)
    p0 = start(left, 0)
    try:
        o0, e0 = p0.communicate(timeout=TIME_LIMIT)
        o1, e1 = p1.communicate(timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        p0.kill()
        p1.kill()
        return False, "hang", ""
    errs = [e0.decode("utf-8", "replace"), e1.decode("utf-8", "replace")]
    codes = [p0.returncode, p1.returncode]
    if all(c == 2 for c in codes) and all(len(e.strip().split("\n")) == 1 and "different space" in e for e in errs):
        return True, "both refused", f"codes {codes}"
    return False, "mismatch not refused", f"codes {codes}: {errs[0][:150]} | {errs[1][:150]} | {o0[:80]!r}"


def main():
    args = sys.argv[1:]
    quick = "--quick" in args
    only = None
    if "--only" in args:
        only = args[args.index("--only") + 1]
    binary = os.path.abspath([a for a in args if not a.startswith("--") and a != only][0])
    tmp = tempfile.mkdtemp(prefix="sprague-sweep-")
    os.mkfifo(f"{tmp}/fifo")
    os.mkfifo(f"{tmp}/fifo.svg")
    with open(f"{tmp}/g.txt", "w") as f:
        f.write("2 1\n0 1\n")
    with open(f"{tmp}/target.tbl", "w") as f:
        f.write("keep")
    os.symlink(f"{tmp}/target.tbl", f"{tmp}/link.tbl")
    os.link(f"{tmp}/target.tbl", f"{tmp}/hard.tbl")
    probes = list(probes_fixed(tmp)) + list(probes_answers(quick)) + list(probes_catalog(binary, quick))
    if only:
        probes = [p for p in probes if only in p.cls]
    results = {}
    failures, unpolled = [], []
    t0 = time.monotonic()
    for i, p in enumerate(probes):
        held, why, info = run(binary, p)
        results.setdefault(p.cls, [0, 0])
        results[p.cls][0] += 1
        if held:
            results[p.cls][1] += 1
            if why == "Ctrl-C: ended at once":
                unpolled.append(f"{p.name}  ({info})")
        else:
            failures.append(f"[{p.cls}] {p.name}: {why} ({info})")
            print(f"FAIL [{p.cls}] {p.name}: {why} ({info})", flush=True)
        if (i + 1) % 100 == 0:
            print(f"... {i + 1}/{len(probes)} probes, {time.monotonic() - t0:.0f} s", flush=True)
    if not only or "mismatched" in only:
        port = 41000 + os.getpid() % 1000 * 10
        for k, (left, right) in enumerate(dist_pairs(binary, tmp)):
            held, why, info = run_pair(binary, tmp, left, right, port + 2 * k)
            results.setdefault("mismatched processes", [0, 0])
            results["mismatched processes"][0] += 1
            if held:
                results["mismatched processes"][1] += 1
            else:
                failures.append(f"[mismatched processes] {left} / {right}: {why} ({info})")
                print(f"FAIL [mismatched] {left} / {right}: {why} ({info})", flush=True)
    # Nothing written over: the target, its symbolic link and hard link.
    results.setdefault("files written", [0, 0])
    results["files written"][0] += 1
    intact = (open(f"{tmp}/target.tbl").read() == "keep" and os.path.islink(f"{tmp}/link.tbl")
              and os.stat(f"{tmp}/hard.tbl").st_nlink == 2 and os.path.exists("/dev/null")
              and not os.path.isfile("/dev/null") and not os.path.isfile("/dev/full"))
    if intact:
        results["files written"][1] += 1
    else:
        failures.append("[files written] a target, link or device was replaced")
    total = sum(v[0] for v in results.values())
    held = sum(v[1] for v in results.values())
    print(f"\n{total} probes, {held} held, {total - held} failed, {time.monotonic() - t0:.0f} s")
    for cls, (n, h) in sorted(results.items()):
        print(f"  {cls}: {n} probes, {h} held")
    print(f"Ctrl-C probes that ended at once (a loop or read without polling): {len(unpolled)}")
    for u in unpolled:
        print("  " + u)
    if failures:
        print("\nfailures:")
        for f in failures:
            print("  " + f)
    subprocess.run(["rm", "-rf", tmp])
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
