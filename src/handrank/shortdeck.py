"""Short deck (6+) Hold'em: 36 cards, six through ace.

A rank is an int from **1 (a royal flush) to 1404 (J-9-8-7-6)**: lower is better, equal
ranks split the pot. The rules that differ from Hold'em:

- the deck has no deuces, treys, fours or fives: a card below six is an error that names it;
- the ace plays high, and low only in A-6-7-8-9, the lowest straight (nine-high);
- a flush beats a full house;
- with ``trips_beat_straight=True`` (a rule some tournaments use) three of a kind also beats
  a straight. The 1,404 classes are then numbered in that order; ranks 1..270 (straight
  flushes, quads, flushes, full houses) are the same under both rules. Every verb takes the
  rule as True or False (a numpy bool too); anything else is a TypeError.

Categories are Hold'em's (``handrank.Category``); the order between them is the game's.
Hands of 6 or 7 cards rank as their best five.

>>> evaluate("As Ks Qs Js Ts"), evaluate("Jc 9d 8h 7s 6c")
(1, 1404)
>>> compare("Ac 6d 7h 8s 9c", "6c 7d 8h 9s Tc")   # A-6-7-8-9 is the lowest straight
-1
>>> compare("Ah Kh 9h 8h 6h", "Ac Ad As Kc Kd")   # a flush beats a full house
1
>>> describe(evaluate("Ac 6d 7h 8s 9c"))
'Nine-high straight'
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import _percall
from ._core import lib
from ._rows import card_matrix, check_rank, checked_rank, evaluate_lazy, output_array, raise_row_error, rank_into
from .cards import HandLike, checked_flag, equity_players, format_cards, in_rank_order, parse, shown_text
from .census import CategoryCount, Census
from .evaluate import Category
from .showdown import PlayerResult, Showdown, two_card_showdown

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ._equity_engine import EquityResult

__all__ = ["RANK_COUNT", "DECK", "deal", "showdown_many", "evaluate", "evaluate_many", "compare", "category",
           "describe", "best_five", "census", "showdown", "equity", "LOWEST_CARD", "ShortDeckPlayer"]

RANK_COUNT: int = lib.HR_SD_RANK_COUNT
"""Distinct short-deck five-card hands (1404); also the worst rank (J-9-8-7-6)."""
LOWEST_CARD = 16
"""The smallest card id in the deck (6c); ids 0..15 are the deuces to the fives."""
DECK: tuple[int, ...] = tuple(range(LOWEST_CARD, 52))
"""The 36 card ids of the short deck."""
_NINE, _ACE = 7, 12


def _checked(rank: object) -> int:
    return check_rank(rank, RANK_COUNT, "short-deck")


def _pattern(rank: int, trips_beat_straight: bool) -> tuple[Category, tuple[int, ...]]:
    word = (lib.hr_sd_tbs_pattern if trips_beat_straight else lib.hr_sd_pattern)[rank]
    return Category(word >> 20), tuple(word >> (4 * (4 - i)) & 15 for i in range(5))


def _rule(trips_beat_straight: object) -> bool:
    """The rule option checked: True or False (a numpy bool too), never read by its truth."""
    if trips_beat_straight is False or trips_beat_straight is True:
        return trips_beat_straight
    return checked_flag(trips_beat_straight, "trips_beat_straight")


def _outside(card: int, where: str = "") -> ValueError:
    return ValueError(f"{where}card {format_cards([card])!r} is not in the short deck (six through ace)")


def _cards(hand: HandLike, where: str = "") -> list[int]:
    """Parsed cards, every one in the short deck."""
    cards = parse(hand)
    for card in cards:
        if card < LOWEST_CARD:
            raise _outside(card, where)
    return cards


def evaluate(hand: HandLike, trips_beat_straight: bool = False) -> int:
    """The short-deck rank of 5, 6 or 7 cards (1 = royal flush ... 1404 = J-9-8-7-6).

    >>> evaluate("6c 7c 8c 9c Ac")   # the lowest straight flush
    6

    Raises:
        ValueError: not 5 to 7 cards, a card twice, a bad card or one below six (named).
        TypeError: not cards.
    """
    # trips_beat_straight is not keyword-only here (as it is elsewhere): a keyword-only
    # default costs a tenth of a one-hand call
    rank_one = _rank_plain if trips_beat_straight is False else _RANK_ONE[_rule(trips_beat_straight)]
    return rank_one(hand) or _checked_rank(hand, rank_one)


_rank_plain, _rank_trips = _percall.shortdeck, _percall.shortdeck_trips
_RANK_ONE = {False: _rank_plain, True: _rank_trips}  # by the checked rule
_compare, _PLAIN, _TRIPS = _percall.compare, _percall.SHORTDECK, _percall.SHORTDECK_TRIPS
_GAME = {False: _PLAIN, True: _TRIPS}  # by the checked rule


def _checked_rank(hand: HandLike, rank_one: Callable[[object], int]) -> int:
    """The rank of a hand the C reader left to Python or refused: checked, a fault named."""
    return checked_rank(hand, rank_one, (5, 6, 7), "a short-deck hand has 5, 6 or 7 cards, got {}", _cards)


def _row_error(matrix: npt.NDArray[Any], row: int, row_offset: int = 0) -> None:
    for column, value in enumerate(int(v) for v in matrix[row]):
        if value < LOWEST_CARD:
            raise ValueError(f"row {row + row_offset}: card {format_cards([value])!r} (id {value}) in column "
                             f"{column} is not in the short deck (ids 16..51, six through ace)")
    raise_row_error(matrix, row, row_offset)


def evaluate_many(cards: npt.ArrayLike, *, trips_beat_straight: bool = False, threads: int | None = None,
                  out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Short-deck ranks of every row of an (N, k) array of card ids (16..51), k = 5, 6 or 7,
    in C; the input rules, errors and threads of ``handrank.evaluate_many``.

    >>> import numpy as np
    >>> evaluate_many(np.array([[51, 47, 43, 39, 35], [36, 29, 26, 23, 16]], dtype=np.uint8)).tolist()
    [1, 1404]

    Raises:
        ValueError: a wrong shape; a row with an id outside 16..51 or a duplicate card (the
            message names the first such row and the card).
        TypeError: a non-integer array, or ``out`` not a uint16 array.
    """
    kernel = lib.hr_sd_tbs_rank_batch if _rule(trips_beat_straight) else lib.hr_sd_rank_batch
    lazy = evaluate_lazy(cards, out, threads, kernel, _row_error, lowest=LOWEST_CARD)
    if lazy is not None:
        return lazy  # type: ignore[no-any-return]
    matrix = card_matrix(cards, lowest=LOWEST_CARD)
    result = output_array(out, len(matrix))
    return rank_into(matrix, result, threads, 0, kernel, _row_error)


