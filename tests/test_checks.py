"""Each argument is checked once, before the paths split: empty input or not, dask or numpy,
exact or sampled. A bad value must be refused on every path, not only on the one that
happens to read it."""

from __future__ import annotations

import numpy as np
import pytest

import handrank
from handrank import ace_to_five, deuce_to_seven, omaha, shortdeck, stud
from handrank.omaha_ranges import parse_omaha_range

BAD_THREADS = [(0, ValueError), (-1, ValueError), (True, TypeError), (2.5, TypeError), ("2", TypeError)]
BAD_SEEDS = [("junk", TypeError), (-1, ValueError), (2**64, ValueError), (True, TypeError), (1.5, TypeError)]

EMPTY_FIVES = np.empty((0, 5), dtype=np.uint8)
EMPTY_HOLES = np.empty((0, 4), dtype=np.uint8)
SOME_FIVES = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)

BULK = {
    "holdem": lambda cards, **kw: handrank.evaluate_many(cards, **kw),
    "shortdeck": lambda cards, **kw: shortdeck.evaluate_many(cards, **kw),
    "ace_to_five": lambda cards, **kw: ace_to_five.evaluate_many(cards, **kw),
    "deuce_to_seven": lambda cards, **kw: deuce_to_seven.evaluate_many(cards, **kw),
    "omaha high": lambda cards, **kw: omaha.evaluate_many(np.empty((len(cards), 4), np.uint8) if not len(cards)
                                                          else np.array([[0, 1, 2, 3]], np.uint8), cards, **kw),
    "omaha low": lambda cards, **kw: omaha.evaluate_low_many(np.empty((len(cards), 4), np.uint8) if not len(cards)
                                                             else np.array([[0, 1, 2, 3]], np.uint8), cards, **kw),
}


@pytest.mark.parametrize("verb", BULK)
@pytest.mark.parametrize("cards", [EMPTY_FIVES, SOME_FIVES], ids=["no rows", "one row"])
def test_bulk_verbs_refuse_bad_threads_with_or_without_rows(verb: str, cards: np.ndarray) -> None:
    for threads, kind in BAD_THREADS:
        with pytest.raises(kind, match="threads"):
            BULK[verb](cards, threads=threads)
    assert len(BULK[verb](cards, threads=2)) == len(cards)


def test_showdown_many_refuses_bad_threads_on_dask_arrays_at_once() -> None:
    da = pytest.importorskip("dask.array")
    holes, boards = handrank.deal(100, players=2, seed=1)
    for threads, kind in BAD_THREADS:
        with pytest.raises(kind, match="threads"):
            handrank.showdown_many(da.from_array(holes, chunks=(50, 2, 2)), da.from_array(boards, chunks=(50, 5)),
                                   threads=threads)
        with pytest.raises(kind, match="threads"):
            handrank.evaluate_many(da.from_array(np.concatenate([holes[:, 0], boards], axis=1), chunks=(50, 7)),
                                   threads=threads)


def test_showdown_many_on_dask_names_a_bad_row_from_the_top() -> None:
    da = pytest.importorskip("dask.array")
    holes, boards = handrank.deal(3000, players=2, seed=1)
    wide = holes.astype(np.int64)
    wide[2222, 0, 0] = 300
    ranks, _ = handrank.showdown_many(da.from_array(wide, chunks=(1000, 2, 2)),
                                      da.from_array(boards, chunks=(1000, 5)))
    with pytest.raises(ValueError, match="row 2222: card id 300"):
        ranks.compute()
    twice = holes.copy()
    twice[2222, 0, 0] = twice[2222, 1, 0]
    ranks, _ = handrank.showdown_many(da.from_array(twice, chunks=(1000, 2, 2)),
                                      da.from_array(boards, chunks=(1000, 5)))
    with pytest.raises(ValueError, match="row 2222: a card used twice"):
        ranks.compute()


