"""Hand isomorphism: a perfect hash of hands up to suit permutation, both ways.

Poker hands that differ only by a renaming of the suits play the same: As Ks on Qs Js 2h is
Ah Kh on Qh Jh 2d. An ``Indexer`` numbers the classes of such hands 0 .. size - 1, for any
sequence of rounds given as cards per round (cards within a round are unordered), after
Waugh, "A Fast and Optimal Hand Isomorphism Algorithm" (2013):

>>> flop = Indexer([2, 3])        # two hole cards, then a three-card flop
>>> flop.size(0), flop.size()     # starting hands, and hole cards with a flop
(169, 1286792)
>>> flop.index("As Ks Qs Js 2h") == flop.index("Ah Kh Qh Jh 2d")
True
>>> format_cards(flop.unindex(flop.index("As Ks Qs Js 2h")))   # the canonical hand
'Kc Ac 2d Jc Qc'

The round ``round`` (0 is the first; -1, the default, the last) indexes the cards of rounds
0..round, given round after round: a card string, an iterable of ids, or an (N, cards)
integer array (indexes come back as a uint64 array). ``unindex`` gives each class's canonical
hand: its rounds in order, each round's cards in increasing id order. Bulk work runs in C on
``threads`` threads, with the GIL released. ``deck="short"`` indexes short-deck hands (six to
ace, ids 16..51); Omaha is ``Indexer([4, 3, 1, 1])``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import _percall
from ._core import ffi, lib
from .cards import exact_int, format_card, format_cards, is_ndarray, parse

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Indexer"]
_ = format_cards  # used by the doctests

_iso_index, _iso_unindex = _percall.iso_index, _percall.iso_unindex
_SLICE_ROWS = 1 << 18  # rows of one C call (a few ms at the slowest): Ctrl-C is seen between calls
_MIN_ROWS_PER_THREAD = 1 << 16


class Indexer:
    """Numbers the suit-isomorphism classes of hands dealt in ``rounds`` (cards per round).

    >>> Indexer([2]).size(), Indexer([2, 5]).size(), Indexer([4]).size()
    (169, 123156254, 16432)

    Raises:
        ValueError: no rounds, more than 8, a round of no cards, more cards than the deck, or
            rounds whose structure is too large to list; an unknown deck.
        TypeError: rounds that are not ints.
    """

    def __init__(self, rounds: Sequence[int], *, deck: str = "full") -> None:
        if isinstance(rounds, (str, bytes)) or not (isinstance(rounds, Sequence) or is_ndarray(rounds)):
            raise TypeError(f"rounds are a list of cards per round such as [2, 3], got {type(rounds).__name__}")
        shape = getattr(rounds, "shape", None)
        if shape is not None and len(shape) != 1:
            raise ValueError(f"rounds are a 1-D list of cards per round, got shape {shape}")
        counts = tuple(exact_int(r, "cards per round as an int", f" (round {i})") for i, r in enumerate(rounds))
        if deck not in ("full", "short"):
            raise ValueError(f"deck is 'full' (52 cards) or 'short' (36 cards, six to ace), got {deck!r}")
        limit = 36 if deck == "short" else 52
        if not 1 <= len(counts) <= lib.HR_ISO_MAX_ROUNDS:
            raise ValueError(f"an indexer has 1 to {lib.HR_ISO_MAX_ROUNDS} rounds, got {len(counts)}")
        for i, count in enumerate(counts):
            if count < 1:
                raise ValueError(f"round {i} has {count} cards: every round deals at least one")
        if sum(counts) > limit:
            raise ValueError(f"the rounds deal {sum(counts)} cards, more than the {limit} of the deck")
        error = ffi.new("int *")
        made = lib.hr_iso_new(ffi.new("int[]", list(counts)), len(counts), int(deck == "short"), error)
        if made == ffi.NULL:
            if error[0] == lib.HR_ERR_MEMORY:
                raise MemoryError("not enough memory for the indexer's tables")
            raise ValueError(f"rounds {list(counts)}: too many ways to deal them for an indexer's tables")
        self._iso = ffi.gc(made, lib.hr_iso_free)
        self._rounds, self._deck = counts, deck
        # one hand a call (handrank._percall): for each valid round (-len..len - 1, as a plain
        # int), the indexer's address (kept alive by _iso), the round and its card count
        address = int(ffi.cast("uintptr_t", made))
        widths = [int(lib.hr_iso_cards(made, r)) for r in range(len(counts))]
        self._one = {r: (address, r % len(counts), widths[r % len(counts)]) for r in range(-len(counts), len(counts))}

    @property
    def rounds(self) -> tuple[int, ...]:
        """Cards dealt in each round (read-only: the C tables were built for them)."""
        return self._rounds

    @property
    def deck(self) -> str:
        """'full' (52 cards) or 'short' (36, six to ace)."""
        return self._deck

    def __eq__(self, other: object) -> bool:
        """Indexers of the same rounds and deck number every hand alike."""
        if not isinstance(other, Indexer):
            return NotImplemented
        return (self._rounds, self._deck) == (other._rounds, other._deck)

    def __hash__(self) -> int:
        return hash((Indexer, self._rounds, self._deck))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its rounds and deck: the copy builds its own tables, so an
        indexer can go to another process (multiprocessing, Dask)."""
        return (_indexer, (self._rounds, self._deck))

    def __repr__(self) -> str:
        deck = ", deck='short'" if self.deck == "short" else ""
        return f"Indexer({list(self.rounds)}{deck})"

    def _round(self, round: object) -> int:
        value = exact_int(round, "a round as an int")
        if not -len(self.rounds) <= value < len(self.rounds):
            raise ValueError(f"round {value} is out of range: this indexer has rounds 0..{len(self.rounds) - 1} "
                             "(or -1 for the last)")
        return value % len(self.rounds)

    def size(self, round: int = -1) -> int:
        """How many classes round ``round`` has (0 is the first; -1 the last).

        >>> Indexer([2, 3, 1, 1]).size(3)
        2428287420
        """
        return int(lib.hr_iso_size(self._iso, self._round(round)))

    def cards(self, round: int = -1) -> int:
        """How many cards a hand of round ``round`` has: the cards of rounds 0..round."""
        return int(lib.hr_iso_cards(self._iso, self._round(round)))

    def index(self, cards: Any, round: int = -1, *, threads: int | None = None,
              out: npt.NDArray[np.uint64] | None = None) -> Any:
        """The class of a hand (an int), or of each row of an (N, cards) integer array (a uint64
        array): the cards of rounds 0..``round``, round after round.

        For an array, ``out`` (a C-contiguous uint64 array of N) receives the indexes and is
        returned: reusing one saves allocating a new array every call. If a row is bad, ``out``
        holds the indexes of some rows and garbage in others.

        Raises:
            ValueError: a wrong number of cards, a card twice or outside the deck (the row is
                named for arrays), a bad round; ``out`` of the wrong shape or order, or sharing
                memory with the cards.
            TypeError: not cards, or threads that are not an int; ``out`` not a uint64 array, or
                given with one hand.
        """
        one = self._one.get(round) if threads is None and out is None and type(round) is int else None
        if one is not None:  # one hand of ints or text, in C
            found = _iso_index(*one, cards)
            if found is not None:
                return found
        from ._work import thread_count

        r = self._round(round)
        width = self.cards(r)
        nthreads = thread_count(threads)
        if is_ndarray(cards) and cards.ndim == 2 or _is_table(cards):
            return self._index_many(cards, r, width, nthreads, out)
        if out is not None:
            raise TypeError("out= takes the indexes of an (N, cards) array of hands, not of one hand")
        ids = parse(cards)
        if len(ids) != width:
            raise ValueError(f"round {r} of {self!r} takes {width} cards, got {len(ids)}")
        self._check_deck(ids, "")
        out, error = ffi.new("uint64_t[1]"), ffi.new("int *")
        if lib.hr_iso_index_batch(self._iso, r, bytes(ids), 1, out, error) >= 0:  # not reached: parse checked
            raise AssertionError(f"the indexer refused checked cards {ids} ({error[0]})")
        return int(out[0])

    def _check_deck(self, ids: Sequence[int], where: str) -> None:
        if self.deck == "short":
            for card in ids:
                if card < 16:
                    raise ValueError(f"{where}card {format_card(card)!r} is not in the short deck (six through ace)")

    def _index_many(self, cards: Any, r: int, width: int, nthreads: int, out: Any) -> npt.NDArray[np.uint64]:
        from ._rows import as_cards, output_array

        matrix = as_cards(cards, "cards", (None, width))
        rows = len(matrix)
        result: npt.NDArray[np.uint64] = output_array(out, rows, dtype="uint64", cards=(matrix,), results="indexes")
        source, target = ffi.from_buffer("uint8_t[]", matrix), ffi.from_buffer("uint64_t[]", result)

        def run(start: int, stop: int) -> tuple[int, int]:
            error = ffi.new("int *")
            bad = lib.hr_iso_index_batch(self._iso, r, source + start * width, stop - start, target + start, error)
            return (start + bad, error[0]) if bad >= 0 else (-1, 0)

        for bad, _ in sorted(_run(rows, nthreads, run), key=lambda item: item[0] < 0):
            if bad >= 0:
                self._row_error(matrix, bad)
        return result

    def _row_error(self, matrix: npt.NDArray[Any], row: int) -> None:
        values = [int(v) for v in matrix[row]]
        try:
            parse(values)
            self._check_deck(values, "")
        except ValueError as error:
            raise ValueError(f"row {row}: {error}") from None
        raise AssertionError(f"row {row} refused but valid: {values}")

    def unindex(self, indexes: Any, round: int = -1, *, threads: int | None = None) -> Any:
        """The canonical hand of a class (a list of card ids), or of each index of an integer
        array (an (N, cards) uint8 array): rounds in order, each round's ids increasing.

        >>> Indexer([2]).unindex(0)   # the first class: a pair of deuces
        [0, 1]

        Raises:
            ValueError: an index below 0 or not below ``size(round)`` (named), a bad round.
            TypeError: not an int or an integer array.
        """
        one = self._one.get(round) if threads is None and type(round) is int and type(indexes) is int else None
        if one is not None:  # one index, in C
            hand = _iso_unindex(*one, indexes)
            if hand is not None:
                return hand
        import numpy as np

        from ._work import thread_count

        r = self._round(round)
        width, size = self.cards(r), self.size(r)
        nthreads = thread_count(threads)
        if is_ndarray(indexes) or isinstance(indexes, (list, tuple)):
            array = np.asarray(indexes)
            if array.dtype.kind not in "iu":
                raise TypeError(f"indexes must be an integer array, got dtype {array.dtype}")
            if array.ndim != 1:
                raise ValueError(f"indexes must be a 1-D array, got shape {array.shape}")
            if array.size and (array.min() < 0 or array.max() >= size):
                bad = int(np.flatnonzero((array < 0) | (array >= size))[0])
                raise ValueError(f"index {int(array[bad])} at position {bad} is out of range 0..{size - 1}")
            wanted = np.ascontiguousarray(array, dtype=np.uint64)
            out = np.empty((len(wanted), width), dtype=np.uint8)
            source, target = ffi.from_buffer("uint64_t[]", wanted), ffi.from_buffer("uint8_t[]", out)

            def run(start: int, stop: int) -> tuple[int, int]:
                error = ffi.new("int *")
                bad = lib.hr_iso_unindex_batch(self._iso, r, source + start, stop - start, target + start * width,
                                               error)
                return (start + bad, error[0]) if bad >= 0 else (-1, 0)

            if any(bad >= 0 for bad, _ in _run(len(wanted), nthreads, run)):  # not reached: checked above
                raise AssertionError("an index in range was refused")
            return out
        value = exact_int(indexes, "an index as an int, or an integer array")
        if not 0 <= value < size:
            raise ValueError(f"index {value} is out of range 0..{size - 1}")
        cards = ffi.new("uint8_t[]", width)
        lib.hr_iso_unindex_batch(self._iso, r, ffi.new("uint64_t[1]", [value]), 1, cards, ffi.new("int *"))
        return list(cards)


def _is_table(value: object) -> bool:
    """A list of hands or indexes (a list of lists, or of ints for unindex) goes the bulk way."""
    return isinstance(value, (list, tuple)) and bool(value) and isinstance(value[0], (list, tuple))


def _run(rows: int, nthreads: int, run: Any) -> list[tuple[int, int]]:
    """``run(start, stop)`` over slices of the rows, shared by the threads (Ctrl-C between slices)."""
    from ._work import run_slices

    if rows == 0:
        return []
    nthreads = max(1, min(nthreads, rows // _MIN_ROWS_PER_THREAD or 1))
    slices = max(nthreads, -(-rows // _SLICE_ROWS))
    bounds = [rows * i // slices for i in range(slices + 1)]
    return run_slices([functools.partial(run, bounds[i], bounds[i + 1]) for i in range(slices)], nthreads)


def _indexer(rounds: tuple[int, ...], deck: str) -> Indexer:
    """An unpickled Indexer."""
    return Indexer(rounds, deck=deck)
