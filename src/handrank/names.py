"""Names for ranks: a full name for each of the 7,462 ranks, and a short one for display.

The style, one rule per category (ranks in words: deuce, trey, four ... king, ace):

================  ==========================================  ======================
category          full name                                   short name
================  ==========================================  ======================
straight flush    Royal flush; King-high straight flush;      Royal flush;
                  Five-high straight flush (steel wheel)      King-high straight flush
four of a kind    Four tens, queen kicker                     Four tens
full house        Kings full of nines                         Kings full
flush             Ace-king-seven-six-deuce flush              Ace-high flush
straight          Ten-high straight; Five-high straight       Ten-high straight
                  (wheel)
three of a kind   Three eights, ace-five                      Three eights
two pair          Kings and nines, jack kicker                Kings and nines
one pair          Pair of deuces, eight-five-four             Pair of deuces
high card         Seven-six-five-four-deuce high              Seven high
================  ==========================================  ======================

Every card that can decide a showdown is named, so the 7,462 full names are distinct.
"""

from __future__ import annotations

from ._core import lib
from ._rows import check_rank
from .cards import checked_flag
from .evaluate import Category, category

__all__ = ["describe", "rank_pattern", "RANK_WORDS", "RANK_PLURALS", "RANK_SYMBOLS"]

RANK_WORDS = ("deuce", "trey", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
              "king", "ace")
RANK_PLURALS = ("deuces", "treys", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
                "queens", "kings", "aces")
RANK_SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FIVE = 3


def rank_pattern(rank: int) -> tuple[int, int, int, int, int]:
    """The five card ranks (0 = deuce ... 12 = ace) of a rank, in the order they are compared.

    Groups by size then rank, highest first; a straight from its top card, the wheel as
    5-4-3-2-A. Ranks are 1 (royal flush) ... 7462 (7-5-4-3-2).

    >>> rank_pattern(1)
    (12, 11, 10, 9, 8)
    >>> [RANK_SYMBOLS[r] for r in rank_pattern(2468)]  # the best two pair
    ['A', 'A', 'K', 'K', 'Q']
    """
    packed = lib.hr_rank_pattern[check_rank(rank)]
    return (packed >> 16 & 15, packed >> 12 & 15, packed >> 8 & 15, packed >> 4 & 15, packed & 15)


def _words(ranks: tuple[int, ...]) -> str:
    return "-".join(RANK_WORDS[r] for r in ranks)


def describe(rank: int, *, short: bool = False) -> str:
    """The name of a rank (1 = royal flush ... 7462 = 7-5-4-3-2), full or short.

    >>> describe(1)
    'Royal flush'
    >>> describe(7462)
    'Seven-five-four-trey-deuce high'
    >>> describe(7462, short=True)
    'Seven high'

    Raises:
        ValueError: a rank outside 1..7462.
        TypeError: not an int.
    """
    if short is not False and short is not True:
        short = checked_flag(short, "short")
    p = rank_pattern(rank)
    kind = category(rank)
    if kind is Category.STRAIGHT_FLUSH:
        if rank == 1:
            name = "royal flush"
        else:
            name = f"{RANK_WORDS[p[0]]}-high straight flush"
            if p[0] == FIVE and not short:
                name += " (steel wheel)"
    elif kind is Category.FOUR_OF_A_KIND:
        name = f"four {RANK_PLURALS[p[0]]}" + ("" if short else f", {RANK_WORDS[p[4]]} kicker")
    elif kind is Category.FULL_HOUSE:
        name = f"{RANK_PLURALS[p[0]]} full" + ("" if short else f" of {RANK_PLURALS[p[3]]}")
    elif kind is Category.FLUSH:
        name = f"{RANK_WORDS[p[0]]}-high flush" if short else f"{_words(p)} flush"
    elif kind is Category.STRAIGHT:
        name = f"{RANK_WORDS[p[0]]}-high straight"
        if p[0] == FIVE and not short:
            name += " (wheel)"
    elif kind is Category.THREE_OF_A_KIND:
        name = f"three {RANK_PLURALS[p[0]]}" + ("" if short else f", {_words(p[3:])}")
    elif kind is Category.TWO_PAIR:
        name = f"{RANK_PLURALS[p[0]]} and {RANK_PLURALS[p[2]]}" + ("" if short else f", {RANK_WORDS[p[4]]} kicker")
    elif kind is Category.ONE_PAIR:
        name = f"pair of {RANK_PLURALS[p[0]]}" + ("" if short else f", {_words(p[2:])}")
    else:
        name = f"{RANK_WORDS[p[0]]} high" if short else f"{_words(p)} high"
    return name[0].upper() + name[1:]


def plural_name(rank: int) -> str:
    """The full name of a rank as it reads after "Both": 'ace-high straights'."""
    name = describe(rank)
    name = name[0].lower() + name[1:]
    kind = category(rank)
    if kind is Category.STRAIGHT_FLUSH:
        return name.replace("flush", "flushes").replace("steel wheel)", "steel wheels)")
    if kind is Category.FLUSH:
        return name + "es"
    if kind is Category.STRAIGHT:
        return name.replace("straight", "straights").replace("(wheel)", "(wheels)")
    return name
