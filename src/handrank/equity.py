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
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._core import ffi, lib
from ._display import html_table, percent
from ._work import run_slices, thread_count
from .cards import HandLike, exact_int, format_cards, parse
from .ranges import Combo, parse_range

__all__ = ["equity", "EquityResult", "DEFAULT_TRIALS", "EXACT_BUDGET", "MAX_PLAYERS", "MAX_TRIALS"]

MAX_PLAYERS: int = lib.HR_MAX_PLAYERS
SHARE_UNITS: int = lib.HR_SHARE_UNITS
CHUNK: int = lib.HR_EQUITY_CHUNK
DEFAULT_TRIALS = 2_000_000
"""Monte Carlo deals when ``trials`` is None and exact enumeration is too dear."""
EXACT_BUDGET = 400_000_000
"""Most work (in steps of about a nanosecond: a showdown, a combo checked) enumerated exactly."""
MAX_TRIALS = 2**53
"""Most Monte Carlo deals one call may ask for."""
_SLICE_WORK = 4_000_000  # steps of one C call between two checks for Ctrl-C (a few ms)
_FEASIBLE_BUDGET = 20_000_000  # combo checks spent deciding whether the ranges can be dealt
_WEIGHT_SPAN = 1e-30  # smallest weight / largest weight within one range

_ERRORS = {
    lib.HR_ERR_CARD: "a card id above 51", lib.HR_ERR_DUPLICATE: "a card used twice",
    lib.HR_ERR_COUNT: "too few cards left to deal", lib.HR_ERR_PLAYERS: f"not 2 to {MAX_PLAYERS} players",
    lib.HR_ERR_BOARD: "a board of other than 0, 3, 4 or 5 cards",
    lib.HR_ERR_RANGE: "a range without combos or with bad weights",
    lib.HR_ERR_IMPOSSIBLE: "no deal was found where the hands share no card",
    lib.HR_ERR_MEMORY: "out of memory", lib.HR_ERR_TABLE: "a matchup missing from the preflop table",
}


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
            extra = f", stderr=[{', '.join(f'{e:.4f}' for e in self.stderr)}], seed={self.seed}"
        return (f"EquityResult(players={self.players!r}, board={self.board!r}, equity=[{rounded}], "
                f"exact={self.exact}, boards={self.boards:,}{extra}, method={self.method!r})")

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


# ------------------------------------------------------------------------------ input


@functools.lru_cache(maxsize=1024)
def _cards_of_text(text: str) -> tuple[int, ...]:
    return tuple(parse(text)) if text.strip() else ()


def _known_cards(cards: HandLike, what: str) -> tuple[int, ...]:
    """Board or dead cards; empty is allowed here."""
    if isinstance(cards, str):
        return _cards_of_text(cards)
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(f"{what} must be cards such as '2c 7d 9h' (or empty), got {type(cards).__name__}") from None
    return tuple(parse(items)) if items else ()


@functools.lru_cache(maxsize=1024)
def _board_text(cards: tuple[int, ...]) -> str:
    return format_cards(list(cards)) if cards else ""


@dataclass(frozen=True)
class _Holding:
    """One player's hand as given: two hole cards (one combo) or a range."""

    label: str
    combos: tuple[Combo, ...]  # higher card first
    weights: tuple[float, ...]
    masks: tuple[int, ...]     # each combo's two cards as bits
    packed: bytes              # the combos' cards, two bytes a combo
    cards: int                 # every card of every combo, as bits
    even: bool                 # all weights equal


def _holding(label: str, combos: dict[Combo, float]) -> _Holding:
    masks = tuple(1 << a | 1 << b for a, b in combos)
    weights = tuple(combos.values())
    cards = 0
    for mask in masks:
        cards |= mask
    return _Holding(label, tuple(combos), weights, masks, bytes(c for combo in combos for c in combo), cards,
                    len(set(weights)) == 1)


@functools.lru_cache(maxsize=4096)  # the same hands and ranges come back call after call
def _holding_of_text(spec: str) -> _Holding:
    """Parse a player given as text; a ValueError says why it is neither cards nor a range."""
    if len(spec) > 24:  # not two cards: skip the card parser's message
        cards, as_cards = [], "too long"
    else:
        try:
            cards = parse(spec)
            as_cards = f"{len(cards)} cards, not 2"
        except ValueError as error:
            cards, as_cards = [], str(error)
    if len(cards) == 2:
        return _holding(format_cards(cards), {(max(cards), min(cards)): 1.0})
    try:
        return _holding(spec.strip(), parse_range(spec))
    except ValueError as error:
        shown = repr(spec) if len(spec) <= 40 else repr(spec[:37] + "...")
        raise ValueError(f"{shown} is neither two hole cards ({as_cards}) nor a range ({error})") from None


