"""Omaha's pair tables (csrc/omaha.c), built once a process from the five-card tables and
shared by every Omaha path: ranking, showdowns and equity."""

from __future__ import annotations

import threading
from typing import Any

from . import _percall
from ._core import ffi, lib

_LOCK = threading.Lock()
_TABLES: tuple[Any, Any, Any] | None = None  # the pair tables, once built


def pair_tables() -> tuple[Any, Any, Any]:
    """The pair tables, built on first use (about 3 ms, 2.6 MB, whichever thread asks first):
    for each 5-rank board and each pair of hole ranks, the best non-flush high and low over
    the board's triples, and each board's row."""
    global _TABLES
    if _TABLES is not None:
        return _TABLES
    with _LOCK:
        if _TABLES is None:
            entries = lib.HR_OMAHA_BOARDS * lib.HR_OMAHA_PAIRS
            tables = (ffi.new("uint16_t[]", entries), ffi.new("uint16_t[]", entries),
                      ffi.new("uint32_t[]", lib.hr_omaha_slots()))
            if lib.hr_omaha_build(*tables) != 0:
                raise AssertionError("the Omaha pair tables did not cover every board")
            _percall.bind_omaha(*(int(ffi.cast("uintptr_t", table)) for table in tables))
            _TABLES = tables
        return _TABLES
