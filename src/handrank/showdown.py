"""Showdowns: the best five cards, who wins and who splits, and why one hand beats another.

Ranks are 1 (royal flush) ... 7462 (7-5-4-3-2); lower is better, equal ranks split the pot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ._core import ffi, lib
from ._display import html_table, showdown_text
from ._hands import check_holes, take_hole
from .cards import HandLike, format_cards, in_rank_order, parse
from .evaluate import Category, category, evaluate, rank_checked
from .names import RANK_PLURALS, RANK_SYMBOLS, describe, plural_name, rank_pattern

__all__ = ["best_five", "winners", "showdown", "Showdown", "PlayerResult", "explain"]


def best_five_of(cards: list[int]) -> tuple[int, list[int]]:
    rank = rank_checked(cards)
    best = ffi.new("uint8_t[5]")
    if lib.hr_best_five(bytes(cards), len(cards), best) != rank:
        raise AssertionError(f"kernel disagrees with itself on {cards}")
    return rank, in_rank_order(best, rank_pattern(rank))  # as they are compared


def best_five(hand: HandLike) -> list[int]:
    """The five of 5, 6 or 7 cards that make the hand's rank, most significant first.

    Ordered the way the hands are compared: groups by size then rank, a straight from its
    top card (the wheel as 5-4-3-2-A). When several fives give the same rank, the one
    whose cards come first in the order given is returned.

    >>> format_cards(best_five("2c As 7d Ah Kc Ad Kd"))
    'As Ah Ad Kc Kd'

    Raises:
        ValueError, TypeError: as ``evaluate`` does for bad input.
    """
    return best_five_of(parse(hand))[1]


def winners(hands: Iterable[HandLike]) -> list[int]:
    """Indices of every hand sharing the best rank: one winner, or all who split the pot.

    >>> winners(["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd", "2c 2d 2h 3c 3d"])
    [2]
    >>> winners(["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd"])
    [0, 1]

    Raises:
        ValueError: no hands, or a bad hand (the message names its index).
    """
    ranks = []
    for index, hand in enumerate(hands):
        try:
            ranks.append(evaluate(hand))
        except (ValueError, TypeError) as error:
            raise type(error)(f"hand {index}: {error}") from None
    if not ranks:
        raise ValueError("no hands given")
    best = min(ranks)
    return [index for index, rank in enumerate(ranks) if rank == best]


@dataclass(frozen=True)
class PlayerResult:
    """One player's hand at a showdown: ``rank`` is 1 (royal flush) ... 7462."""

    hole: list[int]
    rank: int
    best_five: list[int]

    @property
    def category(self) -> Category:
        return category(self.rank)

    @property
    def name(self) -> str:
        return describe(self.rank)

    @property
    def short_name(self) -> str:
        return describe(self.rank, short=True)

    def __repr__(self) -> str:
        return (f"PlayerResult(hole={format_cards(self.hole)!r}, rank={self.rank}, name={self.name!r}, "
                f"best_five={format_cards(self.best_five)!r})")


@dataclass(frozen=True)
class Showdown:
    """Texas Hold'em showdown: each player's result and the winners (all of them on a split)."""

    board: list[int]
    players: list[PlayerResult]
    winners: list[int]

    @property
    def ranks(self) -> list[int]:
        return [player.rank for player in self.players]

    def as_dict(self) -> dict[str, object]:
        """Cards as text; ``winners`` are indices into ``players`` (0 = the first)."""
        return {
            "board": format_cards(self.board) if self.board else "",
            "players": [{"hole": format_cards(p.hole), "rank": p.rank, "category": p.category.name,
                         "name": p.name, "short_name": p.short_name,
                         "best_five": format_cards(p.best_five)} for p in self.players],
            "winners": self.winners,
            "split": len(self.winners) > 1,
        }

    def _rows(self) -> list[list[object]]:
        return [[index + 1, format_cards(p.hole), p.rank, p.name, format_cards(p.best_five),
                 "wins" if index in self.winners and len(self.winners) == 1
                 else "splits" if index in self.winners else ""] for index, p in enumerate(self.players)]

    def table(self) -> str:
        """The showdown as text: one line a player (numbered from 1), then the verdict."""
        return showdown_text(f"board: {format_cards(self.board)}", self._rows(), self.winners)

    def _repr_html_(self) -> str:
        return html_table(f"board {format_cards(self.board)}", ["player", "hole", "rank", "hand", "best five", ""],
                          self._rows())

    def __repr__(self) -> str:
        players = ", ".join(repr(p) for p in self.players)
        return f"Showdown(board={format_cards(self.board)!r}, winners={self.winners}, players=[{players}])"


def showdown(holes: Sequence[HandLike], board: HandLike) -> Showdown:
    """Texas Hold'em: rank each player's two hole cards with the board and find the winners.

    ``holes`` holds each player's two cards; ``board`` 3, 4 or 5 community cards. A card
    may appear only once anywhere. Each player's rank is 1 (royal flush) ... 7462, from
    the best five of hole and board; ``winners`` lists every player who shares the best.

    >>> result = showdown(["As Ah", "Kd Kc"], "2c 7d 9h Kh 3s")
    >>> result.winners, result.players[1].name
    ([1], 'Three kings, nine-seven')

    Raises:
        ValueError: not two hole cards, a board of other than 3..5 cards, a card used
            twice (the message says where), no players.
    """
    return two_card_showdown(holes, parse(board), "Hold'em", parse, best_five_of, PlayerResult)


