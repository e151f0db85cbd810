"""One JSON on every surface: each request of the shared corpus
(crates/sprague-cli/tests/json_corpus.txt: one position of every ruleset of
the catalog, tables, and every kind of ``calc``) gives, from ``.json()``, the JSON line
written under it, byte for byte: what ``sprague … --json`` prints and the
playground answers (checked by crates/sprague-cli/tests/commands/same_json.rs)."""

import json
import pathlib

import pytest

import sprague

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "sprague-cli" / "tests" / "json_corpus.txt"


def cases():
    lines = [l for l in CORPUS.read_text(encoding="utf-8").split("\n") if l and not l.startswith("#")]
    return [(lines[i], lines[i + 1]) for i in range(0, len(lines), 2)]


def answer(request):
    """The Python package's answer to a corpus request."""
    verb, rest = request.split(" ", 1)
    if verb == "value":
        misere = rest.endswith(" --misere")
        if misere:
            rest = rest[: -len(" --misere")]
        spec, position = rest.split(" ", 1)
        return sprague.value(spec, position, misere=misere)
    if verb == "table":
        misere = rest.endswith(" --misere")
        if misere:
            rest = rest[: -len(" --misere")]
        spec, count = rest.split(" ")
        return sprague.table(spec, int(count), misere=misere)
    assert verb == "calc", request
    options = {}
    while True:
        if rest.startswith("--misere "):
            options["misere"] = True
            rest = rest[len("--misere ") :]
        elif rest.startswith("--cool ") or rest.startswith("--heat "):
            flag, value, rest = rest.split(" ", 2)
            options[flag[2:]] = value
        else:
            break
    return sprague.calc(rest, **options)


def test_the_corpus_covers_every_ruleset():
    requests = [r for r, _ in cases()]
    names = {r.split(" ")[1].split(":")[0] for r in requests if r.startswith("value ")}
    assert {g.name for g in sprague.games()} <= names


@pytest.mark.parametrize("request_line,expected", cases(), ids=[r for r, _ in cases()])
def test_json_is_the_command_line_s(request_line, expected):
    got = answer(request_line).json()
    assert got == expected
    # And it is JSON, whose data is the answer's.
    assert json.loads(got) is not None


def test_integers_beyond_2_53_are_strings():
    # A nim heap of 2^53 + 1 tokens has that Grundy value: a string in JSON.
    v = sprague.value("nim", "9007199254740993")
    data = json.loads(v.json())
    assert data["grundy"] == "9007199254740993"
    assert v.data["grundy"] == 9007199254740993
