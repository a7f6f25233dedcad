"""How results look in a REPL and in Jupyter, and the small API gaps a hostile pass found."""

import numpy as np
import pytest

import handrank


def test_reprs_show_cards_as_text_and_round_numbers():
    result = handrank.showdown(["As Ah", "Kd Kc"], "2c 7d 9h Kh 3s")
    text = repr(result)
    assert "'As Ah'" in text and "'2c 7d 9h Kh 3s'" in text and "[51, 50]" not in text
    assert repr(result.players[1]) == ("PlayerResult(hole='Kd Kc', rank=1715, name='Three kings, nine-seven', "
                                       "best_five='Kd Kc Kh 9h 7d')")
    equity = handrank.equity(["AsAh", "KdKc"])
    assert "equity=[0.8126, 0.1874]" in repr(equity) and "0.8125548967940271" not in repr(equity)
    sampled = handrank.equity(["AsAh", "KdKc"], trials=10_000, seed=1)
    assert "stderr=[0.00" in repr(sampled) and "seed=1" in repr(sampled)
    assert repr(handrank.census(5)).startswith("Census(cards=5, hands=2598960, ranks=7462")


@pytest.mark.parametrize("make", [
    lambda: handrank.showdown(["As Ah", "Kd Kc"], "2c 7d 9h Kh 3s"),
    lambda: handrank.equity(["AsAh", "KdKc"], "2c 7d 9h"),
    lambda: handrank.equity(["AsAh", "KdKc"], trials=1000, seed=2),
    lambda: handrank.census(5),
])
def test_every_result_with_a_table_renders_html(make):
    result = make()
    assert isinstance(result.table(), str) and result.table()
    page = result._repr_html_()
    assert page.startswith("<table>") and page.endswith("</table>") and page.count("<tr>") >= 3


def test_showdown_table():
    lines = handrank.showdown(["As Ah", "Kd Kc", "Ks Kh"], "2c 7d 9h 8h 3s").table().splitlines()
    assert lines[0] == "board: 2c 7d 9h 8h 3s"
    assert lines[1].startswith("player 1: As Ah  rank") and lines[1].endswith("wins")
    assert lines[-1] == "winner: player 1"
    split = handrank.showdown(["2c 3d", "2d 3c"], "As Ks Qs Js Ts").table().splitlines()
    assert split[-1] == "split pot: players 1, 2" and split[1].endswith("splits")


def test_type_aliases_are_not_named_like_classes():
    assert not hasattr(handrank, "Card") and not hasattr(handrank, "Hand")
    assert {"CardLike", "HandLike"} <= set(handrank.__all__)


def test_version_comes_from_the_installed_metadata():
    from importlib.metadata import version

    assert handrank.__version__ == version("handrank")
    with pytest.raises(AttributeError):
        handrank.no_such_thing  # noqa: B018


@pytest.mark.parametrize("threads", [0, -1, True, 2.5, "2", None.__class__])
def test_evaluate_many_refuses_bad_thread_counts(threads):
    hands = np.arange(70, dtype=np.uint8).reshape(10, 7) % 52
    with pytest.raises((ValueError, TypeError), match="threads"):
        handrank.evaluate_many(hands, threads=threads)


def test_evaluate_many_refuses_an_out_that_overlaps_the_cards():
    memory = np.zeros(10 * 7 + 20, dtype=np.uint8)
    hands = memory[:70].reshape(10, 7)
    hands[:] = np.arange(70).reshape(10, 7) % 52
    with pytest.raises(ValueError, match="out overlaps the cards"):
        handrank.evaluate_many(hands, out=memory[50:70].view(np.uint16))
    assert handrank.evaluate_many(hands, out=np.empty(10, dtype=np.uint16)).shape == (10,)


def test_constructor_style_reprs_read_as_python():
    """No thousands separators (they read as more arguments), significant digits for small
    stderrs, and Omaha's showdown with cards and names as Hold'em's shows them."""
    exact = repr(handrank.equity(["AsAh", "KdKc"]))
    assert "boards=1712304," in exact and "1,712,304" not in exact
    tiny = handrank.equity(["AsAh", "KdKc"], trials=50_000_000, seed=1)
    shown = [float(e) for e in repr(tiny).split("stderr=[", 1)[1].split("]", 1)[0].split(", ")]
    assert all(abs(s - e) <= 0.05 * e for s, e in zip(shown, tiny.stderr)), (shown, tiny.stderr)
    from handrank import omaha

    text = repr(omaha.showdown(["As 8s Kd Kc", "2h 3h Qd Qc"], "5c 6d 7h Ks Qs", hilo=True))
    assert text.startswith("OmahaShowdown(board='5c 6d 7h Ks Qs', hilo=True, players=[(hole='As 8s Kd Kc', high=1691, "
                           "high_name='Three kings, queen-seven', low=53, low_name='Eight-seven-six-five-ace low'")
    assert "[51, " not in text


def test_results_holding_arrays_compare_as_values():
    """A dataclass's own == compares fields as a tuple, which raised "truth value of an array
    is ambiguous" for results holding arrays: they compare field by field (NaN equal to NaN,
    as a board's holdings that meet it are NaN), survive pickling equal, and are unhashable."""
    import pickle

    from handrank import abstraction, analysis, isomorphism

    made = [lambda: analysis.combo_equity("AKs", "QQ", "Qs Js 2c"), lambda: handrank.hand_strength("Qs Js 2c"),
            lambda: handrank.hand_strength_many([[51, 47, 43], [50, 46, 42]]),
            lambda: abstraction.kmeans(np.arange(40.0).reshape(20, 2), 3, seed=4)]
    for make in made:
        one, two = make(), make()
        assert one == two and (one != two) is False and pickle.loads(pickle.dumps(one)) == one and one in [0, two]
        with pytest.raises(TypeError, match="unhashable"):
            hash(one)
    assert analysis.combo_equity("AKs", "QQ", "Qs Js 2c") != analysis.combo_equity("AKs", "JJ", "Qs Js 2c")
    assert handrank.hand_strength("Qs Js 2c") != handrank.hand_strength("Qs Js 3c")
    assert abstraction.kmeans(np.arange(40.0).reshape(20, 2), 3, seed=4) != abstraction.kmeans(
        np.arange(40.0).reshape(20, 2), 4, seed=4)
    flop = isomorphism.Indexer([2, 3])
    assert flop == isomorphism.Indexer([2, 3]) == pickle.loads(pickle.dumps(flop)) and len({flop, flop}) == 1
    assert flop != isomorphism.Indexer([2, 3], deck="short") and flop != isomorphism.Indexer([2, 4])
