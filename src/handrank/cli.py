"""The ``handrank`` command line (also ``python -m handrank``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .census import census


def _census(args: argparse.Namespace) -> None:
    result = census(args.cards)
    print(json.dumps(result.as_dict(), indent=2) if args.json else result.table())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="handrank", description="Rank poker hands by lookup tables.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub = commands.add_parser("census", help="rank every 5-, 6- or 7-card hand and count the categories")
    sub.add_argument("--cards", type=int, choices=(5, 6, 7), default=5, help="cards a hand (default 5)")
    sub.add_argument("--json", action="store_true", help="print JSON instead of a table")
    sub.set_defaults(run=_census)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except (ValueError, TypeError) as error:
        print(f"handrank: error: {error}", file=sys.stderr)
        return 2
    return 0