def _player(spec: object, index: int) -> _Holding:
    """One player: two hole cards, or a range string."""
    if isinstance(spec, str):
        try:
            return _holding_of_text(spec)
        except ValueError as error:
            raise ValueError(f"players[{index}]: {error}") from None
    try:
        cards = parse(spec)  # type: ignore[arg-type]
        as_cards = f"{len(cards)} cards, not 2"
    except (ValueError, TypeError) as error:
        cards, as_cards = [], str(error)
    if len(cards) != 2:
        raise TypeError(f"players[{index}]: expected two hole cards or a range string, got {spec!r} ({as_cards})")
    return _holding(format_cards(cards), {(max(cards), min(cards)): 1.0})


@dataclass(frozen=True)
class _Spot:
    """A checked deal: the players' combos (packed for the kernel), board and dead cards.
    Plain bytes and lists, so that it pickles for Dask."""

    combos: bytes            # two card ids a combo, the players' combos one after another
    combo_start: tuple[int, ...]  # player p's combos are [combo_start[p], combo_start[p + 1])
    weights: tuple[float, ...]    # each combo's weight, the largest of each player 1
    board: bytes
    dead: bytes

    @property
    def nplayers(self) -> int:
        return len(self.combo_start) - 1

    def sizes(self) -> list[int]:
        return [b - a for a, b in zip(self.combo_start, self.combo_start[1:])]

    def c_args(self) -> tuple[Any, Any, Any]:
        return _c_args(self)


@functools.lru_cache(maxsize=256)
def _c_args(spot: _Spot) -> tuple[Any, Any, Any]:
    """The spot's arrays as the kernel takes them (read-only there, so shared safely)."""
    return (spot.combos, ffi.new("int32_t[]", spot.combo_start), ffi.new("double[]", spot.weights))


@functools.lru_cache(maxsize=256)
def _cached_spot(players: tuple[str, ...], board: str, dead: str) -> tuple[tuple[str, ...], tuple[int, ...], _Spot]:
    labels, board_cards, spot = _checked_spot(players, board, dead)
    return tuple(labels), board_cards, spot


def _spot(players: Sequence[HandLike], board: HandLike, dead: HandLike) -> tuple[list[str], tuple[int, ...], _Spot]:
    """The checked spot; the same text asked again is checked once (a spot is immutable)."""
    if (isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players)
            and isinstance(board, str) and isinstance(dead, str)):
        labels, board_cards, spot = _cached_spot(tuple(players), board, dead)
        return list(labels), board_cards, spot
    return _checked_spot(players, board, dead)


def _checked_spot(players: Sequence[HandLike], board: HandLike, dead: HandLike
                  ) -> tuple[list[str], tuple[int, ...], _Spot]:
    """Labels, board cards and the checked spot; every error names what is wrong."""
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

    holdings = [_player(spec, index) for index, spec in enumerate(players)]
    for index, holding in enumerate(holdings):  # known hole cards must not clash with anything
        if len(holding.combos) == 1:
            for card in holding.combos[0]:
                if card in where:
                    raise ValueError(f"players[{index}]: card {format_cards([card])!r} is also in {where[card]}")
                where[card] = f"players[{index}]"
    taken = sum(1 << card for card in where)
    combos_bytes, starts, weights = bytearray(), [0], list[float]()
    for index, holding in enumerate(holdings):
        if len(holding.combos) == 1:
            combos_bytes += holding.packed
            weights.append(1.0)
            starts.append(len(weights))
            continue
        if not holding.cards & taken:  # every combo fits
            combos_bytes += holding.packed
            kept = list(holding.weights)
        else:
            fits = [i for i, mask in enumerate(holding.masks) if not mask & taken]
            if not fits:
                raise ValueError(f"players[{index}]: no combo of {holding.label!r} is left once the known cards "
                                 "are out")
            combos_bytes += b"".join(holding.packed[2 * i:2 * i + 2] for i in fits)
            kept = [holding.weights[i] for i in fits]
        if holding.even:
            weights.extend([1.0] * len(kept))
        else:
            largest = max(kept)
            if not math.isfinite(largest) or min(kept) < largest * _WEIGHT_SPAN:
                raise ValueError(f"players[{index}]: weights must be finite and within a factor 1e30 of each other")
            weights.extend(weight / largest for weight in kept)
        starts.append(len(weights))
    labels = [holding.label for holding in holdings]
    spot = _Spot(bytes(combos_bytes), tuple(starts), tuple(weights), bytes(board_cards), bytes(dead_cards))
    if any(size > 1 for size in spot.sizes()):
        known = spot.board + spot.dead
        found = lib.hr_ranges_feasible(spot.combos, ffi.new("int32_t[]", starts), spot.nplayers, known, len(known),
                                       _FEASIBLE_BUDGET)
        if found == lib.HR_ERR_BUDGET:
            raise ValueError("these ranges overlap too much to decide quickly whether they can be dealt together; "
                             "narrow them")
        if found == 0:
            raise ValueError("impossible matchup: the players' hands cannot all be dealt without sharing a card")
        _check(found if found < 0 else 0)
    unseen = 52 - len(board_cards) - len(dead_cards) - 2 * len(players)
    if unseen < 5 - len(board_cards):
        raise ValueError(f"only {unseen} cards are left to deal the {5 - len(board_cards)} board cards")
    return labels, board_cards, spot


