"""The strength job: blocks saved as they finish, resumed, shared between parts, merged."""

import numpy as np
import pytest

from handrank import hand_strength_many, parse, strength_job
from handrank.cli import main

BOARDS = np.array([parse(b) for b in ("Kh 7d 2c", "Ts 9s 2d", "Ah Ad 5c", "Qc Jc Tc", "8d 8h 8s")], dtype=np.uint8)


@pytest.fixture
def small_street(monkeypatch):
    """Five flops in blocks of two, so that a whole job runs in a second."""
    monkeypatch.setattr(strength_job, "canonical_boards", lambda cards: (BOARDS, np.arange(1, 6)))
    monkeypatch.setattr(strength_job, "BLOCK", 2)


def test_parts_resume_and_merge(small_street, tmp_path):
    out = tmp_path / "strength.npz"
    first = strength_job.run_strength_job("flop", out, bins=4, part=(1, 2))
    assert first["blocks_done"] == 2 and not first["complete"] and not out.exists()  # blocks 0 and 2
    saved = sorted(p.name for p in (tmp_path / "strength.npz.parts").glob("block-*.npz"))
    assert saved == ["block-00000.npz", "block-00002.npz"]
    again = strength_job.run_strength_job("flop", out, bins=4, part=(1, 2))  # nothing left to do
    assert again["blocks_done"] == 2
    last = strength_job.run_strength_job("flop", out, bins=4, part=(2, 2), threads=2)
    assert last["complete"] and out.exists() and not (tmp_path / "strength.npz.parts").exists()
    result = np.load(out)
    expected = hand_strength_many(BOARDS, bins=4)
    assert np.array_equal(result["boards"], BOARDS) and result["weights"].tolist() == [1, 2, 3, 4, 5]
    for name in ("hs", "ehs", "ehs2"):
        assert np.array_equal(result[name], getattr(expected, name), equal_nan=True), name
    # the histogram is stored as exact counts (uint16) of each holding's 1,081 runouts
    assert result["histogram"].dtype == np.uint16 and int(result["runouts"]) == 1081
    fractions = result["histogram"] / result["runouts"]
    meets = np.isnan(expected.histogram)
    assert np.array_equal(fractions[~meets], expected.histogram[~meets]) and (result["histogram"][meets] == 0).all()
    assert (result["histogram"].sum(axis=2)[~meets[:, :, 0]] == 1081).all()
    assert str(result["street"]) == "flop" and int(result["bins"]) == 4


def test_a_parts_folder_of_another_job_is_refused(small_street, tmp_path):
    out = tmp_path / "strength.npz"
    strength_job.run_strength_job("flop", out, bins=4, part=(1, 3))
    with pytest.raises(ValueError, match="holds blocks of another job"):
        strength_job.run_strength_job("flop", out, bins=8, part=(2, 3))


@pytest.mark.parametrize("damage, words", [
    (lambda path: path.write_bytes(b"garbage"), "is damaged"),
    (lambda path: path.write_bytes(path.read_bytes()[:1000]), "is damaged"),
    (lambda path: np.savez(path, hs=np.zeros((2, 1326))), "is not a block of this job (ehs: missing"),
    (lambda path: np.savez(path, hs=np.zeros((3, 1326)), ehs=np.zeros((2, 1326)), ehs2=np.zeros((2, 1326)),
                           histogram=np.zeros((2, 1326, 4))), "(hs: (3, 1326) float64, expected (2, 1326) float64)"),
    (lambda path: np.savez(path, hs=np.zeros((2, 1326)), ehs=np.zeros((2, 1326)), ehs2=np.zeros((2, 1326)),
                           histogram=np.zeros((2, 1326, 4))),
     "(histogram: (2, 1326, 4) float64, expected (2, 1326, 4) uint16)"),
])
def test_a_damaged_block_is_named_and_recomputed_once_deleted(small_street, tmp_path, damage, words):
    out = tmp_path / "strength.npz"
    strength_job.run_strength_job("flop", out, bins=4, part=(1, 2))
    block = tmp_path / "strength.npz.parts" / "block-00000.npz"
    damage(block)
    with pytest.raises(ValueError, match="block-00000.npz") as info:
        strength_job.run_strength_job("flop", out, bins=4, part=(2, 2))
    assert words in str(info.value) and "delete it" in str(info.value) and not out.exists()
    block.unlink()
    assert strength_job.run_strength_job("flop", out, bins=4)["complete"]
    expected = hand_strength_many(BOARDS, bins=4)
    assert np.array_equal(np.load(out)["ehs"], expected.ehs, equal_nan=True)


