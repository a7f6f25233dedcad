# Type stub for the cffi extension built from csrc/ffi_build.py: `ffi` and `lib` only.
from typing import Any

ffi: Any
lib: Any
