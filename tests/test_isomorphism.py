"""Hand isomorphism (handrank.isomorphism): the published sizes, round trips, and the classes
checked against a brute-force canonical form (the smallest of the 24 suit renamings, each
round's cards sorted) on every flop hand and on random hands of the longer rounds."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import handrank
from handrank.isomorphism import Indexer

PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)


def brute_canonical(cards: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """Each row's smallest form over the 24 suit renamings, each round's cards sorted, packed
    into one integer: two hands are isomorphic exactly when these are equal."""
    best = None
    for permutation in PERMUTATIONS:
        renamed = (cards & 0xFC) | permutation[cards & 3]
        parts, at = [], 0
        for count in rounds:
            parts.append(np.sort(renamed[:, at:at + count], axis=1))
            at += count
        key = np.zeros(len(cards), dtype=np.uint64)
        for column in np.concatenate(parts, axis=1).T:
            key = key * np.uint64(52) + column.astype(np.uint64)
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    return best


def random_hands(count: int, width: int, seed: int, low: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = 52 - low
    return (np.argsort(rng.random((count, deck)), axis=1)[:, :width] + low).astype(np.uint8)


@pytest.mark.parametrize("rounds, sizes", [
    ((2,), (169,)),
    ((2, 3), (169, 1_286_792)),
    ((2, 3, 1), (169, 1_286_792, 55_190_538)),
    ((2, 3, 1, 1), (169, 1_286_792, 55_190_538, 2_428_287_420)),
    ((2, 4), (169, 13_960_050)),
    ((2, 5), (169, 123_156_254)),
    ((4, 3, 1, 1), (16_432, 204_461_673, 8_964_883_057, 389_802_959_832)),  # Omaha (PLO4)
])
def test_sizes_are_the_published_ones(rounds, sizes):
    indexer = Indexer(rounds)
    assert tuple(indexer.size(r) for r in range(len(rounds))) == sizes
    assert indexer.size() == sizes[-1] and indexer.size(-len(rounds)) == sizes[0]


def test_short_deck_starting_hands():
    indexer = Indexer([2, 3], deck="short")
    assert indexer.size(0) == 9 + 36 + 36  # pairs, suited, offsuit of nine ranks
    hands = indexer.unindex(np.arange(indexer.size()))
    assert hands.min() >= 16 and (indexer.index(hands) == np.arange(indexer.size())).all()


@pytest.mark.parametrize("rounds", [(2,), (2, 3), (2, 4)])
def test_every_index_round_trips(rounds):
    indexer = Indexer(rounds)
    everything = np.arange(indexer.size(), dtype=np.uint64)
    hands = indexer.unindex(everything, threads=2)
    assert hands.shape == (indexer.size(), sum(rounds))
    assert (indexer.index(hands, threads=2) == everything).all()
    # the canonical hands are what their name says: each the smallest of its class's forms
    # is not required, but each is a valid hand (distinct ids, rounds sorted)
    assert (np.diff(hands[:, :rounds[0]].astype(int), axis=1) > 0).all()


@pytest.mark.parametrize("rounds, deck", [((2, 3, 1, 1), "full"), ((2, 5), "full"), ((4, 3, 1, 1), "full"),
                                          ((2, 3, 1, 1), "short"), ((3, 1, 1, 1, 1), "full")])
def test_random_indexes_round_trip(rounds, deck):
    indexer = Indexer(rounds, deck=deck)
    rng = np.random.default_rng(sum(rounds))
    for r in range(len(rounds)):
        picks = rng.integers(0, indexer.size(r), 100_000, dtype=np.uint64)
        hands = indexer.unindex(picks, r)
        assert (indexer.index(hands, r) == picks).all(), r


# A card's bit when suits are renamed by each permutation: rank r of suit s at bit 13 * s + r,
# so that a renaming moves whole 13-bit blocks and a hand's cards need no sorting.
POSITION = np.array([[13 * int(p[c & 3]) + (c >> 2) for c in range(52)] for p in PERMUTATIONS], dtype=np.uint64)


def test_every_flop_hand_gets_the_index_of_its_class():
    """All 25,989,600 (hole, flop) hands against a brute-force canonical form: the smallest
    (hole mask, flop mask) over the 24 suit renamings. The index must be a function of it, and
    a one-to-one one: exactly 1,286,792 of each. (Only the renamings that give the hole its
    smallest mask can give the smallest pair, so the flops try those alone.)"""
    indexer = Indexer([2, 3])
    flops_of_50 = np.array(list(itertools.combinations(range(50), 3)), dtype=np.uint8)
    hole_class: dict[int, int] = {}
    keys, indexes = [], []
    for hole in itertools.combinations(range(52), 2):
        hole_masks = [int(np.bitwise_or.reduce(np.left_shift(np.uint64(1), POSITION[p][list(hole)])))
                      for p in range(24)]
        smallest = min(hole_masks)
        boards = np.setdiff1d(np.arange(52, dtype=np.uint8), hole)[flops_of_50]
        best = None
        for p in (p for p in range(24) if hole_masks[p] == smallest):
            shifted = np.left_shift(np.uint64(1), POSITION[p][boards])
            mask = shifted[:, 0] | shifted[:, 1] | shifted[:, 2]
            best = mask if best is None else np.minimum(best, mask)
        assert best is not None
        # 169 canonical holes, flop masks below 2**52: one uint64 key a hand
        keys.append(np.uint64(hole_class.setdefault(smallest, len(hole_class))) << np.uint64(52) | best)
        indexes.append(indexer.index(np.concatenate([np.broadcast_to(np.array(hole, np.uint8), (len(boards), 2)),
                                                     boards], axis=1)))
    assert len(hole_class) == 169
    key, index = np.concatenate(keys), np.concatenate(indexes)
    assert len(key) == 25_989_600
    classes, first, which = np.unique(key, return_index=True, return_inverse=True)
    assert len(classes) == 1_286_792  # classes, by brute force
    class_index = index[first]
    assert (index == class_index[which.reshape(-1)]).all()  # every hand of a class has its index
    assert len(np.unique(class_index)) == 1_286_792  # and different classes different ones


@pytest.mark.parametrize("rounds, deck", [((2, 3, 1, 1), "full"), ((2, 5), "full"), ((4, 3, 1, 1), "full"),
                                          ((2, 4), "short")])
def test_random_hands_share_an_index_exactly_with_their_renamings(rounds, deck):
    indexer = Indexer(rounds, deck=deck)
    low = 16 if deck == "short" else 0
    hands = random_hands(400_000, sum(rounds), sum(rounds) + low, low)
    index = indexer.index(hands, threads=2)
    # a random renaming of the suits (and reordering within rounds) keeps the index
    rng = np.random.default_rng(3)
    renamed = (hands & 0xFC) | PERMUTATIONS[rng.integers(0, 24, len(hands))][np.arange(len(hands))[:, None],
                                                                            hands & 3]
    at = 0
    for count in rounds:
        renamed[:, at:at + count] = rng.permuted(renamed[:, at:at + count], axis=1)
        at += count
    assert (indexer.index(renamed) == index).all()
    # the canonical hand of each index is isomorphic to the hand
    assert (brute_canonical(indexer.unindex(index), rounds) == brute_canonical(hands, rounds)).all()
    # and hands of different classes never share an index
    keys = brute_canonical(hands, rounds)
    pairs = np.unique(np.stack([keys, index], axis=1), axis=0)
    assert len(np.unique(pairs[:, 0])) == len(pairs) == len(np.unique(pairs[:, 1]))


def test_one_hand_and_its_forms():
    flop = Indexer([2, 3])
    assert flop.index("As Ks Qs Js 2h") == flop.index([50, 46, 42, 38, 1]) == flop.index("Kh Ah 2d Jh Qh")
    assert flop.index("As Ks Qs Js 2h") != flop.index("As Ks Qs Js 2s")
    assert flop.index("As Ks", round=0) == flop.index("Ah Kh", 0) == flop.index((51, 47), 0)
    starting = Indexer([2]).unindex(np.arange(169))
    pairs = (starting[:, 0] >> 2) == (starting[:, 1] >> 2)
    suited = (starting[:, 0] & 3) == (starting[:, 1] & 3)
    assert (pairs.sum(), suited.sum(), (~pairs & ~suited).sum()) == (13, 78, 78)
    assert handrank.format_cards(Indexer([2]).unindex(Indexer([2]).index("Ah As"))) == "Ac Ad"
    assert flop.unindex([0, 1]).shape == (2, 5) and flop.unindex(0) == [3, 7, 0, 1, 2]
    assert repr(Indexer([2, 3, 1, 1], deck="short")) == "Indexer([2, 3, 1, 1], deck='short')"
    assert Indexer(np.array([2, 3])).size() == flop.size()


def test_bad_input_is_refused_by_name():
    flop = Indexer([2, 3])
    cases = [
        (lambda: flop.index("As Ks Qs"), ValueError, "takes 5 cards, got 3"),
        (lambda: flop.index("As As Qs Js 2h"), ValueError, "duplicate card 'As'"),
        (lambda: flop.index(np.array([[51, 47, 43, 39, 0], [51, 47, 43, 39, 51]])), ValueError,
         "row 1: duplicate card 'As'"),
        (lambda: flop.index(np.array([[51, 47, 43, 39, 52]])), ValueError, "row 0: card id 52"),
        (lambda: flop.index(np.array([[51, 47, 43, 39]])), ValueError, "shape"),
        (lambda: flop.index("As Ks Qs Js 2h", round=2), ValueError, "round 2 is out of range"),
        (lambda: flop.index("As Ks Qs Js 2h", round=True), TypeError, "bool"),
        (lambda: flop.index("As Ks Qs Js 2h", threads=0), ValueError, "threads"),
        (lambda: flop.unindex(-1), ValueError, "out of range"),
        (lambda: flop.unindex(1_286_792), ValueError, "index 1286792 is out of range 0..1286791"),
        (lambda: flop.unindex(np.array([0, 2**40])), ValueError, "at position 1"),
        (lambda: flop.unindex(np.array([0.5])), TypeError, "integer array"),
        (lambda: flop.unindex("0"), TypeError, "an index"),
        (lambda: Indexer([2, 3], deck="short").index("2c 7d As Ks Qs"), ValueError, "not in the short deck"),
        (lambda: Indexer([2, 3], deck="short").index(np.array([[0, 20, 51, 47, 43]])), ValueError,
         "row 0: card '2c' is not in the short deck"),
        (lambda: Indexer([]), ValueError, "1 to 8 rounds"),
        (lambda: Indexer([2, 0]), ValueError, "round 1 has 0 cards"),
        (lambda: Indexer([30, 30]), ValueError, "more than the 52"),
        (lambda: Indexer([20, 20], deck="short"), ValueError, "more than the 36"),
        (lambda: Indexer([13, 13, 13, 13]), ValueError, "too many ways"),
        (lambda: Indexer("23"), TypeError, "list of cards per round"),
        (lambda: Indexer([2.0]), TypeError, "cards per round"),
        (lambda: Indexer([2], deck="tiny"), ValueError, "deck is 'full'"),
    ]
    for call, kind, words in cases:
        with pytest.raises(kind, match=words):
            call()
    assert len(flop.index(np.empty((0, 5), dtype=np.uint8))) == 0
    assert flop.unindex(np.empty(0, dtype=np.uint64)).shape == (0, 5)


@pytest.mark.parametrize(("rounds", "deck"), [((2, 5), "full"), ((2, 3, 1, 1), "full"), ((4, 3, 1, 1), "full"),
                                              ((2, 3), "short"), ((1,), "full"), ((10, 10), "full"),
                                              ((26,), "full")])
def test_one_hand_a_call_equals_the_bulk_path(rounds, deck):
    """One hand (ids or text) and one index a call (in C, through handrank._percall) give what
    the arrays give, on every round, counted from either end."""
    indexer = Indexer(list(rounds), deck=deck)
    hands = random_hands(300, sum(rounds), 91, 16 if deck == "short" else 0)
    for r in range(len(rounds)):
        width = indexer.cards(r)
        bulk = indexer.index(hands[:, :width], r)
        hands_back = indexer.unindex(bulk, r)
        for row in range(0, len(hands), 7):
            ids = hands[row, :width].tolist()
            for form in (ids, tuple(ids), handrank.format_cards(ids)):
                assert indexer.index(form, r) == indexer.index(form, r - len(rounds)) == bulk[row]
            assert indexer.unindex(int(bulk[row]), r) == hands_back[row].tolist()
    last = indexer.size() - 1
    assert indexer.index(indexer.unindex(last)) == last
    from handrank import _percall  # the C path answers itself (None would send it the checked way)

    assert _percall.iso_index(*indexer._one[-1], indexer.unindex(last)) == last
    assert _percall.iso_unindex(*indexer._one[-1], last) == indexer.unindex(last)
    assert _percall.iso_unindex(*indexer._one[-1], last + 1) is None


@pytest.mark.parametrize("board", [3, 4, 5])
def test_vector_rows_equal_the_one_hand_path(board):
    """Hold'em's flop, turn and river arrays go eight rows at a time through a vector path (where
    the CPU has AVX2); one hand a call goes the scalar way. Every length up to 40 (the tails),
    and a bad row at each place of a chunk of 64 rows: the same indexes and the same message."""
    from handrank import _percall

    indexer = Indexer([2, board])
    hands = random_hands(3_000, 2 + board, 40 + board)
    bulk = indexer.index(hands)
    one = np.array([_percall.iso_index(*indexer._one[-1], row) for row in hands.tolist()], dtype=np.uint64)
    assert (bulk == one).all()
    for length in range(41):
        assert (indexer.index(hands[:length]) == one[:length]).all()
    for row in (0, 7, 8, 63, 64, 65, 130, 2_999):
        for column, value in ((0, 52), (1 + board, int(hands[row, 0])), (2, 255)):
            bad = hands.copy()
            bad[row, column] = value
            with pytest.raises(ValueError, match=f"row {row}: "):
                indexer.index(bad)


def test_index_into_out():
    river = Indexer([2, 5])
    hands = random_hands(1_000, 7, 5)
    out = np.zeros(1_000, dtype=np.uint64)
    assert river.index(hands, out=out) is out and (out == river.index(hands)).all()
    flop = Indexer([2, 3, 1, 1])
    out = np.zeros(1_000, dtype=np.uint64)
    assert (flop.index(hands[:, :5], 1, out=out) == flop.index(hands[:, :5], 1)).all()
    cases = [
        (lambda: river.index(hands, out=np.zeros(1_000, dtype=np.int64)), TypeError, "uint64"),
        (lambda: river.index(hands, out=[0] * 1_000), TypeError, "uint64"),
        (lambda: river.index(hands, out=np.zeros(999, dtype=np.uint64)), ValueError, r"shape \(1000,\)"),
        (lambda: river.index(hands, out=np.zeros(2_000, dtype=np.uint64)[::2]), ValueError, "C-contiguous"),
        (lambda: river.index("As Ks Qs Js Ts 2c 3d", out=np.zeros(1, dtype=np.uint64)), TypeError, "one hand"),
    ]
    for call, kind, words in cases:
        with pytest.raises(kind, match=words):
            call()
    shared = np.zeros(8_000, dtype=np.uint8)  # cards read in place, and out over the same bytes
    shared[:7_000] = hands.reshape(-1)
    with pytest.raises(ValueError, match="overlaps the cards"):
        river.index(shared[:7_000].reshape(1_000, 7), out=shared.view(np.uint64))


@pytest.mark.parametrize("rounds, deck", [([2, 3], "full"), ([4], "full"), ([2, 3, 1], "short")])
def test_an_indexer_pickles_and_its_rounds_are_read_only(rounds, deck):
    """A copy (pickle, deepcopy: another process's) builds its own tables and gives the same
    indexes; rounds and deck cannot be reassigned under the tables built for them."""
    import copy
    import pickle

    indexer = Indexer(rounds, deck=deck)
    hands = indexer.unindex(np.arange(0, indexer.size(), max(1, indexer.size() // 997), dtype=np.uint64))
    for other in (pickle.loads(pickle.dumps(indexer)), copy.deepcopy(indexer)):
        assert other is not indexer and other._iso != indexer._iso
        assert (other.rounds, other.deck, repr(other)) == (indexer.rounds, indexer.deck, repr(indexer))
        assert np.array_equal(other.index(hands), indexer.index(hands))
    for name, value in (("rounds", (2, 3, 1, 1)), ("deck", "short")):
        with pytest.raises(AttributeError):
            setattr(indexer, name, value)
