"""Seven-card stud and Razz in bulk: deals of seven cards a player and no board, and their
showdowns, in C.

A hand is ranked as its game ranks seven cards: stud high by Hold'em's ranks (1 = royal flush
... 7462; ``handrank.evaluate`` for one hand), Razz by ace-to-five ranks (1 = 5-4-3-2-A ...
6175; ``handrank.ace_to_five.evaluate``). Which cards are up and which down does not change
a showdown, so a deal is just each player's seven cards.

>>> from handrank import stud
>>> hands = stud.deal(1000, 4, seed=7)
>>> ranks, shares = stud.showdown_many(hands)
>>> hands.shape, ranks.shape, bool((shares.sum(axis=1) == 2520).all())
((1000, 4, 7), (1000, 4), True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence, Sized
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._core import ffi, lib
from .cards import HandLike, checked_flag, format_cards, names_no_cards, player_rows, shown_text

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ._equity_engine import EquityResult
    from .ace_to_five import Category as LowCategory
    from .ace_to_five import LowCensus
    from .census import Census
    from .evaluate import Category

__all__ = ["evaluate", "evaluate_many", "compare", "category", "describe", "best_five", "census", "deal",
           "showdown_many", "showdown", "equity", "StudShowdown", "StudPlayer", "MAX_PLAYERS", "SHARE_UNITS",
           "EXACT_DEALS"]

MAX_PLAYERS = 7
"""Seven cards for each of 7 players is 49 of the 52: at most 7 players a deal."""
SHARE_UNITS: int = lib.HR_SHARE_UNITS
"""A pot in ``showdown_many``'s shares: each row sums to 2520 (any split is whole)."""


def deal(n: int, players: int, *, hole_cards: Sequence[HandLike | None] | None = None, dead: HandLike | None = None,
         seed: int | None = None, threads: int | None = None) -> npt.NDArray[np.uint8]:
    """Deal ``n`` independent stud hands in C: (n, players, 7) uint8 card ids, seven distinct
    cards a player. As ``handrank.deal``: known cards stay put (``hole_cards``: up to seven
    cards a player, or None or "random"; a player's known cards come first, the rest are dealt, as the
    streets deal them), dead cards are never dealt, and a ``seed`` gives the same array on any
    number of ``threads``.

    >>> hands = deal(1000, 2, hole_cards=["As Ah Kd", None], seed=3)
    >>> hands.shape, hands[:, 0, :3].tolist()[0], bool((hands[:, 0, 3:] != 51).all())
    ((1000, 2, 7), [51, 50, 45], True)

    Raises:
        ValueError: counts out of range (1 to 7 players), more than seven known cards a
            player, a card given twice (named), more cards asked than the deck has.
        TypeError: counts that are not ints; cards that are not cards.
    """
    from ._dealing import deal_cards

    hands, _ = deal_cards(n, players, 7, 0, hole_cards=hole_cards, board_cards=None, dead=dead, seed=seed,
                          threads=threads, max_players=MAX_PLAYERS, partial=True)
    return hands


# ------------------------------------------------------------------ one hand: the game's ranks

def _rules(razz: object) -> Any:
    """The module that ranks the game: Hold'em's for stud high, ace-to-five's for Razz."""
    if _checked_razz(razz):
        from . import ace_to_five

        return ace_to_five
    import handrank

    return handrank


def evaluate(hand: HandLike, *, razz: bool = False) -> int:
    """A stud hand's rank (5 to 7 cards, the best five): stud high by Hold'em's ranks (1 =
    royal flush ... 7462), Razz by ace-to-five's (1 = 5-4-3-2-A ... 6175); lower is better.

    >>> evaluate("As Ah Kd Kc 2s 3s 4d"), evaluate("As Ah Kd Kc 2s 3s 4d", razz=True)
    (2476, 793)

    Raises:
        ValueError, TypeError: as ``handrank.evaluate``; razz not a bool.
    """
    return int(_rules(razz).evaluate(hand))


