"""The heads-up preflop table: its recorded hash, and its counts recomputed by enumeration."""

import hashlib
import random
from pathlib import Path

import pytest

from handrank import equity
from handrank._core import ffi, lib

ROOT = Path(__file__).resolve().parent.parent
BOARDS = 1_712_304


def test_committed_table_matches_its_recorded_hash():
    digest = hashlib.sha256()
    for name in ("preflop_tables.h", "preflop_headsup.c"):
        digest.update((ROOT / "tables" / name).read_bytes())
    assert (ROOT / "tables" / "preflop_headsup.sha256").read_text().strip() == digest.hexdigest()
    assert lib.HR_PREFLOP_CLASSES == 47_008


def table(a, b):
    """(first wins, second wins, split) of one matchup from the table, via equity()."""
    result = equity([list(a), list(b)])
    assert result.method == "table" and result.boards == BOARDS
    return tuple(round(x * BOARDS) for x in (result.win[0], result.win[1], result.tie[0]))


def enumerated(a, b, plain):
    """The same by enumeration: board by board (plain), or in classes (hr_equity_fixed)."""
    outcomes = ffi.new("int64_t[4]")
    if plain:
        assert lib.hr_equity_enumerate(bytes(a + b), 2, b"", 0, b"", 0, 0, 52, outcomes) == 0
    else:
        assert lib.hr_equity_fixed(bytes(a + b), 2, b"", 0, b"", 0, outcomes) == 0
    return outcomes[1], outcomes[2], outcomes[3]


def test_random_matchups_equal_plain_enumeration():
    rng = random.Random(47008)
    for _ in range(200):
        cards = rng.sample(range(52), 4)
        assert table(cards[:2], cards[2:]) == enumerated(cards[:2], cards[2:], plain=True), cards


@pytest.mark.parametrize("hole", [[51, 50], [20, 1], [47, 3], [35, 31]])  # AsAh, 7c2d, KsTc... every opponent
def test_every_matchup_of_a_holding(hole):
    for a in range(52):
        for b in range(a):
            if {a, b} & set(hole):
                continue
            assert table(hole, [a, b]) == enumerated(hole, [a, b], plain=False), (hole, a, b)


def test_keys_are_the_same_for_suit_permutations_and_swaps():
    rng = random.Random(5)
    for _ in range(2000):
        cards = rng.sample(range(52), 4)
        perm = rng.sample(range(4), 4)
        image = [(c & ~3) | perm[c & 3] for c in cards]
        keys = ffi.new("uint32_t[3]")
        both = bytes(cards + image + image[2:] + image[:2])
        assert lib.hr_preflop_keys(both, 3, keys) == -1
        assert keys[0] == keys[1] == keys[2]
