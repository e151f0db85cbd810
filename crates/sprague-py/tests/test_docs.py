"""The tutorial docs/python.md: every ```python block runs, in order, in one namespace."""

import pathlib
import re

import pytest

TUTORIAL = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def blocks():
    text = TUTORIAL.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_the_tutorial_has_code_blocks():
    assert len(blocks()) >= 10


def test_tutorial_blocks_run_in_order():
    namespace = {"__name__": "tutorial"}
    for i, block in enumerate(blocks()):
        try:
            exec(compile(block, f"{TUTORIAL.name} block {i + 1}", "exec"), namespace)
        except Exception as e:  # pragma: no cover - the failure is the report
            pytest.fail(f"block {i + 1} of {TUTORIAL.name} failed: {e!r}\n{block}")
