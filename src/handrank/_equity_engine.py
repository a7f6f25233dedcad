"""The equity engine every game with hole cards and a board shares (Hold'em, short deck; range
analysis too): a checked spot (``handrank._equity_input``) answered exactly where enumeration
is affordable and by seeded Monte Carlo otherwise, through the game's kernels (``Game``); the
kernel's counts turned into an ``EquityResult``. See ``handrank.equity`` for the methods."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._core import ffi, lib
from ._display import html_table, percent
from ._equity_input import Spot, check_status, drawn_seed
from ._work import Jobs, cluster_spans, run_slices

DEFAULT_TRIALS = 2_000_000
"""Monte Carlo deals when ``trials`` is None and exact enumeration is too dear."""
EXACT_BUDGET = 400_000_000
"""Most work (in steps of about a nanosecond: a showdown, a combo checked) enumerated exactly."""


SHARE_UNITS: int = lib.HR_SHARE_UNITS


CHUNK: int = lib.HR_EQUITY_CHUNK


SLICE_WORK = 4_000_000  # steps of one C call between two checks for Ctrl-C (a few ms)


@dataclass(frozen=True)
class EquityResult:
    """Each player's chances, in player order: ``win`` alone, ``tie`` (split the pot),
    ``equity`` (win plus the share of split pots). ``boards`` counts the deals evaluated
    (for ranges, over all hole-card combinations, as plain enumeration would deal them);
    ``exact`` says whether every deal was counted; Monte Carlo results have a ``stderr``
    of each equity and their ``seed``. ``method`` names how it was computed: 'table',
    'enumeration' or 'monte carlo'. ``game`` names a game with no board ('seven-card stud',
    'Razz'), which the table shows in the board's place; it is empty for the others."""

    players: list[str]
    board: str
    win: list[float]
    tie: list[float]
    equity: list[float]
    boards: int
    exact: bool
    stderr: list[float] | None = None
    seed: int | None = None
    method: str = field(default="enumeration", compare=False)
    game: str = field(default="", compare=False, repr=False)

    def as_dict(self) -> dict[str, object]:
        return {"players": self.players, "board": self.board, "win": self.win, "tie": self.tie,
                "equity": self.equity, "boards": self.boards, "exact": self.exact, "stderr": self.stderr,
                "seed": self.seed, "method": self.method}

    def _where(self, colon: str) -> str:
        return self.game or f"board{colon}{self.board or '(none)'}"

    def _how(self) -> str:
        if self.exact:
            return f"exact, {self.boards:,} deals"
        return f"Monte Carlo, {self.boards:,} deals, seed {self.seed}"

    def _repr_html_(self) -> str:
        header = ["player", "hand", "win", "tie", "equity"] + ([] if self.stderr is None else ["±"])
        rows = [[i + 1, name, percent(self.win[i]), percent(self.tie[i]), percent(self.equity[i])]
                + ([] if self.stderr is None else [percent(self.stderr[i])]) for i, name in enumerate(self.players)]
        return html_table(f"{self._where(' ')} ({self._how()})", header, rows)

    def __repr__(self) -> str:
        rounded = ", ".join(f"{e:.4f}" for e in self.equity)
        extra = ""
        if self.stderr is not None:
            # significant digits: a stderr of 3e-05 is not 0.0000
            extra = f", stderr=[{', '.join(f'{e:.2g}' for e in self.stderr)}], seed={self.seed}"
        # constructor style: no thousands separators, which would read as more arguments
        return (f"EquityResult(players={self.players!r}, board={self.board!r}, equity=[{rounded}], "
                f"exact={self.exact}, boards={self.boards}{extra}, method={self.method!r})")

    def table(self) -> str:
        how = self._how()
        lines = [f"{self._where(': ')}  ({how})",
                 f"{'player':<8}{'hand':<24}{'win':>9}{'tie':>9}{'equity':>9}" + ("" if self.exact else f"{'±':>9}")]
        for i, name in enumerate(self.players):
            line = f"{i + 1:<8}{name:<24}{self.win[i]:>9.3%}{self.tie[i]:>9.3%}{self.equity[i]:>9.3%}"
            if self.stderr is not None:
                line += f"{self.stderr[i]:>9.3%}"
            lines.append(line)
        return "\n".join(lines)


