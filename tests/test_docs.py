"""The examples in the public docstrings run and print what they say."""

import doctest
import importlib
import sys

import pytest

import handrank


@pytest.mark.parametrize("module", ["handrank", "handrank.cards", "handrank.evaluate", "handrank.census",
                                    "handrank.names", "handrank.showdown", "handrank.ranges", "handrank.equity",
                                    "handrank.preflop", "handrank.simulate", "handrank.strength",
                                    "handrank.ace_to_five", "handrank.deuce_to_seven", "handrank.shortdeck",
                                    "handrank.omaha", "handrank.omaha_ranges", "handrank.stud",
                                    "handrank.analysis", "handrank.isomorphism", "handrank.abstraction",
                                    "handrank.abstraction_job",
                                    "handrank.compat.treys", "handrank.compat.eval7", "handrank.compat.phevaluator"]
                         + (["handrank.compat.pokerkit"] if sys.version_info >= (3, 11) else []))
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_public_function_has_an_example():
    for name in handrank.__all__:
        obj = getattr(handrank, name)
        if callable(obj) and not isinstance(obj, type) and getattr(obj, "__module__", "").startswith("handrank"):
            assert ">>>" in (obj.__doc__ or ""), name


def test_readme_and_site_code_blocks_are_collected():
    """The README and every page of docs/ are run by Sybil (conftest.py at the top): a page
    whose blocks Sybil cannot see would pass unnoticed, so count what it sees."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    pages = [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    blocks = sum(page.read_text().count("```python") + page.read_text().count("```console") for page in pages)
    assert blocks >= 25, blocks
    assert "testpaths" in (root / "pyproject.toml").read_text() and (root / "conftest.py").exists()


def test_every_module_with_examples_runs_them():
    """A module whose docstrings show examples is in the list above (four were not)."""
    import pathlib

    source = pathlib.Path(__file__).read_text()
    package = pathlib.Path(handrank.__file__).parent
    for path in sorted(package.rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            module = ".".join(("handrank", *path.relative_to(package).with_suffix("").parts))
            module = module.removesuffix(".__init__")
            assert f'"{module}"' in source, module
