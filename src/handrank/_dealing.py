"""Every game's dealer: hole cards a player, a board and dead cards checked (each card named
where it clashes), then dealt in C (hr_deal_game) chunk by chunk on threads, each chunk from its
own random stream seeded by (seed, chunk), so a seed gives the same arrays on any thread count."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._core import ffi, lib
from ._rows import joint_arrays
from ._work import run_slices, thread_count
from .cards import HandLike, exact_int, format_cards, names_no_cards, parse, player_rows, shown_text

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

CHUNK: int = lib.HR_EQUITY_CHUNK


_CHUNKS_PER_SLICE = 4  # about 10 ms of dealing between two checks for Ctrl-C


_ERRORS = {lib.HR_ERR_CARD: "a card id above 51", lib.HR_ERR_DUPLICATE: "a card used twice",
           lib.HR_ERR_COUNT: "more cards than the deck holds", lib.HR_ERR_PLAYERS: "a bad number of players",
           lib.HR_ERR_BOARD: "a bad number of board cards"}


def _checked_count(value: object, what: str, low: int, high: int) -> int:
    number = exact_int(value, f"{what} as an int")
    if not low <= number <= high:
        raise ValueError(f"{what} must be from {low} to {high}, got {number}")
    return number


def _known(cards: HandLike | None, what: str) -> list[int]:
    if cards is None or (isinstance(cards, str) and not cards.strip()):
        return []
    try:
        return parse(cards)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


_WORDS = {2: "two", 4: "four", 5: "five", 6: "six", 7: "seven"}


def deal_cards(n: int, players: int, hole: int, board: int, *, hole_cards: Sequence[HandLike | None] | None,
               board_cards: HandLike | None, dead: HandLike | None, seed: int | None, threads: int | None,
               max_players: int, lowest: int = 0, deck_name: str = "", partial: bool = False,
               ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every game's dealer (``deal``, ``omaha.deal``, ``shortdeck.deal``, ``stud.deal``): ``hole``
    cards a player from the deck of ids ``lowest``..51 (``deck_name`` names it in errors),
    checked here and dealt in C (hr_deal_game), chunk by chunk on threads. With ``partial``
    a player's known cards may be fewer than ``hole``: they come first, the rest are dealt."""
    n = _checked_count(n, "n", 0, 1 << 40)
    players = _checked_count(players, "players", 1, max_players)
    if isinstance(board, (str, list, tuple)):  # cards where the count goes: say where cards go
        raise TypeError(f"board is how many board cards to deal (0 to 5), got {type(board).__name__} "
                        f"{shown_text(board)}; give known board cards as board_cards=")
    board = _checked_count(board, "board", 0, 5)
    nthreads = thread_count(threads)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = _checked_count(seed, "seed", 0, (1 << 64) - 1)
    hole_cards = player_rows(hole_cards)  # an array, one row a player, too
    if hole_cards is not None and (isinstance(hole_cards, str) or not isinstance(hole_cards, Sequence)):
        raise TypeError(f"hole_cards must be a list with one entry a player: {'up to ' if partial else ''}"
                        f"{_WORDS.get(hole, hole)} cards, or None or 'random'")
    if hole_cards is not None and len(hole_cards) != players:
        raise ValueError(f"hole_cards has {len(hole_cards)} entries for {players} players")
    where: dict[int, str] = {}

    def claim(cards: list[int], place: str) -> None:
        for card in cards:
            if card < lowest:
                raise ValueError(f"{place}: card {format_cards([card])!r} is not in the {deck_name}")
            if card in where:
                raise ValueError(f"card {format_cards([card])!r} is both in {where[card]} and in {place}")
            where[card] = place

    fixed = bytearray([lib.HR_DEAL_RANDOM] * (hole * players))
    for p, cards_of_player in enumerate(hole_cards or [None] * players):
        cards = [] if names_no_cards(cards_of_player) else _known(cards_of_player, f"hole_cards[{p}]")
        if not cards:
            continue
        if partial and len(cards) > hole:
            raise ValueError(f"hole_cards[{p}]: at most {_WORDS.get(hole, hole)} cards, got {len(cards)} cards")
        if not partial and len(cards) != hole:
            raise ValueError(f"hole_cards[{p}]: {_WORDS.get(hole, hole)} cards or None, got {len(cards)} cards")
        claim(cards, f"hole_cards[{p}]")
        fixed[hole * p:hole * p + len(cards)] = bytes(cards)
    known_board = _known(board_cards, "board_cards")
    if len(known_board) > board:
        raise ValueError(f"board_cards has {len(known_board)} cards for a board of {board}")
    claim(known_board, "board_cards")
    dead_cards = _known(dead, "dead")
    claim(dead_cards, "dead")
    unknown = 52 - lowest - len(where)
    needed = fixed.count(lib.HR_DEAL_RANDOM) + board - len(known_board)
    if needed > unknown:
        raise ValueError(f"a deal needs {needed} more cards and the deck has {unknown} left")

    holes, boards = joint_arrays([(n, players, hole), (n, board)], "uint8")
    holes_out, boards_out = ffi.from_buffer("uint8_t[]", holes), ffi.from_buffer("uint8_t[]", boards)
    args = (bytes(fixed), board, bytes(known_board), len(known_board), bytes(dead_cards), len(dead_cards))

    def part(first: int, end: int) -> None:  # the kernel writes chunk first's deals from the pointers given
        error = lib.hr_deal_game(seed, n, first, end, players, hole, lowest, *args,
                                 holes_out + first * CHUNK * players * hole, boards_out + first * CHUNK * board)
        if error:
            raise ValueError(f"the kernel refused the deal: {_ERRORS.get(error, error)}")

    chunks = -(-n // CHUNK)
    run_slices([functools.partial(part, first, min(chunks, first + _CHUNKS_PER_SLICE))
                for first in range(0, chunks, _CHUNKS_PER_SLICE)], nthreads)
    return holes, boards
