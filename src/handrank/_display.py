"""How results show themselves in a REPL and in Jupyter (one HTML table helper for all), and
the checks every picture's path gets before any drawing."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any


def html_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A small HTML table (Jupyter's rich display); every cell is escaped."""
    head = "".join(f"<th>{html.escape(str(cell))}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    return (f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def showdown_text(title: str, rows: Sequence[Sequence[object]], winners: Sequence[int]) -> str:
    """A showdown as text: ``title``, one line a player from ``rows`` (seat, cards, rank,
    name, best five, verdict), then who wins or splits (players numbered from 1)."""
    lines = [title]
    for seat, cards, rank, name, five, verdict in rows:
        after = f"  {verdict}" if verdict else ""
        lines.append(f"player {seat}: {cards}  rank {rank}, {name} ({five}){after}")
    seats = ", ".join(str(i + 1) for i in winners)
    lines.append(f"split pot: players {seats}" if len(winners) > 1 else f"winner: player {seats}")
    return "\n".join(lines)


def percent(value: float) -> str:
    return f"{100 * value:.2f}%"


FIGURE_SUFFIXES = (".png", ".svg", ".pdf")


def figure_path(path: object) -> str:
    """A picture's path, checked before any work: a str or Path naming a file (not a folder)
    that ends in .png, .svg or .pdf, in a folder that exists.

    Raises:
        TypeError: neither a str nor a Path.
        ValueError: another suffix (none included), a folder, a folder that does not exist.
    """
    from pathlib import Path

    if not isinstance(path, (str, Path)):
        raise TypeError(f"a picture's path must be a str or a Path, got {type(path).__name__}")
    where = Path(path)
    if where.suffix.lower() not in FIGURE_SUFFIXES:
        raise ValueError(f"cannot draw {str(path)!r}: the name must end in .png, .svg or .pdf")
    from ._work import file_to_write

    return str(file_to_write(where))


def pyplot_for_file(path: object) -> Any:
    """matplotlib's pyplot on its file backend, for a picture written to ``path`` (checked first)."""
    figure_path(path)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError('drawing needs matplotlib: pip install ".[plot]"') from None
    return plt
