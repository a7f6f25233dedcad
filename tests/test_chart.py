"""The preflop chart: its numbers, its layout, and the picture it draws."""

import json
import struct

import pytest

from handrank import equity
from handrank._core import ffi, lib
from handrank.cli import main
from handrank.preflop import CHART_RANKS, chart_label, preflop_chart


def test_layout_and_known_values():
    chart = preflop_chart()
    assert chart.shape == (13, 13)
    assert chart_label(0, 0) == "AA" and chart_label(0, 1) == "AKs" and chart_label(1, 0) == "AKo"
    assert chart_label(12, 7) == "72o" and chart_label(7, 12) == "72s"
    assert round(float(chart[0, 0]), 4) == 0.8520  # AA against a random hand
    assert round(float(chart[12, 7]), 3) == 0.346  # 72o, the classic worst hand... nearly
    assert float(chart.min()) == float(chart[12, 11])  # 32o is the worst
    for high in range(13):
        for low in range(high + 1, 13):
            assert chart[high, low] > chart[low, high]  # suited beats offsuit


def test_a_cell_equals_enumeration_against_every_holding():
    chart = preflop_chart()
    row, column = CHART_RANKS.index("9"), CHART_RANKS.index("8")  # 98s
    hole = [7 * 4 + 3, 6 * 4 + 3]
    share = 0.0
    count = 0
    for a in range(52):
        for b in range(a):
            if {a, b} & set(hole):
                continue
            outcomes = ffi.new("int64_t[4]")
            assert lib.hr_equity_fixed(bytes(hole + [a, b]), 2, b"", 0, b"", 0, outcomes) == 0
            share += (outcomes[1] + outcomes[3] / 2) / 1_712_304
            count += 1
    assert count == 1225
    assert abs(chart[row, column] - share / count) < 1e-12
    assert abs(equity(["9s8s", "random"]).equity[0] - share / count) < 1e-12


def image_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_cli_draws_a_png_and_an_svg(tmp_path, capsys):
    assert main(["chart", "--out", str(tmp_path / "chart.png")]) == 0
    assert image_size(tmp_path / "chart.png") == (800, 800)
    assert main(["chart", "--out", str(tmp_path / "chart.svg")]) == 0
    svg = (tmp_path / "chart.svg").read_text()
    assert "<svg" in svg and "AKs" in svg
    assert main(["chart", "--out", str(tmp_path / "chart.nope")]) == 2
    assert "must end in .png, .svg or .pdf" in capsys.readouterr().err


