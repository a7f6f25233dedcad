"""The ``handrank`` command line (also ``python -m handrank``).

    handrank rank As Ks Qs Js Ts
    handrank compare "As Ah Kc Qd Js" "Ac Ad Kh Qs Jd"
    handrank showdown --board "2c 7d 9h Kh 3s" "As Ah" "Kd Kc"
    handrank census --cards 7
    handrank equity AsAh KdKc --board "2c 7d 9h"
    handrank chart --out chart.png
    handrank strength --street flop --out strength.npz --bins 50

Every command takes ``--json``. Bad input prints one line on stderr and exits with 2;
Ctrl-C prints one line and exits with 130.
"""

from __future__ import annotations

import argparse
import decimal
import json
import os
import re
import sys
import typing
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .cards import format_cards, names_no_cards, parse, shown_text
from .census import census
from .equity import equity
from .evaluate import category, compare
from .names import describe
from .preflop import chart_label, chart_text, plot_chart, preflop_chart
from .showdown import Showdown, best_five_of, explain, showdown


def _json(report: object) -> str:
    """JSON text; a NaN or infinity is an error, never printed."""
    return json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)


def _cli_numbers(message: str) -> str:
    """Errors from the API name players by index (players[0], holes[1], hands[2]); on the command line
    players are numbered from 1, as in the text and the JSON."""
    return re.sub(r"\b(?:players|holes|hands)\[(\d+)\]", lambda m: f"player {int(m[1]) + 1}", message)


def _whole_number(text: str) -> int:
    """An int given as 1000000, 1_000_000 or 1e6: any exact whole number, read exactly."""
    try:
        exact = decimal.Decimal(text)
    except decimal.InvalidOperation:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown_text(text)}") from None
    if not exact.is_finite() or (exact.adjusted() < 40 and exact != exact.to_integral_value()):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown_text(text)}")
    if exact.adjusted() >= 40:  # refused before it becomes an int of millions of digits
        raise argparse.ArgumentTypeError(f"{shown_text(text)} is too large")
    return int(exact)


def _single_card(token: str) -> bool:
    try:
        return len(parse(token)) == 1
    except ValueError:
        return False


def _pair_cards(tokens: Sequence[str]) -> list[str]:
    """Hands from arguments: a run of single cards (As Ah Kd Kc, unquoted) is paired two by two;
    anything else ('As Ah', AsAh, a range) is one hand."""
    return _group_cards(tokens, 2)


def _group_cards(tokens: Sequence[str], size: int) -> list[str]:
    """Omaha hands from arguments: a run of single cards is cut into hands of `size`; anything
    else ('As Ah Kd Kc', AsAhKdKc, random) is one hand."""
    hands: list[str] = []
    run: list[str] = []
    for token in [*tokens, ""]:
        if token and _single_card(token):
            run.append(token)
            continue
        if len(run) % size:
            unit = "pairs of hole cards" if size == 2 else f"hands of {size}"
            raise ValueError(f"cards given one by one come in {unit}, got {len(run)}: {' '.join(run)}")
        hands += [" ".join(run[i:i + size]) for i in range(0, len(run), size)]
        run = []
        if token:
            hands.append(token)
    return hands


_OMAHA_GAMES = ("plo4", "plo5", "plo6", "plo4-hilo", "plo5-hilo", "plo6-hilo")


def _omaha_game(game: str) -> tuple[int, bool] | None:
    """(hole cards, hi-lo) of an Omaha game name, None for another game."""
    return (int(game[3]), game.endswith("-hilo")) if game in _OMAHA_GAMES else None


def _omaha_hands(tokens: Sequence[str], game: str) -> list[str]:
    """The players' hands of an Omaha ``game`` from arguments (``_group_cards``), each of the
    game's hole count unless it is "random"."""
    from ._omaha_equity import cards_of_hand

    game_rules = _omaha_game(game)
    assert game_rules is not None
    hands = _group_cards(tokens, game_rules[0])
    for seat, hand in enumerate(hands, 1):
        if hand.strip().lower() == "random":
            continue
        cards = cards_of_hand(hand)
        if cards is None:
            continue  # an Omaha range (a list of hands too), which omaha.equity reads (and names if it cannot)
        count = len(cards)
        if count != game_rules[0]:
            raise ValueError(f"--game {game} hands have {game_rules[0]} hole cards: player {seat} has {count}")
    return hands