@functools.cache
def _winner_sets(n: int) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """(mask, its players, each one's share in units) of every nonempty set of n players."""
    sets = []
    for mask in range(1, 1 << n):
        players = tuple(p for p in range(n) if mask >> p & 1)
        sets.append((mask, players, SHARE_UNITS // len(players)))
    return tuple(sets)


def _chances(outcomes: Sequence[float], n: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """win, tie, equity and mean squared share of each player from counts by winner set.

    Integer counts give correctly rounded chances: the sums are exact Python ints."""
    total = sum(outcomes)
    zero: float = 0  # an int while the counts are ints, so that their sums stay exact
    win, tie, share, squares = [zero] * n, [zero] * n, [zero] * n, [zero] * n
    for mask, players, units in _winner_sets(n):
        count = outcomes[mask]
        if not count:
            continue
        if len(players) == 1:
            win[players[0]] += count
        for p in players:
            share[p] += count * units
            squares[p] += count * units * units
            if len(players) > 1:
                tie[p] += count
    return ([w / total for w in win], [t / total for t in tie], [s / total / SHARE_UNITS for s in share],
            [q / total / SHARE_UNITS**2 for q in squares])


def _exact_fixed(labels: list[str], board_text: str, spot: Spot) -> EquityResult:
    n = len(labels)
    chances = ffi.new("double[]", 3 * n)
    deals = lib.hr_equity_fixed_chances(spot.combos, n, spot.board, len(spot.board), spot.dead, len(spot.dead),
                                        chances)
    if deals < 0:
        check_status(deals)
    return _exact_result(labels, board_text, ffi.unpack(chances, 3 * n), deals, "enumeration")


# Pairs of combos one call of the preflop table sums (a few milliseconds): Ctrl-C is seen between calls.
PREFLOP_SLICE_PAIRS = 40_000


def preflop_table_sums(combos: Any, combo_start: Any, weights: Any, first_count: int, second_count: int,
                       outcomes: Any, deals: Any) -> None:
    """hr_equity_preflop over the first player's combos in slices of about PREFLOP_SLICE_PAIRS
    pairs, one C call each, added in order (the same bits as one call)."""
    step = max(1, PREFLOP_SLICE_PAIRS // max(1, second_count))
    for first in range(0, first_count, step):
        check_status(_preflop_slice(combos, combo_start, weights, first, min(first_count, first + step), outcomes,
                                    deals))


_preflop_slice = lib.hr_equity_preflop  # one C call (a name of its own, so that a test can time the calls)


def _exact_table(spot: Spot) -> tuple[list[float], int]:
    outcomes, deals = ffi.new("double[4]"), ffi.new("uint64_t *")
    first_count, second_count = spot.sizes()[:2]
    preflop_table_sums(*spot.c_args(), first_count, second_count, outcomes, deals)
    return list(outcomes), deals[0]


def _ranges_work(spot: Spot, runouts: int, distinct: int) -> float:
    """The C walk's steps for all runouts: ranking the distinct combos and counting the
    assignments on each runout (a bound: combos that share cards are counted too)."""
    sizes = sorted(spot.sizes())
    if len(sizes) == 2:
        a, b = sizes
        counting = a * b if a * b <= 64 * (a + b) else 40 * (a + b)
    else:
        counting, product = 0, 1
        for size in sizes:
            product *= size
            counting += product
    return runouts * (3 * distinct + counting + 20)


@dataclass(frozen=True)
class Game:
    """A game dealt as Hold'em (two hole cards, a five-card board) that equity runs: its deck
    size, its C entry points (``lib`` names, with the arguments that come first) and whether
    Hold'em's own fast paths (the preflop table, fixed hands in classes) apply."""

    deck: int = 52
    ranges: str = "hr_equity_ranges"
    monte_carlo: str = "hr_equity_monte_carlo"
    args: tuple[int, ...] = ()
    holdem_paths: bool = True

    def kernel(self, name: str) -> Any:
        function = getattr(lib, getattr(self, name))
        return functools.partial(function, *self.args) if self.args else function


HOLDEM = Game()


@functools.lru_cache(maxsize=256)
def symmetry_group(spot: Spot) -> tuple[Any, int]:
    """The suit permutations fixing the spot (the kernel's group array and its size)."""
    group = ffi.new("uint8_t[24]")
    ngroup = lib.hr_equity_symmetry(*spot.c_args(), spot.nplayers, spot.board, len(spot.board), spot.dead,
                                    len(spot.dead), group)
    check_status(min(ngroup, 0))
    return group, ngroup


def _exact_ranges(spot: Spot, runouts: int, work: float, nthreads: int,
                  progress: Callable[[int, int], None] | None, game: Game = HOLDEM,
                  symmetry: tuple[Any, int] | None = None) -> tuple[list[float], int]:
    n = spot.nplayers
    args = spot.c_args()
    kernel = game.kernel("ranges")
    group, ngroup = symmetry or symmetry_group(spot)
    slices = max(1, min(runouts, math.ceil(work / ngroup / SLICE_WORK)))
    if slices == 1:  # small: one call, nothing to share out
        outcomes, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        check_status(kernel(*args, n, spot.board, len(spot.board), spot.dead, len(spot.dead), group, ngroup, 0, runouts,
                            outcomes, deals))
        return list(outcomes), deals[0]
    bounds = [runouts * k // slices for k in range(slices + 1)]

    def part(first: int, end: int) -> tuple[list[float], int]:
        outcomes, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        check_status(kernel(*args, n, spot.board, len(spot.board), spot.dead, len(spot.dead), group, ngroup, first, end,
                            outcomes, deals))
        return list(outcomes), deals[0]

    jobs: list[Callable[[], tuple[list[float], int]]] = [
        functools.partial(part, bounds[k], bounds[k + 1]) for k in range(slices)]
    parts = run_slices(jobs, nthreads, progress if slices > 1 else None)
    outcomes = [0.0] * (1 << n)
    for part_outcomes, _ in parts:  # in slice order: the same sums on any number of threads
        outcomes = [a + b for a, b in zip(outcomes, part_outcomes)]
    return outcomes, sum(deals for _, deals in parts)


@dataclass(frozen=True)
class MonteCarloDeal:
    """Everything a Monte Carlo part needs (picklable for Dask)."""

    spot: Spot
    seed: int
    trials: int
    game: Game = HOLDEM


def _monte_carlo_part(deal: MonteCarloDeal, first_chunk: int, end_chunk: int) -> list[int]:
    """Counts by winner set of chunks [first_chunk, end_chunk) of a Monte Carlo run, then
    (where the combos follow the walk) each player's squared units of each batch of deals and
    the deals of a batch (else zeros); runs anywhere."""
    spot = deal.spot
    outcomes = ffi.new("uint64_t[]", 1 << spot.nplayers)
    batches = ffi.new("uint64_t[]", spot.nplayers + 1)
    kernel = deal.game.kernel("monte_carlo")
    check_status(kernel(*spot.c_args(), spot.nplayers, spot.board, len(spot.board), spot.dead, len(spot.dead),
                        deal.seed, deal.trials, first_chunk, end_chunk, outcomes, batches))
    return [*outcomes, *batches]


def _monte_carlo(deal: MonteCarloDeal, nthreads: int, client: Any,
                 progress: Callable[[int, int], None] | None) -> list[int]:
    """_monte_carlo_part's sums over every chunk (the deals of a batch are the same in every
    part, or zero where none was made: the largest is kept)."""
    chunks = -(-deal.trials // CHUNK)
    if client is not None:
        # Tasks of 16 chunks or more (at most CLUSTER_TASKS of them); any split gives the same
        # counts for the seed.
        futures = [client.submit(_monte_carlo_part, deal, start, end, pure=False)
                   for start, end in cluster_spans(chunks, 16)]
        parts = client.gather(futures)
    else:
        step = 2  # about 5 ms a slice: Ctrl-C and progress between slices

        def report(done: int, total: int) -> None:
            assert progress is not None
            progress(min(deal.trials, done * step * CHUNK), deal.trials)

        totals = [0] * ((1 << deal.spot.nplayers) + deal.spot.nplayers + 1)

        def add(counts: list[int]) -> None:  # integer sums: the same in any order
            for at, count in enumerate(counts[:-1]):
                totals[at] += count
            totals[-1] = max(totals[-1], counts[-1])

        jobs = Jobs(-(-chunks // step), lambda k: functools.partial(_monte_carlo_part, deal, k * step,
                                                                    min(chunks, (k + 1) * step)))
        run_slices(jobs, nthreads, report if progress else None, fold=add)
        return totals
    sums = [sum(values) for values in zip(*parts)]
    return [*sums[:-1], max(part[-1] for part in parts)]


def equity_of_spot(labels: list[str], board_text: str, spot: Spot, trials: int | None, seed: int | None,
                   nthreads: int, client: Any, progress: Callable[[int, int], None] | None, game: Game,
                   budget: float = EXACT_BUDGET, default_trials: int = DEFAULT_TRIALS) -> EquityResult:
    """Equity of a checked spot (trials, seed, threads and client checked too) in `game`: exact
    within ``budget`` steps when ``trials`` is None, else ``default_trials`` Monte Carlo deals."""
    n = spot.nplayers
    if trials is None:
        exact = exact_equity(labels, board_text, spot, nthreads, progress, game, budget)
        if exact is not None:
            return exact
        trials = default_trials
        seed = drawn_seed(seed)

    assert seed is not None
    counts = _monte_carlo(MonteCarloDeal(spot, seed, trials, game), nthreads, client, progress)
    win, tie, share, second = _chances(counts[:1 << n], n)
    batch = counts[-1]
    if batch:  # the walk: batch means (a last batch cut short counted as if whole)
        second = [counts[(1 << n) + p] / (trials * batch) / SHARE_UNITS**2 for p in range(n)]
    stderr = standard_errors(share, second, trials, max(1, batch))
    return EquityResult(labels, board_text, win, tie, share, trials, False, stderr, seed, "monte carlo")


def standard_errors(share: Sequence[float], second: Sequence[float], deals: int, batch: int) -> list[float]:
    """Each player's standard error over ``deals`` deals, every game's: from the mean share and
    the mean square of the share of each deal (``batch`` 1) or, where successive deals are not
    independent (a walk), of each batch of ``batch`` deals' mean share (batch means)."""
    return [math.sqrt(max(0.0, second[p] - share[p] ** 2) * batch / deals) for p in range(len(share))]


def exact_equity(labels: list[str], board_text: str, spot: Spot, nthreads: int,
                 progress: Callable[[int, int], None] | None, game: Game, budget: float) -> EquityResult | None:
    """The exact answer, or None when enumerating would take more than ``budget`` steps."""
    if game.holdem_paths and spot.nplayers == 2 and not spot.board and not spot.dead:
        outcomes, deals = _exact_table(spot)
        return _weighted_result(labels, board_text, outcomes, deals, "table")
    if game.holdem_paths and spot.fixed:
        return _exact_fixed(labels, board_text, spot)
    unseen = game.deck - len(spot.board) - len(spot.dead)
    runouts = math.comb(unseen, 5 - len(spot.board))
    work = _ranges_work(spot, runouts, min(1326, len(spot.weights)))
    symmetry = symmetry_group(spot)  # runouts of one suit orbit are walked once: the work shrinks by its size
    if work / symmetry[1] > budget:
        return None
    outcomes, deals = _exact_ranges(spot, runouts, work, nthreads, progress, game, symmetry)
    return _weighted_result(labels, board_text, outcomes, deals, "enumeration")


def _weighted_result(labels: list[str], board_text: str, outcomes: Sequence[float], deals: int,
                     method: str) -> EquityResult:
    n = len(labels)
    chances = ffi.new("double[]", 3 * n)
    check_status(lib.hr_equity_chances_weights(ffi.new("double[]", outcomes), n, chances))
    return _exact_result(labels, board_text, ffi.unpack(chances, 3 * n), deals, method)


def _exact_result(labels: list[str], board_text: str, chances: list[float], deals: int, method: str) -> EquityResult:
    """The result from the kernel's chances (win, tie, equity of each player, one after the
    other), filled in directly: it is called for every exact spot, and the frozen dataclass's
    __init__ costs a microsecond."""
    n = len(labels)
    result = object.__new__(EquityResult)
    result.__dict__.update({"players": labels, "board": board_text, "win": chances[:n], "tie": chances[n:2 * n],
                            "equity": chances[2 * n:], "boards": deals, "exact": True, "stderr": None, "seed": None,
                            "method": method})
    return result
