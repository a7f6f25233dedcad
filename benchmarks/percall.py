"""One hand a call, against the peers: every game those peers have, CPU time, alternating rounds.

    pip install ".[bench,plot]"
    python benchmarks/percall.py [--hands 2000] [--rounds 9] [--markdown FILE] [--chart FILE]

Each row times one way to rank a hand over the same random hands. A round runs every contender
over its hands in turn (twice, timing the second: caches as that call leaves them; every
other round in reverse order), so that the machine's drift hits them alike; a row's
time per call is the median over the rounds (process CPU time, so other processes on a shared
machine count less). The ratio is the median over the rounds of a peer's time over the time of
the handrank row that heads its block in the same round: above 1, handrank is faster (on a
shared machine a row's time moves by 2x between rounds, and a ratio of medians taken at
different moments moved with it). pokerkit takes hundreds of microseconds a hand, so it gets a tenth of
the hands. Writes a Markdown table (stdout, and --markdown) and a bar chart (--chart, needs
matplotlib).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from common import cpu_rounds, machine

import handrank
from handrank import ace_to_five, deuce_to_seven, omaha, shortdeck


@dataclass
class Contender:
    name: str
    run: Callable[[], object]  # ranks every hand of its list once
    calls: int
    ours: bool = False


def _calls(function: Callable[..., object], hands: Sequence[object], star: bool = False) -> Callable[[], object]:
    if star:
        def run_star() -> object:
            for hand in hands:
                function(*hand)  # type: ignore[misc]
            return None
        return run_star

    def run() -> object:
        for hand in hands:
            function(hand)
        return None
    return run


def _deal(rng: random.Random, count: int, k: int, deck: Sequence[int]) -> list[tuple[int, ...]]:
    return [tuple(rng.sample(list(deck), k)) for _ in range(count)]


def groups(count: int) -> dict[str, list[Contender]]:
    """The rows of the table, grouped: each group ranks the same kind of hand."""
    import eval7
    import pokerkit
    import treys
    from phevaluator import _pheval, evaluate_cards, evaluate_omaha_cards

    rng = random.Random(1)
    few = max(1, count // 10)
    text = handrank.format_cards
    table: dict[str, list[Contender]] = {}
    for k in (7, 5):
        hands = _deal(rng, count, k, range(52))
        texts = [text(hand) for hand in hands]
        e7 = [[eval7.Card(card) for card in line.split()] for line in texts]
        trey_cards = [[treys.Card.new(card) for card in line.split()] for line in texts]
        trey_split = [(cards[:5], cards[5:]) if k == 7 else (cards[:3], cards[3:]) for cards in trey_cards]
        evaluator = treys.Evaluator()
        native = getattr(_pheval, f"evaluate_{k}cards")
        table[f"Hold'em, {k} cards"] = [
            Contender("handrank.evaluate(tuple of ints)", _calls(handrank.evaluate, hands), count, True),
            Contender("handrank.evaluate(str)", _calls(handrank.evaluate, texts), count, True),
            Contender("handrank.evaluate_mask(int)", _calls(handrank.evaluate_mask, [handrank.mask(h) for h in hands]),
                      count, True),
            Contender("phevaluator C call _pheval.evaluate_*cards(*ints)", _calls(native, hands, star=True), count),
            Contender("phevaluator.evaluate_cards(*ints)", _calls(evaluate_cards, hands, star=True), count),
            Contender("eval7.evaluate(list of Card)", _calls(eval7.evaluate, e7), count),
            Contender("treys Evaluator.evaluate(board, hand)", _calls(evaluator.evaluate, trey_split, star=True),
                      count),
            Contender("pokerkit StandardHighHand.from_game(str)",
                      _calls(pokerkit.StandardHighHand.from_game, texts[:few]), few),
        ]
    pairs = list(zip(_deal(rng, count, 7, range(52)), _deal(rng, count, 7, range(52))))
    e7_pairs = [([eval7.Card(c) for c in text(a).split()], [eval7.Card(c) for c in text(b).split()]) for a, b in pairs]

    def eval7_compare() -> object:
        for a, b in e7_pairs:
            eval7.evaluate(a) > eval7.evaluate(b)  # noqa: B015
        return None

    def pheval_compare() -> object:
        native = _pheval.evaluate_7cards
        for a, b in pairs:
            native(*a) < native(*b)  # noqa: B015
        return None

    def category_of_hand() -> object:
        category, evaluate = handrank.category, handrank.evaluate
        for a, _ in pairs:
            category(evaluate(a))
        return None

    def eval7_handtype_of_hand() -> object:
        for a, _ in e7_pairs:
            eval7.handtype(eval7.evaluate(a))
        return None

    ranks = [handrank.evaluate(a) for a, _ in pairs]
    e7_values = [eval7.evaluate(a) for a, _ in e7_pairs]
    table["Hold'em compare and category, 7 cards"] = [
        Contender("handrank.compare(tuple, tuple)", _calls(handrank.compare, pairs, star=True), count, True),
        Contender("phevaluator C call, two evaluations", pheval_compare, count),
        Contender("eval7, two evaluations", eval7_compare, count),
        Contender("handrank.category(handrank.evaluate(tuple))", category_of_hand, count, True),
        Contender("eval7.handtype(eval7.evaluate(list of Card))", eval7_handtype_of_hand, count),
        Contender("handrank.category(rank) alone", _calls(handrank.category, ranks), count, True),
        Contender("eval7.handtype(value) alone", _calls(eval7.handtype, e7_values), count),
    ]
    short = _deal(rng, count, 7, shortdeck.DECK)
    table["Short deck, 7 cards"] = [
        Contender("handrank.shortdeck.evaluate(tuple of ints)", _calls(shortdeck.evaluate, short), count, True),
        Contender("handrank.shortdeck.evaluate(str)", _calls(shortdeck.evaluate, [text(h) for h in short]), count,
                  True),
        Contender("pokerkit ShortDeckHoldemHand.from_game(str)",
                  _calls(pokerkit.ShortDeckHoldemHand.from_game, [text(h) for h in short[:few]]), few),
    ]
    lows = _deal(rng, count, 5, range(52))
    table["Deuce-to-seven, 5 cards"] = [
        Contender("handrank.deuce_to_seven.evaluate(tuple of ints)", _calls(deuce_to_seven.evaluate, lows), count,
                  True),
        Contender("pokerkit StandardLowHand.from_game(str)",
                  _calls(pokerkit.StandardLowHand.from_game, [text(h) for h in lows[:few]]), few),
    ]
    razz = _deal(rng, count, 7, range(52))
    table["Ace-to-five, 7 cards"] = [
        Contender("handrank.ace_to_five.evaluate(tuple of ints)", _calls(ace_to_five.evaluate, razz), count, True),
        Contender("pokerkit RegularLowHand.from_game(str)",
                  _calls(pokerkit.RegularLowHand.from_game, [text(h) for h in razz[:few]]), few),
    ]
    deals = _deal(rng, count, 9, range(52))
    holes, boards = [d[:4] for d in deals], [d[4:] for d in deals]
    board_first = [b + h for h, b in zip(holes, boards)]  # phevaluator: board, then hole cards
    table["Omaha (PLO4) high"] = [
        Contender("handrank.omaha.evaluate(hole, board), tuples", _calls(omaha.evaluate, list(zip(holes, boards)),
                                                                          star=True), count, True),
        Contender("handrank.omaha.evaluate_low(hole, board), tuples",
                  _calls(omaha.evaluate_low, list(zip(holes, boards)), star=True), count, True),
        Contender("phevaluator C call _pheval.evaluate_omaha_cards(*ints)",
                  _calls(_pheval.evaluate_omaha_cards, board_first, star=True), count),
        Contender("phevaluator.evaluate_omaha_cards(*ints)", _calls(evaluate_omaha_cards, board_first, star=True),
                  count),
        Contender("pokerkit OmahaHoldemHand.from_game(str, str)",
                  _calls(pokerkit.OmahaHoldemHand.from_game, [(text(h), text(b)) for h, b in
                                                               zip(holes[:few], boards[:few])], star=True), few),
    ]
    omaha.evaluate(holes[0], boards[0])  # the pair tables are built once, before timing
    return table


def key(group: str, contender: Contender) -> str:
    return f"{group}: {contender.name}"


def measure(table: dict[str, list[Contender]], rounds: int) -> dict[str, list[float]]:
    """Nanoseconds a call of every contender in each of the alternating rounds (common.cpu_rounds),
    each timed run right after an untimed one of its own."""
    contenders = {key(group, c): c for group, row in table.items() for c in row}
    seconds = cpu_rounds({name: c.run for name, c in contenders.items()}, rounds, warm_each=True)
    return {name: [s / contenders[name].calls * 1e9 for s in times] for name, times in seconds.items()}


def report(table: dict[str, list[Contender]], times: dict[str, list[float]], rounds: int, count: int) -> str:
    lines = [f"Per call, {machine()}.",
             f"CPU time a call: the median of {rounds} alternating rounds over {count:,} random hands "
             f"(pokerkit: {max(1, count // 10):,}). Ratio: the median over the rounds of that row's time over the time "
             "of the handrank row that heads its block in the same round (above 1: handrank is faster).", "",
             "| group | call | time a call | ratio to handrank |", "| --- | --- | ---: | ---: |"]
    for group, contenders in table.items():
        for contender in contenders:
            ns = statistics.median(times[key(group, contender)])
            if contender.ours and (contender is contenders[0] or not contenders[contenders.index(contender) - 1].ours):
                ours = times[key(group, contender)]  # the peers below compare with this row
            # the median of the rounds' ratios: a round's two rows ran moments apart, on the machine
            # as it was then (on a shared machine a row's time moves by 2x between rounds)
            ratio = "" if contender.ours else \
                f"{statistics.median(t / h for t, h in zip(times[key(group, contender)], ours)):.1f}x"
            shown = f"{ns / 1000:.1f} µs" if ns >= 10_000 else f"{ns:.0f} ns"
            lines.append(f"| {group} | `{contender.name}` | {shown} | {ratio} |")
    return "\n".join(lines)


def chart(table: dict[str, list[Contender]], times: dict[str, list[float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names, values, colours = [], [], []
    for group, contenders in table.items():
        for contender in contenders:
            names.append(key(group, contender))
            values.append(statistics.median(times[key(group, contender)]))
            colours.append("#1f77b4" if contender.ours else "#aaaaaa")
    figure, axes = plt.subplots(figsize=(12, 0.32 * len(names) + 1.2))
    axes.barh(range(len(names)), values, color=colours)
    axes.set_yticks(range(len(names)), names, fontsize=7)
    axes.invert_yaxis()
    axes.set_xscale("log")
    axes.set_xlabel("CPU time a call, ns (log scale; blue: handrank, grey: peers)")
    axes.set_title(f"One hand a call ({date.today().isoformat()})", fontsize=10)
    figure.subplots_adjust(left=0.42, right=0.98, top=0.96, bottom=0.06)
    figure.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--markdown", help="also write the table to this file")
    parser.add_argument("--chart", help="write a bar chart (PNG) to this file")
    args = parser.parse_args()
    table = groups(args.hands)
    times = measure(table, args.rounds)
    text = report(table, times, args.rounds, args.hands)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as file:
            file.write(text + "\n")
    if args.chart:
        chart(table, times, args.chart)
        print(f"chart: {args.chart}", file=sys.stderr)


if __name__ == "__main__":
    main()
