"""The PLO4 starting-hand table: the committed file against its recorded hash, a sample of its
classes recomputed bit for bit, its order and percentiles, percentage ranges and the CLI view."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import numpy as np
import pytest

from handrank import omaha
from handrank._core import lib
from handrank.cli import main
from handrank.isomorphism import Indexer
from handrank.omaha_ranges import parse_omaha_range

TABLES = Path(__file__).resolve().parent.parent / "tables"


def test_the_file_is_the_one_its_script_recorded():
    digest = hashlib.sha256((TABLES / "plo4_preflop.c").read_bytes()).hexdigest()
    assert digest == (TABLES / "plo4_preflop.sha256").read_text().strip()


def test_a_sample_of_classes_recomputes_bit_for_bit():
    table, indexer = omaha.preflop_table(), Indexer([4])
    for index in random.Random(4).sample(range(lib.HR_PLO4_CLASSES), 12):
        hand = [int(card) for card in indexer.unindex(index)]
        again = omaha.equity([hand, "random"], trials=table.trials, seed=index, threads=1).equity[0]
        assert round(again * 65535) == lib.hr_plo4_equity[index], index


def test_order_ranks_sizes_and_percentiles():
    table = omaha.preflop_table()
    assert int(table.size.sum()) == 270_725 and table.size.min() >= 1 and table.size.max() <= 24
    ordered = table.equity[table.order]
    assert (np.diff(ordered) <= 0).all()
    assert sorted(table.rank.tolist()) == list(range(1, 16_433))
    assert (np.diff(table.percentile[table.order]) > 0).all() and table.percentile[table.order[-1]] == 100
    aces = table.lookup("As Ah Ks Kh")
    assert aces == table.lookup("Ac Ad Kc Kd")  # suits permuted: the same class
    assert aces[0] <= 10 and aces[1] < 0.1 and aces[2] > 0.7  # AAKK double-suited: 6th, about 70.7%
    assert table.lookup("7c 2d 3h 8s")[1] > 90
    assert "As Ah" in table.table(5) or "rank" in table.table(5)
    with pytest.raises(ValueError, match="four hole cards"):
        table.class_of("As Ah Ks Kh Qs")


def test_percentage_ranges_take_whole_classes_in_the_tables_order():
    table = omaha.preflop_table()
    top = parse_omaha_range("15%")
    share = len(top) / 270_725
    assert 0.15 <= share < 0.15 + 24 / 270_725 + 1e-12
    assert parse_omaha_range("top15%") == top
    inside = parse_omaha_range("5%-10%")
    assert not set(inside) & set(parse_omaha_range("5%"))
    assert set(inside) | set(parse_omaha_range("5%")) == set(parse_omaha_range("10%"))
    worst_in = min(table.lookup(list(hand))[2] for hand in list(top)[:500])
    assert worst_in >= table.equity[table.order[len(table.order) // 2]]
    result = omaha.equity(["10%", "random"], trials=50_000, seed=2)
    assert 0.55 < result.equity[0] < 0.75
    for text, message in [("15%", "percentage ranges are for PLO4"), ("0%-0%", "lower first"),
                          ("x15%", "a percentage range is")]:
        with pytest.raises(ValueError, match=message):
            parse_omaha_range(text, hole=5 if "PLO4" in message else 4)


def test_cli_view(capsys):
    assert main(["chart", "--game", "plo4", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 4 and "rank" in out
    assert main(["chart", "--game", "plo4", "--top", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [c["rank"] for c in report["classes"]] == [1, 2] and report["trials"] == omaha.preflop_table().trials
    assert main(["chart", "--top", "170"]) == 2
    assert "--top must be from 1 to 169" in capsys.readouterr().err
