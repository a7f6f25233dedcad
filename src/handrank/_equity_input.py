"""Equity's input: hands and ranges parsed once (cached), checked against each other, and
packed as the kernel takes them (a ``Spot``); the checks of trials, seeds and clients.

Every error names what is wrong and where (``players[1]: card 'As' is also in players[0]``).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import operator
import os
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._core import ffi, lib
from .cards import HandLike, exact_int, format_cards, parse, shown_text, text_of_ids, two_cards
from .ranges import Combo, parse_range

MAX_PLAYERS: int = lib.HR_MAX_PLAYERS
MAX_TRIALS = 2**53
"""Most Monte Carlo deals one call may ask for."""
_FEASIBLE_BUDGET = 20_000_000  # combo checks spent deciding whether the ranges can be dealt
_WEIGHT_SPAN = 1e-30  # smallest weight / largest weight within one range
# cffi parses a C type the first time one is named: the types equity names, parsed here at
# import (about 30 us) rather than in a process's first call
for _ctype in ("int32_t[]", "double[]", "uint64_t[]", "uint64_t *", "uint8_t[24]", "double[4]", "uint8_t[]"):
    ffi.typeof(_ctype)
_ERRORS = {
    lib.HR_ERR_CARD: "a card id above 51", lib.HR_ERR_DUPLICATE: "a card used twice",
    lib.HR_ERR_COUNT: "too few cards left to deal", lib.HR_ERR_PLAYERS: f"not 2 to {MAX_PLAYERS} players",
    lib.HR_ERR_BOARD: "a board of other than 0, 3, 4 or 5 cards",
    lib.HR_ERR_RANGE: "a range without combos or with bad weights",
    lib.HR_ERR_IMPOSSIBLE: "no deal was found where the hands share no card",
    lib.HR_ERR_MEMORY: "out of memory", lib.HR_ERR_TABLE: "a matchup missing from the preflop table",
}


@functools.lru_cache(maxsize=1024)
def _cards_of_text(text: str) -> tuple[int, ...]:
    return tuple(parse(text)) if text.strip() else ()


def known_cards(cards: HandLike, what: str) -> tuple[int, ...]:
    """Board or dead cards; empty is allowed here. A bad card's error starts with ``what``."""
    if not isinstance(cards, str):
        try:
            cards = list(cards)
        except TypeError:
            raise TypeError(f"{what} must be cards such as '2c 7d 9h' (or empty), got {type(cards).__name__}") from None
    try:
        if isinstance(cards, str):
            return _cards_of_text(cards)
        return tuple(parse(cards)) if cards else ()
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


@functools.lru_cache(maxsize=1024)
def board_text(cards: tuple[int, ...]) -> str:
    return text_of_ids(cards)


_BITS = tuple(1 << card for card in range(256))


class Holding:
    """One player's hand as given: two hole cards (one combo) or a range. Immutable once made."""

    __slots__ = ("label", "combos", "weights", "packed", "cards", "even", "_masks")

    def __init__(self, label: str, combos: dict[Combo, float]) -> None:
        self.label = label
        self.combos: tuple[Combo, ...] = tuple(combos)  # higher card first
        self.weights: tuple[float, ...] = tuple(combos.values())
        self.packed = bytes(itertools.chain.from_iterable(combos))  # the combos' cards, two bytes a combo
        self.cards = sum(map(_BITS.__getitem__, set(self.packed)))  # every card of every combo, as bits
        self.even = len(set(self.weights)) == 1  # all weights equal
        self._masks: tuple[int, ...] | None = None

    @property
    def masks(self) -> tuple[int, ...]:
        """Each combo's two cards as bits (made when first asked: most spots never ask)."""
        if self._masks is None:
            self._masks = tuple(1 << a | 1 << b for a, b in self.combos)
        return self._masks


@functools.lru_cache(maxsize=4096)  # the same hands and ranges come back call after call
def holding_of_text(spec: str) -> Holding:
    """Parse a player given as text; a ValueError says why it is neither cards nor a range."""
    quick = two_cards(spec)
    if quick is not None:
        return Holding(text_of_ids(quick), {(max(quick), min(quick)): 1.0})
    try:  # a range first: the card parser's refusal (an exception) costs more than the range parse
        combos = parse_range(spec)
    except ValueError as error:
        cards = _as_two_cards(spec)
        if isinstance(cards, list):
            return Holding(format_cards(cards), {(max(cards), min(cards)): 1.0})
        raise ValueError(f"{shown_text(spec)} is neither two hole cards ({cards}) nor a range ({error})") from None
    if len(combos) == 1:  # one combo may be two cards as typed ('as kd'): then labelled as cards
        cards = _as_two_cards(spec)
        if isinstance(cards, list):
            return Holding(format_cards(cards), {(max(cards), min(cards)): 1.0})
    return Holding(spec.strip(), combos)