def compare(a: HandLike, b: HandLike, trips_beat_straight: bool = False) -> int:
    """1 if hand ``a`` is the better short-deck hand, -1 if ``b`` is, 0 for a split pot.

    >>> compare("7c 7d 7h Ks Qc", "6s 7s 8h 9s Tc"), compare("7c 7d 7h Ks Qc", "6s 7s 8h 9s Tc",
    ...                                                      trips_beat_straight=True)
    (-1, 1)
    """
    answer: int = _compare(_PLAIN if trips_beat_straight is False else _GAME[_rule(trips_beat_straight)], a, b)
    if answer != 2:  # one C call; 2: a hand it does not take, checked below
        return answer
    rank_one = _rank_trips if trips_beat_straight else _rank_plain
    first = rank_one(a) or _checked_rank(a, rank_one)
    second = rank_one(b) or _checked_rank(b, rank_one)
    return (first < second) - (first > second)


def category(rank: int, *, trips_beat_straight: bool = False) -> Category:
    """The Hold'em category of a short-deck rank (the game orders the categories).

    >>> category(1), category(100), category(1404)
    (<Category.STRAIGHT_FLUSH: 8>, <Category.FLUSH: 5>, <Category.HIGH_CARD: 0>)
    """
    return _pattern(_checked(rank), _rule(trips_beat_straight))[0]