def _omaha_report(hole: str, board: str, nhole: int, hilo: bool) -> dict[str, object]:
    from . import omaha

    hole_cards, board_cards = parse(hole), parse(board)
    if len(hole_cards) != nhole:
        raise ValueError(f"a PLO{nhole} hand has {nhole} hole cards, got {len(hole_cards)}")
    rank = omaha.evaluate(hole_cards, board_cards)
    two, three = omaha.best_five(hole_cards, board_cards)
    report: dict[str, object] = {"hole": format_cards(hole_cards), "board": format_cards(board_cards), "rank": rank,
                                 "category": category(rank).name, "name": omaha.describe(rank),
                                 "short_name": omaha.describe(rank, True), "best_five": format_cards(two + three)}
    if hilo:
        low = omaha.evaluate_low(hole_cards, board_cards)
        report["low"] = low
        report["low_name"] = omaha.describe_low(low)
    return report


def _omaha_hand_and_board(tokens: Sequence[str], board: str | None) -> tuple[str, str]:
    """An Omaha hand and board from `rank`'s arguments: the board from --board, or the last
    five of the cards given one by one, or the second of two quoted groups."""
    if board:
        return " ".join(tokens), board
    if len(tokens) == 2 and not all(_single_card(t) for t in tokens):
        return tokens[0], tokens[1]
    cards = parse(" ".join(tokens))
    if len(cards) < 9:
        raise ValueError(f"an Omaha hand and its board are 9 to 11 cards, got {len(cards)} (or pass --board)")
    return format_cards(cards[:-5]), format_cards(cards[-5:])


def _seed_for_json(seed: int | None) -> int | str | None:
    """Seeds above 2**53 as strings: JavaScript's numbers would round them."""
    return str(seed) if seed is not None and seed > 2**53 else seed


def _rules(args: argparse.Namespace) -> dict[str, bool]:
    """Keyword arguments of the game's functions: short deck's rule variant."""
    tbs = getattr(args, "trips_beat_straight", False)
    if tbs and getattr(args, "game", "holdem") != "shortdeck":
        raise ValueError("--trips-beat-straight applies to --game shortdeck only")
    return {"trips_beat_straight": True} if tbs else {}


def _hand_report(text: str, game: str = "holdem", rules: dict[str, bool] | None = None) -> dict[str, object]:
    cards = parse(text)
    if game in ("razz", "stud") and len(cards) != 7:
        raise ValueError(f"a {'Razz' if game == 'razz' else 'stud'} hand has 7 cards, got {len(cards)}")
    if game not in ("holdem", "stud"):  # stud high ranks seven cards as Hold'em does
        module, rules = _game_module(game), rules or {}
        rank = module.evaluate(cards, **rules)
        return {"hand": format_cards(cards), "rank": rank, "category": module.category(rank, **rules).name,
                "name": module.describe(rank, **rules), "short_name": module.describe(rank, short=True, **rules),
                "best_five": format_cards(module.best_five(cards, **rules))}
    rank, five = best_five_of(cards)
    return {"hand": format_cards(cards), "rank": rank, "category": category(rank).name,
            "name": describe(rank), "short_name": describe(rank, short=True), "best_five": format_cards(five)}


_RANK_COUNTS = {"holdem": 7462, "stud": 7462, "a5": 6175, "razz": 6175, "27": 7462, "shortdeck": 1404}
_GAME_NAMES = {"a5": "ace-to-five", "razz": "ace-to-five", "27": "deuce-to-seven", "shortdeck": "short-deck"}


def _game_module(game: str) -> Any:
    """The module of another game: ace-to-five (a5, razz), deuce-to-seven (27), short deck."""
    if game == "shortdeck":
        from . import shortdeck

        return shortdeck
    if game == "27":
        from . import deuce_to_seven

        return deuce_to_seven
    from . import ace_to_five

    return ace_to_five


def _rank(args: argparse.Namespace) -> str:
    omaha_game = _omaha_game(args.game)
    if omaha_game:
        report = _omaha_report(*_omaha_hand_and_board(args.hand, args.board), *omaha_game)
        if args.json:
            return _json(report)
        kind = str(report["category"]).lower().replace("_", " ")
        low = f"\nlow: {report['low_name']}" if omaha_game[1] else ""
        return (f"rank {report['rank']} of 7462 ({kind}): {report['name']}\n"
                f"best five: {report['best_five']} (two hole cards, three from the board){low}")
    if args.board:
        raise ValueError("--board applies to the Omaha games (--game plo4 ...)")
    report = _hand_report(" ".join(args.hand), args.game, _rules(args))
    if args.json:
        return _json(report)
    kind = str(report["category"]).lower().replace("_", " ")
    return (f"rank {report['rank']} of {_RANK_COUNTS[args.game]} ({kind}): {report['name']}\n"
            f"best five: {report['best_five']}")


