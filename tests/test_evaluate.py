"""evaluate, evaluate_many, compare, category: inputs, outputs and the errors bad input gets."""

import subprocess
import sys

import numpy as np
import pytest

import handrank
from handrank import Category, categories, category, compare, evaluate, evaluate_many


@pytest.fixture(scope="module")
def random_sevens():
    rng = np.random.default_rng(7462)
    return np.argsort(rng.random((200_000, 52)), axis=1)[:, :7].astype(np.uint8)


@pytest.mark.parametrize("hand", ["As Ks Qs Js Ts", "AsKsQsJsTs", ["As", "Ks", "Qs", "Js", "Ts"],
                                  (51, 47, 43, 39, 35), [51, 47, 43, 39, 35], np.array([51, 47, 43, 39, 35]),
                                  np.array([51, 47, 43, 39, 35], dtype=np.uint8), iter([51, 47, 43, 39, 35]),
                                  "As Ks Qs Js Ts 2c 2d"])
def test_evaluate_accepts_every_spelling(hand):
    assert evaluate(hand) == 1


def test_order_of_cards_does_not_matter(random_sevens):
    rng = np.random.default_rng(1)
    shuffled = rng.permuted(random_sevens, axis=1)
    assert np.array_equal(evaluate_many(shuffled), evaluate_many(random_sevens))


@pytest.mark.parametrize(("bad", "error", "words"), [
    ("As Ks Qs Js", ValueError, "5, 6 or 7 cards, got 4"),
    ("As Ks Qs Js Ts 9s 8s 7s", ValueError, "5, 6 or 7 cards, got 8"),
    ((51, 47, 43, 39, 51), ValueError, "duplicate card 'As' (position 4)"),
    ((51, 47, 43, 39, 52), ValueError, "card id 52 is out of range 0..51 (position 4)"),
    ((51, 47, 43, 39, -1), ValueError, "card id -1"),
    ((51, 47, 43, 39, 2**70), ValueError, "out of range"),
    ((51, 47, 43, 39, True), TypeError, "bool"),
    ([51, 47, 43, 39, 1.0], TypeError, "float"),
    ("", ValueError, "no cards"),
    (None, TypeError, "NoneType"),
])
def test_evaluate_bad_input(bad, error, words):
    with pytest.raises(error) as info:
        evaluate(bad)
    assert words in str(info.value)


def test_compare():
    assert compare("As Ah Kc Qd Js", "Ac Ad Kh Qs Jd") == 0
    assert compare("As Ah Kc Qd Js 2c 3d", "Ks Kh Ac Qd Js") == 1
    assert compare("2c 3d 4h 5s 7c", "2d 3h 4s 5c 6d") == -1
    with pytest.raises(ValueError, match="got 4"):
        compare("As Ah Kc Qd", "Ac Ad Kh Qs Jd")


def test_category_boundaries():
    edges = {1: Category.STRAIGHT_FLUSH, 10: Category.STRAIGHT_FLUSH, 11: Category.FOUR_OF_A_KIND,
             166: Category.FOUR_OF_A_KIND, 167: Category.FULL_HOUSE, 322: Category.FULL_HOUSE,
             323: Category.FLUSH, 1599: Category.FLUSH, 1600: Category.STRAIGHT, 1609: Category.STRAIGHT,
             1610: Category.THREE_OF_A_KIND, 2467: Category.THREE_OF_A_KIND, 2468: Category.TWO_PAIR,
             3325: Category.TWO_PAIR, 3326: Category.ONE_PAIR, 6185: Category.ONE_PAIR,
             6186: Category.HIGH_CARD, 7462: Category.HIGH_CARD}
    for rank, expected in edges.items():
        assert category(rank) is expected
        assert category(np.uint16(rank)) is expected
    all_ranks = np.arange(1, 7463)
    assert categories(all_ranks).tolist() == [category(int(r)) for r in all_ranks]


@pytest.mark.parametrize(("bad", "error"), [(0, ValueError), (7463, ValueError), (-5, ValueError),
                                            (True, TypeError), (1.0, TypeError), ("1", TypeError)])
def test_category_bad_rank(bad, error):
    with pytest.raises(error):
        category(bad)


