"""Every code block of the README and of the documentation site runs in the tests (Sybil):

- ```python blocks run; their ``>>>`` examples are doctests, so what they print is checked;
- ```console blocks are handrank command lines (``$ handrank ...``) run in-process, their
  output compared with the text under them.

Blocks in other languages (``sh``: the install commands, which .ci/run itself runs; ``text``)
are not Python and are not run.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import shlex
import textwrap

from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser


def _run_console(example: Example) -> str | None:
    """Each ``$ handrank ARGS`` line's stdout (stderr too, for a refused one) must equal the
    lines under it, up to the next command; ``...`` stands for any text, as in doctests."""
    from handrank.cli import main

    commands: list[tuple[str, list[str]]] = []
    for line in example.parsed.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
    for command, expected in commands:
        argv = shlex.split(command)
        if argv[0] != "handrank":
            return f"not a handrank command: {command}"
        out, err = io.StringIO(), io.StringIO()
        # SystemExit: argparse's refusals and --help
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
            main(argv[1:])
        got = (out.getvalue() + err.getvalue()).rstrip("\n")
        want = textwrap.dedent("\n".join(expected)).rstrip("\n")
        if not doctest.OutputChecker().check_output(want + "\n", got + "\n", doctest.ELLIPSIS):
            return f"$ {command}\nexpected:\n{want}\ngot:\n{got}"
    return None


pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE),
        CodeBlockParser(language="console", evaluator=_run_console),
    ],
    patterns=["README.md", "docs/*.md", "docs/**/*.md"],
).pytest()
