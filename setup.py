"""The few lines cffi's setuptools integration still needs; the metadata is in pyproject.toml.

- Wheels are tagged cp39-abi3: the extension uses only the limited API (cffi's default), so
  one wheel per platform serves every CPython from 3.9 up.
- Without a C compiler (and no wheel for the platform) the build stops with one message
  saying what to install, instead of a setuptools traceback.
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NO_COMPILER = """
handrank: building the C extension needs a C compiler, and none could be run.
  Debian/Ubuntu: apt-get install gcc (or clang)   Fedora: dnf install gcc   Alpine: apk add build-base
  macOS: xcode-select --install                   Windows: the "Build Tools for Visual Studio" (C++ workload)
Or install a wheel: none is published yet, so build one where a compiler is
  (pip install build && python -m build) and install that file here: pip install handrank-*.whl
"""


class BuildExt(build_ext):
    def run(self) -> None:
        from setuptools.errors import CCompilerError, ExecError, PlatformError

        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError, FileNotFoundError) as error:
            sys.stderr.write(NO_COMPILER + f"  (the build failed with {type(error).__name__}: {str(error)[:120]})\n")
            raise SystemExit(1) from None


# One hand a call (evaluate, compare) without cffi's call cost: a small extension on the limited
# API that ranks through handrank._core's kernel (csrc/ext/percall.c says how).
PERCALL = Extension(
    "handrank._percall",
    sources=["csrc/ext/percall.c"],
    include_dirs=["csrc", "tables"],
    depends=["csrc/handrank.h"],
    define_macros=[("Py_LIMITED_API", "0x03090000")],
    py_limited_api=True,
    extra_compile_args=[] if sys.platform == "win32" else ["-O2", "-std=c99"],
    extra_link_args=["-s"] if sys.platform.startswith("linux") else ["-Wl,-x"] if sys.platform == "darwin" else [],
)

setup(
    cffi_modules=["csrc/ffi_build.py:ffibuilder"],
    ext_modules=[PERCALL],
    cmdclass={"build_ext": BuildExt},
    options={"bdist_wheel": {"py_limited_api": "cp39"}},
)