def _wide_rows() -> dict[str, tuple]:
    """Every bulk verb on int64 arrays (ids checked in Python before narrowing): the verb, its
    arrays and where a repeat and an out-of-range id go in them."""
    from handrank import stud
    from handrank.isomorphism import Indexer

    holes, boards = handrank.deal(400, players=3, seed=2)
    sevens = np.concatenate([holes[:, 0], boards], axis=1)
    omaha_holes, omaha_boards = omaha.deal(400, players=2, seed=2)
    hands = stud.deal(400, players=2, seed=2)
    short_holes, short_boards = shortdeck.deal(400, players=2, seed=2)
    short_sevens = np.concatenate([short_holes[:, 0], short_boards], axis=1)
    river = Indexer([2, 5])

    def repeat_in_board(arrays, row):  # the board's first card also in the first hole
        arrays[1][row, 0] = arrays[0][row].reshape(-1)[0]

    return {
        "evaluate_many": (lambda a: handrank.evaluate_many(a[0]), [sevens],
                          lambda a, row: a[0].__setitem__((row, 4), a[0][row, 0])),
        "deuce_to_seven.evaluate_many": (lambda a: deuce_to_seven.evaluate_many(a[0]), [sevens[:, :5]],
                                         lambda a, row: a[0].__setitem__((row, 4), a[0][row, 1])),
        "ace_to_five.evaluate_many": (lambda a: ace_to_five.evaluate_many(a[0]), [sevens],
                                      lambda a, row: a[0].__setitem__((row, 6), a[0][row, 1])),
        "showdown_many": (lambda a: handrank.showdown_many(a[0], a[1]), [holes, boards], repeat_in_board),
        "omaha.showdown_many": (lambda a: omaha.showdown_many(a[0], a[1]), [omaha_holes, omaha_boards],
                                repeat_in_board),
        "omaha.evaluate_many": (lambda a: omaha.evaluate_many(a[0], a[1]), [omaha_holes[:, 0], omaha_boards],
                                repeat_in_board),
        "stud.showdown_many": (lambda a: stud.showdown_many(a[0]), [hands],
                               lambda a, row: a[0].__setitem__((row, 1, 6), a[0][row, 0, 0])),
        "shortdeck.evaluate_many": (lambda a: shortdeck.evaluate_many(a[0]), [short_sevens],
                                    lambda a, row: a[0].__setitem__((row, 2), 3)),  # a card below six
        "shortdeck.showdown_many": (lambda a: shortdeck.showdown_many(a[0], a[1]), [short_holes, short_boards],
                                    repeat_in_board),
        "isomorphism index": (lambda a: river.index(a[0]), [sevens],
                              lambda a, row: a[0].__setitem__((row, 3), a[0][row, 2])),
    }


WIDE_ROWS = _wide_rows()


@pytest.mark.parametrize("verb", WIDE_ROWS)
@pytest.mark.parametrize("repeat_row, range_row", [(37, 250), (250, 37)])
def test_a_wide_array_gets_its_first_bad_row_named_whatever_the_fault(verb: str, repeat_row: int,
                                                                     range_row: int) -> None:
    # ids of a wider type are range-checked before narrowing and repeats are the kernel's:
    # whichever comes first from the top is the row named
    call, arrays, add_repeat = WIDE_ROWS[verb]
    arrays = [array.astype(np.int64) for array in arrays]
    add_repeat(arrays, repeat_row)
    arrays[-1][range_row].reshape(-1)[0] = 300 if repeat_row < range_row else -4
    with pytest.raises(ValueError, match=f"row {min(repeat_row, range_row)}\\b") as caught:
        call(arrays)
    assert ("out of range" in str(caught.value)) == (range_row < repeat_row)


