"""Range analysis: breakdown classes against a slow reference written from the docs'
definitions, combo equities against plain per-combo equity, the preflop matrix against
equity(), and outs against equity card by card."""

from __future__ import annotations

import importlib
import itertools
import math
import random

import numpy as np
import pytest

import handrank
from handrank import (
    DRAW_CLASSES,
    MADE_CLASSES,
    Category,
    breakdown,
    category,
    combo_equity,
    equity,
    equity_matrix,
    evaluate,
    outs,
    parse,
)

# ------------------------------------------------------------------ a slow reference


def straight_high(ranks: set[int]) -> int:
    """The top of the highest straight in a set of ranks (0 = '2' .. 12 = 'A'), the wheel 3;
    -1 if none. Written from the definition, apart from the kernel's bit tricks."""
    best = -1
    for top in range(3, 13):
        needed = [top - k for k in range(5)]
        if top == 3:
            needed = [3, 2, 1, 0, 12]
        if all(r in ranks for r in needed):
            best = top
    return best


def reference(hole: tuple[int, int], board: list[int]) -> tuple[str, set[str]]:
    """The made-hand class and the draws of one combo, from docs/guide/analysis.md."""
    cards = [*board, *hole]
    made = category(evaluate(cards))
    h0, h1 = hole[0] // 4, hole[1] // 4
    board_ranks = [c // 4 for c in board]
    distinct = sorted(set(board_ranks), reverse=True)
    on_board = set(board_ranks)
    if made == Category.STRAIGHT_FLUSH:
        name = "straight flush"
    elif made == Category.FOUR_OF_A_KIND:
        name = "four of a kind"
    elif made == Category.FULL_HOUSE:
        name = "full house"
    elif made == Category.FLUSH:
        name = "flush"
    elif made == Category.STRAIGHT:
        name = "straight"
    elif made == Category.THREE_OF_A_KIND:
        if h0 == h1:
            name = "set"
        elif h0 in on_board or h1 in on_board:
            name = "trips"
        else:
            name = "trips on the board"
    elif h0 != h1 and h0 in on_board and h1 in on_board:
        name = "two pair"
    elif h0 == h1:
        if h0 > distinct[0]:
            name = "overpair"
        elif h0 < distinct[-1]:
            name = "underpair"
        else:
            name = "pocket pair below top pair"
    elif distinct[0] in (h0, h1):
        kicker = h1 if h0 == distinct[0] else h0
        better_kickers = sum(1 for r in range(kicker + 1, 13) if r not in on_board)
        name = ("top pair, top kicker" if better_kickers == 0 else
                "top pair, good kicker" if better_kickers <= 2 else "top pair, weak kicker")
    elif len(distinct) > 1 and distinct[1] in (h0, h1):
        name = "middle pair"
    elif h0 in on_board or h1 in on_board:
        name = "bottom pair"
    elif made >= Category.ONE_PAIR:
        name = "pair on the board"
    else:
        name = "ace high" if 12 in (h0, h1) else "high card"

    draws: set[str] = set()
    if len(board) == 5:
        return name, draws
    if made < Category.FLUSH:
        for suit in range(4):
            mine = [c for c in hole if c % 4 == suit]
            count = len(mine) + sum(1 for c in board if c % 4 == suit)
            if mine and count == 4:
                draws.add("flush draw")
                missing = max(r for r in range(13) if r * 4 + suit not in board)
                if any(c // 4 == missing for c in mine):
                    draws.add("nut flush draw")
            elif mine and count == 3 and len(board) == 3:
                draws.add("backdoor flush draw")
        if "flush draw" in draws:
            draws.discard("backdoor flush draw")
    if made < Category.STRAIGHT:
        held = set(board_ranks) | {h0, h1}
        outs_ranks = [r for r in range(13)
                      if r not in held and straight_high(held | {r}) > straight_high(on_board | {r})]
        if len(outs_ranks) >= 2:
            draws.add("open-ended straight draw")
        elif len(outs_ranks) == 1:
            draws.add("gutshot")
        if not outs_ranks and len(board) == 3:
            for a, b in itertools.combinations(range(13), 2):
                if a not in held and b not in held and \
                        straight_high(held | {a, b}) > straight_high(on_board | {a, b}):
                    draws.add("backdoor straight draw")
                    break
    if "flush draw" in draws and draws & {"open-ended straight draw", "gutshot"}:
        draws.add("combo draw")
    return name, draws


# ------------------------------------------------------------------------ breakdown

HAND_PICKED = [  # (hole, board, made class, draws): one or more for every class
    ("7h 6h", "5h 4h 3h", "straight flush", set()),
    ("Kc Kd", "Ks Kh 2c", "four of a kind", set()),
    ("9c 9d", "9s 4h 4c", "full house", set()),
    ("Ah 2h", "Kh 9h 4h", "flush", set()),
    ("6c 5d", "4h 3s 2c", "straight", set()),
    ("Ac 2d", "5h 4s 3c", "straight", set()),  # the wheel
    ("9c 9d", "9s 5h 2c", "set", set()),  # the nine adds no rank: no straight draw of its own
    ("Kc 9d", "9s 9h 2c", "trips", set()),
    ("Ac Qd", "7s 7h 7c", "trips on the board", set()),
    ("Kc 9d", "Ks 9h 2c", "two pair", set()),
    ("Ac Ad", "Ks 9h 2c", "overpair", set()),
    ("Ac Ad", "7s 7h 2c", "overpair", set()),  # a pocket pair over a paired board
    ("Ks Ad", "Kc 9h 2c", "top pair, top kicker", set()),
    ("As Kd", "Ac 9h 2c", "top pair, top kicker", set()),  # K is the best kicker under an ace
    ("Ks Qd", "Kc 9h 2c", "top pair, good kicker", {"backdoor straight draw"}),
    ("Ks Jd", "Kc 9h 2c", "top pair, good kicker", {"backdoor straight draw"}),
    ("Ks Td", "Kc 9h 2c", "top pair, weak kicker", {"backdoor straight draw"}),
    ("Ks 5d", "Kc 7h 7c", "top pair, weak kicker", set()),  # top pair on a paired board
    ("Tc Td", "Ks 9h 2c", "pocket pair below top pair", {"backdoor straight draw"}),
    ("9s 8d", "Kc 9h 2c", "middle pair", set()),  # 9-T-J-Q-K lacks three
    ("2s 3d", "Kc 9h 2c", "bottom pair", set()),
    ("3s 3d", "Kc 9h 4c", "underpair", set()),
    ("Jc 4c", "Kc 9h 2c", "high card", {"flush draw", "backdoor straight draw"}),  # T and Q
    ("Ac Jc", "Kc 9h 2c", "ace high", {"flush draw", "nut flush draw", "backdoor straight draw"}),
    ("Qc Jc", "Kc Th 2c", "high card", {"flush draw", "open-ended straight draw", "combo draw"}),
    ("Js Ts", "Qc 9h 2d", "high card", {"open-ended straight draw"}),
    ("Js 9s", "Kc Th 2d", "high card", {"gutshot"}),
    ("Js 9s", "Ks Th 2d", "high card", {"gutshot", "backdoor flush draw"}),
    ("Js 8s", "Qc 9h 5h Kh", "high card", {"gutshot"}),
    ("Jd 9s", "Kc 7h 3d Tc", "high card", {"open-ended straight draw"}),  # a double gutshot counts
    ("Ad 4s", "8c 8h 2d", "pair on the board", {"backdoor straight draw"}),
    ("Ad 4s", "8c 8h 2d 2s", "pair on the board", set()),  # two pair, both on the board
    ("Qs Jd", "Ks 9h 2c 5h 4h", "high card", set()),  # no draws on the river
    ("As 2s", "9h 8h 7h 6h", "ace high", set()),  # no heart, and 5 or T straightens the board alone
]


@pytest.mark.parametrize(("hole", "board", "made", "draws"), HAND_PICKED)
def test_hand_picked_combos_get_their_class(hole, board, made, draws):
    result = breakdown(hole, board)
    assert result.made_of == (made,)
    assert set(result.draws_of[0]) == draws
    assert reference(tuple(parse(hole)), parse(board)) == (made, draws)  # the reference reads the same


def test_every_class_is_hand_picked():
    assert {made for _, _, made, _ in HAND_PICKED} == set(MADE_CLASSES)
    assert set().union(*(draws for *_, draws in HAND_PICKED)) == set(DRAW_CLASSES)


@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_combo_of_random_boards_matches_the_reference(size):
    rng = random.Random(size)
    for _ in range(12 if size < 5 else 6):
        board = rng.sample(range(52), size)
        result = breakdown("random", board)
        assert len(result.combos) == math.comb(52 - size, 2)
        for text, made, draws in zip(result.combos, result.made_of, result.draws_of):
            assert (made, set(draws)) == reference(tuple(parse(text)), board), (text, board)


def test_weights_shares_and_card_removal():
    result = breakdown("0.5(AA),KK,AKs", "Kd 9s 4c", dead="Ah")
    # AA loses the three combos with Ah; KK three with Kd; AKs loses AdKd and AhKh
    assert len(result.combos) == 3 + 3 + 2
    assert result.total == pytest.approx(3 * 0.5 + 3 + 2)
    assert sum(group.share for group in result.made) == pytest.approx(1.0)
    assert result["set"].weight == 3 and result["overpair"].weight == 1.5
    assert set(result["top pair, top kicker"].combos) == {"AsKs", "AcKc"}
    assert result["flush"].weight == 0 and result["flush"].combos == ()
    assert sum(g.weight for g in result.draws if g.name in ("backdoor flush draw", "no draw")) >= result.total - 1e-9
    with pytest.raises(KeyError, match="no class 'sets'"):
        result["sets"]


def test_breakdown_shows_itself_as_text_html_and_a_dataframe():
    result = breakdown("QQ+,AKs", "Kd 9s 4c")
    text = result.table()
    assert "set" in text and "16.7%" in text and str(result) == text
    assert "<table>" in result._repr_html_()
    assert repr(result).startswith("Breakdown('QQ+,AKs' on 'Kd 9s 4c': 18 combos")
    frame = result.to_pandas()
    assert list(frame.columns) == ["kind", "class", "weight", "share", "combos"]
    assert frame["combos"].sum() == sum(len(g.combos) for g in (*result.made, *result.draws))


@pytest.mark.parametrize(("args", "message"), [
    (("AA", "Kd 9s"), "a board here has 3 or 4 or 5 cards, got 2"),
    (("AA", "Kd 9s 4c 2h 3h 5d"), "got 6"),
    (("AA", "Kd 9s 4c", "Kd"), "'Kd' is both dead and on the board"),
    (("AsAh", "As 9s 4c"), "range: no combo of 'As Ah' is left"),
    (("KK", "Ks Kh Kd", "Kc"), "range: no combo of 'KK' is left"),
    (("ZZ", "Kd 9s 4c"), "range: 'ZZ' is neither two hole cards"),
    (("AA", "Kd Kd 4c"), "duplicate card 'Kd'"),
])
def test_breakdown_errors_name_the_problem(args, message):
    with pytest.raises(ValueError, match=message):
        breakdown(*args)


def test_breakdown_refuses_what_is_not_a_range():
    with pytest.raises(TypeError):
        breakdown(3.5, "Kd 9s 4c")  # type: ignore[arg-type]


# --------------------------------------------------------------------- combo equity

COMBO_SPOTS = [
    ("QQ+,AKs", ["JJ-88,AQs"], "Kd 9s 4c", ""),
    ("0.5(QQ+),AKs,0.25(KQs)", ["JJ-88,AK"], "Kd 9d 4d 2h", ""),  # weights; a symmetric board
    ("AA,KK", ["QQ,JJ", "AKs"], "Js Ts 4h", ""),  # three players
    ("22+,A2s+", ["random"], "Kd 9d 4c 7s 2h", "3h"),
    ("AKs,QQ", ["0.5(JJ+),AQs"], "", ""),  # heads-up preflop: the table
    ("AhKh", ["QQ"], "Qh Jh 2c", ""),
]


@pytest.mark.parametrize(("hero", "villains", "board", "dead"), COMBO_SPOTS)
def test_each_combo_equals_its_own_equity_and_the_total_equals_the_ranges(hero, villains, board, dead):
    result = combo_equity(hero, villains, board, dead)
    for text, value in zip(result.combos, result.equity):
        assert value == pytest.approx(equity([text, *villains], board, dead).equity[0], abs=1e-12), text
    assert result.total == pytest.approx(equity([hero, *villains], board, dead).equity[0], abs=1e-12)
    assert result.frequency.sum() == pytest.approx(1.0)
    assert float(np.dot(result.frequency, result.equity)) == pytest.approx(result.total, abs=1e-12)


def test_villains_as_arrays_of_cards():
    one = combo_equity("AA", np.array([45, 44]), "Qs 7d 2c")  # Kd Kc
    assert one.players[1] == "Kd Kc" and one.total == pytest.approx(equity(["AA", "KdKc"], "Qs 7d 2c").equity[0])
    two = combo_equity("AA", np.array([[45, 44], [42, 41]]), "Qs 7d 2c")  # Kd Kc, Qh Qd
    assert two.players == ("AA", "Kd Kc", "Qh Qd")


def test_frequency_counts_card_removal():
    result = combo_equity("AA,KK", "AK", "Qs 7d 2c")
    aces, kings = result.frequency[:6].sum(), result.frequency[6:].sum()
    # each AA combo leaves 2 x 4 = 8 AK combos, and so does each KK combo
    assert aces == pytest.approx(kings)
    result = combo_equity("AA,KK", "AK,AA", "Qs 7d 2c")
    assert result.frequency[:6].sum() < result.frequency[6:].sum()  # AA blocks AA


def test_combo_equity_is_the_same_on_any_number_of_threads():
    one = combo_equity("22+,A2s+,KTs+", "55+,A8s+,KQo", "Kd 9s 4c", threads=1)
    two = combo_equity("22+,A2s+,KTs+", "55+,A8s+,KQo", "Kd 9s 4c", threads=2)
    assert np.array_equal(one.equity, two.equity) and one.total == two.total


def test_distribution_table_and_plot(tmp_path):
    result = combo_equity("QQ+,AKs,T9s", "JJ-88,AQs", "Kd 9s 4c")
    equities, share = result.distribution()
    assert np.all(np.diff(equities) >= 0) and share[-1] == pytest.approx(1.0) and np.all(np.diff(share) > 0)
    assert result.table(3).count("\n") == 5 and "more" in result.table(3)
    assert "<table>" in result._repr_html_()
    assert list(result.to_pandas().columns) == ["combo", "equity", "weight", "frequency"]
    path = tmp_path / "distribution.png"
    result.plot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for ax in (5, "axes", a_figure()):
        with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
            result.plot(ax=ax)
    assert result.plot(ax=a_figure().subplots()).get_title().startswith("QQ+,AKs,T9s vs JJ-88,AQs")


def a_figure():
    """A matplotlib figure (a thing with axes that is not itself an Axes)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure()


@pytest.mark.parametrize(("args", "error", "message"), [
    (("AA", ["AsAh,AdAc", "AsAd,AhAc"], "Kd 9s 4c"), ValueError, "impossible matchup"),
    (("AsAh", "AsAh", "Kd 9s 4c"), ValueError, "players\\[1\\]: card 'As' is also in players\\[0\\]"),
    (("AA", "KK", "Kd 9s"), ValueError, "a board has 0, 3, 4 or 5 cards"),
    (("AsAh", "KK", "As 9s 4c"), ValueError, "players\\[0\\]: card 'As' is also in the board"),
    (("AA", 7, "Kd 9s 4c"), TypeError, "villain_ranges"),
    (("AA", [], "Kd 9s 4c"), TypeError, "villain_ranges"),
])
def test_combo_equity_errors_are_equitys(args, error, message):
    with pytest.raises(error, match=message):
        combo_equity(*args)


def test_too_much_work_is_refused_up_front(monkeypatch):
    monkeypatch.setattr(importlib.import_module("handrank.analysis"), "COMBO_BUDGET", 1000)
    with pytest.raises(ValueError, match="COMBO_BUDGET"):
        combo_equity("QQ+", ["JJ-88", "random"], "Kd 9s 4c")


# ------------------------------------------------------------------- preflop matrix


def test_the_matrix_agrees_with_equity_and_sums_to_one():
    matrix = equity_matrix()
    assert matrix.shape == (169, 169) and matrix.labels[0] == "AA" and matrix.labels[1] == "AKs"
    assert matrix.labels[13] == "AKo"
    np.testing.assert_allclose(np.asarray(matrix) + np.asarray(matrix).T, 1.0, atol=1e-12)
    rng = random.Random(3)
    for _ in range(30):
        a, b = rng.sample(matrix.labels, 2)
        assert matrix.equity(a, b) == pytest.approx(equity([a, b]).equity[0], abs=1e-12), (a, b)
    assert matrix.equity("aks", "qq") == matrix[1, matrix.index("QQ")]
    with pytest.raises(ValueError, match="not a starting hand"):
        matrix.index("AKx")
    with pytest.raises(TypeError, match="a starting hand is a string"):
        matrix.equity("AA", 5)  # type: ignore[arg-type]
    assert list(matrix.to_pandas().index[:2]) == ["AA", "AKs"]


# ----------------------------------------------------------------------------- outs

OUTS_SPOTS = [
    ("Ah Qh", ["Kd Kc"], "Kh 7h 2c 9s"),
    ("Ah Qh", ["Jh Th", "Kd Kc"], "Kh 7h 2c 9s"),
    ("Ah Qh", ["Kd Kc"], "Kh 7h 2c"),
    ("AhQh", ["KK,77,AK"], "Kh 7h 2c"),
]


@pytest.mark.parametrize(("hero", "villains", "board"), OUTS_SPOTS)
def test_each_next_card_equals_equity_with_that_card(hero, villains, board):
    result = outs(hero, villains, board)
    now = equity([hero, *villains], board)
    assert result.equity == pytest.approx(now.equity, abs=1e-12)
    known = set(parse(board)) | {c for p in [hero, *villains] if len(p.replace(" ", "")) == 4 for c in parse(p)}
    assert {card.card for card in result.cards} == {handrank.format_card(c) for c in range(52) if c not in known}
    leader_now = max(range(len(now.equity)), key=lambda p: now.equity[p])
    for card in result.cards:
        after = equity([hero, *villains], f"{board} {card.card}").equity
        assert card.equity == pytest.approx(after, abs=1e-12)
        best = max(after)
        alone = sum(1 for e in after if abs(e - best) < 1e-12) == 1
        leader = after.index(best) if alone else None
        assert card.leader == leader
        assert card.out == (leader_now != 0 and leader == 0)
    assert result.outs == tuple(card for card in result.cards if card.out)


def test_outs_say_it_as_players_do():
    result = outs("Ah Qh", ["Jh Th", "Kd Kc"], "Kh 7h 2c 9s")
    assert result.summary() == "5 outs (3h 4h 5h 6h 8h); 5 of them give JhTh a flush too"
    assert all(card.also == ("JhTh makes a flush",) for card in result.outs)
    flush_draw = outs("Ah Qh", "Kd Kc", "Kh 7h 2c 9s")
    assert flush_draw.summary() == "7 outs (3h 4h 5h 6h 8h Th Jh)"  # 2h and 9h fill the kings up
    ahead = outs("Kd Kc", "Ah Qh", "Kh 7h 2c 9s")
    assert ahead.summary().startswith("Kd Kc is ahead") and "3h" in ahead.summary()
    assert "out" in flush_draw.table() and "<table>" in flush_draw._repr_html_()
    assert len(flush_draw.to_pandas()) == len(flush_draw.cards)


@pytest.mark.parametrize(("board", "message"), [
    ("Kh 7h 2c 9s 3d", "a board here has 3 or 4 cards, got 5"),
    ("", "got 0"),
])
def test_outs_need_a_flop_or_a_turn(board, message):
    with pytest.raises(ValueError, match=message):
        outs("Ah Qh", "Kd Kc", board)


# ----------------------------------------------------------------- pictures and CLI


def test_grid_and_picture_of_a_breakdown(tmp_path):
    result = breakdown("QQ+,AKs,T9s,A5s", "Kd 9s 4c")
    grid = result.grid()
    assert grid[0][0] == "overpair" and grid[0][1] == "top pair, top kicker" and grid[1][1] == "set"
    assert grid[4][5] == "middle pair" and grid[0][9] == "ace high" and grid[12][12] == ""
    path = tmp_path / "grid.svg"
    assert result.plot(str(path)) == str(path) and b"<svg" in path.read_bytes()[:400]
    with pytest.raises(ValueError, match="must end in .png, .svg or .pdf"):
        result.plot(str(tmp_path / "grid.gif"))
    with pytest.raises(ValueError, match="does not exist"):
        result.plot(str(tmp_path / "missing" / "grid.png"))


def run_cli(capsys, *argv):
    from handrank.cli import main

    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_breakdown_outs_and_per_combo(capsys, tmp_path):
    import json

    status, out, _ = run_cli(capsys, "breakdown", "QQ+", "AKs", "--board", "Kd 9s 4c")
    assert status == 0 and out.strip() == breakdown("QQ+,AKs", "Kd 9s 4c").table()
    status, out, _ = run_cli(capsys, "breakdown", "QQ+,AKs", "--board", "Kd 9s 4c", "--json")
    assert status == 0 and json.loads(out) == breakdown("QQ+,AKs", "Kd 9s 4c").as_dict()
    status, out, _ = run_cli(capsys, "outs", "AhQh", "KdKc", "--board", "Kh 7h 2c 9s")
    assert status == 0 and "7 outs (3h 4h 5h 6h 8h Th Jh)" in out
    status, out, _ = run_cli(capsys, "outs", "Ah", "Qh", "Kd", "Kc", "--board", "Kh 7h 2c 9s", "--json")
    assert status == 0 and json.loads(out)["summary"] == "7 outs (3h 4h 5h 6h 8h Th Jh)"
    status, out, _ = run_cli(capsys, "equity", "--per-combo", "QQ+,AKs", "JJ-88", "--board", "Kd 9s 4c", "--json")
    report = json.loads(out)
    assert status == 0 and report["total"] == pytest.approx(equity(["QQ+,AKs", "JJ-88"], "Kd 9s 4c").equity[0])
    assert len(report["combos"]) == 18
    picture = tmp_path / "distribution.png"
    status, out, _ = run_cli(capsys, "equity", "--per-combo", "QQ+,AKs", "JJ-88", "--board", "Kd 9s 4c",
                             "--out", str(picture))
    assert status == 0 and picture.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("argv", "message"), [
    (["equity", "QQ+", "JJ", "--out", "x.png"], "add --per-combo"),
    (["equity", "--per-combo", "QQ+", "JJ", "--trials", "1000"], "takes no --trials"),
    (["equity", "--per-combo", "--game", "plo4", "As Ah Kd Kc", "random"], "for Texas Hold'em"),
    (["equity", "--per-combo", "QQ+", "JJ", "--out", "/nonexistent/x.png"], "does not exist"),
    (["chart", "--out", "/nonexistent/x.png"], "the folder '/nonexistent' does not exist"),
    (["breakdown", "QQ+", "--board", "Kd 9s"], "got 2"),
    (["breakdown", "QQ+", "--board", "Kd 9s 4c", "--out", "x.gif"], "must end in"),
    (["outs", "AhQh", "--board", "Kh 7h 2c"], "got 1 player"),
    (["outs", "AhQh", "KdKc", "--board", "Kh 7h 2c 9s 3d"], "got 5"),
])
def test_cli_errors_are_one_line(capsys, argv, message):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_combo_equity_equals_plain_enumeration_with_evaluate_many():
    """Every deal of a small turn spot written out as rows and ranked in bulk: each hero
    combo's weighted share of the pot over the deals it is in."""
    hero, villain, board = "0.5(AA),KQs", "KK,QJs", "Kd Qc 7h 2s"
    board_cards = parse(board)
    hero_combos = handrank.parse_range(hero)
    villain_combos = handrank.parse_range(villain)
    rows, owners, weights = [], [], []
    for h, wh in hero_combos.items():
        for v, wv in villain_combos.items():
            used = set(h) | set(v) | set(board_cards)
            if len(used) < 8:
                continue
            for river in range(52):
                if river in used:
                    continue
                rows.append([*board_cards, river, *h])
                rows.append([*board_cards, river, *v])
                owners.append(h)
                weights.append(wh * wv)
    ranks = handrank.evaluate_many(np.array(rows, dtype=np.uint8)).reshape(-1, 2)
    shares = np.where(ranks[:, 0] < ranks[:, 1], 1.0, np.where(ranks[:, 0] == ranks[:, 1], 0.5, 0.0))
    result = combo_equity(hero, villain, board)
    for text, value in zip(result.combos, result.equity):
        combo = tuple(sorted(parse(text), reverse=True))
        mine = np.array([tuple(sorted(o, reverse=True)) == combo for o in owners])
        if not mine.any():
            assert math.isnan(value)
            continue
        w = np.array(weights)[mine]
        assert value == pytest.approx(float(np.dot(w, shares[mine]) / w.sum()), abs=1e-12), text
