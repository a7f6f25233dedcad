"""Range notation: which combos each item names, weights, and errors."""

import pytest

from handrank import card, parse_range
from handrank.ranges import format_combo


def names(text):
    return {format_combo(combo) for combo in parse_range(text)}


@pytest.mark.parametrize(("text", "count"), [
    ("QQ+", 18), ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("T9s-65s", 20), ("A2s+", 48), ("KQo+", 12),
    ("KTo+", 36), ("QQ-99", 24), ("99-QQ", 24), ("A9s-A5s", 20), ("AhKh", 1), ("Ah Kh", 1), ("QQ+, AKs", 22),
    ("22+", 78), ("KA", 16),
    ("random", 1326), ("Random", 1326), ("AA, 0.5(random)", 1326),
    ("aks", 4), ("AKS", 4), ("65s-T9s", 20), ("T9o-65o", 60), ("A5-A2", 64),
])
def test_combo_counts(text, count):
    assert len(parse_range(text)) == count


def test_members():
    assert {"AsKs", "AhKh", "AdKd", "AcKc"} == names("AKs")
    connectors = names("T9s-65s")
    assert "Ts9s" in connectors and "7h6h" in connectors and "6d5d" in connectors
    assert not any(name.startswith("5") for name in connectors)
    suited_aces = names("A2s+")
    assert "Ac2c" in suited_aces and "AsKs" in suited_aces and "AsAh" not in suited_aces
    assert names("KQo+") == names("KQo")
    assert names("KTo+") == names("KTo, KJo, KQo")
    assert names("QQ+") == names("QQ, KK, AA")
    assert parse_range("AhKh") == {(card("Ah"), card("Kh")): 1.0}
    assert all(a > b for a, b in parse_range("22+, AK, T9s-65s"))  # higher card first


def test_weights():
    assert set(parse_range("0.5(AKo)").values()) == {0.5}
    assert set(parse_range("AKo:0.5").values()) == {0.5}
    weighted = parse_range("0.5(AKo, KQs), JJ")
    assert {weighted[c] for c in parse_range("AKo")} == {0.5} and {weighted[c] for c in parse_range("KQs")} == {0.5}
    assert {weighted[c] for c in parse_range("JJ")} == {1.0}
    later = parse_range("AK, 0.25(AKs)")  # the later weight counts
    assert {later[c] for c in parse_range("AKs")} == {0.25} and {later[c] for c in parse_range("AKo")} == {1.0}
    assert set(parse_range("0.5(0.5(QQ))").values()) == {0.25}


@pytest.mark.parametrize(("text", "words"), [
    ("XYZ", "unknown range item 'XYZ'"),
    ("AKs-QJo", "unknown range item"),
    ("AKs-QTs", "keeps either the top card or the gap"),
    ("AK-QQ", "use QQ-99 for a span of pairs"),
    ("0(AKo)", "weight must be above 0"),
    ("AKo:0", "weight must be above 0"),
    ("(AKo", "unbalanced"),
    ("AKo)", "unbalanced"),
    ("", "no combos"),
    (" , ", "no combos"),
    ("AsAs", "unknown range item"),
    ("QQ+, ZZ", "unknown range item 'ZZ'"),
])
def test_bad_ranges(text, words):
    with pytest.raises(ValueError) as info:
        parse_range(text)
    assert words in str(info.value)


def test_not_a_string():
    with pytest.raises(TypeError):
        parse_range(["AKs"])


# ------------------------------------------------------------------ percentages

def _hand_order():
    """The 169 starting hands best first by the chart's equity (ties: the earlier cell),
    with each hand's number of combos: written here from the chart's values alone."""
    from handrank import preflop_chart
    from handrank.preflop import chart_label

    chart = preflop_chart()
    cells = [(row, column) for row in range(13) for column in range(13)]
    cells.sort(key=lambda cell: (-float(chart[cell]), 13 * cell[0] + cell[1]))
    return [(chart_label(*cell), 6 if cell[0] == cell[1] else 4 if cell[0] < cell[1] else 12) for cell in cells]


def _expected_percent(low, high):
    """The hands whose share of the combos ranked before them is in [low, high)."""
    expected, before = set(), 0
    for hand, size in _hand_order():
        if low <= 100 * before / 1326 < high:
            expected |= names(hand)
        before += size
    return expected


@pytest.mark.parametrize(("low", "high"), [(0, 0.5), (0, 1), (0, 3), (0, 10), (0, 12.5), (0, 15), (0, 33.3),
                                           (0, 50), (0, 99.9), (0, 100), (5, 10), (10, 40), (0.9, 1), (60, 100)])
