"""The ``handrank`` command line (also ``python -m handrank``).

    handrank rank "As Ks Qs Js Ts"
    handrank compare "As Ah Kc Qd Js" "Ac Ad Kh Qs Jd"
    handrank showdown --board "2c 7d 9h Kh 3s" "As Ah" "Kd Kc"
    handrank census --cards 7
    handrank equity AsAh KdKc --board "2c 7d 9h"
    handrank chart --out chart.png

Every command takes ``--json``. Bad input prints one line on stderr and exits with 2;
Ctrl-C prints one line and exits with 130.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from .cards import format_cards, parse
from .census import census
from .equity import equity
from .evaluate import category, compare
from .names import describe
from .preflop import chart_label, chart_text, plot_chart, preflop_chart
from .showdown import _best_five_of, explain, showdown


def _json(report: object) -> str:
    """JSON text; a NaN or infinity is an error, never printed."""
    return json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)


def _hand_report(text: str) -> dict[str, object]:
    cards = parse(text)
    rank, five = _best_five_of(cards)
    return {"hand": format_cards(cards), "rank": rank, "category": category(rank).name,
            "name": describe(rank), "short_name": describe(rank, short=True), "best_five": format_cards(five)}


def _rank(args: argparse.Namespace) -> str:
    report = _hand_report(args.hand)
    if args.json:
        return _json(report)
    return (f"rank {report['rank']} of 7462 ({str(report['category']).lower().replace('_', ' ')}): "
            f"{report['name']}\nbest five: {report['best_five']}")


def _compare(args: argparse.Namespace) -> str:
    first, second = _hand_report(args.first), _hand_report(args.second)
    result = compare(args.first, args.second)
    why = explain(args.first, args.second)
    if args.json:
        return _json({"result": result, "winner": {1: "first", -1: "second", 0: None}[result],
                      "explanation": why, "hands": [first, second]})
    verdict = {1: "first hand wins: ", -1: "second hand wins: ", 0: ""}[result]
    return (f"first:  {first['hand']}  rank {first['rank']}, {first['name']}\n"
            f"second: {second['hand']}  rank {second['rank']}, {second['name']}\n"
            f"{verdict}{why}")


def _showdown(args: argparse.Namespace) -> str:
    result = showdown(args.holes, args.board)
    if args.json:
        return _json(result.as_dict())
    lines = [f"board: {format_cards(result.board)}"]
    for index, player in enumerate(result.players):
        lines.append(f"player {index + 1}: {format_cards(player.hole)}  rank {player.rank}, {player.name} "
                     f"({format_cards(player.best_five)})")
    seats = ", ".join(str(i + 1) for i in result.winners)
    lines.append(f"split pot: players {seats}" if len(result.winners) > 1 else f"winner: player {seats}")
    return "\n".join(lines)


def _census(args: argparse.Namespace) -> str:
    result = census(args.cards)
    return _json(result.as_dict()) if args.json else result.table()


def _progress(done: int, total: int) -> None:
    print(f"\requity: {done / total:4.0%}", end="" if done < total else "\r", file=sys.stderr, flush=True)


def _equity(args: argparse.Namespace) -> str:
    result = equity(args.players, args.board, args.dead, trials=args.trials, seed=args.seed, threads=args.threads,
                    progress=_progress if sys.stderr.isatty() else None)
    return _json(result.as_dict()) if args.json else result.table()


def _chart(args: argparse.Namespace) -> str:
    if args.out:
        path = plot_chart(args.out)
        return f"wrote {path}"
    if args.json:
        chart = preflop_chart()
        return _json({"ranks": "AKQJT98765432",
                      "hands": [[chart_label(r, c) for c in range(13)] for r in range(13)],
                      "equity": chart.tolist()})
    return chart_text()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="handrank",
        description="Rank poker hands by lookup tables. Ranks run from 1 (royal flush) to 7462 "
                    "(7-5-4-3-2); lower is better, equal ranks split the pot.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub = commands.add_parser("rank", help="rank, category, name and best five of a hand of 5-7 cards")
    sub.add_argument("hand", help="the cards, e.g. 'As Ks Qs Js Ts' or 'AsKsQsJsTs'")
    sub.set_defaults(run=_rank)

    sub = commands.add_parser("compare", help="which of two hands wins, or a split pot, and why")
    sub.add_argument("first")
    sub.add_argument("second")
    sub.set_defaults(run=_compare)

    sub = commands.add_parser("showdown", help="Texas Hold'em: each player's hand against the board, and the winners")
    sub.add_argument("--board", required=True, help="3 to 5 community cards")
    sub.add_argument("holes", nargs="+", metavar="HOLE", help="each player's two hole cards, e.g. 'As Ah'")
    sub.set_defaults(run=_showdown)

    sub = commands.add_parser("census", help="rank every 5-, 6- or 7-card hand and count the categories")
    sub.add_argument("--cards", type=int, choices=(5, 6, 7), default=5, help="cards a hand (default 5)")
    sub.set_defaults(run=_census)

    sub = commands.add_parser("equity", help="Texas Hold'em win, tie and equity of 2-10 hands or ranges")
    sub.add_argument("players", nargs="+", metavar="PLAYER",
                     help="two hole cards ('AsAh') or a range ('QQ+,AKs') per player")
    sub.add_argument("--board", default="", help="0, 3, 4 or 5 community cards")
    sub.add_argument("--dead", default="", help="cards out of the deck")
    sub.add_argument("--trials", type=int, help="Monte Carlo deals (default: exact when affordable)")
    sub.add_argument("--seed", type=int, help="Monte Carlo seed (default: random, printed)")
    sub.add_argument("--threads", type=int, help="threads to run on (default 1)")
    sub.set_defaults(run=_equity)

    sub = commands.add_parser("chart", help="each starting hand's exact preflop equity against one random hand")
    sub.add_argument("--out", help="draw a heatmap to this file (.png, .svg; needs the plot extra)")
    sub.set_defaults(run=_chart)

    for name in ("rank", "compare", "showdown", "census", "equity", "chart"):
        commands.choices[name].add_argument("--json", action="store_true", help="print JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        print(args.run(args), flush=True)
    except (ValueError, TypeError, ImportError) as error:
        print(f"handrank: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nhandrank: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (handrank census | head -1): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 141
    except OSError as error:  # e.g. a full disk behind stdout
        print(f"handrank: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
