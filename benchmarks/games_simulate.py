"""Every game in bulk (issue 24): each game's dealer against ranking what it deals, and its
showdown_many against its evaluate_many on the same hands, per hand, in one run.

    python benchmarks/games_simulate.py   # writes docs/benchmarks/games_simulate.md

Goals: dealing at least as fast as ranking what it deals; showdown_many at least 1.2x the
game's evaluate_many per hand (the board's work shared by the players). CPU time, one
thread, in alternating rounds (common.cpu_rounds): times are medians over the rounds, ratios
medians of the rounds' ratios; Omaha is in benchmarks/omaha.py. Last, stud equity's Monte
Carlo (no goal) against stud.deal + showdown_many on as many deals: what it is made of.
"""

from __future__ import annotations

import statistics

import numpy as np
from common import cpu_rounds, machine, median_ratio, write_report

from handrank import ace_to_five, evaluate_many, shortdeck, stud

DEALS, PLAYERS, ROUNDS = 400_000, 4, 9


def main() -> None:
    lines = [f"machine: {machine()}", "",
             f"{DEALS:,} deals of {PLAYERS} players, one thread, {ROUNDS} alternating rounds.", "",
             "| game | deal | rank what it deals | deal / rank | showdown_many | evaluate_many, same hands | "
             "showdown / evaluate per hand |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    holes, boards = shortdeck.deal(DEALS, PLAYERS, seed=1)
    rows = np.concatenate([holes, np.repeat(boards[:, None, :], PLAYERS, axis=1)], axis=2).reshape(-1, 7)
    dealt = stud.deal(DEALS, PLAYERS, seed=1)
    flat = dealt.reshape(-1, 7)
    hands = DEALS * PLAYERS
    games = (("short deck", lambda: shortdeck.deal(DEALS, PLAYERS, seed=1, threads=1),
              lambda: shortdeck.showdown_many(holes, boards, threads=1),
              lambda: shortdeck.evaluate_many(rows, threads=1)),
             ("seven-card stud", lambda: stud.deal(DEALS, PLAYERS, seed=1, threads=1),
              lambda: stud.showdown_many(dealt, threads=1), lambda: evaluate_many(flat, threads=1)),
             ("Razz", lambda: stud.deal(DEALS, PLAYERS, seed=1, threads=1),
              lambda: stud.showdown_many(dealt, razz=True, threads=1),
              lambda: ace_to_five.evaluate_many(flat, threads=1)))
    for name, deal, show, rank in games:
        t = cpu_rounds({"deal": deal, "show": show, "rank": rank}, ROUNDS)
        t_deal, t_show, t_rank = (statistics.median(t[k]) for k in ("deal", "show", "rank"))
        lines.append(f"| {name} | {t_deal * 1e3:.0f} ms | {t_rank * 1e3:.0f} ms | "
                     f"{median_ratio(t['rank'], t['deal']):.2f}x | {hands / t_show / 1e6:.0f} M hands/s | "
                     f"{hands / t_rank / 1e6:.0f} M hands/s | {median_ratio(t['rank'], t['show']):.2f}x |")
    # stud equity from third street: its Monte Carlo against dealing and settling the same
    # number of deals in bulk (what it is made of), in alternating rounds
    spot, trials = ["As Ah Kd", "Qs Qh 9d", "7c 7d 2h"], 1_000_000
    t = cpu_rounds({"equity": lambda: stud.equity(spot, trials=trials, seed=1, threads=1),
                    "bulk": lambda: stud.showdown_many(stud.deal(trials, 3, hole_cards=spot, seed=1, threads=1),
                                                       threads=1)}, ROUNDS)
    lines += ["", f"Stud equity, three players from third street ({', '.join(spot)}), {trials:,} Monte Carlo deals: "
              f"{trials / statistics.median(t['equity']) / 1e6:.1f} M deals/s, "
              f"{median_ratio(t['bulk'], t['equity']):.2f}x the rate of stud.deal + showdown_many on as many deals."]
    write_report(lines, "games_simulate.md")


if __name__ == "__main__":
    main()
