"""How results show themselves in a REPL and in Jupyter: one HTML table helper for all."""

from __future__ import annotations

import html
from collections.abc import Sequence


def html_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A small HTML table (Jupyter's rich display); every cell is escaped."""
    head = "".join(f"<th>{html.escape(str(cell))}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    return (f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def percent(value: float) -> str:
    return f"{100 * value:.2f}%"