def two_card_showdown(holes: Sequence[HandLike], board_cards: list[int], game: str,
                      cards_of: Callable[[HandLike], list[int]],
                      best_of: Callable[[list[int]], tuple[int, list[int]]],
                      player: Callable[[list[int], int, list[int]], PlayerResult]) -> Showdown:
    """The showdown of a game with two hole cards and a board of 3..5 (Hold'em, short deck):
    each hole read by ``cards_of``, ranked with the board by ``best_of`` (rank, best five)
    and reported by ``player``; the winners share the best rank."""
    if not 3 <= len(board_cards) <= 5:
        raise ValueError(f"a {game} board has 3, 4 or 5 cards, got {len(board_cards)}")
    holes = check_holes(holes, "['As Ah', 'Kd Kc']")  # a dealt deal's holes[i] too
    where = {card: "the board" for card in board_cards}  # errors name holes[i], as passed
    players = []
    for index, hole in enumerate(holes):
        hole_cards = take_hole(hole, where, f"holes[{index}]", (2,), f"{game} hole cards are 2, got {{}}", cards_of)
        rank, five = best_of(hole_cards + board_cards)
        players.append(player(hole_cards, rank, five))
    best = min(p.rank for p in players)
    return Showdown(board_cards, players, [i for i, p in enumerate(players) if p.rank == best])


_CATEGORY_TEXT = {
    Category.STRAIGHT_FLUSH: "straight flush", Category.FOUR_OF_A_KIND: "four of a kind",
    Category.FULL_HOUSE: "full house", Category.FLUSH: "flush", Category.STRAIGHT: "straight",
    Category.THREE_OF_A_KIND: "three of a kind", Category.TWO_PAIR: "two pair",
    Category.ONE_PAIR: "one pair", Category.HIGH_CARD: "high card",
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _deciding_part(kind: Category, position: int, pattern: tuple[int, ...]) -> tuple[str, str]:
    """(what both hands are, what decides) when two hands of one category first differ at
    card `position` (0..4) of their patterns."""
    plural = RANK_PLURALS[pattern[0]]
    kickers = f"the kickers decide at the {_ORDINALS[position]} card"
    if kind in (Category.STRAIGHT_FLUSH, Category.STRAIGHT):
        return ("straight flushes" if kind is Category.STRAIGHT_FLUSH else "straights"), "the top card decides"
    if kind is Category.FOUR_OF_A_KIND:
        if position < 4:
            return "four of a kind", "the four of a kind decides"
        return f"four {plural}", "the kicker decides"
    if kind is Category.FULL_HOUSE:
        return ("full houses", "the three of a kind decides") if position < 3 else \
            (f"{plural} full", "the pair decides")
    if kind in (Category.FLUSH, Category.HIGH_CARD):
        what = "flushes" if kind is Category.FLUSH else "high-card hands"
        return what, ("the top card decides" if position == 0 else f"the {_ORDINALS[position]} card decides")
    if kind is Category.THREE_OF_A_KIND:
        return ("three of a kind", "the three of a kind decides") if position < 3 else (f"three {plural}", kickers)
    if kind is Category.TWO_PAIR:
        if position < 2:
            return "two pair", "the higher pair decides"
        if position < 4:
            return f"two pair, {plural} up", "the lower pair decides"
        return f"{plural} and {RANK_PLURALS[pattern[2]]}", "the kicker decides"
    return ("one pair", "the pair decides") if position < 2 else (f"one pair of {plural}", kickers)


def explain(a: HandLike, b: HandLike) -> str:
    """Why one hand beats the other, or why they split the pot, the way the rules say it.

    Each hand is 5, 6 or 7 cards, ranked by its best five.

    >>> explain("As Ah Kc 7d 2s", "Ac Ad Qh Js 10d")
    'Both one pair of aces; the kickers decide at the third card: K beats Q.'
    >>> explain("Ac Kd Qh Js 10c", "As Kh Qd Jc 10s")
    'Both ace-high straights: split pot.'
    >>> explain("3c 3s 3d 6c 6h", "Qc 10c 7c 6c 4c")
    'Full house beats flush.'
    """
    rank_a, rank_b = evaluate(a), evaluate(b)
    if rank_a == rank_b:
        return f"Both {plural_name(rank_a)}: split pot."
    better, worse = sorted((rank_a, rank_b))
    kind_better, kind_worse = category(better), category(worse)
    if kind_better != kind_worse:
        text = f"{_CATEGORY_TEXT[kind_better]} beats {_CATEGORY_TEXT[kind_worse]}."
        return text[0].upper() + text[1:]
    high, low = rank_pattern(better), rank_pattern(worse)
    position = next(i for i in range(5) if high[i] != low[i])
    both, decides = _deciding_part(kind_better, position, high)
    return f"Both {both}; {decides}: {RANK_SYMBOLS[high[position]]} beats {RANK_SYMBOLS[low[position]]}."
