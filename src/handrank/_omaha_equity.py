"""Omaha equity's machinery: the spots the kernel takes (known hands or ranges), their parts on
threads or a Dask cluster, and the result. ``handrank.omaha.equity`` checks its arguments and
calls ``fixed_equity`` or ``range_equity`` with its budget and default trials."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from ._omaha_bulk import HOLE_COUNTS
from ._omaha_tables import pair_tables
from ._rows import card_masks
from .cards import format_cards, parse, shown_text

_uncleared = ffi.new_allocator(should_clear_after_alloc=False)

if TYPE_CHECKING:
    from ._equity_engine import EquityResult

POT = 2 * lib.HR_SHARE_UNITS  # omaha.POT: a hi-lo pot's units
SLICE_WORK = 2_000_000  # pair lookups of one C call (~8 ms) between two checks for Ctrl-C
FEASIBLE_BUDGET = 20_000_000  # steps spent deciding whether ranges can be dealt together


@dataclass(frozen=True)
class OmahaDeal:
    """Everything a part of an Omaha equity run needs (picklable for Dask)."""

    table: bytes  # each player's hole cards, 255s for a random hand
    nhole: int
    players: int
    board: bytes
    dead: bytes
    hilo: bool
    seed: int
    trials: int  # 0: exact, the runouts [first, end)


def omaha_part(deal: OmahaDeal, first: int, end: int) -> tuple[list[int], list[int], int]:
    """Counts, squared shares and deals of runouts (exact) or chunks (Monte Carlo) [first, end)."""
    from ._equity_input import check_status

    n = deal.players
    counts, squares, deals = ffi.new("uint64_t[]", 3 * n), ffi.new("uint64_t[]", n), ffi.new("uint64_t *")
    check_status(lib.hr_omaha_equity(*pair_tables(), deal.table, deal.nhole, n, deal.board, len(deal.board), deal.dead,
                                     len(deal.dead), int(deal.hilo), deal.seed, deal.trials, first, end, counts,
                                     squares, deals))
    return list(counts), list(squares), deals[0]


def cards_of_hand(text: str) -> list[int] | None:
    """A player's text as the cards of one hand, or None where it is read as an Omaha range:
    text that reads as cards is one hand, unless it holds a comma and more cards than any hand
    (then it is a list of hands, 'QdQhJdJh,QcQsJcJs')."""
    try:
        cards = parse(text)
    except ValueError:
        return None
    return cards if "," not in text or len(cards) <= max(HOLE_COUNTS) else None


def reads_as_cards(text: str) -> bool:
    """Whether a player's text is one hand's cards (cards_of_hand), else an Omaha range."""
    return cards_of_hand(text) is not None


@dataclass(frozen=True)
class OmahaRanges:
    """The players' ranges as the kernel takes them (picklable for Dask): nhole cards a hand,
    player p's hands [start[p], start[p + 1]), an empty range for a random player."""

    combos: Any  # (hands, nhole) uint8, C order
    start: tuple[int, ...]
    weights: Any  # float64, one a hand (an array: a tuple of millions of floats cost 0.1 s a call)
    nhole: int
    board: bytes
    dead: bytes
    hilo: bool
    seed: int
    trials: int


def range_hands(spec: str, index: int, nhole: int, where: dict[int, str]) -> tuple[Any, Any]:
    """A ranged player's hands that meet no known card (an (n, nhole) uint8 array, in C order)
    and their weights (largest 1)."""
    import numpy as np

    from .omaha_ranges import omaha_range_arrays

    try:
        cards, weights = omaha_range_arrays(spec, nhole)
    except ValueError as error:
        raise ValueError(f"players[{index}]: {shown_text(spec)} is neither {nhole} hole cards nor an Omaha range "
                         f"({error})") from None
    known = np.uint64(sum(1 << card for card in where))  # the board's and dead cards
    live = (card_masks(cards) & known) == 0
    if not live.any():
        raise ValueError(f"players[{index}]: no hand of {shown_text(spec)} is left once the known cards are out")
    if not live.all():  # the rows at live's places (numpy's boolean index of 2-D rows is 10x slower)
        places = np.flatnonzero(live)
        cards, weights = cards.take(places, axis=0), weights.take(places)
    if weights.max() > weights.min() * 1e30:
        raise ValueError(f"players[{index}]: weights must be within a factor 1e30 of each other")
    return np.ascontiguousarray(cards), weights / weights.max()


