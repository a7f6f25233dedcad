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
