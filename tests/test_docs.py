"""The examples in the public docstrings run and print what they say."""

import doctest
import importlib

import pytest

import handrank


@pytest.mark.parametrize("module", ["handrank", "handrank.cards", "handrank.evaluate", "handrank.census",
                                    "handrank.names", "handrank.showdown", "handrank.ranges", "handrank.equity",
                                    "handrank.preflop", "handrank.simulate", "handrank.strength",
                                    "handrank.compat.treys"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_public_function_has_an_example():
    for name in handrank.__all__:
        obj = getattr(handrank, name)
        if callable(obj) and not isinstance(obj, type) and getattr(obj, "__module__", "").startswith("handrank"):
            assert ">>>" in (obj.__doc__ or ""), name