def _two_hands(tokens: Sequence[str]) -> tuple[str, str]:
    """Two quoted hands, or the cards of both unquoted, split in the middle."""
    if len(tokens) == 2:
        return tokens[0], tokens[1]
    if len(tokens) % 2 == 0 and all(_single_card(t) for t in tokens):
        half = len(tokens) // 2
        return " ".join(tokens[:half]), " ".join(tokens[half:])
    raise ValueError(f"compare takes two hands, quoted or as an even number of cards, got {len(tokens)} arguments")


def _compare(args: argparse.Namespace) -> str:
    first_hand, second_hand = _two_hands(args.hands)
    omaha_game = _omaha_game(args.game)
    if omaha_game:
        if not args.board:
            raise ValueError("Omaha hands are compared on a board: pass --board with 5 cards")
        from . import omaha

        first_report = _omaha_report(first_hand, args.board, *omaha_game)
        second_report = _omaha_report(second_hand, args.board, *omaha_game)
        outcome = omaha.compare(first_hand, second_hand, args.board)
        why = ("Both the same high hand: split pot." if outcome == 0 else
               f"{(first_report if outcome > 0 else second_report)['name']} is the better high hand.")
        return _comparison(args, outcome, why, first_report, second_report, "hole")
    if args.board:
        raise ValueError("--board applies to the Omaha games (--game plo4 ...)")
    rules = _rules(args)
    first, second = _hand_report(first_hand, args.game, rules), _hand_report(second_hand, args.game, rules)
    if args.game in ("holdem", "stud"):
        result = compare(first_hand, second_hand)
        why = explain(first_hand, second_hand)
    else:
        game = _GAME_NAMES[args.game]
        result = _game_module(args.game).compare(first_hand, second_hand, **rules)
        why = (f"Both the same {game} hand: split pot." if result == 0 else
               f"{(first if result > 0 else second)['name']} is the better {game} hand.")
    return _comparison(args, result, why, first, second, "hand")


def _comparison(args: argparse.Namespace, result: int, why: str, first: dict[str, object],
                second: dict[str, object], cards: str) -> str:
    """`compare`'s output: JSON, or a line a hand (its `cards` key) and the verdict."""
    if args.json:
        return _json({"result": result, "winner": {1: "first", -1: "second", 0: None}[result],
                      "explanation": why, "hands": [first, second]})
    verdict = {1: "first hand wins: ", -1: "second hand wins: ", 0: ""}[result]
    return (f"first:  {first[cards]}  rank {first['rank']}, {first['name']}\n"
            f"second: {second[cards]}  rank {second['rank']}, {second['name']}\n"
            f"{verdict}{why}")


def _stud_hands(tokens: Sequence[str], fewest: int) -> list[str | None]:
    """Stud players from arguments, one argument (a quoted hand, 'As Ah Kd') a player; 'unknown'
    or 'random' for a player none of whose cards are known (equity only: ``fewest`` 0)."""
    hands: list[str | None] = []
    for token in tokens:
        unknown = names_no_cards(token)
        if unknown and not fewest:
            hands.append(None)
        elif unknown:
            raise ValueError(f"a showdown needs every player's cards, got {token!r}")
        else:
            hands.append(token)
    return hands


def _stud_game(args: argparse.Namespace) -> bool:
    """Whether --game is stud or razz (whose hands have no board)."""
    if args.game not in ("stud", "razz"):
        return False
    _rules(args)  # refuses short deck's rule here
    if args.board:
        raise ValueError(f"--board does not apply to --game {args.game}: stud games have no board")
    return True