@functools.lru_cache(maxsize=2)
def _holdem_rank_of(trips_beat_straight: bool) -> tuple[int, ...]:
    """The Hold'em rank of each short-deck class (the same five ranks and flush)."""
    table = lib.hr_sd_tbs_of_holdem if trips_beat_straight else lib.hr_sd_of_holdem
    holdem = [0] * (RANK_COUNT + 1)
    for holdem_rank in range(1, 7463):
        if table[holdem_rank]:
            holdem[table[holdem_rank]] = holdem_rank
    return tuple(holdem)


def describe(rank: int, short: bool = False, *, trips_beat_straight: bool = False) -> str:
    """The name of a short-deck rank, in Hold'em's style; every full name is distinct.

    >>> describe(1), describe(6), describe(1404, short=True)
    ('Royal flush', 'Nine-high straight flush', 'Jack high')
    """
    from .names import describe as holdem_describe

    trips_beat_straight, short = _rule(trips_beat_straight), checked_flag(short, "short")
    kind, ranks = _pattern(_checked(rank), trips_beat_straight)
    if kind in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks[0] == _NINE:
        return "Nine-high straight" + (" flush" if kind == Category.STRAIGHT_FLUSH else "")
    return holdem_describe(_holdem_rank_of(trips_beat_straight)[rank], short=short)