def evaluate_many(cards: npt.ArrayLike, *, razz: bool = False, threads: int | None = None,
                  out: npt.NDArray[np.uint16] | None = None) -> Any:
    """Many hands' ranks at once, in C: (n, 5..7) card ids, as ``handrank.evaluate_many`` (or,
    with ``razz``, ``ace_to_five.evaluate_many``) takes them, ``out`` too.

    >>> evaluate_many([[51, 50, 45, 44, 3, 7, 11]], razz=True).tolist()   # K-4-3-2-A
    [793]
    """
    return _rules(razz).evaluate_many(cards, threads=threads, out=out)


def compare(a: HandLike, b: HandLike, *, razz: bool = False) -> int:
    """Which hand wins at stud (or Razz): 1 when ``a`` does, -1 when ``b`` does, 0 for a split.

    >>> compare("As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"), compare("As Ah Kd Kc 2s 3s 4d",
    ...                                                                   "Qs Qh Qd 2c 5s 6s 8d", razz=True)
    (-1, -1)
    """
    return int(_rules(razz).compare(a, b))


def category(rank: int, *, razz: bool = False) -> Category | LowCategory:
    """A stud (or Razz) rank's category, as its game's ``category`` gives it.

    >>> category(2476).name, category(793, razz=True).name
    ('TWO_PAIR', 'NO_PAIR')
    """
    return _rules(razz).category(rank)  # type: ignore[no-any-return]


def census(cards: int = 7, *, razz: bool = False) -> Census | LowCensus:
    """Every hand of ``cards`` (5, 6 or 7; a stud hand is seven) ranked as the game ranks it,
    counted by category: ``handrank.census`` for stud high, ``ace_to_five.census`` for Razz.

    >>> census(5).hands, census(5, razz=True).ranks
    (2598960, 6175)
    """
    return _rules(razz).census(cards)  # type: ignore[no-any-return]


def describe(rank: int, *, razz: bool = False) -> str:
    """A stud (or Razz) rank's name, as its game writes it.

    >>> describe(2476), describe(793, razz=True)
    ('Aces and kings, four kicker', 'King-four-three-deuce-ace low')
    """
    return str(_rules(razz).describe(rank))


def best_five(hand: HandLike, *, razz: bool = False) -> list[int]:
    """The five of a stud hand's cards that make its rank, most significant first.

    >>> format_cards(best_five("As Ah Kd Kc 2s 3s 4d", razz=True))
    'Kd 4d 3s 2s As'
    """
    return list(_rules(razz).best_five(hand))


def _bad_deal(hands: npt.NDArray[np.uint8], row: int, row_offset: int) -> None:
    """The message for a deal with a bad card (an id above 51, or one card twice)."""
    cards = hands[row].reshape(-1).tolist()
    bad = [c for c in cards if c > 51]
    if bad:
        raise ValueError(f"row {row_offset + row}: card id {bad[0]} is out of range 0..51: "
                         f"{' '.join(map(str, cards))}")
    twice = next(c for c in cards if cards.count(c) > 1)
    raise ValueError(f"row {row_offset + row}: card {format_cards([twice])!r} is dealt twice: "
                     f"{' '.join(map(str, cards))}")


