"""The handrank command line: output, --json, and one-line errors with exit status 2."""

import json
import re
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
    assert report["winners"] == [1, 2] and report["split"] is True  # players numbered from 1, as in the text
    assert [p["player"] for p in report["players"]] == [1, 2]
    assert report["players"][0]["short_name"] == "Royal flush"


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
    (["equity", "AsAh", "AsKd"], "player 2: card 'As' is also in player 1"),
    (["equity", "AsAh", "KdKc", "--board", "2c 7d"], "0, 3, 4 or 5 cards, got 2"),
    (["rank", "As Ks Xs Js Ts"], "unknown rank 'X' in 'Xs'"),
    (["rank", "As Ks"], "5, 6 or 7 cards, got 2"),
    (["compare", "As Ks Qs Js Ts", "As Ks Qs Js Ts Ts"], "duplicate card 'Ts'"),
    (["showdown", "--board", "2c 7d 9h Kh 3s", "As Ah", "As Kd"], "player 2: card 'As' is also in player 1"),
    (["equity", "As", "Ah", "Kd"], "cards given one by one come in pairs of hole cards, got 3"),
    (["compare", "As", "Ks", "Qs"], "compare takes two hands"),
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


def test_version(capsys):
    import handrank

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"handrank {handrank.__version__}"
    assert handrank.__version__ != "0+unknown"


def test_cards_may_be_given_unquoted(capsys):
    assert run(capsys, "rank", "As", "Ks", "Qs", "Js", "Ts")[1] == run(capsys, "rank", "As Ks Qs Js Ts")[1]
    quoted = run(capsys, "compare", "As Ah Kc Qd Js", "2c 2d 2h 3c 3d")[1]
    assert run(capsys, "compare", *["As", "Ah", "Kc", "Qd", "Js", "2c", "2d", "2h", "3c", "3d"])[1] == quoted
    quoted = run(capsys, "showdown", "--board", "2c 7d 9h Kh 3s", "As Ah", "Kd Kc")[1]
    assert run(capsys, "showdown", "--board", "2c 7d 9h Kh 3s", "As", "Ah", "Kd", "Kc")[1] == quoted
    quoted = run(capsys, "equity", "AsAh", "QQ+", "--board", "2c 7d 9h")[1]
    assert run(capsys, "equity", "As", "Ah", "QQ+", "--board", "2c 7d 9h")[1] == quoted


@pytest.mark.parametrize(("text", "trials"), [("1e5", 100_000), ("100000", 100_000), ("1_000", 1000), ("2.5e3", 2500)])
def test_trials_in_any_exact_notation(capsys, text, trials):
    status, out, _ = run(capsys, "equity", "AsAh", "KdKc", "--trials", text, "--seed", "1", "--json")
    assert status == 0 and json.loads(out)["boards"] == trials


@pytest.mark.parametrize("text", ["2.5", "1e-3", "nan", "inf", "ten"])
def test_trials_that_are_not_whole_numbers(capsys, text):
    with pytest.raises(SystemExit) as done:
        main(["equity", "AsAh", "KdKc", "--trials", text])
    assert done.value.code == 2 and "expected a whole number" in capsys.readouterr().err


def test_big_seeds_are_strings_in_json(capsys):
    _, out, _ = run(capsys, "equity", "AsAh", "KdKc", "--trials", "1000", "--seed", str(2**64 - 1), "--json")
    assert json.loads(out)["seed"] == str(2**64 - 1)
    _, out, _ = run(capsys, "equity", "AsAh", "KdKc", "--trials", "1000", "--seed", str(2**53), "--json")
    assert json.loads(out)["seed"] == 2**53