def _as_two_cards(spec: str) -> list[int] | str:
    """The two cards of a card string, or why it is not two cards."""
    if len(spec) > 24:  # not two cards: skip the card parser's message
        return "too long"
    try:
        cards = parse(spec)
    except ValueError as error:
        return str(error)
    return cards if len(cards) == 2 else f"{len(cards)} cards, not 2"


def player_holding(spec: object, index: int) -> Holding:
    """One player: two hole cards, or a range string."""
    if isinstance(spec, str):
        try:
            return holding_of_text(spec)
        except ValueError as error:
            raise ValueError(f"players[{index}]: {error}") from None
    try:
        cards = parse(spec)  # type: ignore[arg-type]
        as_cards = f"{len(cards)} cards, not 2"
    except (ValueError, TypeError) as error:
        cards, as_cards = [], str(error)
    if len(cards) != 2:
        raise TypeError(f"players[{index}]: expected two hole cards or a range string, got {shown_text(spec)} "
                        f"({as_cards})")
    return Holding(format_cards(cards), {(max(cards), min(cards)): 1.0})


@dataclass(frozen=True)
class Spot:
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

    @functools.cached_property
    def fixed(self) -> bool:
        """Every player holds one combo (known hole cards)."""
        return len(self.weights) == self.nplayers

    def __hash__(self) -> int:
        """Hashed once (a spot keys several caches, and hashing its weights is not free); the
        hash is not pickled, as string hashes differ between processes."""
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.combos, self.combo_start, self.weights, self.board, self.dead))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        return {key: value for key, value in self.__dict__.items() if key != "_hash"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


@functools.lru_cache(maxsize=256)
def _c_args(spot: Spot) -> tuple[Any, Any, Any]:
    """The spot's arrays as the kernel takes them (read-only there, so shared safely)."""
    return (spot.combos, ffi.new("int32_t[]", spot.combo_start), ffi.new("double[]", spot.weights))


_SPOTS: dict[tuple[object, ...], tuple[tuple[str, ...], str, Spot]] = {}
_SPOTS_KEPT = 256


def spot_of(players: Sequence[HandLike], board: HandLike, dead: HandLike) -> tuple[list[str], str, Spot]:
    """Labels, the board as text and the checked spot; the same text asked again is checked
    once (a spot is immutable).

    Kept by (*players, board, dead) when every one is a string: a key holding anything else
    is never stored, so it can only miss (or be unhashable) and goes through the checks."""
    if type(players) in (list, tuple):
        key: tuple[object, ...] | None = (*players, board, dead)
        try:
            hit = _SPOTS.get(key)  # type: ignore[arg-type]
        except TypeError:  # a list or an array somewhere: unhashable
            hit = key = None
        if hit is not None:
            return list(hit[0]), hit[1], hit[2]
        if key is not None and all(type(item) is str for item in key):
            labels, board_cards, spot = checked_spot(players, board, dead)
            if len(_SPOTS) >= _SPOTS_KEPT:  # forget the oldest (dicts keep insertion order)
                with contextlib.suppress(KeyError, RuntimeError, StopIteration):  # another thread was first
                    del _SPOTS[next(iter(_SPOTS))]
            _SPOTS[key] = (tuple(labels), board_text(board_cards), spot)
            return labels, board_text(board_cards), spot
    labels, board_cards, spot = checked_spot(players, board, dead)
    return labels, board_text(board_cards), spot


def checked_table(players: object, board: HandLike, dead: HandLike, example: str
           ) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, str]]:
    """Every equity's first checks: a list of 2..MAX_PLAYERS players, a board of 0, 3, 4 or 5
    cards, dead cards off the board; the board and dead cards, and where each card is."""
    if not isinstance(players, (list, tuple)) and (isinstance(players, str) or not isinstance(players, Sequence)):
        raise TypeError(f"players must be a list of hands or ranges, e.g. {example}")
    players = typing.cast("Sequence[object]", players)  # a list or tuple (checked first: the ABC check is slower)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity takes 2 to {MAX_PLAYERS} players, got {len(players)}")
    board_cards, dead_cards = known_cards(board, "board"), known_cards(dead, "dead")
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    where = {card: "the board" for card in board_cards}
    for card in dead_cards:
        if card in where:
            raise ValueError(f"card {format_cards([card])!r} is both dead and on {where[card]}")
        where[card] = "the dead cards"
    return board_cards, dead_cards, where


