"""Cards: parsing and formatting.

A card is an int 0..51, ``rank * 4 + suit``: rank 0 = '2' ... 12 = 'A', suit 0..3 =
clubs, diamonds, hearts, spades ('c', 'd', 'h', 's'). Text accepts any case, '10' or
'T' for ten, and the suit symbols '♣♦♥♠' and their outline forms '♧♢♡♤'.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Iterable, Sequence
from typing import Any, SupportsIndex, TypeVar, Union, cast

__all__ = ["RANKS", "SUITS", "CardLike", "HandLike", "card", "parse", "format_card", "format_cards"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NUM_CARDS = 52

CardLike = Union[str, SupportsIndex]
"""A card: a string such as 'As', '10h' or 'A♠', or an id 0..51 (an int or numpy integer)."""
HandLike = Union[str, Iterable[CardLike]]
"""Cards: one string ('As Kd Qh', 'AsKdQh', commas allowed) or an iterable of cards."""

_RANK_OF = {**{ch: i for i, ch in enumerate(RANKS)}, **{ch.lower(): i for i, ch in enumerate(RANKS)},
            "10": 8}
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2,
            "♤": 3}
_SUIT_OF.update({k.upper(): v for k, v in list(_SUIT_OF.items()) if k.isalpha()})
# Every way to write one card, for the common case of cards separated by spaces or commas;
# anything else (cards run together, mistakes) goes through the scanner below.
_CARD_OF_TEXT = {rank_text + suit_text: _RANK_OF[rank_text] * 4 + suit
                 for rank_text in _RANK_OF for suit_text, suit in _SUIT_OF.items()}


def _where(position: int | None) -> str:
    return "" if position is None else f" (position {position})"


def shown_text(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it (a string, or any object by its repr), cut short
    when it is longer than ``limit``: a message names what is wrong without echoing megabytes
    of input."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit - 3] + '...'!r} ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= limit + 20 else text[:limit + 17] + "..."


def in_rank_order(cards: Sequence[int], ranks: Sequence[int]) -> list[int]:
    """``cards`` ordered as ``ranks`` lists their ranks (0 = deuce .. 12 = ace), as a hand's
    five are shown: each card at its rank's first place in ``ranks``, cards of one rank in the
    order given (a stable sort)."""
    place = list(ranks).index
    return sorted(cards, key=lambda card: place(card >> 2))


def cards_in_token(token: str) -> list[int]:
    """Every card in one whitespace-free token such as 'As', '10h' or 'AsKdQh'."""
    cards = []
    i = 0
    while i < len(token):
        rank_text = "10" if token.startswith("10", i) else token[i]
        rank = _RANK_OF.get(rank_text)
        if rank is None:
            raise ValueError(f"unknown rank {rank_text!r} in {shown_text(token)}: ranks are {' '.join(RANKS)} "
                             "(or 10)")
        i += len(rank_text)
        if i == len(token):
            raise ValueError(f"card {rank_text!r} in {shown_text(token)} has no suit: suits are c d h s "
                             "(or ♣ ♦ ♥ ♠)")
        suit = _SUIT_OF.get(token[i])
        if suit is None:
            raise ValueError(f"unknown suit {token[i]!r} in {shown_text(token)}: suits are c d h s (or ♣ ♦ ♥ ♠)")
        i += 1
        cards.append(rank * 4 + suit)
    return cards


def checked_flag(value: object, name: str) -> bool:
    """A True/False option (a numpy bool too). Anything else is a TypeError, not read by its
    truth: the string "False" would be true, and 1 is no rule's name."""
    if value is True or value is False:
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):  # as arrays give it
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {type(value).__name__} {shown_text(value)}")