def _showdown(args: argparse.Namespace) -> str:
    if _stud_game(args):
        from . import stud

        played = stud.showdown(typing.cast("list[str]", _stud_hands(args.holes, 5)), razz=args.game == "razz")
        return _seated_json(played.as_dict(), played.winners) if args.json else played.table()
    if not args.board:
        raise ValueError(f"--game {args.game} showdowns need the board: --board '2c 7d 9h Kh 3s'")
    omaha_game = _omaha_game(args.game)
    if omaha_game:
        from . import omaha

        outcome = omaha.showdown(_omaha_hands(args.holes, args.game), args.board, hilo=omaha_game[1])
        return _json(outcome.as_dict()) if args.json else outcome.table()
    rules = _rules(args)
    result: Showdown
    if args.game == "shortdeck":
        result = _game_module("shortdeck").showdown(_pair_cards(args.holes), args.board, **rules)
    else:
        result = showdown(_pair_cards(args.holes), args.board)
    return _seated_json(result.as_dict(), result.winners) if args.json else result.table()


def _seated_json(report: dict[str, object], winners: list[int]) -> str:
    """A showdown's JSON with players and winners numbered from 1, as in the text."""
    players = report["players"]
    assert isinstance(players, list)
    for seat, player in enumerate(players, 1):
        player["player"] = seat
    report["winners"] = [i + 1 for i in winners]
    return _json(report)


def _census(args: argparse.Namespace) -> str:
    rules = _rules(args)
    if args.game not in ("27", "razz", "stud"):
        args.cards = args.cards or 5
    if args.game == "holdem":
        result: Any = census(args.cards)
    elif args.game == "shortdeck":
        result = _game_module("shortdeck").census(args.cards, **rules)
    elif args.game in ("27", "razz", "stud"):
        cards = 5 if args.game == "27" else 7
        if args.cards not in (None, cards):
            raise ValueError(f"--game {args.game} hands have {cards} cards: --cards {args.cards} does not apply")
        result = census(cards) if args.game == "stud" else _game_module(args.game).census(cards)
    else:
        result = _game_module(args.game).census(args.cards)
    return _json(result.as_dict()) if args.json else result.table()


def _equity(args: argparse.Namespace) -> str:
    if args.per_combo:
        return _per_combo(args)
    if args.out:
        raise ValueError("--out draws the distribution of --per-combo: add --per-combo")
    if _stud_game(args):
        from . import stud

        result = stud.equity(_stud_hands(args.players, 0), args.dead, razz=args.game == "razz", trials=args.trials,
                             seed=args.seed, threads=args.threads, progress=sys.stderr.isatty())
        if args.json:
            report = result.as_dict()
            report["seed"] = _seed_for_json(result.seed)
            return _json(report)
        return result.table()
    omaha_game = _omaha_game(args.game)
    if omaha_game:
        from . import omaha

        result = omaha.equity(_omaha_hands(args.players, args.game), args.board, args.dead, hilo=omaha_game[1],
                              hole=omaha_game[0], trials=args.trials, seed=args.seed, threads=args.threads,
                              progress=sys.stderr.isatty())
        if args.json:
            report = result.as_dict()
            report["seed"] = _seed_for_json(result.seed)
            return _json(report)
        return result.table()
    rules = _rules(args)
    run = _game_module("shortdeck").equity if args.game == "shortdeck" else equity
    result = run(_pair_cards(args.players), args.board, args.dead, trials=args.trials, seed=args.seed,
                 threads=args.threads, progress=sys.stderr.isatty(), **rules)
    if args.json:
        report = result.as_dict()
        report["seed"] = _seed_for_json(result.seed)
        return _json(report)
    return result.table()


def _per_combo(args: argparse.Namespace) -> str:
    """equity --per-combo: each combo of the first player's range against the others."""
    from ._display import figure_path
    from .analysis import combo_equity

    if args.game != "holdem":
        raise ValueError("--per-combo is for Texas Hold'em (--game holdem)")
    if args.trials is not None or args.seed is not None:
        raise ValueError("--per-combo is exact: it takes no --trials or --seed")
    if args.out:
        figure_path(args.out)
    players = _pair_cards(args.players)
    if len(players) < 2:
        raise ValueError("equity takes 2 to 10 players, got 1")
    result = combo_equity(players[0], players[1:], args.board, args.dead, threads=args.threads,
                          progress=sys.stderr.isatty())
    if args.out:
        result.plot(args.out)
        return f"wrote {args.out}"
    return _json(result.as_dict()) if args.json else result.table()


def _breakdown(args: argparse.Namespace) -> str:
    from ._display import figure_path
    from .analysis import breakdown

    if args.out:
        figure_path(args.out)
    tokens = args.range  # unquoted hole cards (As Ah) stay cards; range items join with commas
    result = breakdown(" ".join(tokens) if all(_single_card(t) for t in tokens) else ",".join(tokens), args.board,
                       args.dead)
    if args.out:
        return f"wrote {result.plot(args.out)}"
    return _json(result.as_dict()) if args.json else result.table()