def test_categories_bad_ranks():
    with pytest.raises(ValueError, match="rank 0 at index 2"):
        categories([1, 2, 0])
    with pytest.raises(TypeError):
        categories([1.0])


# ---------------------------------------------------------------------------- evaluate_many

def test_evaluate_many_matches_evaluate(random_sevens):
    for k in (5, 6, 7):
        hands = random_sevens[:3000, :k]
        assert evaluate_many(hands).tolist() == [evaluate(h.tolist()) for h in hands]


def test_uint8_contiguous_input_is_read_in_place(random_sevens):
    # No copy: a read-only view must work and the result must not depend on a copy.
    view = random_sevens[:1000]
    view.flags.writeable = False
    assert evaluate_many(view).dtype == np.uint16
    assert len(evaluate_many(view)) == 1000


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64])
def test_other_integer_dtypes(random_sevens, dtype):
    expected = evaluate_many(random_sevens)
    assert np.array_equal(evaluate_many(random_sevens.astype(dtype)), expected)


def test_non_contiguous_and_fortran_order(random_sevens):
    expected = evaluate_many(random_sevens[::3])
    assert np.array_equal(evaluate_many(np.asfortranarray(random_sevens[::3])), expected)
    wide = np.zeros((len(random_sevens), 14), dtype=np.uint8)
    wide[:, ::2] = random_sevens
    assert np.array_equal(evaluate_many(wide[::3, ::2]), expected)
    assert np.array_equal(evaluate_many(random_sevens[::3].astype(np.int64).T.copy().T), expected)


def test_nested_lists():
    assert evaluate_many([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]]).tolist() == [1, 1608]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_empty_input(k):
    out = evaluate_many(np.empty((0, k), dtype=np.uint8))
    assert out.shape == (0,) and out.dtype == np.uint16
    assert evaluate_many(np.empty((0, k), dtype=np.int64)).shape == (0,)


BAD_IDS = [(np.uint8, 52), (np.uint8, 255), (np.uint16, 52), (np.uint16, 259), (np.uint64, 2**40),
           (np.int8, -1), (np.int64, -1), (np.int64, 52), (np.int64, 259), (np.int32, 2**31 - 1)]


@pytest.mark.parametrize(("dtype", "value"), BAD_IDS)
def test_bad_id_names_row_and_column(random_sevens, dtype, value):
    hands = random_sevens[:5000].astype(dtype)
    hands[4321, 3] = value
    with pytest.raises(ValueError) as info:
        evaluate_many(hands)
    assert f"row 4321: card id {value} in column 3 is out of range 0..51" in str(info.value)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.uint16])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_duplicate_names_row_and_columns(random_sevens, dtype, k):
    hands = random_sevens[:5000, :k].astype(dtype)
    hands[4321, k - 1] = hands[4321, 1]
    card = handrank.format_card(int(hands[4321, 1]))
    with pytest.raises(ValueError) as info:
        evaluate_many(hands)
    assert f"row 4321: duplicate card '{card}'" in str(info.value)
    assert f"columns 1 and {k - 1}" in str(info.value)


def test_first_bad_row_is_reported_with_threads(random_sevens):
    hands = random_sevens.copy()
    hands[150_000, 0] = 52
    hands[170_000, 6] = 60
    hands[60_000:, :] = random_sevens[60_000:]
    hands[190_000, 2] = 99
    hands[120_000, 1] = hands[120_000, 0]
    for threads in (1, 2, 3):
        with pytest.raises(ValueError, match="row 120000: duplicate"):
            evaluate_many(hands, threads=threads)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("row", [0, 1, 2998, 2999])  # the last row takes another path in the kernel