def test_cli_prints_the_grid(capsys):
    assert main(["chart"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == list(CHART_RANKS) and lines[1].split()[:2] == ["A", "85.2"]
    assert main(["chart", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"][0][1] == "AKs" and len(report["equity"]) == 13


def test_cli_prints_the_best_hands_in_percentage_order(capsys):
    chart = preflop_chart()
    assert main(["chart", "--top", "12"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["rank", "hand", "equity", "top", "%", "combos"] and len(lines) == 13
    assert [line.split()[1] for line in lines[1:]] == chart.top(100)[:12] == chart.top(5)
    assert lines[12].split() == ["12", "AKo", f"{chart.equity('AKo'):.2%}", f"{chart.percentile('AKo'):.2f}%", "12"]
    assert main(["chart", "--top", "169", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["hands"]
    assert [row["rank"] for row in rows] == list(range(1, 170)) and sum(row["combos"] for row in rows) == 1326
    assert rows[-1]["percentile"] == 100.0 and rows[-1]["hand"] == "32o"
    for argv, words in ((["--top", "0"], "--top must be from 1 to 169"),
                        (["--top", "5", "--out", "x.png"], "--top prints the best hands")):
        assert main(["chart", *argv]) == 2
        assert words in capsys.readouterr().err


def test_the_chart_is_a_labelled_object():
    import numpy as np
    import pytest

    import handrank

    chart = preflop_chart()
    assert isinstance(chart, handrank.PreflopChart) and np.asarray(chart).shape == (13, 13)
    assert chart.labels[0][1] == "AKs" and chart.labels[1][0] == "AKo" and chart.labels[12][12] == "22"
    assert chart.equity("AKs") == chart.equity("kas") == float(chart[0, 1])
    assert chart.equity("72o") == float(chart[12, 7]) and chart.equity("TT") == float(chart[4, 4])
    for bad in ("AK", "AAs", "AKx", "ZZ", "", "AhAh", "AhKhQh", "Ah"):
        with pytest.raises(ValueError, match="unknown starting hand"):
            chart.equity(bad)
    # two cards name their class: suited, offsuit, a pair, in either order
    assert chart.equity("AhKh") == chart.equity("KdAd") == chart.equity("AKs")
    assert chart.rank("Ah Kd") == chart.rank("AKo") and chart.percentile("7h2c") == chart.percentile("72o")
    assert chart.rank("AhAd") == chart.rank("AA") == 1
    with pytest.raises(TypeError):
        chart.equity(5)
    with pytest.raises(ValueError):
        chart.values[0, 0] = 1.0  # read-only: the chart is cached
    assert chart.table().splitlines()[0].split() == list(CHART_RANKS)
    page = chart._repr_html_()
    assert page.startswith("<table>") and "AKs 67.0" in page and page.count("<tr>") == 14
    assert repr(chart).startswith("PreflopChart(13 x 13, AA=0.8520")


def test_the_chart_and_the_matrix_compute_elementwise_as_arrays_do():
    import pickle

    import numpy as np

    from handrank import equity_matrix

    chart, matrix = preflop_chart(), equity_matrix()
    values = np.asarray(chart)
    reflected = 0.6 <= chart  # noqa: SIM300 (the reflected comparison is what is tested)
    for result, expected in ((chart > 0.6, values > 0.6), (reflected, values >= 0.6), (1 - chart, 1 - values),
                             (-chart, -values), (chart * 2, values * 2), (2 / chart, 2 / values),
                             (abs(chart - 0.5), abs(values - 0.5)), (chart != values, values != values)):
        assert type(result) is np.ndarray and np.array_equal(result, expected)
    assert (chart == pickle.loads(pickle.dumps(chart))).all()  # equal as arrays are: cell by cell
    assert np.allclose(matrix + np.asarray(matrix).T, 1) and (matrix >= 0).all()
    with pytest.raises(TypeError, match="unhashable"):
        hash(chart)


def test_plot_chart_checks_its_arguments_before_drawing(tmp_path):
    import pytest

    from handrank.preflop import plot_chart

    for dpi, kind in [(9, ValueError), (601, ValueError), (True, TypeError), (2.5, TypeError),
                      (float("inf"), TypeError), ("100", TypeError)]:
        with pytest.raises(kind, match="dpi"):
            plot_chart(tmp_path / "chart.png", dpi=dpi)
    (tmp_path / "folder.png").mkdir()
    for path, message in [("", "must end in"), (tmp_path, "must end in"), (tmp_path / "bare", "must end in"),
                          (tmp_path / "folder.png", "it is a folder"), (tmp_path / "none" / "c.png", "does not exist"),
                          (tmp_path / "c.jpg", "must end in .png, .svg or .pdf")]:
        with pytest.raises(ValueError, match=message):
            plot_chart(path)
    with pytest.raises(TypeError, match="path"):
        plot_chart(5)  # type: ignore[arg-type]
    assert [p.name for p in tmp_path.iterdir()] == ["folder.png"]  # nothing was drawn or written


def test_plot_chart_returns_the_file_it_wrote(tmp_path, capsys):
    from handrank.preflop import plot_chart

    assert plot_chart(tmp_path / "small.png", dpi=10) == tmp_path / "small.png"
    assert image_size(tmp_path / "small.png") == (80, 80)
    assert str(plot_chart(str(tmp_path / "chart.SVG"))) == str(tmp_path / "chart.SVG")  # any case, a str path
    assert b"<svg" in (tmp_path / "chart.SVG").read_bytes()[:400]
    assert main(["chart", "--out", str(tmp_path)]) == 2
    assert "must end in" in capsys.readouterr().err


def test_chart_label_refuses_cells_off_the_chart():
    import pytest

    from handrank.preflop import chart_label

    for row, column, kind in [(-1, 0, ValueError), (0, 13, ValueError), (2**70, 0, ValueError), (1.0, 2, TypeError),
                              (True, 0, TypeError), ("A", 0, TypeError)]:
        with pytest.raises(kind, match="row|column"):
            chart_label(row, column)
    assert chart_label(12, 12) == "22" and chart_label(11, 12) == "32s"