def _outs(args: argparse.Namespace) -> str:
    from .analysis import outs

    players = _pair_cards(args.players)
    if len(players) < 2:
        raise ValueError("outs takes the hero and 1 to 9 opponents, got 1 player")
    result = outs(players[0], players[1:], args.board, args.dead, threads=args.threads)
    return _json(result.as_dict()) if args.json else result.table()


def _announcer(what: str) -> Callable[[int], None]:
    """A job's size, said on stderr once the job has checked its arguments (a refused run says only why)."""
    def announce(nbytes: int) -> None:
        print(f"{what} will take about {nbytes / 1e6:,.0f} MB", file=sys.stderr, flush=True)
    return announce


def _strength(args: argparse.Namespace) -> str:
    from pathlib import Path

    from .strength_job import run_strength_job

    index, _, count = args.part.partition("/")
    if not (index.isdigit() and count.isdigit()):
        raise ValueError(f"--part is I/N, e.g. 1/4, got {args.part!r}")
    summary = run_strength_job(args.street, Path(args.out), bins=args.bins, threads=args.threads,
                               part=(int(index), int(count)), scheduler=args.scheduler,
                               progress=sys.stderr.isatty(),
                               announce=None if args.json else _announcer(
                                   f"strength: every {args.street} up to suit isomorphism; the output"))
    if args.json:
        return _json(summary)
    if summary["complete"]:
        return f"wrote {summary['out']}: {summary['boards']:,} {args.street}s ({summary['seconds']} s)"
    return (f"{summary['blocks_done']} of {summary['blocks']} blocks done ({summary['seconds']} s); "
            f"run the other parts, then this command again to merge")


def _abstraction(args: argparse.Namespace) -> str:
    from pathlib import Path

    from .abstraction_job import run_abstraction_job

    index, _, count = args.part.partition("/")
    if not (index.isdigit() and count.isdigit()):
        raise ValueError(f"--part is I/N, e.g. 1/4, got {args.part!r}")
    summary = run_abstraction_job(args.street, Path(args.out), features=args.features, buckets=args.buckets,
                                  seed=args.seed, iterations=args.iterations, threads=args.threads,
                                  part=(int(index), int(count)), scheduler=args.scheduler,
                                  progress=sys.stderr.isatty(),
                                  announce=None if args.json else _announcer(
                                      f"abstraction: every {args.street} class; the files"))
    if args.json:
        summary["seed"] = _seed_for_json(summary["seed"])  # type: ignore[arg-type]
        return _json(summary)
    if summary["complete"]:
        points = int(summary["points"])  # type: ignore[call-overload]
        shared = f"; {points:,} distinct points clustered" if points < int(summary["classes"]) else ""  # type: ignore[call-overload]
        return (f"wrote {summary['out']}: {summary['classes']:,} {args.street} classes in {summary['buckets']} "
                f"buckets ({args.features}, seed {summary['seed']}, {summary['seconds']} s{shared})")
    return (f"{summary['blocks_done']} of {summary['blocks']} strength blocks done; run the other parts, then this "
            "command again")


def _chart(args: argparse.Namespace) -> str:
    if args.game == "plo4":
        return _plo4_chart(args)
    if args.top is not None:
        return _holdem_top(args)
    if args.out:
        path = plot_chart(args.out)
        return f"wrote {path}"
    if args.json:
        chart = preflop_chart()
        return _json({"ranks": "AKQJT98765432",
                      "hands": [[chart_label(r, c) for c in range(13)] for r in range(13)],
                      "equity": chart.tolist()})
    return chart_text()


def _holdem_top(args: argparse.Namespace) -> str:
    """The best --top of the 169 starting hands, in the order percentage ranges take them."""
    if args.out:
        raise ValueError("--top prints the best hands; --out draws the whole chart: give one of them")
    if not 1 <= args.top <= 169:
        raise ValueError(f"--top must be from 1 to 169, got {args.top}")
    chart = preflop_chart()
    rows = [{"hand": hand, "rank": chart.rank(hand), "percentile": chart.percentile(hand),
             "equity": chart.equity(hand), "combos": 6 if len(hand) == 2 else 4 if hand.endswith("s") else 12}
            for hand in chart.top(100)[:args.top]]
    if args.json:
        return _json({"hands": rows})
    lines = [f"{'rank':>4}  {'hand':<5} {'equity':>7} {'top %':>7} {'combos':>6}"]
    lines += [f"{row['rank']:>4}  {row['hand']:<5} {row['equity']:>7.2%} {row['percentile']:>6.2f}% {row['combos']:>6}"
              for row in rows]
    return "\n".join(lines)