RAGGED = [  # nested lists that are not a rectangular array, each bulk reader's: the first place named
    (lambda: handrank.evaluate_many([[51, 47, 43, 39, 35], [1, 2, 3, 4, 5, 6]]),
     r"cards\[1\] has 6 where cards\[0\] has 5"),
    (lambda: ace_to_five.evaluate_many([[0, 4, 8, 12, 16], [1, 5, 9, 13, 17], [2, 6]]), r"cards\[2\] has 2"),
    (lambda: shortdeck.evaluate_many([[51, 47, 43, 39, 35], 7]), r"cards\[1\] is a card where cards\[0\] has 5"),
    (lambda: handrank.evaluate_many([[0, 4, 8, 12, 16], [1, 5, 9, 13, [2]]]), r"cards\[1\]\[4\] is a list"),
    (lambda: handrank.showdown_many([[[51, 47], [1, 2]], [[3, 4], [6]]], [[5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]),
     r"holes\[1\]\[1\] has 1 where holes\[0\]\[0\] has 2"),
    (lambda: omaha.evaluate_many([[1, 2, 3, 4], [5, 6, 7]], [[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]]),
     r"holes\[1\] has 3 where holes\[0\] has 4"),
    (lambda: handrank.stud.showdown_many([[[1, 2, 3, 4, 5, 6, 7]], [[8, 9, 10, 11, 12, 13]]]),
     r"hands\[1\]\[0\] has 6 where hands\[0\]\[0\] has 7"),
]


@pytest.mark.parametrize("call, where", RAGGED)
def test_rows_of_different_lengths_are_named(call, where: str) -> None:
    with pytest.raises(ValueError, match=f"must be a rectangular array: {where}"):
        call()


def test_lists_nested_past_any_array_of_cards_are_refused_without_a_search() -> None:
    deep: list[object] = [1, 2, 3, 4, 5]
    for _ in range(5000):  # deeper than the recursion limit
        deep = [deep]
    with pytest.raises(ValueError, match="cards nests lists more than 8 deep"):
        handrank.evaluate_many(deep)


@pytest.mark.parametrize("call", [
    lambda: handrank.evaluate_many({"a": 1}),
    lambda: handrank.evaluate_many({0: [1, 2, 3, 4, 5]}),
    lambda: omaha.evaluate_many({0: [1, 2, 3, 4]}, [[10, 11, 12, 13, 14]]),
    lambda: handrank.showdown_many({0: 1}, [[10, 11, 12, 13, 14]]),
    lambda: handrank.stud.showdown_many({0: 1}),
])
def test_a_mapping_is_not_an_array_of_cards(call) -> None:
    with pytest.raises(TypeError, match="integer array of card ids"):  # not the KeyError of indexing it
        call()


@pytest.mark.parametrize("call", [
    lambda bad: handrank.canonical_boards(bad),
    lambda bad: handrank.deuce_to_seven.census(bad),
    lambda bad: handrank.census(bad),
    lambda bad: parse_omaha_range("AAxx", hole=bad),
])
@pytest.mark.parametrize("bad", ["5", [5], 5.0, True, None])
def test_a_count_that_is_not_an_int_is_a_type_error(call, bad) -> None:
    with pytest.raises(TypeError):  # not "has 3, 4 or 5 cards, got 5" for the string '5'
        call(bad)


FLAGS = [  # every True/False option, each called with a flag given
    lambda flag: handrank.describe(1, short=flag),
    lambda flag: omaha.describe(1, short=flag),
    lambda flag: omaha.describe_low(1, short=flag),
    lambda flag: deuce_to_seven.describe(1, short=flag),
    lambda flag: ace_to_five.describe(1, short=flag),
    lambda flag: shortdeck.describe(1, short=flag),
    lambda flag: shortdeck.describe(1, trips_beat_straight=flag),
    lambda flag: shortdeck.evaluate("As Ks Qs Js Ts", flag),
    lambda flag: shortdeck.evaluate_many([[51, 47, 43, 39, 35]], trips_beat_straight=flag).tolist(),
    lambda flag: shortdeck.compare("7c 7d 7h Ks Qc", "6s 7s 8h 9s Tc", flag),
    lambda flag: shortdeck.category(1, trips_beat_straight=flag),
    lambda flag: shortdeck.best_five("As Ks Qs Js Ts 6c", trips_beat_straight=flag),
    lambda flag: shortdeck.census(5, trips_beat_straight=flag).hands,
    lambda flag: shortdeck.showdown(["As Ks", "9c 9d"], "Ts 9s 6s 7h 8h", trips_beat_straight=flag).winners,
    lambda flag: shortdeck.showdown_many([[[51, 47], [30, 31]]], [[34, 33, 16, 20, 24]],
                                         trips_beat_straight=flag)[1].tolist(),
    lambda flag: shortdeck.equity(["AsKs", "9c9d"], "6c 7d 8h", trips_beat_straight=flag).equity,
    lambda flag: omaha.showdown(["As 2s Qd Jd", "3c 2d 7h 8h"], "Ts 9s 4s 5h 6h", hilo=flag).share,
    lambda flag: omaha.showdown_many([[[51, 0, 43, 39], [4, 1, 20, 24]]], [[35, 31, 8, 12, 16]],
                                     hilo=flag)[-1].tolist(),
    lambda flag: omaha.equity(["As Ah Kd Kc", "Qs Jh Td 9c"], "2c 3d 4h 9s", hilo=flag).equity,
    lambda flag: stud.evaluate("As 2s 3s 4s 5s 9c 8c", razz=flag),
    lambda flag: stud.census(5, razz=flag).hands,
]


@pytest.mark.parametrize("call", FLAGS)
@pytest.mark.parametrize("bad", ["False", "yes", 1, 0, None, [True]])
def test_an_option_of_true_or_false_takes_nothing_else(call, bad) -> None:
    with pytest.raises(TypeError, match="must be True or False"):  # "False" would be read as true
        call(bad)


@pytest.mark.parametrize("call", FLAGS)
def test_a_numpy_bool_is_a_flag_too(call) -> None:
    assert call(np.True_) == call(True) and call(np.False_) == call(False)


# Spots whose answer is exact (the seed is never used) and spots that sample.
EQUITY_SPOTS = {
    "holdem table": lambda seed: handrank.equity(["AsAh", "KdKc"], seed=seed),
    "holdem fixed": lambda seed: handrank.equity(["AsAh", "KdKc"], board="2c 3d 4h", seed=seed),
    "holdem ranges": lambda seed: handrank.equity(["QQ+", "AKs"], board="2c 3d 4h 9s", seed=seed),
    "holdem sampled": lambda seed: handrank.equity(["AsAh", "KdKc"], trials=1000, seed=seed),
    "omaha exact": lambda seed: omaha.equity(["As Ah Kd Kc", "Qs Qh Jd Jc"], board="2c 3d 4h 9s", seed=seed),
    "omaha sampled": lambda seed: omaha.equity(["As Ah Kd Kc", "random"], trials=1000, seed=seed),
    "shortdeck exact": lambda seed: shortdeck.equity(["AsAh", "KdKc"], board="6c 7d 8h", seed=seed),
    "shortdeck sampled": lambda seed: shortdeck.equity(["AsAh", "KdKc"], trials=1000, seed=seed),
}


@pytest.mark.parametrize("spot", EQUITY_SPOTS)
def test_a_bad_seed_is_refused_whether_or_not_the_answer_is_exact(spot: str) -> None:
    for seed, kind in BAD_SEEDS:
        with pytest.raises(kind, match="seed"):
            EQUITY_SPOTS[spot](seed)
    assert 0 < EQUITY_SPOTS[spot](3).equity[0] < 1


def test_describe_low_takes_no_low_from_an_array() -> None:
    lows = omaha.evaluate_low_many(np.array([[51, 47, 43, 39]], np.uint8), np.array([[35, 31, 27, 3, 7]], np.uint8))
    assert lows[0] == omaha.NO_LOW
    assert omaha.describe_low(lows[0]) == omaha.describe_low(None) == omaha.describe_low(57) == "No low"
    assert omaha.describe_low(np.uint16(1)) == omaha.describe_low(1)
    with pytest.raises(TypeError, match="bool"):
        omaha.describe_low(True)
    with pytest.raises(ValueError, match="out of range"):
        omaha.describe_low(np.uint16(58))


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    from handrank.cli import main

    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse's own refusals
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("argv, message", [
    (("census", "--game", "27", "--cards", "7"), "--game 27 hands have 5 cards: --cards 7 does not apply"),
    (("census", "--game", "razz", "--cards", "5"), "--game razz hands have 7 cards: --cards 5 does not apply"),
    (("equity", "--game", "plo5", "As Ah Kd Kc", "random"), "--game plo5 hands have 5 hole cards: player 1 has 4"),
    (("showdown", "--game", "plo6", "--board", "2c 3d 4h 5s 9c", "As Ah Kd Kc", "Qs Qh Jd Jc"),
     "--game plo6 hands have 6 hole cards: player 1 has 4"),
    (("equity", "--trials", "1e10000000", "AsAh", "KdKc"), "argument --trials: '1e10000000' is too large"),
    (("equity", "--seed", "1e50", "AsAh", "KdKc"), "argument --seed: '1e50' is too large"),
    (("equity", "--threads", "1e400", "AsAh", "KdKc"), "argument --threads: '1e400' is too large"),
    (("equity", "--seed", "junk", "AsAh", "KdKc"), "argument --seed: expected a whole number"),
    (("equity", "--seed", "-1", "AsAh", "KdKc"), "seed must be an int in 0 .. 2**64 - 1"),
    (("compare", "--game", "plo4", "--board", "Qs Js Ts 9d 2h", "As Ks 2d 3c", "As Qd 4c 5c"),
     "card 'As' is in both hands"),
])
def test_cli_refuses_in_one_line(capsys, argv: tuple[str, ...], message: str) -> None:
    status, out, err = _cli(capsys, *argv)
    assert status == 2 and not out, (argv, out)
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_cli_plo5_with_random_players_deals_five_cards(capsys) -> None:
    status, out, _ = _cli(capsys, "equity", "--game", "plo5", "random", "random", "--trials", "2000", "--seed", "1",
                          "--json")
    assert status == 0
    plo5 = omaha.equity(["random", "random"], hole=5, trials=2000, seed=1)
    plo4 = omaha.equity(["random", "random"], hole=4, trials=2000, seed=1)
    import json

    assert json.loads(out)["equity"] == plo5.equity != plo4.equity
    with pytest.raises(ValueError, match="hole=5: every hand holds 5 hole cards, got 4"):
        omaha.equity(["As Ah Kd Kc", "random"], hole=5)
    with pytest.raises(ValueError, match="4, 5 or 6"):
        omaha.equity(["random", "random"], hole=3)
    with pytest.raises(TypeError, match="hole"):
        omaha.equity(["random", "random"], hole=True)


def test_strength_job_refuses_before_writing(tmp_path, capsys) -> None:
    out = tmp_path / "a.npz"
    for argv, message in [(("--bins", "0"), "bins must be from 1 to 10000"),
                          (("--threads", "0"), "threads must be at least 1"),
                          (("--scheduler", "inproc://x"), "scheduler 'inproc://x': cannot reach")]:
        status, _, err = _cli(capsys, "strength", "--street", "flop", "--out", str(out), *argv)
        assert status == 2 and message in err, err
        assert list(tmp_path.iterdir()) == [], argv  # nothing written, so a later valid run is not refused
    missing = tmp_path / "missing" / "a.npz"
    status, _, err = _cli(capsys, "strength", "--street", "flop", "--out", str(missing))
    assert status == 2 and "does not exist" in err
    assert not missing.parent.exists()
    # a refused scheduler leaves no default Dask client behind, which every later compute would wait on
    from distributed.client import default_client

    with pytest.raises(ValueError, match="No clients found"):
        default_client()


def test_omaha_table_batch_ranks_every_row_before_a_bad_one() -> None:
    """handrank.h: after a bad row, the rows before it are ranked, even those of its own block."""
    from handrank._core import ffi, lib
    from handrank._omaha_tables import pair_tables

    rng = np.random.default_rng(23)
    deal = np.argsort(rng.random((100, 52)), axis=1)[:, :9].astype(np.uint8)
    holes, boards = np.ascontiguousarray(deal[:, :4]), np.ascontiguousarray(deal[:, 4:])
    expected = omaha.evaluate_many(holes, boards)
    tables = pair_tables()
    for bad_row in (0, 1, 37, 63, 64, 99):
        broken = holes.copy()
        broken[bad_row, 1] = broken[bad_row, 0]
        high = np.zeros(100, np.uint16)
        low = np.zeros(100, np.uint16)
        error = ffi.new("int *")
        bad = lib.hr_omaha_table_batch(*tables, ffi.from_buffer("uint8_t[]", broken), 4,
                                       ffi.from_buffer("uint8_t[]", boards), 100, ffi.from_buffer("uint16_t[]", high),
                                       ffi.from_buffer("uint16_t[]", low), error)
        assert bad == bad_row and error[0] == lib.HR_ERR_DUPLICATE
        assert (high[:bad_row] == expected[:bad_row]).all(), bad_row


@pytest.mark.parametrize("hilo", [False, True])
def test_omaha_showdown_batch_does_every_row_before_a_bad_one(hilo: bool) -> None:
    """handrank.h: hr_omaha_showdown_batch returns the first bad row (a repeat, an id above 51)
    with the rows before it done, even those of its own block of 32."""
    from handrank._core import ffi, lib
    from handrank._omaha_tables import pair_tables

    holes, boards = omaha.deal(100, 3, seed=4)
    expected = omaha.showdown_many(holes, boards, hilo=hilo)
    tables = pair_tables()
    for bad_row, fault in ((0, "repeat"), (1, "id"), (37, "repeat"), (63, "id"), (64, "repeat"), (99, "id")):
        broken = holes.copy()
        if fault == "repeat":
            broken[bad_row, 2, 1] = boards[bad_row, 4]
        else:
            broken[bad_row, 1, 3] = 52
        ranks, lows, shares = (np.zeros((100, 3), np.uint16) for _ in range(3))
        error = ffi.new("int *")
        bad = lib.hr_omaha_showdown_batch(*tables, ffi.from_buffer("uint8_t[]", broken), 4,
                                          ffi.from_buffer("uint8_t[]", boards), 100, 3, hilo,
                                          ffi.from_buffer("uint16_t[]", ranks), ffi.from_buffer("uint16_t[]", lows),
                                          ffi.from_buffer("uint16_t[]", shares), error)
        assert bad == bad_row and error[0] == (lib.HR_ERR_DUPLICATE if fault == "repeat" else lib.HR_ERR_CARD)
        assert (ranks[:bad_row] == expected[0][:bad_row]).all(), bad_row
        assert (shares[:bad_row] == expected[-1][:bad_row]).all(), bad_row
        if hilo:
            assert (lows[:bad_row] == expected[1][:bad_row]).all(), bad_row


def test_omaha_ranges_plan_refuses_too_small_a_buffer_and_bad_counts() -> None:
    """handrank.h: hr_omaha_ranges_plan_bytes is 0 for bad counts; a plan given fewer bytes than
    it asks is refused (HR_ERR_MEMORY) before anything is written; one of the bytes it asks
    deals the same answer as the one-call Monte Carlo."""
    from handrank._core import ffi, lib
    from handrank._omaha_tables import pair_tables

    combos = ffi.from_buffer("uint8_t[]", bytes([48, 49, 44, 45, 40, 41, 36, 37]))  # AsAh KsKh vs QsQh JsJh
    start, weights = ffi.new("int32_t[]", [0, 1, 2]), ffi.new("double[]", [1.0, 1.0])
    assert lib.hr_omaha_ranges_plan_bytes(start, weights, 3, 2) == 0
    assert lib.hr_omaha_ranges_plan_bytes(start, weights, 4, 1) == 0
    assert lib.hr_omaha_ranges_plan_bytes(ffi.new("int32_t[]", [0, 2, 1]), weights, 4, 2) == 0
    size = lib.hr_omaha_ranges_plan_bytes(start, weights, 4, 2)
    assert size > 0
    short = ffi.new("uint8_t[]", size)
    assert lib.hr_omaha_ranges_plan(combos, start, weights, 4, 2, ffi.NULL, 0, ffi.NULL, 0, 0, short,
                                    size - 1) == lib.HR_ERR_MEMORY
    assert not any(short)
    assert lib.hr_omaha_ranges_plan(combos, start, weights, 4, 2, ffi.NULL, 0, ffi.NULL, 0, 0, short, size) == 0
    results = []
    for planned in (True, False):
        counts, squares, deals = ffi.new("uint64_t[]", 6), ffi.new("uint64_t[]", 2), ffi.new("uint64_t *")
        if planned:
            status = lib.hr_omaha_ranges_deal(*pair_tables(), short, 9, 5000, 0, 1, counts, squares, deals, ffi.NULL)
        else:
            status = lib.hr_omaha_equity_ranges_mc(*pair_tables(), combos, start, weights, 4, 2, ffi.NULL, 0, ffi.NULL,
                                                   0, 0, 9, 5000, 0, 1, counts, squares, deals)
        assert status == 0 and deals[0] == 5000
        results.append((list(counts), list(squares)))
    assert results[0] == results[1]


PROGRESS_CALLS = {
    "equity exact": lambda progress: handrank.equity(["AsAh", "KdKc"], progress=progress),
    "equity ranges": lambda progress: handrank.equity(["QQ+, AKs", "JJ-88", "A2s+"], "Kd 9s 4c", progress=progress),
    "equity sampled": lambda progress: handrank.equity(["AA", "random"], trials=300_000, seed=1, progress=progress),
    "omaha": lambda progress: omaha.equity(["As Ah Kd Kc", "random"], trials=300_000, seed=1, progress=progress),
    "shortdeck": lambda progress: shortdeck.equity(["AsAh", "random"], trials=300_000, seed=1, progress=progress),
    "hand_strength_many": lambda progress: handrank.hand_strength_many(
        np.array([[47, 21, 0], [35, 31, 1], [8, 13, 50]], dtype=np.uint8), progress=progress),
}


@pytest.mark.parametrize("call", PROGRESS_CALLS)
def test_progress_is_checked_up_front_on_every_path(call: str) -> None:
    for bad in ("yes", 1, 2.0):
        with pytest.raises(TypeError, match="progress must be True, False, None or a callable"):
            PROGRESS_CALLS[call](bad)
    seen: list[tuple[int, int]] = []
    PROGRESS_CALLS[call](lambda done, total: seen.append((done, total)))
    assert all(0 <= done <= total for done, total in seen)
    PROGRESS_CALLS[call](False)


def test_progress_true_draws_a_bar_with_rate_and_time_left(capsys, monkeypatch) -> None:
    import sys

    import tqdm  # noqa: F401  (the test extra installs it)

    handrank.hand_strength_many(np.array([[47, 21, 0], [35, 31, 1], [8, 13, 50]], dtype=np.uint8), progress=True)
    bar = capsys.readouterr().err
    assert "hand strength" in bar and "100%" in bar and "3/3" in bar  # tqdm's bar
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if the progress extra were not installed
    handrank.hand_strength_many(np.array([[47, 21, 0], [35, 31, 1], [8, 13, 50]], dtype=np.uint8), progress=True)
    line = capsys.readouterr().err
    assert "hand strength: 100% (3 of 3," in line and "/s" in line and line.endswith("\n")


def test_a_progress_bar_starts_again_for_each_phase_of_a_job(capsys, monkeypatch) -> None:
    """A job reports its phases in turn (a strength, then a clustering): each gets a bar of
    its own, not updates swallowed by the first phase's finished bar."""
    import sys

    from handrank._work import progress_reporter

    for tqdm_there in (True, False):
        if not tqdm_there:
            monkeypatch.setitem(sys.modules, "tqdm", None)
        report = progress_reporter(True, "job")
        assert report is not None
        for done in range(1, 4):
            report(done, 3)
        for done in range(1, 6):
            report(done, 5)
        shown = capsys.readouterr().err
        assert ("3/3" in shown and "5/5" in shown) if tqdm_there else ("(3 of 3," in shown and "(5 of 5," in shown)
