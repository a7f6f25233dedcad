"""Texas Hold'em equity: exact where enumeration is affordable, seeded Monte Carlo otherwise.

Both loops run in C (csrc/equity.c) with the GIL released. Counts are exact integers: a
pot split k ways gives each of the k players 1/k of it, so ``equity`` is the win rate
plus each player's share of the split pots, and the players' equities add up to 1.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ._core import ffi, lib
from .cards import Hand, format_cards, parse
from .ranges import Combo, parse_range

__all__ = ["equity", "EquityResult", "DEFAULT_TRIALS", "EXACT_BUDGET"]

T = TypeVar("T")

MAX_PLAYERS: int = lib.HR_MAX_PLAYERS
SHARE_UNITS: int = lib.HR_SHARE_UNITS
CHUNK: int = lib.HR_EQUITY_CHUNK
DEFAULT_TRIALS = 2_000_000
"""Monte Carlo deals when ``trials`` is None and exact enumeration is too dear."""
EXACT_BUDGET = 200_000_000
"""Most hand evaluations (deals x players x hole-card assignments) enumerated exactly."""

_ERRORS = {
    lib.HR_ERR_CARD: "a card id above 51", lib.HR_ERR_DUPLICATE: "a card used twice",
    lib.HR_ERR_COUNT: "too few cards left to deal", lib.HR_ERR_PLAYERS: "not 2 to 9 players",
    lib.HR_ERR_BOARD: "a board of other than 0, 3, 4 or 5 cards",
    lib.HR_ERR_RANGE: "a range without combos or with bad weights",
    lib.HR_ERR_IMPOSSIBLE: "the hands almost never fit together without sharing a card",
}


@dataclass(frozen=True)
class EquityResult:
    """Each player's chances, in player order: ``win`` alone, ``tie`` (split the pot),
    ``equity`` (win plus the share of split pots). ``boards`` counts the deals evaluated
    (for ranges, over all hole-card combinations); ``exact`` says whether every deal was
    enumerated; Monte Carlo results have a ``stderr`` of each equity and their ``seed``."""

    players: list[str]
    board: str
    win: list[float]
    tie: list[float]
    equity: list[float]
    boards: int
    exact: bool
    stderr: list[float] | None = None
    seed: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {"players": self.players, "board": self.board, "win": self.win, "tie": self.tie,
                "equity": self.equity, "boards": self.boards, "exact": self.exact, "stderr": self.stderr,
                "seed": self.seed}

    def table(self) -> str:
        how = f"exact, {self.boards:,} deals" if self.exact else f"Monte Carlo, {self.boards:,} deals, seed {self.seed}"
        lines = [f"board: {self.board or '(none)'}  ({how})",
                 f"{'player':<8}{'hand':<24}{'win':>9}{'tie':>9}{'equity':>9}" + ("" if self.exact else f"{'±':>9}")]
        for i, name in enumerate(self.players):
            line = f"{i + 1:<8}{name:<24}{self.win[i]:>9.3%}{self.tie[i]:>9.3%}{self.equity[i]:>9.3%}"
            if self.stderr is not None:
                line += f"{self.stderr[i]:>9.3%}"
            lines.append(line)
        return "\n".join(lines)


def _known_cards(cards: Hand, what: str) -> list[int]:
    """Board or dead cards; empty is allowed here."""
    if isinstance(cards, str):
        return parse(cards) if cards.strip() else []
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(f"{what} must be cards such as '2c 7d 9h' (or empty), got {type(cards).__name__}") from None
    return parse(items) if items else []


def _player(spec: object, index: int) -> tuple[str, dict[Combo, float]]:
    """(label, {combo: weight}) of one player: two hole cards, or a range."""
    try:
        cards = parse(spec)  # type: ignore[arg-type]
        as_cards = f"{len(cards)} cards, not 2"
    except (ValueError, TypeError) as error:
        cards, as_cards = [], str(error)
    if len(cards) == 2:
        return format_cards(cards), {(max(cards), min(cards)): 1.0}
    if not isinstance(spec, str):
        raise TypeError(f"players[{index}]: expected two hole cards or a range string, got {spec!r} ({as_cards})")
    try:
        return spec.strip(), parse_range(spec)
    except ValueError as error:
        raise ValueError(f"players[{index}]: {spec!r} is neither two hole cards ({as_cards}) "
                         f"nor a range ({error})") from None


def _feasible(ranges: list[list[Combo]]) -> bool:
    """Whether some choice of one combo a player shares no card (backtracking, smallest first)."""
    order = sorted(range(len(ranges)), key=lambda p: len(ranges[p]))

    def place(k: int, used: int) -> bool:
        if k == len(order):
            return True
        return any(place(k + 1, used | 1 << a | 1 << b) for a, b in ranges[order[k]]
                   if not used >> a & 1 and not used >> b & 1)

    return place(0, 0)


def _counts() -> Any:
    return ffi.new("hr_equity_counts *")


def _as_lists(counts: Any, n: int) -> dict[str, list[int]]:
    """An hr_equity_counts as plain lists (picklable, summable)."""
    return {name: list(getattr(counts, name))[:n] for name in ("wins", "ties", "shares", "shares_squared")} | {
        "boards": [counts.boards]}


def _check(error: int) -> None:
    if error:
        raise ValueError(f"equity kernel refused the deal: {_ERRORS.get(error, error)}")


def _parallel(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Each job's result, in order; the jobs run on threads, the calling thread taking the first."""
    results: list[Any] = [None] * len(jobs)

    def run(k: int) -> None:
        results[k] = jobs[k]()

    workers = [threading.Thread(target=run, args=(k,)) for k in range(1, len(jobs))]
    for worker in workers:
        worker.start()
    if jobs:
        run(0)
    for worker in workers:
        worker.join()
    return results