def _plo4_chart(args: argparse.Namespace) -> str:
    """The PLO4 starting-hand table: the best --top classes (all of them with --json)."""
    from .omaha import preflop_table

    if args.out:
        raise ValueError("--out draws the Hold'em chart; --game plo4 prints its table")
    top = 20 if args.top is None else args.top
    if not 1 <= top <= 16_432:
        raise ValueError(f"--top must be from 1 to 16432, got {top}")
    table = preflop_table()
    if args.json:
        order = table.order[:top].tolist()
        return _json({"trials": table.trials, "classes": [
            {"hand": table.hands[c], "class": c, "rank": int(table.rank[c]), "percentile": float(table.percentile[c]),
             "equity": float(table.equity[c]), "hands": int(table.size[c])} for c in order]})
    return table.table(top)


def _drop_stdout() -> None:
    """Send what stdout still buffers to /dev/null: the flush at exit must not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _version() -> str:
    import handrank

    return str(handrank.__version__)


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors as one line, as handrank's own errors are (one line of JSON
    on stderr when --json was asked for); --help shows the usage."""

    json_errors = False

    def error(self, message: str) -> NoReturn:
        if _Parser.json_errors:
            print(json.dumps({"error": message, "status": 2}), file=sys.stderr)
            raise SystemExit(2)
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


EXAMPLES = """examples:
  handrank rank As Ks Qs Js Ts                        rank, category, name, best five
  handrank compare "As Ah Kc Qd Js" "Ac Ad Kh Qs Jd"  who wins, or a split pot, and why
  handrank showdown --board "2c 7d 9h Kh 3s" "As Ah" "Kd Kc"
  handrank census --cards 7                           every 7-card hand, by category
  handrank equity AsAh KdKc --board "2c 7d 9h"        exact; ranges too: "QQ+,AKs" "JJ-88" "15%"
  handrank equity --game plo4 "As Ah Kd Kc" random --trials 1e6 --seed 1
  handrank equity --game stud "As Ah Kd" "Qs Qh 9d" --dead "2c 7d"  one quoted hand a player
  handrank chart --out chart.png                      the preflop chart as a picture
  handrank chart --top 20                             the best 20 hands, and the top % of each
  handrank chart --game plo4 --top 20                 the best PLO4 starting hands
  handrank breakdown "QQ+,AKs,T9s" --board "Kd 9s 4c" made hands and draws of a range
  handrank outs AhQh KdKc --board "Kh 7h 2c 9s"        each next card, and the hero's outs
  handrank equity --per-combo "QQ+,AKs" "JJ-88" --board "Kd 9s 4c"
  handrank strength --street flop --out strength.npz --bins 50
  handrank abstraction --street flop --features hist:50 --buckets 200 --seed 1 --out flop.npz
each command takes --json; handrank COMMAND --help tells its options"""