def _check(error: int) -> None:
    if error:
        raise ValueError(f"equity kernel refused the deal: {_ERRORS.get(error, error)}")


def _trials(trials: object) -> int | None:
    if trials is None:
        return None
    count = exact_int(trials, "trials as an int or None")
    if not 1 <= count <= MAX_TRIALS:
        raise ValueError(f"trials must be from 1 to 2**53, got {count}")
    return count


def _seed(seed: object) -> int:
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    value = exact_int(seed, "seed as an int or None")
    if not 0 <= value < 1 << 64:
        raise ValueError(f"seed must be an int in 0 .. 2**64 - 1, got {value}")
    return value


def _client(client: object) -> Any:
    if client is None:
        return None
    try:
        from distributed import Client
    except ImportError:
        raise TypeError("client must be a dask.distributed Client, and dask is not installed "
                        "(pip install 'handrank[dask]')") from None
    if not isinstance(client, Client):
        raise TypeError(f"client must be a dask.distributed Client, got {type(client).__name__}")
    return client


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


def _exact_fixed(spot: _Spot) -> tuple[list[int], int]:
    n = spot.nplayers
    outcomes = ffi.new("int64_t[]", 1 << n)
    _check(lib.hr_equity_fixed(spot.combos, n, spot.board, len(spot.board), spot.dead, len(spot.dead), outcomes))
    counts = list(outcomes)
    return counts, sum(counts)


def _exact_table(spot: _Spot) -> tuple[list[float], int]:
    outcomes, deals = ffi.new("double[4]"), ffi.new("uint64_t *")
    _check(lib.hr_equity_preflop(*spot.c_args(), outcomes, deals))
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


@functools.lru_cache(maxsize=256)
def _symmetry(spot: _Spot) -> tuple[Any, int]:
    """The suit permutations fixing the spot (the kernel's group array and its size)."""
    group = ffi.new("uint8_t[24]")
    ngroup = lib.hr_equity_symmetry(*spot.c_args(), spot.nplayers, spot.board, len(spot.board), spot.dead,
                                    len(spot.dead), group)
    _check(min(ngroup, 0))
    return group, ngroup


