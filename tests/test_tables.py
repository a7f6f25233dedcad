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


def test_tables_fit_in_cache():
    import re

    sizes = {"uint8_t": 1, "uint16_t": 2, "uint32_t": 4, "uint64_t": 8}
    header = (ROOT / "tables" / "handrank_tables.h").read_text()
    total = sum(sizes[t] * int(n) for t, n in re.findall(r"extern const (\w+) \w+\[(\d+)\]", header))
    assert total < 1 << 20
