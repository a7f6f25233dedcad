"""Texas Hold'em equity: exact where enumeration is affordable, seeded Monte Carlo otherwise.

Every loop runs in C with the GIL released (csrc/equity*.c, monte_carlo.c, preflop.c); this
module checks the input, picks the method and turns the kernel's counts into chances:

- fixed hole cards: every board, counted in classes of equal outcome (rank multisets,
  flush suits only where somebody can flush, suit orbits once), exact integers;
- heads-up preflop without dead cards: the precomputed table of all 47,008 matchup
  classes, for hands and for ranges (every pair of combos that shares no card);
- ranges: every runout in C, each distinct combo ranked once on it, the assignments of
  combos counted against those ranks; runouts in one suit orbit counted once;
- Monte Carlo when ``trials`` is given, or when exact enumeration would cost more than
  EXACT_BUDGET: chunks of HR_EQUITY_CHUNK deals, each from its own seeded stream.

A pot split k ways gives each of the k players 1/k of it, so ``equity`` is the win rate
plus each player's share of the split pots, and the players' equities add up to 1.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._core import ffi, lib
from ._display import html_table, percent
from ._equity_input import (
    MAX_PLAYERS,
    MAX_TRIALS,
    _check,
    _client,
    _seed,
    _Spot,
    _spot,
    _trials,
    checked_seed,
)
from ._work import Jobs, cluster_spans, progress_reporter, run_slices, thread_count
from .cards import HandLike

__all__ = ["equity", "EquityResult", "DEFAULT_TRIALS", "EXACT_BUDGET", "MAX_PLAYERS", "MAX_TRIALS"]

SHARE_UNITS: int = lib.HR_SHARE_UNITS
CHUNK: int = lib.HR_EQUITY_CHUNK
DEFAULT_TRIALS = 2_000_000
"""Monte Carlo deals when ``trials`` is None and exact enumeration is too dear."""
EXACT_BUDGET = 400_000_000
"""Most work (in steps of about a nanosecond: a showdown, a combo checked) enumerated exactly."""
_SLICE_WORK = 4_000_000  # steps of one C call between two checks for Ctrl-C (a few ms)



@dataclass(frozen=True)
class EquityResult:
    """Each player's chances, in player order: ``win`` alone, ``tie`` (split the pot),
    ``equity`` (win plus the share of split pots). ``boards`` counts the deals evaluated
    (for ranges, over all hole-card combinations, as plain enumeration would deal them);
    ``exact`` says whether every deal was counted; Monte Carlo results have a ``stderr``
    of each equity and their ``seed``. ``method`` names how it was computed: 'table',
    'enumeration' or 'monte carlo'."""

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

    def as_dict(self) -> dict[str, object]:
        return {"players": self.players, "board": self.board, "win": self.win, "tie": self.tie,
                "equity": self.equity, "boards": self.boards, "exact": self.exact, "stderr": self.stderr,
                "seed": self.seed, "method": self.method}

    def _how(self) -> str:
        if self.exact:
            return f"exact, {self.boards:,} deals"
        return f"Monte Carlo, {self.boards:,} deals, seed {self.seed}"

    def _repr_html_(self) -> str:
        header = ["player", "hand", "win", "tie", "equity"] + ([] if self.stderr is None else ["±"])
        rows = [[i + 1, name, percent(self.win[i]), percent(self.tie[i]), percent(self.equity[i])]
                + ([] if self.stderr is None else [percent(self.stderr[i])]) for i, name in enumerate(self.players)]
        return html_table(f"board {self.board or '(none)'} ({self._how()})", header, rows)

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
        lines = [f"board: {self.board or '(none)'}  ({how})",
                 f"{'player':<8}{'hand':<24}{'win':>9}{'tie':>9}{'equity':>9}" + ("" if self.exact else f"{'±':>9}")]
        for i, name in enumerate(self.players):
            line = f"{i + 1:<8}{name:<24}{self.win[i]:>9.3%}{self.tie[i]:>9.3%}{self.equity[i]:>9.3%}"
            if self.stderr is not None:
                line += f"{self.stderr[i]:>9.3%}"
            lines.append(line)
        return "\n".join(lines)


# ---------------------------------------------------------------------------- results


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


# ------------------------------------------------------------------------------ exact


def _exact_fixed(labels: list[str], board_text: str, spot: _Spot) -> EquityResult:
    n = len(labels)
    chances = ffi.new("double[]", 3 * n)
    deals = lib.hr_equity_fixed_chances(spot.combos, n, spot.board, len(spot.board), spot.dead, len(spot.dead),
                                        chances)
    if deals < 0:
        _check(deals)
    return _exact_result(labels, board_text, ffi.unpack(chances, 3 * n), deals, "enumeration")


# Pairs of combos one call of the preflop table sums (a few milliseconds): Ctrl-C is seen between calls.
PREFLOP_SLICE_PAIRS = 40_000


def preflop_table_sums(combos: Any, combo_start: Any, weights: Any, first_count: int, second_count: int,
                       outcomes: Any, deals: Any) -> None:
    """hr_equity_preflop over the first player's combos in slices of about PREFLOP_SLICE_PAIRS
    pairs, one C call each, added in order (the same bits as one call)."""
    step = max(1, PREFLOP_SLICE_PAIRS // max(1, second_count))
    for first in range(0, first_count, step):
        _check(_preflop_slice(combos, combo_start, weights, first, min(first_count, first + step), outcomes, deals))


_preflop_slice = lib.hr_equity_preflop  # one C call (a name of its own, so that a test can time the calls)


def _exact_table(spot: _Spot) -> tuple[list[float], int]:
    outcomes, deals = ffi.new("double[4]"), ffi.new("uint64_t *")
    first_count, second_count = spot.sizes()[:2]
    preflop_table_sums(*spot.c_args(), first_count, second_count, outcomes, deals)
    return list(outcomes), deals[0]


def _ranges_work(spot: _Spot, runouts: int, distinct: int) -> float:
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
class _Game:
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


_HOLDEM = _Game()


@functools.lru_cache(maxsize=256)
def _symmetry(spot: _Spot) -> tuple[Any, int]:
    """The suit permutations fixing the spot (the kernel's group array and its size)."""
    group = ffi.new("uint8_t[24]")
    ngroup = lib.hr_equity_symmetry(*spot.c_args(), spot.nplayers, spot.board, len(spot.board), spot.dead,
                                    len(spot.dead), group)
    _check(min(ngroup, 0))
    return group, ngroup


def _exact_ranges(spot: _Spot, runouts: int, work: float, nthreads: int,
                  progress: Callable[[int, int], None] | None, game: _Game = _HOLDEM,
                  symmetry: tuple[Any, int] | None = None) -> tuple[list[float], int]:
    n = spot.nplayers
    args = spot.c_args()
    kernel = game.kernel("ranges")
    group, ngroup = symmetry or _symmetry(spot)
    slices = max(1, min(runouts, math.ceil(work / ngroup / _SLICE_WORK)))
    if slices == 1:  # small: one call, nothing to share out
        outcomes, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        _check(kernel(*args, n, spot.board, len(spot.board), spot.dead, len(spot.dead), group, ngroup, 0, runouts,
                      outcomes, deals))
        return list(outcomes), deals[0]
    bounds = [runouts * k // slices for k in range(slices + 1)]

    def part(first: int, end: int) -> tuple[list[float], int]:
        outcomes, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        _check(kernel(*args, n, spot.board, len(spot.board), spot.dead, len(spot.dead), group, ngroup, first, end,
                      outcomes, deals))
        return list(outcomes), deals[0]

    jobs: list[Callable[[], tuple[list[float], int]]] = [
        functools.partial(part, bounds[k], bounds[k + 1]) for k in range(slices)]
    parts = run_slices(jobs, nthreads, progress if slices > 1 else None)
    outcomes = [0.0] * (1 << n)
    for part_outcomes, _ in parts:  # in slice order: the same sums on any number of threads
        outcomes = [a + b for a, b in zip(outcomes, part_outcomes)]
    return outcomes, sum(deals for _, deals in parts)


# ------------------------------------------------------------------------ Monte Carlo


@dataclass(frozen=True)
class _MonteCarloDeal:
    """Everything a Monte Carlo part needs (picklable for Dask)."""

    spot: _Spot
    seed: int
    trials: int
    game: _Game = _HOLDEM


def _monte_carlo_part(deal: _MonteCarloDeal, first_chunk: int, end_chunk: int) -> list[int]:
    """Counts by winner set of chunks [first_chunk, end_chunk) of a Monte Carlo run; runs anywhere."""
    spot = deal.spot
    outcomes = ffi.new("uint64_t[]", 1 << spot.nplayers)
    _check(deal.game.kernel("monte_carlo")(*spot.c_args(), spot.nplayers, spot.board, len(spot.board), spot.dead,
                                           len(spot.dead), deal.seed, deal.trials, first_chunk, end_chunk, outcomes))
    return list(outcomes)


def _monte_carlo(deal: _MonteCarloDeal, nthreads: int, client: Any,
                 progress: Callable[[int, int], None] | None) -> list[int]:
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

        totals = [0] * (1 << deal.spot.nplayers)

        def add(counts: list[int]) -> None:  # integer sums: the same in any order
            for mask, count in enumerate(counts):
                totals[mask] += count

        jobs = Jobs(-(-chunks // step), lambda k: functools.partial(_monte_carlo_part, deal, k * step,
                                                                     min(chunks, (k + 1) * step)))
        run_slices(jobs, nthreads, report if progress else None, fold=add)
        return totals
    return [sum(values) for values in zip(*parts)]


# -------------------------------------------------------------------------------- API


def equity(players: Sequence[HandLike], board: HandLike = "", dead: HandLike = "", *, trials: int | None = None,
           seed: int | None = None, threads: int | None = None, client: Any = None,
           progress: bool | Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie and their equity in a Texas Hold'em pot.

    ``players`` are 2 to 10 hands, each two hole cards ("AsAh", "As Ah", [51, 50]) or a
    range ("QQ+, AKs", "0.5(AKo)", "random", see ``handrank.ranges``). ``board`` has 0, 3,
    4 or 5 cards; ``dead`` cards are out of the deck. With ``trials`` None the answer is
    exact whenever enumeration costs at most EXACT_BUDGET steps (fixed hands always;
    heads-up preflop from a precomputed table), else DEFAULT_TRIALS Monte Carlo deals are
    drawn; given ``trials``, Monte Carlo always. A Monte Carlo run is reproducible from its
    ``seed`` (drawn at random and reported when None), whatever ``threads`` or Dask
    ``client`` runs it. ``progress=True`` shows a progress bar on long runs (tqdm's, with
    ``pip install ".[progress]"``); a callable ``progress(done, total)`` is called instead.
    Ctrl-C stops a call within a few milliseconds with KeyboardInterrupt.

    >>> r = equity(["AsAh", "KdKc"])
    >>> r.exact, round(r.equity[0], 4), r.boards
    (True, 0.8126, 1712304)
    >>> equity(["AsAh", "KdKc"], board="Kh 7d 2c").equity[1] > 0.9
    True

    Raises:
        ValueError: fewer than 2 or more than 10 players, a board of other than 0, 3, 4
            or 5 cards, a card used twice anywhere (named), a range with no combo left
            once the known cards are out, ranges that cannot all be dealt at once, trials
            outside 1 .. 2**53, a seed outside 0 .. 2**64 - 1, threads below 1.
        TypeError: a player that is neither hole cards nor a range string; trials, seed or
            threads that are not ints; a client that is not a Dask client.
    """
    seed = checked_seed(seed)  # before the paths split: exact answers never read it
    progress = progress_reporter(progress, "equity")
    if trials is not None or client is not None:
        trials, client = _trials(trials), _client(client)
        seed = _seed(seed)
    nthreads = thread_count(threads)
    labels, board_text, spot = _spot(players, board, dead)
    return _equity(labels, board_text, spot, trials, seed, nthreads, client, progress, _HOLDEM)


def _equity(labels: list[str], board_text: str, spot: _Spot, trials: int | None, seed: int | None, nthreads: int,
            client: Any, progress: Callable[[int, int], None] | None, game: _Game) -> EquityResult:
    """Equity of a checked spot (trials, seed, threads and client checked too) in `game`."""
    n = spot.nplayers
    if trials is None:
        exact = _exact(labels, board_text, spot, nthreads, progress, game, EXACT_BUDGET)
        if exact is not None:
            return exact
        trials = DEFAULT_TRIALS
        seed = _seed(seed)

    assert seed is not None
    counts = _monte_carlo(_MonteCarloDeal(spot, seed, trials, game), nthreads, client, progress)
    win, tie, share, second = _chances(counts, n)
    stderr = [math.sqrt(max(0.0, second[p] - share[p] ** 2) / trials) for p in range(n)]
    return EquityResult(labels, board_text, win, tie, share, trials, False, stderr, seed, "monte carlo")


def _exact(labels: list[str], board_text: str, spot: _Spot, nthreads: int,
           progress: Callable[[int, int], None] | None, game: _Game, budget: float) -> EquityResult | None:
    """The exact answer, or None when enumerating would take more than ``budget`` steps."""
    if game.holdem_paths and spot.nplayers == 2 and not spot.board and not spot.dead:
        outcomes, deals = _exact_table(spot)
        return _weighted_result(labels, board_text, outcomes, deals, "table")
    if game.holdem_paths and spot.fixed:
        return _exact_fixed(labels, board_text, spot)
    unseen = game.deck - len(spot.board) - len(spot.dead)
    runouts = math.comb(unseen, 5 - len(spot.board))
    work = _ranges_work(spot, runouts, min(1326, len(spot.weights)))
    symmetry = _symmetry(spot)  # runouts of one suit orbit are walked once: the work shrinks by its size
    if work / symmetry[1] > budget:
        return None
    outcomes, deals = _exact_ranges(spot, runouts, work, nthreads, progress, game, symmetry)
    return _weighted_result(labels, board_text, outcomes, deals, "enumeration")


def _weighted_result(labels: list[str], board_text: str, outcomes: Sequence[float], deals: int,
                     method: str) -> EquityResult:
    n = len(labels)
    chances = ffi.new("double[]", 3 * n)
    _check(lib.hr_equity_chances_weights(ffi.new("double[]", outcomes), n, chances))
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