def _exact_ranges(spot: _Spot, runouts: int, work: float, nthreads: int,
                  progress: Callable[[int, int], None] | None) -> tuple[list[float], int]:
    n = spot.nplayers
    args = spot.c_args()
    group, ngroup = _symmetry(spot)
    slices = max(1, min(runouts, math.ceil(work / ngroup / _SLICE_WORK)))
    if slices == 1:  # small: one call, nothing to share out
        outcomes, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        _check(lib.hr_equity_ranges(*args, n, spot.board, len(spot.board), spot.dead, len(spot.dead), group, ngroup,
                                    0, runouts, outcomes, deals))
        return list(outcomes), deals[0]
    bounds = [runouts * k // slices for k in range(slices + 1)]

    def part(first: int, end: int) -> tuple[list[float], int]:
        outcomes, deals = ffi.new("double[]", 1 << n), ffi.new("uint64_t *")
        _check(lib.hr_equity_ranges(*args, n, spot.board, len(spot.board), spot.dead, len(spot.dead), group, ngroup,
                                    first, end, outcomes, deals))
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


def _monte_carlo_part(deal: _MonteCarloDeal, first_chunk: int, end_chunk: int) -> list[int]:
    """Counts by winner set of chunks [first_chunk, end_chunk) of a Monte Carlo run; runs anywhere."""
    spot = deal.spot
    outcomes = ffi.new("uint64_t[]", 1 << spot.nplayers)
    _check(lib.hr_equity_monte_carlo(*spot.c_args(), spot.nplayers, spot.board, len(spot.board), spot.dead,
                                     len(spot.dead), deal.seed, deal.trials, first_chunk, end_chunk, outcomes))
    return list(outcomes)


def _monte_carlo(deal: _MonteCarloDeal, nthreads: int, client: Any,
                 progress: Callable[[int, int], None] | None) -> list[int]:
    chunks = -(-deal.trials // CHUNK)
    if client is not None:
        # Tasks of up to 16 chunks each; any split gives the same counts for the seed.
        step = 16
        futures = [client.submit(_monte_carlo_part, deal, start, min(chunks, start + step), pure=False)
                   for start in range(0, chunks, step)]
        parts = client.gather(futures)
    else:
        step = 2  # about 5 ms a slice: Ctrl-C and progress between slices
        starts = range(0, chunks, step)
        def report(done: int, total: int) -> None:
            assert progress is not None
            progress(min(deal.trials, done * step * CHUNK), deal.trials)

        jobs: list[Callable[[], list[int]]] = [
            functools.partial(_monte_carlo_part, deal, start, min(chunks, start + step)) for start in starts]
        parts = run_slices(jobs, nthreads, report if progress else None)
    return [sum(values) for values in zip(*parts)]


# -------------------------------------------------------------------------------- API


def equity(players: Sequence[HandLike], board: HandLike = "", dead: HandLike = "", *, trials: int | None = None,
           seed: int | None = None, threads: int | None = None, client: Any = None,
           progress: Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie and their equity in a Texas Hold'em pot.

    ``players`` are 2 to 10 hands, each two hole cards ("AsAh", "As Ah", [51, 50]) or a
    range ("QQ+, AKs", "0.5(AKo)", "random", see ``handrank.ranges``). ``board`` has 0, 3,
    4 or 5 cards; ``dead`` cards are out of the deck. With ``trials`` None the answer is
    exact whenever enumeration costs at most EXACT_BUDGET steps (fixed hands always;
    heads-up preflop from a precomputed table), else DEFAULT_TRIALS Monte Carlo deals are
    drawn; given ``trials``, Monte Carlo always. A Monte Carlo run is reproducible from its
    ``seed`` (drawn at random and reported when None), whatever ``threads`` or Dask
    ``client`` runs it. ``progress(done, total)`` is called between slices of long runs.
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
    trials, client = _trials(trials), _client(client)
    nthreads = thread_count(threads)
    if trials is not None or client is not None:
        seed = _seed(seed)
    labels, board_cards, spot = _spot(players, board, dead)
    board_text = _board_text(board_cards)
    n = spot.nplayers
    sizes = spot.sizes()

    if trials is None:
        if n == 2 and not spot.board and not spot.dead:
            outcomes, deals = _exact_table(spot)
            return _exact_result(labels, board_text, outcomes, deals, "table")
        if all(size == 1 for size in sizes):
            counts, deals = _exact_fixed(spot)
            return _exact_result(labels, board_text, counts, deals, "enumeration")
        unseen = 52 - len(spot.board) - len(spot.dead)
        runouts = math.comb(unseen, 5 - len(spot.board))
        work = _ranges_work(spot, runouts, min(1326, len(spot.weights)))
        if work <= EXACT_BUDGET:
            outcomes, deals = _exact_ranges(spot, runouts, work, nthreads, progress)
            return _exact_result(labels, board_text, outcomes, deals, "enumeration")
        trials = DEFAULT_TRIALS
        seed = _seed(seed)

    assert seed is not None
    counts = _monte_carlo(_MonteCarloDeal(spot, seed, trials), nthreads, client, progress)
    win, tie, share, second = _chances(counts, n)
    stderr = [math.sqrt(max(0.0, second[p] - share[p] ** 2) / trials) for p in range(n)]
    return EquityResult(labels, board_text, win, tie, share, trials, False, stderr, seed, "monte carlo")


def _exact_result(labels: list[str], board_text: str, outcomes: Sequence[float], deals: int,
                  method: str) -> EquityResult:
    win, tie, share, _ = _chances(outcomes, len(labels))
    return EquityResult(labels, board_text, win, tie, share, deals, True, None, None, method)