def _job_options(sub: argparse.ArgumentParser, blocks: str) -> None:
    """What the resumable jobs share: the output, threads, parts and a cluster for ``blocks``."""
    sub.add_argument("--out", required=True, help="the .npz file to write; its folder must exist")
    sub.add_argument("--threads", type=_whole_number, help="threads to run on (default 1)")
    sub.add_argument("--part", default="1/1",
                     help=f"I/N: compute only every N-th of {blocks}, starting at the I-th (default 1/1: all)")
    sub.add_argument("--scheduler", help=f"a Dask scheduler address, tcp://HOST:PORT, to run {blocks} on "
                                         "(default: this machine)")


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help that keeps the examples' lines as written."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="handrank",
        description="Rank poker hands by lookup tables. Ranks run from 1 (royal flush) to 7462 "
                    "(7-5-4-3-2); lower is better, equal ranks split the pot.",
        epilog=EXAMPLES, formatter_class=_Help)
    parser.add_argument("--version", action="version", version=f"handrank {_version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    class Commands:
        """add_parser with the command's help as the description of its own --help page too."""

        choices = subparsers.choices

        @staticmethod
        def add_parser(name: str, *, help: str) -> argparse.ArgumentParser:  # noqa: A002 (argparse's name)
            return subparsers.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".",
                                         formatter_class=_Help)

    commands = Commands

    sub = commands.add_parser("rank", help="rank, category, name and best five of a hand of 5-7 cards")
    sub.add_argument("hand", nargs="+", help="the cards, e.g. As Ks Qs Js Ts (quoted or not) or AsKsQsJsTs")
    sub.set_defaults(run=_rank)

    sub = commands.add_parser("compare", help="which of two hands wins, or a split pot, and why")
    sub.add_argument("hands", nargs="+", metavar="HAND",
                     help="two quoted hands ('As Ah Kc Qd Js' 'Ac Ad Kh Qs Jd'), or both hands' cards unquoted")
    sub.set_defaults(run=_compare)

    sub = commands.add_parser("showdown", help="each player's hand against the board, and the winners (Hold'em and "
                                               "every game with --game)")
    sub.add_argument("--board", help="3 to 5 community cards (default: none, which only stud and Razz take)")
    sub.add_argument("holes", nargs="+", metavar="HOLE",
                     help="each player's two hole cards: 'As Ah', AsAh, or unquoted As Ah Kd Kc (Omaha: the "
                          "game's hole cards; stud and Razz: one quoted hand of 5 to 7 cards a player)")
    sub.set_defaults(run=_showdown)

    sub = commands.add_parser("census", help="rank every 5-, 6- or 7-card hand and count the categories")
    sub.add_argument("--cards", type=int, choices=(5, 6, 7),
                     help="cards a hand (default 5; deuce-to-seven has 5 and Razz 7)")
    sub.set_defaults(run=_census)

    sub = commands.add_parser("equity", help="Texas Hold'em win, tie and equity of 2-10 hands or ranges")
    sub.add_argument("players", nargs="+", metavar="PLAYER",
                     help="two hole cards ('AsAh') or a range ('QQ+,AKs') per player")
    sub.add_argument("--board", default="", help="0, 3, 4 or 5 community cards (default: none, preflop)")
    sub.add_argument("--dead", default="", help="cards out of the deck (default: none)")
    sub.add_argument("--trials", type=_whole_number,
                     help="Monte Carlo deals, e.g. 1e6 (default: exact when affordable)")
    sub.add_argument("--seed", type=_whole_number, help="Monte Carlo seed (default: random, printed)")
    sub.add_argument("--threads", type=_whole_number, help="threads to run on (default 1)")
    sub.add_argument("--per-combo", action="store_true",
                     help="each combo of the first player's range against the others, exact (default: off)")
    sub.add_argument("--out", help="with --per-combo: draw the equity distribution to this file (.png, .svg, "
                                   ".pdf; needs the plot extra; default: print the table)")
    sub.set_defaults(run=_equity)

    sub = commands.add_parser("breakdown", help="what a range holds on a board: made hands and draws, weighted")
    sub.add_argument("range", nargs="+", metavar="RANGE", help="a range ('QQ+,AKs,T9s') or two hole cards")
    sub.add_argument("--board", required=True, help="3, 4 or 5 community cards")
    sub.add_argument("--dead", default="", help="cards out of the deck (default: none)")
    sub.add_argument("--out", help="draw the 13 x 13 grid of made hands to this file (.png, .svg, .pdf; needs "
                                   "the plot extra; default: print the table)")
    sub.set_defaults(run=_breakdown)

    sub = commands.add_parser("outs", help="what each next card does on a flop or turn: equity after it, and the "
                                           "hero's outs")
    sub.add_argument("players", nargs="+", metavar="PLAYER",
                     help="the hero, then each opponent: two hole cards ('AhQh') or a range ('KK,AK')")
    sub.add_argument("--board", required=True, help="3 or 4 community cards")
    sub.add_argument("--dead", default="", help="cards out of the deck (default: none)")
    sub.add_argument("--threads", type=_whole_number, help="threads to run on (default 1)")
    sub.set_defaults(run=_outs)

    sub = commands.add_parser("strength", help="hand strength (EHS, EHS^2, histograms) of every holding on every "
                                               "board of a street, saved as .npz; resumable")
    sub.add_argument("--street", choices=("flop", "turn", "river"), default="flop",
                     help="the boards: every flop, turn or river up to suit isomorphism (default flop)")
    sub.add_argument("--bins", type=_whole_number, help="histogram bins of river HS, 1..10000 (default: none)")
    _job_options(sub, "the blocks")
    sub.set_defaults(run=_strength)

    sub = commands.add_parser("abstraction", help="a bucket for every isomorphism class of hole cards and a "
                                                  "street's board, clustered from features; resumable")
    sub.add_argument("--street", choices=("flop", "turn", "river"), default="flop",
                     help="the classes: hole cards with a flop, turn or river (default flop)")
    sub.add_argument("--features", default="hist:50",
                     help="hist:B (river-HS histograms of B bins, clustered under the earth mover's distance), "
                          "ehs, or ochs:K (hand strength against K opponent clusters) (default hist:50)")
    sub.add_argument("--buckets", type=_whole_number, default=200, help="how many buckets (default 200)")
    sub.add_argument("--seed", type=_whole_number, help="the clustering's seed (default: random, printed)")
    sub.add_argument("--iterations", type=_whole_number, default=100,
                     help="at most this many k-means iterations (default 100)")
    _job_options(sub, "the strength's blocks")
    sub.set_defaults(run=_abstraction)

    sub = commands.add_parser("chart", help="each starting hand's preflop equity against one random hand: the "
                                            "Hold'em chart, or the PLO4 table")
    sub.add_argument("--game", choices=("holdem", "plo4"), default="holdem",
                     help="holdem (default: the 13 x 13 chart, exact) or plo4 (the starting-hand table by rank, "
                          "with percentiles)")
    sub.add_argument("--top", type=_whole_number,
                     help="list the best TOP starting hands: rank, equity, top %% (Hold'em's order of percentage "
                          "ranges; --game plo4: its table, default 20)")
    sub.add_argument("--out", help="draw a heatmap to this file (.png, .svg, .pdf; needs the plot extra; "
                                   "default: print the grid)")
    sub.set_defaults(run=_chart)

    for name in ("rank", "compare", "census"):
        commands.choices[name].add_argument(
            "--game", choices=("holdem", "stud", "a5", "razz", "27", "shortdeck")
            + (_OMAHA_GAMES if name != "census" else ()),
            default="holdem",
            help="holdem (default; ranks 1..7462), stud (seven-card stud high: Hold'em's ranks, 7 cards), "
                 "a5 (ace-to-five lowball, 1..6175), razz (a5, 7 cards), "
                 "27 (deuce-to-seven lowball, 5 cards, 1..7462), shortdeck (6+ Hold'em, 1..1404)"
                 + ("" if name == "census" else ", plo4|plo5|plo6 (Omaha high) or plo4-hilo ... (hi-lo 8-or-better)"))
    for name in ("showdown", "equity"):
        commands.choices[name].add_argument(
            "--game", choices=("holdem", "shortdeck") + _OMAHA_GAMES + ("stud", "razz"), default="holdem",
            help="holdem (default), shortdeck (6+ Hold'em, 36 cards), plo4|plo5|plo6 (Omaha) or plo4-hilo ... "
                 "(Omaha hi-lo 8-or-better), stud or razz (seven-card stud high or Razz: one quoted hand a "
                 "player, no board" + ("; 'unknown' for a player with no known card)" if name == "equity" else ")"))
    for name in ("rank", "compare"):
        commands.choices[name].add_argument("--board", help="Omaha: the 5 board cards (required there; default: none)")
    for name in ("rank", "compare", "showdown", "census", "equity"):
        commands.choices[name].add_argument("--trips-beat-straight", action="store_true",
                                            help="short deck: three of a kind beats a straight (default: off)")
    for name in ("rank", "compare", "showdown", "census", "equity", "strength", "abstraction", "chart", "breakdown",
                 "outs"):
        commands.choices[name].add_argument("--json", action="store_true", help="print JSON (default: text)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    as_json = "--json" in argv
    _Parser.json_errors = as_json
    args = build_parser().parse_args(argv)
    try:
        print(args.run(args), flush=True)
    except (ValueError, TypeError, ImportError) as error:
        message = _cli_numbers(str(error))
        if as_json:
            print(json.dumps({"error": message, "status": 2}, ensure_ascii=False), file=sys.stderr)
        else:
            print(f"handrank: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nhandrank: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (handrank census | head -1): nothing to say
        _drop_stdout()
        return 141
    except OSError as error:  # e.g. a full disk behind stdout
        print(f"handrank: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        _drop_stdout()
        return 1
    return 0