def _thread_count(threads: object) -> int:
    from .evaluate import _thread_count as count_for

    return count_for(threads, 1 << 62)


def _enumerate(assignments: list[tuple[tuple[Combo, ...], float]], board: list[int], dead: list[int],
               nplayers: int, nthreads: int) -> tuple[list[float], list[float], list[float], int]:
    """Exact: every remaining board for every assignment of hole cards, weighted."""
    board_buf, dead_buf = bytes(board), bytes(dead)
    left = 5 - len(board)
    unseen = 52 - len(board) - len(dead) - 2 * nplayers
    weight_total = sum(weight for _, weight in assignments)
    win, tie, share = [0.0] * nplayers, [0.0] * nplayers, [0.0] * nplayers
    boards = 0

    def run(part: list[tuple[tuple[Combo, ...], float]], first: int, end: int) -> list[tuple[Any, float]]:
        out = []
        for holes, weight in part:
            counts = _counts()
            _check(lib.hr_equity_enumerate(bytes(c for combo in holes for c in combo), nplayers, board_buf,
                                           len(board), dead_buf, len(dead), first, end, counts))
            out.append((counts, weight))
        return out

    if len(assignments) == 1 and left > 0 and nthreads > 1:
        # One deal to enumerate: split it by the first new card, balancing the work.
        work = [math.comb(unseen - 1 - i, left - 1) for i in range(unseen - left + 1)]
        total, bounds, acc = sum(work), [0], 0
        for i, w in enumerate(work):
            acc += w
            if acc * nthreads >= total * len(bounds) and len(bounds) < nthreads:
                bounds.append(i + 1)
        bounds.append(len(work))
        jobs = [functools.partial(run, assignments, bounds[k], bounds[k + 1]) for k in range(len(bounds) - 1)]
    else:
        jobs = [functools.partial(run, assignments[k::nthreads], 0, 52) for k in range(nthreads)]
    results = _parallel(jobs)

    for counts, weight in itertools.chain.from_iterable(results):
        boards += counts.boards
        for p in range(nplayers):
            win[p] += weight * counts.wins[p]
            tie[p] += weight * counts.ties[p]
            share[p] += weight * counts.shares[p]
    per_assignment = math.comb(unseen, left)
    scale = weight_total * per_assignment
    return ([w / scale for w in win], [t / scale for t in tie], [s / scale / SHARE_UNITS for s in share], boards)


