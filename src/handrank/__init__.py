"""handrank: exact poker hand ranking by lookup tables and a small C kernel.

Ranks run from 1 (royal flush) to 7462 (7-5-4-3-2), Cactus Kev's numbering shared by
treys, deuces and phevaluator; lower is better and equal ranks split the pot.

>>> import handrank
>>> handrank.evaluate("As Ks Qs Js Ts")
1
>>> handrank.compare("As Ah Kc Qd Js", "Ac Ad Kh Qs Jd")
0
"""

from typing import Any

from . import abstraction, isomorphism
from .cards import RANKS, SUITS, CardLike, HandLike, card, format_card, format_cards, parse
from .census import CategoryCount, Census, census
from .equity import EquityResult, equity
from .evaluate import (
    RANK_COUNT,
    Category,
    categories,
    category,
    compare,
    evaluate,
    evaluate_many,
    evaluate_mask,
    mask,
)
from .names import describe, rank_pattern
from .preflop import PreflopChart, preflop_chart
from .ranges import parse_range
from .showdown import PlayerResult, Showdown, best_five, explain, showdown, winners
from .simulate import deal, holding_index, holdings, showdown_many
from .strength import HandStrength, canonical_boards, hand_strength, hand_strength_many

_ANALYSIS = frozenset({"breakdown", "Breakdown", "MADE_CLASSES", "DRAW_CLASSES", "combo_equity", "ComboEquity",
                       "equity_matrix", "EquityMatrix", "outs", "Outs"})


def __getattr__(name: str) -> Any:
    """``__version__``: the installed distribution's version (pyproject.toml is the one source
    of truth), read on first use so that ``import handrank`` stays fast; and range analysis
    (``handrank.breakdown`` ...), imported on first use for the same reason (it needs numpy)."""
    if name in _ANALYSIS:
        from . import analysis

        return getattr(analysis, name)
    if name != "__version__":
        raise AttributeError(f"module 'handrank' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("handrank")
    except PackageNotFoundError:  # imported from a source tree that was never installed
        return "0+unknown"

__all__ = [
    "RANKS", "SUITS", "RANK_COUNT", "CardLike", "HandLike", "Category", "Census", "CategoryCount",
    "card", "parse", "format_card", "format_cards",
    "evaluate", "evaluate_many", "evaluate_mask", "mask", "compare", "category", "categories", "census",
    "describe", "rank_pattern", "best_five", "winners", "showdown", "Showdown", "PlayerResult", "explain",
    "equity", "EquityResult", "parse_range", "preflop_chart", "PreflopChart",
    "deal", "showdown_many", "holdings", "holding_index", "hand_strength", "hand_strength_many", "HandStrength",
    "canonical_boards", "isomorphism", "abstraction",
    "breakdown", "Breakdown", "MADE_CLASSES", "DRAW_CLASSES", "combo_equity", "ComboEquity", "equity_matrix",
    "EquityMatrix", "outs", "Outs",
]
