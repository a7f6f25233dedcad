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

from collections.abc import Callable, Sequence
from typing import Any

from . import _equity_engine
from ._equity_engine import HOLDEM, EquityResult, equity_of_spot
from ._equity_input import (
    MAX_PLAYERS,
    MAX_TRIALS,
    checked_client,
    checked_seed,
    checked_trials,
    drawn_seed,
    spot_of,
)
from ._work import progress_reporter, thread_count
from .cards import HandLike, equity_players

__all__ = ["equity", "EquityResult", "DEFAULT_TRIALS", "EXACT_BUDGET", "MAX_PLAYERS", "MAX_TRIALS"]

DEFAULT_TRIALS: int = _equity_engine.DEFAULT_TRIALS
"""Monte Carlo deals when ``trials`` is None and exact enumeration is too dear."""
EXACT_BUDGET: int = _equity_engine.EXACT_BUDGET
"""Most work (in steps of about a nanosecond: a showdown, a combo checked) enumerated exactly."""


# -------------------------------------------------------------------------------- API


def equity(players: Sequence[HandLike], board: HandLike = "", dead: HandLike = "", *, trials: int | None = None,
           seed: int | None = None, threads: int | None = None, client: Any = None,
           progress: bool | Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie and their equity in a Texas Hold'em pot.

    ``players`` are 2 to 10 hands, each two hole cards ("AsAh", "As Ah", [51, 50]) or a
    range ("QQ+, AKs", "0.5(AKo)", "random" or None, see ``handrank.ranges``). ``board``
    has 0, 3, 4 or 5 cards; ``dead`` cards are out of the deck. With ``trials`` None the answer is
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
    players = equity_players(players)  # a dealt deal's holes[i] too; None as "random"
    seed = checked_seed(seed)  # before the paths split: exact answers never read it
    progress = progress_reporter(progress, "equity")
    if trials is not None or client is not None:
        trials, client = checked_trials(trials), checked_client(client)
        seed = drawn_seed(seed)
    nthreads = thread_count(threads)
    labels, board_text, spot = spot_of(players, board, dead)
    return equity_of_spot(labels, board_text, spot, trials, seed, nthreads, client, progress, HOLDEM,
                          EXACT_BUDGET, DEFAULT_TRIALS)


