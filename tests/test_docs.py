"""The examples in the public docstrings run and print what they say."""

import doctest
import importlib

import pytest

import handrank


@pytest.mark.parametrize("module", ["handrank", "handrank.cards", "handrank.evaluate", "handrank.census",
                                    "handrank.names", "handrank.showdown", "handrank.ranges", "handrank.equity",
                                    "handrank.preflop", "handrank.simulate", "handrank.strength",
                                    "handrank.ace_to_five", "handrank.deuce_to_seven", "handrank.compat.treys"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_public_function_has_an_example():
    for name in handrank.__all__:
        obj = getattr(handrank, name)
        if callable(obj) and not isinstance(obj, type) and getattr(obj, "__module__", "").startswith("handrank"):
            assert ">>>" in (obj.__doc__ or ""), name


def test_the_readme_api_tour_runs_as_written(capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    tour = readme.split("## API tour", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    names = {}
    exec(compile(tour, "README.md (API tour)", "exec"), names)  # noqa: S102
    assert names["hands"].flags.c_contiguous and names["hands"].shape == (1_000_000, 7)
    assert names["ranks"].shape == (1_000_000,) and names["result"].winners == [1]
    assert "133,784,560" in capsys.readouterr().out  # the 7-card census table it prints
