"""The examples run, with small inputs, and print what they say."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_push_fold():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "push_fold.py"), "--hands", "200000",
                           "--push", "100", "--call", "100"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    match = re.search(r"shoves (\S+)%, is called (\S+)% .* wins ([+-]\S+) bb a hand", done.stdout)
    assert match, done.stdout
    assert float(match[1]) == 100 and float(match[2]) == 100
    # Everyone all in every hand: the small blind's expected result is zero (a fair coin over
    # random hands), within sampling error: sd of one hand is about 10 bb.
    assert abs(float(match[3])) < 5 * 10 / 200_000 ** 0.5


def test_push_fold_folding_everything_loses_the_small_blind():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "push_fold.py"), "--hands", "1000", "--push", "0"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "wins -0.5000 bb a hand" in done.stdout, done.stdout + done.stderr