def test_errors_under_json_are_one_line_of_json(capsys):
    status, out, err = run(capsys, "equity", "AsAh", "AsKd", "--json")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert json.loads(err) == {"error": "player 2: card 'As' is also in player 1", "status": 2}
    with pytest.raises(SystemExit) as done:
        main(["equity", "AsAh", "--threads", "x", "--json"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.count("\n") == 1 and json.loads(err)["status"] == 2


def test_a_closed_pipe_and_a_full_disk_end_without_a_traceback():
    command = [sys.executable, "-m", "handrank", "census"]
    reader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.close()  # the reader is gone before anything is written, like `| head -0`
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=30) == 141 and err == ""
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def documented_keys():
    """{command: {key: nested keys or None}} from the JSON table of the docs' CLI page."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "guide" / "cli.md").read_text()
    section = page.split("## JSON", 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0].startswith("`"):
            continue
        keys, nested, depth, current = {}, None, 0, ""
        for token in re.findall(r"`(\w+)`|(\()|(\))|(each:|by category name:)", cells[1]):
            name, opening, closing, each = token
            if opening:
                depth += 1
            elif closing:
                depth -= 1
                nested = None
            elif each and depth == 1:
                keys[current] = nested = set()
            elif name and depth == 0:
                keys[name], current = None, name
            elif name and nested is not None:
                nested.add(name)
        table[cells[0].strip("`")] = keys
    return table


@pytest.mark.parametrize(("command", "argv"), [
    ("rank", ["rank", "As Ks Qs Js Ts"]),
    ("compare", ["compare", "As Ah Kc Qd Js", "2c 2d 2h 3c 3d"]),
    ("showdown", ["showdown", "--board", "2c 7d 9h Kh 3s", "As Ah", "Kd Kc"]),
    ("census", ["census"]),
    ("equity", ["equity", "AsAh", "KdKc", "--trials", "1000", "--seed", "3"]),
    ("chart", ["chart"]),
    ("chart --top", ["chart", "--top", "3"]),
    ("showdown --game stud", ["showdown", "--game", "stud", "As Ah Kd Kc 2s 3s 4d", "Qs Qh Qd 2c 5s 6s 8d"]),
    ("strength", ["strength", "--street", "flop", "--part", "28/28", "--out"]),
    ("equity --per-combo", ["equity", "--per-combo", "QQ+,AKs", "JJ-88", "--board", "Kd 9s 4c"]),
    ("breakdown", ["breakdown", "QQ+,AKs,T9s", "--board", "Kd 9s 4c"]),
    ("outs", ["outs", "AhQh", "JhTh", "KdKc", "--board", "Kh 7h 2c 9s"]),
])
def test_json_output_is_what_the_docs_say(capsys, tmp_path, command, argv):
    if argv[-1] == "--out":
        argv = [*argv, str(tmp_path / "strength.npz")]
    documented = documented_keys()
    assert set(documented) == {"rank", "compare", "showdown", "census", "equity", "strength", "chart",
                               "chart --top", "showdown --game stud", "equity --per-combo", "breakdown", "outs"}
    assert documented["showdown"]["players"] and documented["census"]["categories"]  # the table was read
    status, out, _ = run(capsys, *argv, "--json")
    report = json.loads(out)
    assert status == 0 and set(report) == set(documented[command])
    for key, nested in documented[command].items():
        if nested is None:
            continue
        values = report[key].values() if isinstance(report[key], dict) else report[key]
        for value in values:
            assert set(value) == nested, (command, key)


def test_help_describes_every_command_and_option(capsys):
    from handrank.cli import build_parser

    parser = build_parser()
    commands = next(action for action in parser._actions if action.dest == "command").choices
    assert set(commands) == {"rank", "compare", "showdown", "census", "equity", "strength", "abstraction", "chart",
                             "breakdown", "outs"}
    for name, command in commands.items():
        assert command.description and len(command.description) > 20, name
        for action in command._actions:
            assert action.help, (name, action.dest)
            optional_with_a_value = action.option_strings and not action.required and action.nargs != 0
            if optional_with_a_value and action.dest != "help":
                assert "default" in action.help, (name, action.dest, action.help)
    out = parser.format_help()
    assert out.rstrip().endswith("handrank COMMAND --help tells its options")
    assert "examples:" in out and "handrank equity AsAh KdKc" in out