def checked_spot(players: Sequence[HandLike], board: HandLike, dead: HandLike, absent: Sequence[int] = ()
                  ) -> tuple[list[str], tuple[int, ...], Spot]:
    """Labels, board cards and the checked spot; every error names what is wrong. ``absent``
    are the cards the game's deck lacks (short deck's deuces to fives): ranges lose their
    combos with them and they are never dealt, but they are not dead cards (the game's
    kernel takes them out of its deck itself)."""
    board_cards, dead_cards, where = checked_table(players, board, dead, "['AsAh', 'KdKc']")
    for card in absent:
        where.setdefault(card, "the cards this game does not deal")

    quick = [two_cards(spec) if type(spec) is str else None for spec in players]
    if None not in quick:  # every player's two hole cards as text, the commonest new spot: no holdings
        return _fixed_spot(quick, board_cards, dead_cards, where, absent)  # type: ignore[arg-type]
    if all(type(spec) is str for spec in players):
        plain = _plain_spot(players, quick, board_cards, dead_cards, absent)  # type: ignore[arg-type]
        if plain is not None:
            return plain
    holdings = [player_holding(spec, index) for index, spec in enumerate(players)]
    for index, holding in enumerate(holdings):  # known hole cards must not clash with anything
        if len(holding.combos) == 1:
            for card in holding.combos[0]:
                if card in where:
                    raise ValueError(f"players[{index}]: card {format_cards([card])!r} is also in {where[card]}")
                where[card] = f"players[{index}]"
    taken = sum(1 << card for card in where)
    combos_bytes, starts, weights = bytearray(), [0], list[float]()
    clashes: bytearray | None = None  # 1 at each known card's id, made when a range needs it
    for index, holding in enumerate(holdings):
        if len(holding.combos) == 1:
            combos_bytes += holding.packed
            weights.append(1.0)
            starts.append(len(weights))
            continue
        if not holding.cards & taken:  # every combo fits
            combos_bytes += holding.packed
            kept = list(holding.weights)
        else:  # each combo's two flags (a known card or not) as one 16-bit word: it fits when 0
            if clashes is None:
                clashes = bytearray(256)
                for card in where:
                    clashes[card] = 1
            fits = list(map(operator.not_, memoryview(holding.packed.translate(clashes)).cast("H")))
            if not any(fits):
                raise ValueError(f"players[{index}]: no combo of {holding.label!r} is left once the known cards "
                                 "are out")
            combos_bytes += bytes(itertools.chain.from_iterable(itertools.compress(holding.combos, fits)))
            kept = list(itertools.compress(holding.weights, fits))
        if holding.even:
            weights.extend([1.0] * len(kept))
        else:
            largest = max(kept)
            if not math.isfinite(largest) or min(kept) < largest * _WEIGHT_SPAN:
                raise ValueError(f"players[{index}]: weights must be finite and within a factor 1e30 of each other")
            weights.extend(weight / largest for weight in kept)
        starts.append(len(weights))
    labels = [holding.label for holding in holdings]
    spot = Spot(bytes(combos_bytes), tuple(starts), tuple(weights), bytes(board_cards), bytes(dead_cards))
    if spot.nplayers > 1:  # ranges left with one combo each may still share a card
        known = _known_bytes(board_cards, dead_cards, absent)
        found = lib.hr_ranges_feasible(spot.combos, ffi.new("int32_t[]", starts), spot.nplayers, known, len(known),
                                       _FEASIBLE_BUDGET)
        check_feasible(found)
    _check_enough_left(board_cards, dead_cards, absent, len(players))
    return labels, board_cards, spot


def _fixed_spot(pairs: list[list[int]], board_cards: tuple[int, ...], dead_cards: tuple[int, ...],
                where: dict[int, str], absent: Sequence[int]) -> tuple[list[str], tuple[int, ...], Spot]:
    """checked_spot's answer when every player holds two known cards (``pairs``, as given)."""
    combos = []
    for index, pair in enumerate(pairs):
        combo = (pair[0], pair[1]) if pair[0] > pair[1] else (pair[1], pair[0])
        for card in combo:
            if card in where:
                raise ValueError(f"players[{index}]: card {format_cards([card])!r} is also in {where[card]}")
            where[card] = f"players[{index}]"
        combos.append(combo)
    nplayers = len(pairs)
    spot = Spot(bytes(itertools.chain.from_iterable(combos)), tuple(range(nplayers + 1)), (1.0,) * nplayers,
                bytes(board_cards), bytes(dead_cards))
    _check_enough_left(board_cards, dead_cards, absent, nplayers)
    return [text_of_ids(pair) for pair in pairs], board_cards, spot