def test_a_damaged_last_block_is_refused_before_the_merge_writes_anything(small_street, tmp_path):
    """Every block is checked before the merged file is begun: a bad last block leaves neither
    the output nor a half-written temporary."""
    out = tmp_path / "strength.npz"
    strength_job.run_strength_job("flop", out, bins=4, part=(1, 2))  # blocks 0 and 2 (the last)
    (tmp_path / "strength.npz.parts" / "block-00002.npz").write_bytes(b"not a block")
    with pytest.raises(ValueError, match="block-00002.npz is damaged"):
        strength_job.run_strength_job("flop", out, bins=4, part=(2, 2))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["strength.npz.parts"]


def test_cli(small_street, tmp_path, capsys):
    out = tmp_path / "s.npz"
    assert main(["strength", "--street", "flop", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert printed.out.startswith(f"wrote {out}: 5 flops")
    assert printed.err.startswith("strength: every flop up to suit isomorphism; the output will take about 56 MB")
    assert main(["strength", "--out", str(out), "--part", "3"]) == 2
    assert "--part is I/N" in capsys.readouterr().err
    assert main(["strength", "--out", str(out), "--part", "4/3"]) == 2
    capsys.readouterr()
    assert main(["strength", "--street", "flop", "--out", str(tmp_path)]) == 2  # a folder: refused before any work
    assert "it is a folder" in capsys.readouterr().err
    # a refused run says only why: the output's size is said once every argument has passed
    for argv, why in ((["--out", str(tmp_path / "none" / "s.npz")], "does not exist"),
                      (["--bins", "0", "--out", str(tmp_path / "t.npz")], "bins must be from 1"),
                      (["--threads", "0", "--out", str(tmp_path / "t.npz")], "threads")):
        assert main(["strength", "--street", "flop", *argv]) == 2
        err = capsys.readouterr().err
        assert why in err and "will take about" not in err, err
    assert not (tmp_path / "t.npz.parts").exists()


def test_read_rows_gives_the_arrays_step_by_step(tmp_path):
    """The merged file's arrays read a few rows at a time equal numpy.load's whole arrays; a
    file cut short is refused by name."""
    out = tmp_path / "arrays.npz"
    rng = np.random.default_rng(5)
    arrays = {"boards": rng.integers(0, 52, (11, 3), dtype=np.uint8),
              "histogram": rng.integers(0, 1000, (11, 1326, 3), dtype=np.uint16),
              "ehs": rng.random((11, 1326))}
    np.savez(out, **arrays, street="flop")
    steps = list(strength_job.read_rows(out, ("boards", "histogram", "ehs"), 4))
    assert [len(step["boards"]) for step in steps] == [4, 4, 3]
    for name, whole in arrays.items():
        assert np.array_equal(np.concatenate([step[name] for step in steps]), whole), name
    data = out.read_bytes()
    (tmp_path / "short.npz").write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="short.npz is damaged or is not a strength file"):
        list(strength_job.read_rows(tmp_path / "short.npz", ("histogram",), 4))
    with pytest.raises(ValueError, match=r"is not a strength file.*\(hs: KeyError\)"):
        list(strength_job.read_rows(out, ("boards", "hs"), 4))


def test_a_scheduler_client_is_closed_however_the_job_ends(small_street, tmp_path, monkeypatch):
    """The client is made after every other check (a refused job connects to nothing) and
    closed when the work ends, an error included."""
    made = []

    class Client:
        def close(self):
            made.remove(self)

    def connect(scheduler):
        made.append(Client())
        return made[-1]

    monkeypatch.setattr(strength_job, "_client", connect)
    out = tmp_path / "s.npz"

    def fail(nbytes):
        assert made, "announced before the client was made"
        raise RuntimeError("stopped")

    with pytest.raises(RuntimeError, match="stopped"):
        strength_job.run_strength_job("flop", out, bins=4, scheduler="tcp://127.0.0.1:1", announce=fail)
    assert made == [] and not (tmp_path / "s.npz.parts").exists()  # closed; nothing written before the work
    strength_job.run_strength_job("flop", out, bins=4, part=(1, 2))  # another job's blocks, no scheduler
    with pytest.raises(ValueError, match="holds blocks of another job"):
        strength_job.run_strength_job("flop", out, bins=5, scheduler="tcp://127.0.0.1:1")
    assert made == []