def _showdown(hands: npt.NDArray[np.uint8], razz: bool, threads: object, row_offset: int,
              out: object = None) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    from ._rows import SHOWDOWN_SLICE_ROWS, showdown_outputs
    from ._work import run_slices, thread_count

    n, players, _ = hands.shape
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"showdown_many takes 1 to {MAX_PLAYERS} players of seven cards, got {players}")
    ranks, shares = showdown_outputs(out, n, players, (hands,))
    nthreads = thread_count(threads, useful=max(1, n // (1 << 15)))
    slices = max(nthreads, -(-n // SHOWDOWN_SLICE_ROWS))  # a few ms each: Ctrl-C is seen between them
    bounds = [n * k // slices for k in range(slices + 1)]
    hand_buf = ffi.from_buffer("uint8_t[]", hands)
    rank_buf, share_buf = ffi.from_buffer("uint16_t[]", ranks), ffi.from_buffer("uint16_t[]", shares)

    def part(start: int, stop: int) -> int:
        error = ffi.new("int *")
        bad = lib.hr_stud_showdown_batch(int(razz), hand_buf + start * players * 7, stop - start, players,
                                         rank_buf + start * players, share_buf + start * players, error)
        return -1 if bad < 0 else start + bad

    bad_rows = [bad for bad in run_slices([functools.partial(part, bounds[k], bounds[k + 1])
                                           for k in range(slices)], nthreads) if bad >= 0]
    if bad_rows:
        _bad_deal(hands, bad_rows[0], row_offset)  # the first bad deal from the top
    return ranks, shares


def showdown_many(hands: npt.ArrayLike, *, razz: bool = False, threads: int | None = None,
                  out: tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]] | None = None
                  ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Stud (or, with ``razz``, Razz) showdowns of many deals at once, in C: ``(ranks,
    shares)``, each (n, players) uint16. ``hands`` is (n, players, 7) card ids, as ``deal``
    returns them. ``ranks`` are stud high ranks (1 = royal flush ... 7462) or Razz ranks (1 =
    5-4-3-2-A ... 6175); lower wins. ``shares`` are each player's part of the pot in 1/2520,
    each row summing to 2520. ``out`` (two C-contiguous (n, players) uint16 arrays) is written
    and returned; dask arrays give lazy dask arrays.

    >>> import numpy as np
    >>> hands = np.array([[[51, 47, 43, 39, 35, 0, 5],      # As Ks Qs Js Ts 2c 3d: a royal flush
    ...                    [50, 46, 42, 38, 30, 1, 6]]])    # Ah Kh Qh Jh 9h 2d 3h: a flush
    >>> showdown_many(hands)[0].tolist()                    # high: the royal flush wins
    [[1, 323]]
    >>> showdown_many(hands, razz=True)[1].tolist()         # Razz: J-9-3-2-A beats J-T-3-2-A
    [[0, 2520]]

    Raises:
        ValueError: not (n, players, 7), 0 or more than 7 players, a deal with a card id
            outside 0..51 or a card twice, in one hand or across hands (named from the top of
            the array); ``out`` of the wrong shape, order or memory.
        TypeError: not an integer array; razz not a bool; ``out`` not uint16 arrays.
    """
    from ._rows import as_cards, is_dask_array, showdown_dask
    from ._work import thread_count

    thread_count(threads)  # checked before the paths split (dask or numpy)
    _checked_razz(razz)
    if is_dask_array(hands):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the results are dask arrays")
        import dask.array as da

        lazy: Any = da.asarray(hands)  # type: ignore[no-untyped-call]
        if lazy.ndim != 3:
            raise ValueError(f"hands must be n x players x 7, got {lazy.shape}")
        none = da.zeros((lazy.shape[0], 0), dtype="uint8", chunks=(lazy.chunks[0], 0))
        result: Any = showdown_dask(lazy, none, (7,), 2,
                                    lambda part, _, first: _showdown(part, razz, threads, first), board_width=0)
        return result  # type: ignore[no-any-return]
    return _showdown(as_cards(hands, "hands", (None, None, 7)), razz, threads, 0, out)


# ------------------------------------------------------------------ one showdown, and equity

@dataclass(frozen=True)
class StudPlayer:
    """One player's cards at a stud or Razz showdown: ``rank`` in the game's order (1 the
    best), the best five of them, and the hand's name."""

    cards: list[int]
    rank: int
    best_five: list[int]
    razz: bool = False

    @property
    def name(self) -> str:
        return describe(self.rank, razz=self.razz)

    def __repr__(self) -> str:
        return (f"StudPlayer(cards={format_cards(self.cards)!r}, rank={self.rank}, name={self.name!r}, "
                f"best_five={format_cards(self.best_five)!r})")


@dataclass(frozen=True)
class StudShowdown:
    """A stud or Razz showdown: each player's result and the winners (all of them on a split)."""

    players: list[StudPlayer]
    winners: list[int]
    razz: bool = False

    @property
    def ranks(self) -> list[int]:
        return [player.rank for player in self.players]

    def _rows(self) -> list[list[object]]:
        return [[seat + 1, format_cards(p.cards), p.rank, p.name, format_cards(p.best_five),
                 "" if seat not in self.winners else "wins" if len(self.winners) == 1 else "splits"]
                for seat, p in enumerate(self.players)]

    def table(self) -> str:
        """The showdown as text: one line a player (numbered from 1), then the verdict."""
        from ._display import showdown_text

        return showdown_text(f"{'Razz' if self.razz else 'seven-card stud'} showdown", self._rows(), self.winners)

    def _repr_html_(self) -> str:
        from ._display import html_table

        return html_table("Razz showdown" if self.razz else "seven-card stud showdown",
                          ["player", "cards", "rank", "hand", "best five", ""], self._rows())

    def as_dict(self) -> dict[str, object]:
        """Cards as text; ``winners`` are indices into ``players`` (0 = the first)."""
        return {"game": "razz" if self.razz else "stud",
                "players": [{"cards": format_cards(p.cards), "rank": p.rank, "name": p.name,
                             "best_five": format_cards(p.best_five)} for p in self.players],
                "winners": self.winners, "split": len(self.winners) > 1}


def _checked_razz(razz: object) -> bool:
    return checked_flag(razz, "razz")


def _player_cards(players: object, what: str, low: int, high: int, fewest: int) -> list[list[int]]:
    """Each player's cards (``fewest`` to 7 of them), no card twice anywhere (named); an
    array of players (a dealt deal's ``hands[i]``) read as ``player_rows`` reads it."""
    from .cards import parse

    players = player_rows(players)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError(f"{what} must be a list with one hand a player, e.g. ['As Ah Kd Kc 2s 3s 4d', ...]")
    if not low <= len(players) <= high:
        raise ValueError(f"{what} takes {low} to {high} players, got {len(players)}")
    hands, where = [], dict[int, str]()
    for index, hand in enumerate(players):
        try:
            if fewest and isinstance(hand, str) and names_no_cards(hand) and hand.strip():
                raise ValueError(f"{shown_text(hand)} names no cards, and a showdown needs every player's")
            empty = names_no_cards(hand) or (not isinstance(hand, str) and isinstance(hand, Sized) and len(hand) == 0)
            cards = [] if empty else parse(hand)
        except (ValueError, TypeError) as error:
            raise type(error)(f"{what}[{index}]: {error}") from None
        if not fewest <= len(cards) <= 7:
            wanted = "5 to 7 cards" if fewest == 5 else "up to seven cards"
            raise ValueError(f"{what}[{index}]: {wanted} a player, got {len(cards)}")
        for card in cards:
            if card in where:
                raise ValueError(f"card {format_cards([card])!r} is both in {where[card]} and in {what}[{index}]")
            where[card] = f"{what}[{index}]"
        hands.append(cards)
    return hands


def showdown(hands: Sequence[HandLike], *, razz: bool = False) -> StudShowdown:
    """One seven-card stud (or, with ``razz``, Razz) showdown: each player's cards (5 to 7,
    up and down alike), ranked as the game ranks them, and the winners (every player who
    shares the best rank). Ranks as ``showdown_many``'s: lower wins.

    >>> result = showdown(["As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"])
    >>> result.winners, result.players[1].name
    ([1], 'Three queens, eight-six')
    >>> showdown(["As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"], razz=True).players[1].name
    'Queen-eight-six-five-deuce low'

    Raises:
        ValueError: no players or more than 7, a hand of other than 5 to 7 cards, a card
            used twice (named with both hands).
        TypeError: hands that are not a list of hands; razz not a bool.
    """
    from . import ace_to_five
    from .showdown import best_five_of

    razz = _checked_razz(razz)
    cards = _player_cards(hands, "hands", 1, MAX_PLAYERS, 5)
    players = [StudPlayer(hand, ace_to_five.evaluate(hand), ace_to_five.best_five(hand), True) if razz
               else StudPlayer(hand, *best_five_of(hand)) for hand in cards]
    best = min(player.rank for player in players)
    return StudShowdown(players, [index for index, player in enumerate(players) if player.rank == best], razz)


EXACT_DEALS = 3_000_000
"""``equity`` enumerates every way to deal the cards still to come when there are at most
this many (about 0.2 s); beyond it, Monte Carlo."""


def _split_patterns(needs: list[int]) -> Any:
    """Every way to hand ``sum(needs)`` chosen cards (their places 0, 1, ...) to the players,
    ``needs[p]`` to player p: one row a way, each player's places in order, players one after
    another (the multinomial number of rows)."""
    import itertools

    import numpy as np

    rows: list[tuple[int, ...]] = [()]
    for need in needs:
        grown = []
        for row in rows:
            free = [place for place in range(sum(needs)) if place not in row]
            grown += [row + picked for picked in itertools.combinations(free, need)]
        rows = grown
    return np.array(rows, dtype=np.intp).reshape(len(rows), sum(needs))


def _settled(block: Any, razz: bool) -> Any:
    """A block of deals (n, players, 7) settled in C: each player's deals won whole, deals
    tied, units won, and units squared (4 x players int64)."""
    import numpy as np

    n = block.shape[1]
    ranks = np.empty(block.shape[:2], dtype=np.uint16)
    shares = np.empty(block.shape[:2], dtype=np.uint16)
    error = ffi.new("int *")
    bad = lib.hr_stud_showdown_batch(int(razz), ffi.from_buffer("uint8_t[]", block), len(block), n,
                                     ffi.from_buffer("uint16_t[]", ranks), ffi.from_buffer("uint16_t[]", shares), error)
    assert bad < 0, "a dealt row was refused"
    sums = np.zeros((4, n), dtype=np.int64)
    lib.hr_share_sums(ffi.from_buffer("uint16_t[]", shares), len(block), n, ffi.from_buffer("int64_t[]", sums))
    return sums


def _sampled_sums(deal: tuple[int, int, bytes, bytes, bool], first: int, end: int) -> Any:
    """Chunks [first, end) of a seeded stud Monte Carlo (seed, trials, the players' fixed
    cards with HR_DEAL_RANDOM where dealt, the dead cards, razz), each chunk dealt from its own
    stream and settled: their sums (``_settled``'s). Runs anywhere (a Dask worker too)."""
    import numpy as np

    from ._dealing import CHUNK

    seed, trials, fixed, dead, razz = deal
    n = len(fixed) // 7
    nothing = ffi.new("uint8_t[]", 1)
    sums = np.zeros((4, n), dtype=np.int64)
    for chunk in range(first, end):
        block = np.empty((min(CHUNK, trials - chunk * CHUNK), n, 7), dtype=np.uint8)
        status = lib.hr_deal_game(seed, trials, chunk, chunk + 1, n, 7, 0, fixed, 0, nothing, 0, dead, len(dead),
                                  ffi.from_buffer("uint8_t[]", block), nothing)
        assert status == 0, f"the kernel refused the deal ({status})"
        sums += _settled(block, razz)
    return sums


def _in_deals(report: Callable[[int, int], None] | None, each: int, total: int
              ) -> Callable[[int, int], None] | None:
    """A progress report of slices done (``each`` deals a slice) as one of deals done, as every
    game's equity reports it."""
    if report is None:
        return None
    return lambda done, _: report(min(total, done * each), total)


def equity(players: Sequence[HandLike | None], dead: HandLike = "", *, razz: bool = False,
           trials: int | None = None, seed: int | None = None, threads: int | None = None, client: Any = None,
           progress: bool | Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie and their equity in a seven-card stud (or, with
    ``razz``, Razz) pot, from the cards each holds so far (0 to 7, up and down alike; None,
    '' or "random" for none) and the dead cards (folded up cards): every player is dealt to
    seven.

    Exact (every way to deal the rest) when that is at most ``EXACT_DEALS`` deals (and the
    ways to share a set of cards out among the players at most 65,536) and ``trials`` is
    None; else seeded Monte Carlo of ``trials`` deals (2,000,000 by default), dealt and
    settled in C, the same answer for a seed on any number of ``threads`` or on a Dask
    ``client``'s workers (a client always samples).

    >>> r = equity(["As Ah Kd Kc 2s", "Qs Qh Qd 7c 5h"])   # fifth street: two cards each to come
    >>> r.exact, r.boards, [round(e, 4) for e in r.equity]
    (True, 671580, [0.1768, 0.8232])
    >>> r = equity(["As 2s 3s", "Kd Qc Jh"], razz=True, trials=200_000, seed=1)
    >>> r.exact, round(r.equity[0], 2)
    (False, 0.92)

    Raises:
        ValueError: fewer than 2 or more than 7 players, a hand of more than seven cards, a
            card used twice (named with both places), too few cards left to deal, trials or
            a seed out of range.
        TypeError: players not a list of hands; razz not a bool; trials, seed or threads not
            ints; progress not True, False, None or a callable.
    """
    import math

    import numpy as np

    from ._equity_engine import DEFAULT_TRIALS, EquityResult, standard_errors
    from ._equity_input import checked_client, checked_seed, checked_trials, drawn_seed, known_cards
    from ._work import Jobs, cluster_spans, progress_reporter, run_slices, thread_count

    razz = _checked_razz(razz)
    trials, seed, client = checked_trials(trials), checked_seed(seed), checked_client(client)
    nthreads = thread_count(threads)
    report = progress_reporter(progress, "equity")
    hands = _player_cards(players, "players", 2, MAX_PLAYERS, 0)
    dead_cards = list(known_cards(dead, "dead"))
    taken = {card: f"players[{p}]" for p, hand in enumerate(hands) for card in hand}
    for card in dead_cards:
        if card in taken:
            raise ValueError(f"card {format_cards([card])!r} is both in {taken[card]} and in dead")
        taken[card] = "dead"
    needs = [7 - len(hand) for hand in hands]
    left = 52 - len(taken)
    if sum(needs) > left:
        raise ValueError(f"the players need {sum(needs)} more cards and the deck has {left} left")
    ways = math.factorial(sum(needs)) // math.prod(math.factorial(need) for need in needs)  # split patterns
    deals = math.comb(left, sum(needs)) * ways  # a set of cards to come, and a way to share it out
    n = len(hands)
    labels = [format_cards(hand) if hand else "unknown" for hand in hands]
    template = np.full((n, 7), lib.HR_DEAL_RANDOM, dtype=np.uint8)
    for p, hand in enumerate(hands):
        template[p, :len(hand)] = hand
    totals = np.zeros((4, n), dtype=np.int64)  # wins, ties, units, squared units

    def add(sums: Any) -> None:  # integer sums: the same in any order
        totals[:] += sums

    if trials is None and client is None and deals <= EXACT_DEALS and ways <= 1 << 16:
        from ._rows import card_combinations

        deck = np.array([card for card in range(52) if card not in taken], dtype=np.uint8)
        chosen = card_combinations(len(deck), sum(needs))
        patterns = _split_patterns(needs)
        step = max(1, (1 << 16) // len(patterns))  # about 65,536 deals a slice

        def exact_part(first: int) -> Any:
            picked = deck[chosen[first:first + step]][:, patterns]  # (sets, ways, cards): cards may be 0
            dealt = picked.reshape(picked.shape[0] * picked.shape[1], sum(needs))
            block = np.repeat(template[None], len(dealt), axis=0)
            at = 0
            for p, need in enumerate(needs):
                block[:, p, 7 - need:] = dealt[:, at:at + need]
                at += need
            return _settled(block, razz)

        jobs = Jobs(-(-len(chosen) // step), lambda k: functools.partial(exact_part, k * step))
        run_slices(jobs, nthreads, _in_deals(report, step * len(patterns), deals), fold=add)
        total, method = deals, "enumeration"
    else:
        from ._dealing import CHUNK

        trials = trials or DEFAULT_TRIALS
        seed = drawn_seed(seed)
        deal = (seed, trials, template.tobytes(), bytes(dead_cards), razz)
        chunks = -(-trials // CHUNK)
        if client is not None:  # tasks of 16 chunks or more on the cluster's workers
            for sums in client.gather([client.submit(_sampled_sums, deal, start, end, pure=False)
                                       for start, end in cluster_spans(chunks, 16)]):
                add(sums)
        else:
            jobs = Jobs(chunks, lambda chunk: functools.partial(_sampled_sums, deal, chunk, chunk + 1))
            run_slices(jobs, nthreads, _in_deals(report, CHUNK, trials), fold=add)
        total, method = trials, "monte carlo"
    win, tie = (totals[0] / total).tolist(), (totals[1] / total).tolist()
    share = (totals[2] / (total * SHARE_UNITS)).tolist()
    game = "Razz" if razz else "seven-card stud"
    if method == "enumeration":
        return EquityResult(labels, "", win, tie, share, total, True, None, None, method, game)
    second = (totals[3] / (total * SHARE_UNITS**2)).tolist()
    return EquityResult(labels, "", win, tie, share, total, False, standard_errors(share, second, total, 1), seed,
                        method, game)