def _best(cards: list[int], trips_beat_straight: bool) -> tuple[int, list[int]]:
    """The rank of 5..7 short-deck cards and their best five, most significant first."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a short-deck hand has 5, 6 or 7 cards, got {len(cards)}")
    rank_one = _rank_trips if trips_beat_straight else _rank_plain
    best, left = RANK_COUNT + 1, []
    for five in itertools.combinations(cards, 5):  # at most 21, each one call into C
        rank = rank_one(five)
        if not rank:  # not reached: the cards are checked (ranked the checked way to name it)
            rank = _checked_rank(five, rank_one)
        if rank < best:  # the first of equal fives stays
            best, left = rank, list(five)
    return best, in_rank_order(left, _pattern(best, trips_beat_straight)[1])


def best_five(hand: HandLike, *, trips_beat_straight: bool = False) -> list[int]:
    """The five of 5, 6 or 7 cards that make the short-deck rank, most significant first
    (A-6-7-8-9 as 9-8-7-6-A); of equal fives, the first in the order given.

    >>> format_cards(best_five("As 9c 8d 7h 6s Ks Qd"))
    '9c 8d 7h 6s As'
    """
    return _best(_cards(hand), _rule(trips_beat_straight))[1]


def census(cards: int = 5, *, trips_beat_straight: bool = False) -> Census:
    """Rank every hand of 5, 6 or 7 cards from the short deck inside C and count each
    category (rows best first, in the game's order).

    >>> c = census()
    >>> c.hands, c.ranks
    (376992, 1404)
    """
    from .census import count_ranks

    trips_beat_straight = _rule(trips_beat_straight)
    counts, seconds = count_ranks(lambda n, buffer: lib.hr_sd_census(n, trips_beat_straight, buffer), cards,
                                  RANK_COUNT)
    rows: dict[Category, list[int]] = {}
    for rank in range(1, RANK_COUNT + 1):  # ranks ascend, so categories come best first
        entry = rows.setdefault(_pattern(rank, trips_beat_straight)[0], [0, 0])
        entry[0] += int(counts[rank])
        entry[1] += int(counts[rank] > 0)
    return Census(cards, tuple(CategoryCount(kind, hands, ranks) for kind, (hands, ranks) in rows.items()), seconds)


@dataclass(frozen=True, repr=False)
class ShortDeckPlayer(PlayerResult):
    """One player's hand at a short-deck showdown: ``rank`` is 1 (royal flush) ... 1404."""

    trips_beat_straight: bool = False

    @property
    def category(self) -> Category:
        return category(self.rank, trips_beat_straight=self.trips_beat_straight)

    @property
    def name(self) -> str:
        return describe(self.rank, trips_beat_straight=self.trips_beat_straight)

    @property
    def short_name(self) -> str:
        return describe(self.rank, True, trips_beat_straight=self.trips_beat_straight)


def showdown(holes: Sequence[HandLike], board: HandLike, *, trips_beat_straight: bool = False) -> Showdown:
    """Short deck: rank each player's two hole cards with the board (3, 4 or 5 cards) and
    find the winners (every player who shares the best rank).

    >>> result = showdown(["Ah Kh", "Qc 9d"], "Qh 9h 6h Qs 7c")   # a flush beats a full house
    >>> result.winners, result.players[0].name, result.players[1].name
    ([0], 'Ace-king-queen-nine-six flush', 'Queens full of nines')

    Raises:
        ValueError: not two hole cards, a board of other than 3..5 cards, a card used twice
            or below six (the message says where), no players.
    """
    rule = _rule(trips_beat_straight)
    return two_card_showdown(holes, _cards(board, "board: "), "short-deck", _cards,
                             lambda cards: _best(cards, rule),
                             lambda hole, rank, five: ShortDeckPlayer(hole, rank, five, rule))


def equity(players: Sequence[HandLike], board: HandLike = "", dead: HandLike = "", *,
           trips_beat_straight: bool = False, trials: int | None = None, seed: int | None = None,
           threads: int | None = None, client: Any = None,
           progress: bool | Callable[[int, int], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie and their equity in a short-deck pot: as
    ``handrank.equity`` (hands or ranges, exact when affordable, else seeded Monte Carlo,
    the same answer on any number of threads), on the 36-card deck. A range keeps only its
    combos of two short-deck cards ('22+' is 66+ here; 'random' is 630 combos).

    >>> r = equity(["As Ah", "Kd Kc"])
    >>> r.exact, r.boards, round(r.equity[0], 4)
    (True, 201376, 0.7426)

    Raises:
        ValueError: as ``handrank.equity``; also a card below six on the board, dead or in a
            hand (named), or a range with no combo of short-deck cards.
        TypeError: as ``handrank.equity``.
    """
    players = equity_players(players)  # a dealt deal's holes[i] too; None as "random"

    from ._equity_engine import Game, equity_of_spot
    from ._equity_input import (
        board_text,
        checked_client,
        checked_seed,
        checked_spot,
        checked_trials,
        drawn_seed,
        known_cards,
        player_holding,
    )
    from ._work import progress_reporter, thread_count

    trials, client, seed = checked_trials(trials), checked_client(client), checked_seed(seed)
    trips_beat_straight = _rule(trips_beat_straight)
    nthreads = thread_count(threads)
    progress = progress_reporter(progress, "equity")
    if trials is not None or client is not None:
        seed = drawn_seed(seed)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError("players must be a list of hands or ranges, e.g. ['AsAh', 'KdKc']")
    for what, cards in (("board", board), ("dead", dead)):
        for card in known_cards(cards, what):
            if card < LOWEST_CARD:
                raise _outside(card, f"{what}: ")
    for index, spec in enumerate(players[:lib.HR_MAX_PLAYERS + 1]):
        if isinstance(spec, str) and "%" in spec:  # no card or other range item holds a '%'
            raise ValueError(f"players[{index}]: percentage ranges ({shown_text(spec)}) follow Hold'em's "
                             "order of starting hands, not short deck's: name the hands")
        holding = player_holding(spec, index)
        if all(min(combo) < LOWEST_CARD for combo in holding.combos):
            if len(holding.combos) == 1:
                raise _outside(min(holding.combos[0]), f"players[{index}]: ")
            raise ValueError(f"players[{index}]: no combo of {holding.label!r} is in the short deck "
                             "(six through ace)")
    # The deuces to the fives are absent: every check counts the 36-card deck and ranges lose
    # their combos below six; the kernel takes them out of its deck itself.
    labels, board_cards, spot = checked_spot(players, board, dead, absent=range(LOWEST_CARD))
    game = Game(36, "hr_sd_equity_ranges", "hr_sd_equity_monte_carlo", (int(trips_beat_straight),), False)
    return equity_of_spot(labels, board_text(board_cards), spot, trials, seed, nthreads, client, progress, game)


def deal(n: int, players: int, *, board: int = 5, hole_cards: Sequence[HandLike | None] | None = None,
         board_cards: HandLike | None = None, dead: HandLike | None = None, seed: int | None = None,
         threads: int | None = None) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Deal ``n`` independent short-deck hands in C from the 36 cards six through ace:
    ``(holes, boards)``, (n, players, 2) and (n, board) uint8, with the contract of
    ``handrank.deal`` (fixed cards stay put; a seed gives the same arrays on any thread count).

    >>> holes, boards = deal(2, 3, seed=1)
    >>> holes.shape, boards.shape, int(min(holes.min(), boards.min())) >= LOWEST_CARD
    ((2, 3, 2), (2, 5), True)

    Raises:
        ValueError: counts out of range, a card below six or used twice (named), more cards
            asked than the 36 of the deck.
        TypeError: counts that are not ints; cards that are not cards.
    """
    from ._dealing import deal_cards

    return deal_cards(n, players, 2, board, hole_cards=hole_cards, board_cards=board_cards, dead=dead, seed=seed,
                      threads=threads, max_players=16, lowest=LOWEST_CARD, deck_name="short deck (six through ace)")


def showdown_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *, trips_beat_straight: bool = False,
                  threads: int | None = None, out: tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]] | None = None
                  ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Short-deck showdowns of many deals at once, in C: ``(ranks, shares)``, each (n, players)
    uint16, as ``handrank.showdown_many``: ``holes`` (n, players, 2) and ``boards`` (n, 5), as
    ``deal`` returns them; ranks 1 .. 1404 under the chosen rule; shares in 1/2520 of the pot,
    each row summing to 2520. ``out`` (two C-contiguous (n, players) uint16 arrays) is written
    and returned; dask arrays give lazy dask arrays.

    >>> import numpy as np
    >>> holes = np.array([[[51, 50], [45, 44]]])       # As Ah, Kd Kc
    >>> boards = np.array([[16, 21, 30, 46, 27]])      # 6c 7d 9h Kh 8s
    >>> ranks, shares = showdown_many(holes, boards)   # aces make A-6-7-8-9, a straight in short deck
    >>> ranks.tolist(), shares.tolist()
    ([[276, 327]], [[2520, 0]])

    Raises:
        ValueError: wrong shapes, 0 players or more than fit the deck, a row with a card
            below six, an id above 51 or a card twice (named from the top of the array);
            ``out`` of the wrong shape, order or memory.
        TypeError: not integer arrays; ``out`` not uint16 arrays.
    """
    from ._rows import as_card_arrays, is_dask_array, two_card_showdown_dask, two_card_showdowns
    from ._work import thread_count

    thread_count(threads)  # checked before the paths split (dask or numpy)
    kernel = functools.partial(lib.hr_sd_showdown_batch, int(_rule(trips_beat_straight)))
    bad_card = "a card below six (not in the short deck) or an id above 51"
    if is_dask_array(holes) or is_dask_array(boards):
        if out is not None:
            raise TypeError("out= does not apply to dask arrays: the results are dask arrays")
        return two_card_showdown_dask(holes, boards, threads, kernel, bad_card, LOWEST_CARD)
    hole_array, board_array = as_card_arrays([(holes, "holes", (None, None, 2)), (boards, "boards", (None, 5))],
                                             lowest=LOWEST_CARD)
    return two_card_showdowns(hole_array, board_array, threads, 0, out, kernel, bad_card)