def ranges_part(spot: OmahaRanges, first: int, end: int,
                plan: Any = None) -> tuple[list[float], list[int], int, int]:
    """Exact (trials 0: the first player's hands [first, end)) or Monte Carlo (chunks [first,
    end), drawn from ``plan``, else from one made here) parts of a ranged Omaha equity: per
    player won whole, shared and units (weighted sums when exact, counts else), squared units
    (Monte Carlo: of each deal, or of each batch of HR_OMAHA_BATCH deals where the hands
    follow the walk), the deals, and the deals a squared term sums (1 or HR_OMAHA_BATCH)."""
    from ._equity_input import check_status
    from ._work import stop_requested

    n = len(spot.start) - 1
    deals = ffi.new("uint64_t *")
    if spot.trials == 0:
        start, weights = ffi.new("int32_t[]", spot.start), ffi.from_buffer("double[]", spot.weights)
        sums, weight = ffi.new("double[]", 3 * n + 1), ffi.new("double *")
        combos = ffi.from_buffer("uint8_t[]", spot.combos)
        check_status(lib.hr_omaha_equity_ranges(*pair_tables(), combos, start, weights, spot.nhole, n, spot.board,
                                                len(spot.board), spot.dead, len(spot.dead), int(spot.hilo), first, end,
                                                sums, weight, deals))
        return [*list(sums)[:3 * n], weight[0]], [], deals[0], 1
    counts, squares = ffi.new("uint64_t[]", 3 * n), ffi.new("uint64_t[]", n)
    if plan is None:  # a plan of its own (a Dask worker's task)
        plan = ranges_plan(spot)
    resume = ffi.new("uint8_t[]", lib.HR_OMAHA_RESUME_BYTES)
    # Crowded ranges (thousands of draws a deal) pause the call every few milliseconds; each
    # call goes on where the last stopped, so Ctrl-C is seen between them and the deals are
    # those of one call.
    while (status := lib.hr_omaha_ranges_deal(*pair_tables(), plan, spot.seed, spot.trials, first, end, counts,
                                              squares, deals, resume)) == 1 and not stop_requested():
        pass
    if status == lib.HR_ERR_IMPOSSIBLE:  # the search found a deal; 2**20 draws in a row did not
        raise ValueError("these ranges can be dealt together, but so rarely that 2**20 draws of their hands found "
                         "no deal where none share a card; narrow them or seat fewer players")
    check_status(max(status, 0))
    batch = lib.HR_OMAHA_BATCH if lib.hr_omaha_ranges_walks(plan) else 1
    return [float(c) for c in counts], list(squares), deals[0], batch


def ranges_plan(spot: OmahaRanges) -> Any:
    """The C plan of a ranged Omaha Monte Carlo (the spot checked, its tables to draw from):
    made once a call and shared, read-only, by every slice and thread."""
    from ._equity_input import check_status

    n = len(spot.start) - 1
    start, weights = ffi.new("int32_t[]", spot.start), ffi.from_buffer("double[]", spot.weights)
    size = lib.hr_omaha_ranges_plan_bytes(start, weights, spot.nhole, n)
    # Not cleared: the kernel writes what it reads (the C path mallocs it too). Parts that a
    # spot never uses (the walk's, where the ranges are not crowded) are then never touched:
    # no page of them is faulted in, and the rest are touched once, not zeroed first.
    plan = _uncleared("uint8_t[]", max(1, size))
    combos = ffi.from_buffer("uint8_t[]", spot.combos)
    status = lib.hr_omaha_ranges_plan(combos, start, weights, spot.nhole, n, spot.board, len(spot.board),
                                      spot.dead, len(spot.dead), int(spot.hilo), plan, size)
    if status == lib.HR_ERR_IMPOSSIBLE:  # crowded ranges whose walk found no deal to start from
        raise ValueError("these ranges overlap so much that no deal of them was found to start drawing from; "
                         "narrow them or seat fewer players")
    check_status(status)
    return plan


