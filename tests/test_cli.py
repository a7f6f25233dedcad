"""The handrank command line: output, --json, and one-line errors with exit status 2."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from handrank.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_rank(capsys):
    status, out, _ = run(capsys, "rank", "As Ks Qs Js Ts")
    assert status == 0
    assert out.splitlines() == ["rank 1 of 7462 (straight flush): Royal flush", "best five: As Ks Qs Js Ts"]
    status, out, _ = run(capsys, "rank", "2c As 7d Ah Kc Ad Kd", "--json")
    report = json.loads(out)
    assert report["rank"] == 167 and report["category"] == "FULL_HOUSE"  # the best full house
    assert report["name"] == "Aces full of kings" and report["best_five"] == "As Ah Ad Kc Kd"


def test_compare(capsys):
    status, out, _ = run(capsys, "compare", "As Ah Kc Qd Js", "Ac Ad Kh Qs Jd")
    assert status == 0 and out.splitlines()[-1] == "Both pair of aces, king-queen-jack: split pot."
    status, out, _ = run(capsys, "compare", "2c 2d 2h Kc Kd", "3c 3d 3h Ac Ad", "--json")
    report = json.loads(out)
    assert report["result"] == -1 and report["winner"] == "second"
    assert report["explanation"] == "Both full houses; the three of a kind decides: 3 beats 2."


def test_showdown(capsys):
    status, out, _ = run(capsys, "showdown", "--board", "2c 7d 9h Kh 3s", "As Ah", "Kd Kc")
    assert status == 0 and out.splitlines()[-1] == "winner: player 2"
    status, out, _ = run(capsys, "showdown", "--board", "As Ks Qs Js Ts", "2c 3d", "4h 5s", "--json")
    report = json.loads(out)
    assert report["winners"] == [0, 1] and report["split"] is True


def test_census_json(capsys):
    status, out, _ = run(capsys, "census", "--cards", "6", "--json")
    report = json.loads(out)
    assert (report["hands"], report["ranks"]) == (20_358_520, 6_075)


def test_equity(capsys):
    status, out, _ = run(capsys, "equity", "AsAh", "KdKc", "--board", "2c 7d 9h")
    assert status == 0 and "exact, 990 deals" in out
    assert out.splitlines()[2].split()[-1] == "91.616%"
    status, out, _ = run(capsys, "equity", "QQ+,AKs", "JJ-88", "--trials", "100000", "--seed", "4", "--json")
    report = json.loads(out)
    assert report["exact"] is False and report["seed"] == 4 and report["boards"] == 100_000
    assert abs(sum(report["equity"]) - 1) < 1e-12


@pytest.mark.parametrize(("argv", "words"), [
    (["equity", "AsAh", "AsKd"], "players[1]: card 'As' is also in players[0]"),
    (["equity", "AsAh", "KdKc", "--board", "2c 7d"], "0, 3, 4 or 5 cards, got 2"),
    (["rank", "As Ks Xs Js Ts"], "unknown rank 'X' in 'Xs'"),
    (["rank", "As Ks"], "5, 6 or 7 cards, got 2"),
    (["compare", "As Ks Qs Js Ts", "As Ks Qs Js Ts Ts"], "duplicate card 'Ts'"),
    (["showdown", "--board", "2c 7d 9h Kh 3s", "As Ah", "As Kd"], "holes[1]: card 'As' is also in holes[0]"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_console_script_and_module_entry_points():
    # pip puts the console script beside the interpreter it installed into.
    script = shutil.which("handrank", path=str(Path(sys.executable).parent)) or shutil.which("handrank")
    assert script, "the handrank console script is not installed"
    for command in ([script], [sys.executable, "-m", "handrank"]):
        done = subprocess.run([*command, "rank", "As Ks Qs Js Ts"], capture_output=True, text=True)
        assert done.returncode == 0 and "Royal flush" in done.stdout
        done = subprocess.run([*command, "rank", "As Ks Qs Js Zz"], capture_output=True, text=True)
        assert done.returncode == 2 and done.stderr.startswith("handrank: error:")
        assert "Traceback" not in done.stderr
