"""The compiled kernel is present and the committed tables are what the script writes."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_compiled_core_imports():
    from handrank import _core

    assert _core.lib.HR_RANK_COUNT == 7462
    assert Path(_core.__file__).suffix in (".so", ".pyd")


def test_committed_tables_match_a_fresh_build(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_tables.py"), "--out", str(tmp_path)],
                   check=True)
    committed = sorted(p.name for p in (ROOT / "tables").iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == committed
    for name in committed:
        assert (tmp_path / name).read_bytes() == (ROOT / "tables" / name).read_bytes(), name


def test_tables_say_which_script_made_them():
    for path in (ROOT / "tables").iterdir():
        assert "scripts/build_tables.py" in path.read_text().splitlines()[0], path.name


def table_bytes():
    import re

    sizes = {"int32_t": 4, "uint16_t": 2, "uint32_t": 4, "uint64_t": 8}
    header = (ROOT / "tables" / "handrank_tables.h").read_text()
    return {name: sizes[ctype] * int(count)
            for ctype, name, count in re.findall(r"extern const (\w+) (\w+)\[(\d+)\]", header)}


def test_tables_fit_in_cache():
    tables = table_bytes()
    assert sum(tables.values()) < 1 << 20
    # What a 5..7-card lookup touches stays within a 256 KB L2.
    seven_card_path = ("hr_card_key", "hr_multiset_offset", "hr_multiset_rank", "hr_flush_rank")
    assert sum(tables[name] for name in seven_card_path) <= 256 * 1024


def test_rank_keys_are_what_the_documented_search_finds():
    # The script stores RANK_KEYS and checks on every run that they give distinct sums;
    # here the greedy search it documents (--search-rank-keys, ~25 s) finds them again.
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_tables.py"), "--search-rank-keys"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