def range_equity(hands: list[list[int] | None], ranges: dict[int, str], nhole: int, board_cards: Sequence[int],
                 dead_cards: Sequence[int], where: dict[int, str], hilo: bool, trials: int | None, seed: int | None,
                 nthreads: int, progress: Any, client: Any, budget: float, default_trials: int) -> EquityResult:
    """omaha.equity when a player is a range (checked): exact when nobody is random and the
    assignments times the runouts are within ``budget``, else seeded Monte Carlo
    (``default_trials`` deals when ``trials`` is None)."""
    import numpy as np

    from ._equity_input import check_feasible, drawn_seed
    from ._work import Jobs, cluster_spans, run_slices

    n = len(hands)
    parts, weights, start, labels = [], [], [0], []
    for index, hand in enumerate(hands):
        if index in ranges:
            cards, kept = range_hands(ranges[index], index, nhole, where)
            parts.append(cards)
            weights.append(kept)
            labels.append(ranges[index].strip())
        elif hand is None:
            labels.append("random")
        else:
            parts.append(np.array([hand], dtype=np.uint8))
            weights.append(np.ones(1))
            labels.append(format_cards(hand))
        start.append(start[-1] + (len(parts[-1]) if index in ranges or hand is not None else 0))
    # one array each (each copy of millions of hands costs page faults, which are slow on some machines)
    combos = np.concatenate(parts) if parts else np.zeros((0, nhole), np.uint8)
    weight_list = np.concatenate(weights, dtype=np.float64) if weights else np.zeros(0)
    masks = card_masks(combos)
    check_feasible(lib.hr_omaha_ranges_feasible(ffi.from_buffer("uint64_t[]", masks), ffi.new("int32_t[]", start), n,
                                                FEASIBLE_BUDGET))
    sizes = [b - a for a, b in zip(start, start[1:])]
    left = 5 - len(board_cards)
    unseen = 52 - len(where) - sum(nhole for size in sizes if size)
    runouts = math.comb(unseen, left)
    random_players = any(size == 0 for size in sizes)
    work = math.prod(sizes) * runouts * n * math.comb(nhole, 2) if not random_players else math.inf
    exact = trials is None and client is None and work <= budget
    order = list(range(n))  # the players as the kernel takes them
    if not exact:
        trials = trials or default_trials
        seed = drawn_seed(seed)
    elif sizes[0] < max(sizes):  # exact slices split the first player's hands: the largest range goes first
        lead = sizes.index(max(sizes))
        order = [lead, *(p for p in range(n) if p != lead)]
        combos = np.concatenate([parts[p] for p in order])
        weight_list = np.concatenate([weights[p] for p in order], dtype=np.float64)
        sizes = [sizes[p] for p in order]
        start = [0, *itertools.accumulate(sizes)]
    spot = OmahaRanges(combos, tuple(start), weight_list, nhole, bytes(board_cards), bytes(dead_cards), hilo,
                       0 if exact else seed or 0, 0 if exact else trials or 0)
    total = sizes[0] if exact else -(-(trials or 0) // lib.HR_EQUITY_CHUNK)
    per_unit = (work / max(1, sizes[0])) if exact else n * math.comb(nhole, 2) * lib.HR_EQUITY_CHUNK
    slices = max(1, min(total, math.ceil(total * per_unit / SLICE_WORK)))
    sums, squares, dealt, batch = [0.0] * (3 * n + 1), [0] * n, [0], [1]

    def add(result: tuple[list[float], list[int], int, int]) -> None:  # in slice order: the same on any threads
        for i, value in enumerate(result[0]):
            sums[i] += value
        for q, square in enumerate(result[1]):
            squares[q] += square
        dealt[0] += result[2]
        batch[0] = result[3]  # one plan, one way of drawing: the same in every part

    if client is not None and not exact:
        for result in client.gather([client.submit(ranges_part, spot, a, b, pure=False)
                                     for a, b in cluster_spans(total, 16)]):
            add(result)
    elif exact and per_unit > SLICE_WORK and n > 1 and sizes[1] > 1:
        # One hand of the first player is more than a slice's work (small ranges preflop): the
        # second player's range is split too, a spot for each part; sums add up over the parts
        parts_of_second = min(sizes[1], math.ceil(per_unit / SLICE_WORK))
        spots = []
        for j in range(parts_of_second):
            a, b = start[1] + sizes[1] * j // parts_of_second, start[1] + sizes[1] * (j + 1) // parts_of_second
            keep = [*range(start[1]), *range(a, b), *range(start[2], start[-1])]
            sub_combos, sub_weights = combos[keep], weight_list[keep]
            sub_start = (0, start[1], *(x - sizes[1] + b - a for x in start[2:]))
            spots.append(OmahaRanges(sub_combos, sub_start, sub_weights, nhole, spot.board, spot.dead, hilo, 0, 0))
        jobs = Jobs(total * parts_of_second, lambda k: functools.partial(
            ranges_part, spots[k % parts_of_second], k // parts_of_second, k // parts_of_second + 1))
        run_slices(jobs, nthreads, progress, fold=add)
    else:
        plan = None if exact else ranges_plan(spot)  # once: every slice draws from it
        jobs = Jobs(slices, lambda k: functools.partial(ranges_part, spot, total * k // slices,
                                                       total * (k + 1) // slices, plan))
        run_slices(jobs, nthreads, progress if slices > 1 else None, fold=add)
    counts = [0.0] * (3 * n)
    for q, p in enumerate(order):  # each player's sums back in its own place
        counts[3 * p:3 * p + 3] = sums[3 * q:3 * q + 3]
    return omaha_result(labels, list(board_cards), counts, sums[3 * n] if exact else dealt[0], squares, dealt[0],
                        None if exact else seed, batch[0])


def omaha_result(labels: list[str], board_cards: list[int], counts: Sequence[float], total: float,
                  squares: Sequence[int], deals: int, seed: int | None, batch: int = 1) -> EquityResult:
    """The result from each player's deals won whole, shared and units (counts, 3 a player)
    over ``total`` (the deals, or their weight); Monte Carlo (a seed) has standard errors, from
    ``squares`` of each deal's units, or of each ``batch`` deals' (batch means: the deals of a
    walk are not independent; a last batch cut short is counted as if whole)."""
    from ._equity_engine import EquityResult, standard_errors

    n = len(labels)
    win = [counts[3 * q] / total for q in range(n)]
    tie = [counts[3 * q + 1] / total for q in range(n)]
    share = [counts[3 * q + 2] / total / POT for q in range(n)]
    board_text = format_cards(board_cards) if board_cards else ""
    if seed is None:
        return EquityResult(labels, board_text, win, tie, share, deals, True, None, None, "enumeration")
    stderr = standard_errors(share, [squares[q] / (deals * batch) / POT**2 for q in range(n)], deals, batch)
    return EquityResult(labels, board_text, win, tie, share, deals, False, stderr, seed, "monte carlo")


def fixed_equity(hands: list[list[int] | None], nhole: int, board_cards: Sequence[int], dead_cards: Sequence[int],
                 where: dict[int, str], hilo: bool, trials: int | None, seed: int | None, nthreads: int, progress: Any,
                 client: Any, budget: float, default_trials: int) -> EquityResult:
    """omaha.equity when every player is known cards or random (checked): exact when nobody is
    random and the lookups are within ``budget``, else seeded Monte Carlo (``default_trials``
    deals when ``trials`` is None)."""
    from ._equity_input import drawn_seed
    from ._work import Jobs, cluster_spans, run_slices

    unseen = 52 - len(where)
    nrandom = sum(h is None for h in hands)
    table = bytes(c for h in hands for c in (h if h is not None else [255] * nhole))
    labels = [format_cards(h) if h is not None else "random" for h in hands]
    n, left = len(hands), 5 - len(board_cards)
    runouts = math.comb(unseen, left)
    lookups = runouts * n * math.comb(nhole, 2)
    exact = trials is None and client is None and not nrandom and lookups <= budget
    if not exact:
        trials = trials or default_trials
        seed = drawn_seed(seed)
    total = runouts if exact else -(-trials // lib.HR_EQUITY_CHUNK)  # type: ignore[operator]
    per_unit = n * math.comb(nhole, 2) * (1 if exact else lib.HR_EQUITY_CHUNK)
    slices = max(1, min(total, -(-total * per_unit // SLICE_WORK)))
    deal = OmahaDeal(table, nhole, n, bytes(board_cards), bytes(dead_cards), bool(hilo), 0 if exact else seed or 0,
                     0 if exact else trials or 0)
    counts, squares, dealt = [0] * (3 * n), [0] * n, [0]

    def add(result: tuple[list[int], list[int], int]) -> None:  # integers: the same sums in any order
        for i, value in enumerate(result[0]):
            counts[i] += value
        for q, square in enumerate(result[1]):
            squares[q] += square
        dealt[0] += result[2]

    if client is not None and not exact:  # tasks of 16 chunks or more on the cluster's workers
        futures = [client.submit(omaha_part, deal, start, end, pure=False) for start, end in cluster_spans(total, 16)]
        for result in client.gather(futures):
            add(result)
    else:
        jobs = Jobs(slices, lambda k: functools.partial(omaha_part, deal, total * k // slices,
                                                       total * (k + 1) // slices))
        run_slices(jobs, nthreads, progress if slices > 1 else None, fold=add)
    return omaha_result(labels, list(board_cards), counts, dealt[0], squares, dealt[0], None if exact else seed)
