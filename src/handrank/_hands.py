"""One player's hole cards checked for a showdown of any game: parsed by the game's reader,
counted, and none already somewhere else (the message says where)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import HandLike, format_cards, parse, player_rows


def take_hole(spec: HandLike, where: dict[int, str], label: str, counts: Sequence[int], wrong_count: str,
              cards_of: Callable[[HandLike], list[int]] = parse, hint: str = "") -> list[int]:
    """One player's hole cards, for any game: parsed by ``cards_of``, ``len`` in ``counts``
    (else ``wrong_count`` with the count filled in), none already in ``where`` (card -> where
    it is), which gains them. Errors start with ``label``; a card that does not parse ends
    with ``hint``."""
    try:
        cards = cards_of(spec)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{label}: {error}{hint}") from None
    if len(cards) not in counts:
        raise ValueError(f"{label}: {wrong_count.format(len(cards))}")
    for card in cards:
        if card in where:
            raise ValueError(f"{label}: card {format_cards([card])!r} is also in {where[card]}")
        where[card] = label
    return cards


def check_holes(holes: object, example: str) -> Sequence[HandLike]:
    """``holes`` as a non-empty list of hands (``example`` shows one), an array of them (a dealt
    deal's ``holes[i]``) read as ``player_rows`` reads it."""
    holes = player_rows(holes)
    if isinstance(holes, str) or not isinstance(holes, Sequence):
        raise TypeError(f"holes must be a list of hands, one per player, e.g. {example}")
    if not holes:
        raise ValueError("no players")
    return holes