def exact_int(value: object, what: str, where: str = "") -> int:
    """``value`` as an int when it is an integer (a numpy one too), else TypeError.

    Bools and floats are refused even though Python would convert them: a True or a
    2.0 where a card or a rank belongs is a bug in the caller.
    """
    if type(value).__name__ in ("bool", "bool_"):
        raise TypeError(f"expected {what}, got the bool {value!r}{where}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"expected {what}, got {type(value).__name__} {shown_text(value)}{where}") from None


def _card_from_int(value: object, position: int | None) -> int:
    number = exact_int(value, "a card string or an int 0..51", _where(position))
    if not 0 <= number < NUM_CARDS:
        raise ValueError(f"card id {number} is out of range 0..51{_where(position)}")
    return number


def is_ndarray(value: object) -> bool:
    """Whether ``value`` is a numpy array, without importing numpy (an array implies it is).
    While another thread imports numpy, its module is there without ``ndarray`` yet (and no
    array exists yet): read as no array, not as an AttributeError."""
    ndarray = getattr(sys.modules.get("numpy"), "ndarray", None)
    return ndarray is not None and isinstance(value, ndarray)


def _one_card(value: object, position: int | None) -> int:
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise ValueError(f"empty card string{_where(position)}")
        cards = cards_in_token(text)
        if len(cards) != 1:
            raise ValueError(f"expected one card, got {shown_text(value)}{_where(position)}")
        return cards[0]
    return _card_from_int(value, position)


def card(value: CardLike) -> int:
    """The id 0..51 of one card given as text ('As', '10h', 'A♠') or as an id.

    >>> card("As"), card("2c"), card("10♥")
    (51, 0, 34)

    Raises:
        ValueError: unknown rank or suit, or an id outside 0..51.
        TypeError: not a string or an int (a bool or a float, say).
    """
    return _one_card(value, None)


def parse(hand: HandLike) -> list[int]:
    """The card ids of several cards, in the order given, refusing duplicates.

    Takes one string ('As Kd Qh Jc 10s', 'AsKdQhJcTs', commas allowed) or an iterable
    of card strings and ids (a list, a tuple, a 1-D numpy array).

    >>> parse("As Kd, Qh")
    [51, 45, 42]

    Raises:
        ValueError: no cards, an unknown rank or suit, an id outside 0..51, or a card
            given twice; the message names the token or position.
        TypeError: something that is not a card where a card is expected.
    """
    if isinstance(hand, str):
        cards = []
        for token in hand.replace(",", " ").split():
            card_id = _CARD_OF_TEXT.get(token)
            if card_id is None:
                cards.extend(cards_in_token(token))
            else:
                cards.append(card_id)
    elif is_ndarray(hand):
        array: Any = hand
        if array.ndim != 1:
            raise ValueError(f"expected a 1-D array of card ids, got shape {array.shape}")
        if array.dtype.kind not in "iu":
            raise TypeError(f"expected an integer array of card ids, got dtype {array.dtype}")
        cards = [_card_from_int(value, i) for i, value in enumerate(array.tolist())]
    elif isinstance(hand, (bytes, bytearray)) or not isinstance(hand, Iterable):
        raise TypeError(f"expected cards as a string or an iterable of cards, got {type(hand).__name__}")
    else:
        cards = [_one_card(value, i) for i, value in enumerate(hand)]
    if not cards:
        raise ValueError("no cards given")
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for position, c in enumerate(cards):
            if c in seen:
                raise ValueError(f"duplicate card {format_card(c)!r}{_where(position)}")
            seen.add(c)
    return cards


def format_card(card_id: CardLike) -> str:
    """The text of one card: rank then suit letter.

    >>> format_card(51)
    'As'
    """
    c = _one_card(card_id, None)
    return RANKS[c >> 2] + SUITS[c & 3]


def format_cards(cards: HandLike) -> str:
    """Several cards as text, separated by spaces.

    >>> format_cards([51, 46, 41, 36, 35])
    'As Kh Qd Jc Ts'
    """
    return text_of_ids(parse(cards))


def text_of_ids(ids: Iterable[int]) -> str:
    """Card ids already checked (0..51) as text."""
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in ids)


_T = TypeVar("_T")


class _PlayerRows(Sequence[Any]):
    """A numpy array of players read as a list, a row at a time (a row as a list of ints, a
    string as a str): its length is known before any row is read, so that a count check
    refuses a huge array without copying it."""

    def __init__(self, array: Any) -> None:
        self._array = array
        self.objects = array.dtype.kind == "O"  # whose items may be None

    def __len__(self) -> int:
        return len(self._array)

    def __getitem__(self, index: Any) -> Any:
        item = self._array[index]  # an object array's item is the object itself
        return item.tolist() if hasattr(item, "dtype") else item


def player_rows(players: _T) -> _T:
    """Players given as a numpy array, as a sequence of Python values: a 2-D array of card ids,
    one row a player (a dealt deal: ``holes[i]``), or a 1-D array of strings (hands or ranges,
    a column of a table); anything else as it is, for the caller's own checks."""
    if is_ndarray(players) and (players.ndim == 2 or (players.ndim == 1  # type: ignore[attr-defined]
                                                     and players.dtype.kind in "UO")):  # type: ignore[attr-defined]
        return cast("_T", _PlayerRows(players))
    return players


def equity_players(players: _T) -> _T:
    """An equity's players as ``player_rows`` reads them, None (a player you know nothing of,
    as the dealers take it) as "random"."""
    players = player_rows(players)
    listed = type(players) in (list, tuple) or (isinstance(players, _PlayerRows) and players.objects)
    if listed and any(player is None for player in players):  # type: ignore[attr-defined]
        return cast("_T", ["random" if player is None else player for player in players])  # type: ignore[attr-defined]
    return players


def names_no_cards(value: object) -> bool:
    """Whether a player's entry says that none of its cards is known: None, a blank string, or
    "random" (any case; stud's equity also labels such a player "unknown", which is taken too).
    Every game's dealer and stud's equity take these, as the other games' equity takes "random"."""
    return value is None or (isinstance(value, str) and value.strip().lower() in ("", "random", "unknown"))


def two_cards(text: str) -> list[int] | None:
    """The two cards of a four-character token such as 'AsKd', or None: the common case of a
    hand given to equity, without the general scanner."""
    if len(text) == 4:
        first, second = _CARD_OF_TEXT.get(text[:2]), _CARD_OF_TEXT.get(text[2:])
        if first is not None and second is not None and first != second:
            return [first, second]
    return None