@dataclass(frozen=True)
class _MonteCarloDeal:
    """Everything a Monte Carlo part needs, as plain bytes and lists (picklable for Dask)."""

    combos: bytes
    combo_start: list[int]
    cumulative: list[float]
    nplayers: int
    board: bytes
    dead: bytes
    seed: int
    trials: int


def _monte_carlo_part(deal: _MonteCarloDeal, first_chunk: int, end_chunk: int) -> dict[str, list[int]]:
    """Counts of chunks [first_chunk, end_chunk) of a Monte Carlo run; runs anywhere."""
    counts = _counts()
    _check(lib.hr_equity_monte_carlo(
        deal.combos, ffi.new("int32_t[]", deal.combo_start), ffi.new("double[]", deal.cumulative), deal.nplayers,
        deal.board, len(deal.board), deal.dead, len(deal.dead), deal.seed, deal.trials, first_chunk, end_chunk,
        counts))
    return _as_lists(counts, deal.nplayers)


def _sum_parts(parts: list[dict[str, list[int]]]) -> dict[str, list[int]]:
    return {name: [sum(values) for values in zip(*(part[name] for part in parts))] for name in parts[0]}


def _monte_carlo(deal: _MonteCarloDeal, nthreads: int, client: Any,
                 progress: Callable[[int, int], None] | None) -> dict[str, list[int]]:
    chunks = -(-deal.trials // CHUNK)
    if client is not None:
        # Tasks of up to 16 chunks each; any split gives the same counts for the seed.
        step = 16
        futures = [client.submit(_monte_carlo_part, deal, start, min(chunks, start + step), pure=False)
                   for start in range(0, chunks, step)]
        return _sum_parts(client.gather(futures))
    parts: list[dict[str, list[int]]] = []
    step = nthreads * 4 if progress else chunks  # rounds, so that progress can be shown between them
    for round_start in range(0, chunks, step):
        round_end = min(chunks, round_start + step)
        bounds = [round_start + (round_end - round_start) * k // nthreads for k in range(nthreads + 1)]
        round_parts = _parallel([functools.partial(_monte_carlo_part, deal, bounds[k], bounds[k + 1])
                                 for k in range(nthreads) if bounds[k] < bounds[k + 1]])
        parts.extend(round_parts)
        if progress:
            progress(min(deal.trials, round_end * CHUNK), deal.trials)
    return _sum_parts(parts)


def equity(players: Sequence[Hand], board: Hand = "", dead: Hand = "", *, trials: int | None = None,
           seed: int | None = None, threads: int | None = None, client: Any = None,
           progress: Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie and their equity in a Texas Hold'em pot.

    ``players`` are 2 to 9 hands, each two hole cards ("AsAh", "As Ah", [51, 50]) or a
    range ("QQ+, AKs", "0.5(AKo)", see ``handrank.ranges``). ``board`` has 0, 3, 4 or 5
    cards; ``dead`` cards are out of the deck. With ``trials`` None every remaining board
    is enumerated when that costs at most EXACT_BUDGET evaluations (heads-up preflop is
    1,712,304 boards), else DEFAULT_TRIALS Monte Carlo deals are drawn; given ``trials``,
    Monte Carlo always. A Monte Carlo run is reproducible from its ``seed`` (drawn at
    random and reported when None), whatever ``threads`` or Dask ``client`` runs it.

    >>> r = equity(["AsAh", "KdKc"])
    >>> r.exact, round(r.equity[0], 4), r.boards
    (True, 0.8126, 1712304)
    >>> equity(["AsAh", "KdKc"], board="Kh 7d 2c").equity[1] > 0.9
    True

    Raises:
        ValueError: fewer than 2 or more than 9 players, a board of other than 0, 3, 4 or
            5 cards, a card used twice anywhere (named), a range with no combo left once
            the known cards are out, ranges that cannot all be dealt at once.
        TypeError: a player that is neither hole cards nor a range string.
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError("players must be a list of hands or ranges, e.g. ['AsAh', 'KdKc']")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity takes 2 to {MAX_PLAYERS} players, got {len(players)}")
    board_cards, dead_cards = _known_cards(board, "board"), _known_cards(dead, "dead")
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    where = {card: "the board" for card in board_cards}
    for card in dead_cards:
        if card in where:
            raise ValueError(f"card {format_cards([card])!r} is both dead and on {where[card]}")
        where[card] = "the dead cards"

    labels, ranges = [], []
    for index, spec in enumerate(players):
        label, combos = _player(spec, index)
        labels.append(label)
        ranges.append(combos)
    for index, combos in enumerate(ranges):  # known hole cards must not clash with anything
        if len(combos) == 1:
            for card in next(iter(combos)):
                if card in where:
                    raise ValueError(f"players[{index}]: card {format_cards([card])!r} is also in {where[card]}")
                where[card] = f"players[{index}]"
    kept: list[list[tuple[Combo, float]]] = []
    for index, combos in enumerate(ranges):
        fits = [(combo, weight) for combo, weight in combos.items()
                if len(combos) == 1 or (combo[0] not in where and combo[1] not in where)]
        if not fits:
            raise ValueError(f"players[{index}]: no combo of {labels[index]!r} is left once the known cards are out")
        kept.append(fits)
    if not _feasible([[combo for combo, _ in fits] for fits in kept]):
        raise ValueError("impossible matchup: the players' hands cannot all be dealt without sharing a card")

    nplayers, nthreads = len(players), _thread_count(threads)
    left = 5 - len(board_cards)
    unseen = 52 - len(board_cards) - len(dead_cards) - 2 * nplayers
    if unseen < left:
        raise ValueError(f"only {unseen} cards are left to deal the {left} board cards")
    deals_each = math.comb(unseen, left)
    assignments_bound = math.prod(len(fits) for fits in kept)
    board_text = format_cards(board_cards) if board_cards else ""

    if trials is None and assignments_bound * deals_each * nplayers <= EXACT_BUDGET:
        assignments = []
        for choice in itertools.product(*kept):
            cards = [c for combo, _ in choice for c in combo]
            if len(set(cards)) == len(cards):
                assignments.append((tuple(combo for combo, _ in choice), math.prod(w for _, w in choice)))
        win, tie, share, boards = _enumerate(assignments, board_cards, dead_cards, nplayers, nthreads)
        return EquityResult(labels, board_text, win, tie, share, boards, True)

    if trials is None:
        trials = DEFAULT_TRIALS
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ValueError(f"trials must be a positive int, got {trials!r}")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be an int in 0 .. 2**64 - 1, got {seed!r}")
    combo_bytes, combo_start, cumulative = bytearray(), [0], []
    for fits in kept:
        running = 0.0
        for (a, b), weight in fits:
            combo_bytes += bytes((a, b))
            running += weight
            cumulative.append(running)
        combo_start.append(len(cumulative))
    deal = _MonteCarloDeal(bytes(combo_bytes), combo_start, cumulative, nplayers, bytes(board_cards), bytes(dead_cards),
                           seed, trials)
    totals = _monte_carlo(deal, nthreads, client, progress)
    n = totals["boards"][0]
    win = [w / n for w in totals["wins"]]
    tie = [t / n for t in totals["ties"]]
    share = [s / n / SHARE_UNITS for s in totals["shares"]]
    second = [q / n / SHARE_UNITS**2 for q in totals["shares_squared"]]
    stderr = [math.sqrt(max(0.0, second[p] - share[p] ** 2) / n) for p in range(nplayers)]
    return EquityResult(labels, board_text, win, tie, share, n, False, stderr, seed)