@pytest.mark.parametrize("portable", [False, True])
def test_kernel_finds_bad_rows_everywhere(random_sevens, k, row, portable):
    from handrank._core import ffi, lib

    batch = lib.hr_rank_batch_portable if portable else lib.hr_rank_batch
    for value, expected in ((52, lib.HR_ERR_CARD), (255, lib.HR_ERR_CARD), ("dup", lib.HR_ERR_DUPLICATE)):
        hands = random_sevens[:3000, :k].copy()
        hands[row, k - 1] = hands[row, 0] if value == "dup" else value
        out = np.zeros(3000, dtype=np.uint16)
        error = ffi.new("int *")
        bad = batch(ffi.from_buffer("uint8_t[]", hands), 3000, k, ffi.from_buffer("uint16_t[]", out), error)
        assert (bad, error[0]) == (row, expected)
        assert np.array_equal(out[:row], evaluate_many(hands[:row]))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_bytes_find_the_first_bad_row(k):
    # Rows of random bytes, some good: the error names exactly the first row with an id
    # above 51 or a repeated card, and the rows before it rank as they do alone.
    rng = np.random.default_rng(k)
    for _ in range(40):
        hands = np.argsort(rng.random((4000, 52)), axis=1)[:, :k].astype(np.uint8)
        for row in rng.choice(4000, size=rng.integers(1, 6), replace=False):
            hands[row] = rng.integers(0, 256 if rng.random() < 0.5 else 52, size=k)
        bad = np.flatnonzero([(r > 51).any() or len(set(r.tolist())) < k for r in hands])
        if bad.size == 0:
            assert np.array_equal(evaluate_many(hands), evaluate_many(hands.astype(np.int64)))
            continue
        with pytest.raises(ValueError, match=f"^row {bad[0]}: "):
            evaluate_many(hands)
        assert np.array_equal(evaluate_many(hands[:bad[0]]), [evaluate(h.tolist()) for h in hands[:bad[0]]])


def test_int64_259_is_refused_not_wrapped():
    hands = np.array([[259, 4, 8, 12, 17]], dtype=np.int64)  # 259 % 256 == 3, a valid card
    with pytest.raises(ValueError, match="card id 259"):
        evaluate_many(hands)


@pytest.mark.parametrize("shape", [(5,), (10, 4), (10, 8), (2, 3, 5), (10, 0)])
def test_wrong_shapes(shape):
    with pytest.raises(ValueError, match="shape"):
        evaluate_many(np.zeros(shape, dtype=np.uint8))


@pytest.mark.parametrize("array", [np.zeros((3, 5)), np.zeros((3, 5), dtype=np.float32),
                                   np.zeros((3, 5), dtype=bool), np.array([["As"] * 5]),
                                   np.zeros((3, 5), dtype=object)])
def test_non_integer_arrays_are_refused(array):
    with pytest.raises(TypeError, match="integer array"):
        evaluate_many(array)


def test_threads_give_the_same_ranks(random_sevens):
    hands = np.concatenate([random_sevens] * 3)
    single = evaluate_many(hands, threads=1)
    assert np.array_equal(evaluate_many(hands, threads=2), single)
    assert np.array_equal(evaluate_many(hands, threads=4), single)


def test_out_receives_the_ranks(random_sevens):
    out = np.zeros(len(random_sevens), dtype=np.uint16)
    result = evaluate_many(random_sevens, out=out, threads=2)
    assert result is out
    assert np.array_equal(out, evaluate_many(random_sevens))


@pytest.mark.parametrize(("out", "error", "words"), [
    (np.zeros(10, dtype=np.int32), TypeError, "uint16"),
    ([0] * 10, TypeError, "uint16"),
    (np.zeros(9, dtype=np.uint16), ValueError, "shape (10,)"),
    (np.zeros(20, dtype=np.uint16)[::2], ValueError, "C-contiguous"),
])
def test_bad_out(random_sevens, out, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        evaluate_many(random_sevens[:10], out=out)


@pytest.mark.parametrize(("threads", "error"), [(0, ValueError), (-2, ValueError), (1.5, TypeError),
                                                (True, TypeError)])
def test_bad_threads(random_sevens, threads, error):
    with pytest.raises(error):
        evaluate_many(random_sevens, threads=threads)


def test_import_is_light():
    # The import-time budget (50 ms) is measured in benchmarks/; here, what makes it hold:
    # numpy (about 70 ms alone) is only imported on first use, and nothing is built.
    code = "import sys, handrank; print('numpy' in sys.modules, handrank.evaluate('2c 3c 4c 5c 7d'))"
    assert subprocess.check_output([sys.executable, "-c", code], text=True).split() == ["False", "7462"]