def _plain_spot(players: Sequence[str], quick: list[list[int] | None], board_cards: tuple[int, ...],
                dead_cards: tuple[int, ...], absent: Sequence[int]) -> tuple[list[str], tuple[int, ...], Spot] | None:
    """checked_spot's answer read in one C call (hr_ranges_text) when every player is two
    known cards or plain range items, with the same combos in the same order; None for
    anything else, which the long way then reads and, where it is wrong, names.

    A process's first ranged spot spends most of its time in Python code that runs for the
    first time; this path keeps that code off the common case."""
    nplayers = len(players)
    texts, text_start, fixed = [], [0], bytearray()
    for spec, pair in zip(players, quick):  # a known player: its cards, and no text
        if pair is not None:
            texts.append(b"")
            fixed += bytes(pair)
        elif spec.isascii():
            texts.append(spec.encode())
            fixed += b"\xff\xff"
        else:
            return None
        text_start.append(text_start[-1] + len(texts[-1]))
    known = _known_bytes(board_cards, dead_cards, absent)
    combos = ffi.new("uint8_t[]", 2 * 1326 * nplayers)
    combo_start = ffi.new("int32_t[]", nplayers + 1)
    if not lib.hr_ranges_text(b"".join(texts), ffi.new("int32_t[]", text_start), bytes(fixed), nplayers, known,
                              len(known), _FEASIBLE_BUDGET, combos, combo_start):
        return None
    starts = tuple(ffi.unpack(combo_start, nplayers + 1))
    _check_enough_left(board_cards, dead_cards, absent, nplayers)
    labels = [spec.strip() if pair is None else text_of_ids(pair) for spec, pair in zip(players, quick)]
    spot = Spot(ffi.buffer(combos, 2 * starts[-1])[:], starts, (1.0,) * starts[-1], bytes(board_cards),
                bytes(dead_cards))
    return labels, board_cards, spot


def _known_bytes(board_cards: tuple[int, ...], dead_cards: tuple[int, ...], absent: Sequence[int]) -> bytes:
    """The cards no player can hold, each once, as the feasibility search takes them: the
    board, the dead cards, and the cards the game's deck lacks."""
    return bytes(board_cards) + bytes(dead_cards) + bytes(card for card in absent if card not in board_cards)


def _check_enough_left(board_cards: tuple[int, ...], dead_cards: tuple[int, ...], absent: Sequence[int],
                       nplayers: int) -> None:
    """The board can be dealt from what the players, the dead cards and the game leave."""
    unseen = 52 - len(set(board_cards) | set(dead_cards) | set(absent)) - 2 * nplayers
    if unseen < 5 - len(board_cards):
        raise ValueError(f"only {unseen} cards are left to deal the {5 - len(board_cards)} board cards")


def check_feasible(found: int) -> None:
    """A feasibility search's answer (hr_ranges_feasible, hr_omaha_ranges_feasible) as the
    error every game's equity gives: 1 passes."""
    if found == lib.HR_ERR_BUDGET:
        raise ValueError("these ranges overlap too much to decide quickly whether they can be dealt together; "
                         "narrow them")
    if found == 0:
        raise ValueError("impossible matchup: the players' hands cannot all be dealt without sharing a card")
    check_status(found if found < 0 else 0)


def check_status(error: int) -> None:
    if error:
        raise ValueError(f"equity kernel refused the deal: {_ERRORS.get(error, error)}")


def checked_trials(trials: object) -> int | None:
    if trials is None:
        return None
    count = exact_int(trials, "trials as an int or None")
    if not 1 <= count <= MAX_TRIALS:
        raise ValueError(f"trials must be from 1 to 2**53, got {count}")
    return count


def drawn_seed(seed: object) -> int:
    """A checked seed; None draws one at random."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    value = exact_int(seed, "seed as an int or None")
    if not 0 <= value < 1 << 64:
        raise ValueError(f"seed must be an int in 0 .. 2**64 - 1, got {value}")
    return value


def checked_seed(seed: object) -> int | None:
    """``seed`` checked as every equity entry point checks it up front, whether the answer
    turns out exact (the seed unused) or sampled: None stays None."""
    return None if seed is None else drawn_seed(seed)


def checked_client(client: object) -> Any:
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