def test_percentages_take_whole_hands_in_equity_order(low, high):
    text = f"{high}%" if low == 0 else f"{low}%-{high}%"
    got = names(text)
    assert got == _expected_percent(low, high)
    if low == 0:
        assert names(f"top{high}%") == got == names(f"TOP {high} %")
        # whole hands: at least the share asked, and less than it without the last hand
        assert len(got) >= high / 100 * 1326 - 1e-9
        last_size = next(size for hand, size in reversed(_hand_order()) if names(hand) <= got)
        assert len(got) - last_size < high / 100 * 1326


def test_percentages_nest_and_split():
    assert names("1%") == names("AA, KK, QQ")  # 12 combos (0.9%) before QQ
    assert names("100%") == names("random")
    assert names("5%") | names("5%-20%") == names("20%") and not names("5%") & names("5%-20%")
    assert names("10%") <= names("15%") <= names("50%")
    from handrank import preflop_chart

    chart = preflop_chart()
    for percent in (2, 7.5, 25, 64):
        assert names(f"{percent}%") == set().union(*(names(hand) for hand in chart.top(percent)))
    for hand, _ in _hand_order()[::7]:  # the smallest top range that holds a hand holds it
        assert names(hand) <= names(f"{chart.percentile(hand)}%")


def test_percentages_take_weights_and_mix_with_items():
    assert set(parse_range("0.5(10%)").values()) == {0.5}
    assert set(parse_range("10%:0.25").values()) == {0.25}
    mixed = parse_range("10%:0.5, AA")
    assert mixed[(card("As"), card("Ah"))] == 1.0 and mixed[(card("Ks"), card("Kh"))] == 0.5
    assert names("10%, 72o") == names("10%") | names("72o")


@pytest.mark.parametrize(("text", "words"), [
    ("0%", "0 to 100"), ("101%", "0 to 100"), ("10%-5%", "the lower first"), ("5%-5%", "the lower first"),
    ("%", "15%, top15% or 5%-10%"), ("abc%", "15%, top15% or 5%-10%"), ("15%%", "15%, top15% or 5%-10%"),
    ("5%-", "15%, top15% or 5%-10%"), ("-5%", "15%, top15% or 5%-10%"), ("1e2%", "15%, top15% or 5%-10%"),
])
def test_bad_percentages_are_named(text, words):
    with pytest.raises(ValueError, match="range item") as caught:
        parse_range(text)
    assert words in str(caught.value) and text in str(caught.value)


def test_percentages_need_no_numpy():
    # the chart's 169 hands are ranked in plain Python: a first percentage range in a process
    # that has not imported numpy does not pay for importing it (about 70 ms)
    import subprocess
    import sys

    code = ("import sys, handrank; r = handrank.equity(['AhKh', '10%'], trials=1000, seed=1); "
            "print('numpy' in sys.modules, len(r.equity))")
    assert subprocess.check_output([sys.executable, "-c", code], text=True).split() == ["False", "2"]


def test_percentage_equity_equals_the_hands_spelled_out():
    import handrank

    board = "Kd 9s 4c"
    spelled = ", ".join(hand for hand in handrank.preflop_chart().top(6))
    by_percent = handrank.equity(["AhKh", "6%"], board=board)
    by_hands = handrank.equity(["AhKh", spelled], board=board)
    assert by_percent.exact and by_percent.equity == by_hands.equity


def test_chart_rank_percentile_and_top_check_their_arguments():
    from handrank import preflop_chart

    chart = preflop_chart()
    ranks = sorted(chart.rank(hand) for hand, _ in _hand_order())
    assert ranks == list(range(1, 170))
    assert [chart.rank(hand) for hand, _ in _hand_order()[:3]] == [1, 2, 3]
    assert chart.percentile("32o") == 100.0 and chart.percentile("AA") == pytest.approx(600 / 1326)
    assert chart.top(100) == [hand for hand, _ in _hand_order()]
    for bad in (0, -1, 100.5, float("nan")):
        with pytest.raises(ValueError, match="percent"):
            chart.top(bad)
    for bad in ("5", True, None):
        with pytest.raises(TypeError, match="percent"):
            chart.top(bad)
    with pytest.raises(ValueError, match="unknown starting hand"):
        chart.rank("AAs")
    with pytest.raises(TypeError, match="starting hand"):
        chart.percentile(7)
