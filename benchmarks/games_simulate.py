"""Every game in bulk (issue 24): each game's dealer against ranking what it deals, and its
showdown_many against its evaluate_many on the same hands, per hand, in one run.

    python benchmarks/games_simulate.py   # writes docs/benchmarks/games_simulate.md

Goals: dealing at least as fast as ranking what it deals; showdown_many at least 1.2x the
game's evaluate_many per hand (the board's work shared by the players). CPU time, one
thread, medians of 5; Omaha is in benchmarks/omaha.py.
"""

from __future__ import annotations

import numpy as np
from common import cpu_median, machine, write_report

from handrank import ace_to_five, evaluate_many, shortdeck, stud

DEALS, PLAYERS = 400_000, 4


def main() -> None:
    lines = [f"machine: {machine()}", "",
             f"{DEALS:,} deals of {PLAYERS} players, one thread.", "",
             "| game | deal | rank what it deals | deal / rank | showdown_many | evaluate_many, same hands | "
             "showdown / evaluate per hand |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    holes, boards = shortdeck.deal(DEALS, PLAYERS, seed=1)
    rows = np.concatenate([holes, np.repeat(boards[:, None, :], PLAYERS, axis=1)], axis=2).reshape(-1, 7)
    t_deal = cpu_median(lambda: shortdeck.deal(DEALS, PLAYERS, seed=1, threads=1))
    t_show = cpu_median(lambda: shortdeck.showdown_many(holes, boards, threads=1))
    t_rank = cpu_median(lambda: shortdeck.evaluate_many(rows, threads=1))
    hands = DEALS * PLAYERS
    lines.append(f"| short deck | {t_deal * 1e3:.0f} ms | {t_rank * 1e3:.0f} ms | {t_rank / t_deal:.2f}x | "
                 f"{hands / t_show / 1e6:.0f} M hands/s | {hands / t_rank / 1e6:.0f} M hands/s | "
                 f"{t_rank / t_show:.2f}x |")
    dealt = stud.deal(DEALS, PLAYERS, seed=1)
    flat = dealt.reshape(-1, 7)
    t_deal = cpu_median(lambda: stud.deal(DEALS, PLAYERS, seed=1, threads=1))
    for name, razz, rank in (("seven-card stud", False, evaluate_many), ("Razz", True, ace_to_five.evaluate_many)):
        t_show = cpu_median(lambda razz=razz: stud.showdown_many(dealt, razz=razz, threads=1))
        t_rank = cpu_median(lambda rank=rank: rank(flat, threads=1))
        lines.append(f"| {name} | {t_deal * 1e3:.0f} ms | {t_rank * 1e3:.0f} ms | {t_rank / t_deal:.2f}x | "
                     f"{hands / t_show / 1e6:.0f} M hands/s | {hands / t_rank / 1e6:.0f} M hands/s | "
                     f"{t_rank / t_show:.2f}x |")
    write_report(lines, "games_simulate.md")


if __name__ == "__main__":
    main()
