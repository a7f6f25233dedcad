"""What the package promises about itself: one version, the license, the changelog, the
wheel configuration. (The wheel itself is built, repaired, installed without a compiler and
tested by .ci/run.)"""

import re
from pathlib import Path

import handrank

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = (ROOT / "pyproject.toml").read_text()


def section(name):
    """The lines of one [section] of pyproject.toml (no TOML parser before Python 3.11)."""
    match = re.search(rf"^\[{re.escape(name)}\]\n(.*?)(?=^\[|\Z)", PYPROJECT, re.MULTILINE | re.DOTALL)
    assert match, name
    return match[1]


def test_one_version_everywhere():
    version = re.search(r'^version = "([^"]+)"', PYPROJECT, re.MULTILINE)[1]
    assert handrank.__version__ == version
    assert (ROOT / "CHANGELOG.md").read_text().splitlines()[2].startswith(f"## {version}")


def test_license_is_shipped():
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert 'license = "MIT"' in PYPROJECT and 'license-files = ["LICENSE"]' in PYPROJECT
    assert "LICENSE" in (ROOT / "MANIFEST.in").read_text()


def test_classifiers_name_every_python_and_os():
    classifiers = section("project").split("classifiers = [", 1)[1].split("]", 1)[0]
    for minor in range(9, 14):
        assert f'"Programming Language :: Python :: 3.{minor}"' in classifiers
    for system in ("POSIX :: Linux", "MacOS", "Microsoft :: Windows"):
        assert f"Operating System :: {system}" in classifiers
    assert 'requires-python = ">=3.9"' in PYPROJECT


def test_wheels_are_abi3_and_built_for_every_platform():
    setup = (ROOT / "setup.py").read_text()
    assert '"py_limited_api": "cp39"' in setup
    assert "py_limited_api=True" in (ROOT / "csrc" / "ffi_build.py").read_text()
    assert 'build = "cp39-*"' in section("tool.cibuildwheel")
    assert 'archs = ["x86_64", "aarch64"]' in section("tool.cibuildwheel.linux")
    assert 'archs = ["x86_64", "arm64"]' in section("tool.cibuildwheel.macos")
    assert 'archs = ["AMD64"]' in section("tool.cibuildwheel.windows")
    assert "musllinux" not in section("tool.cibuildwheel").split("skip", 1)[1].split("\n", 1)[0]


def test_release_builds_are_stripped():
    builder = (ROOT / "csrc" / "ffi_build.py").read_text()
    assert 'extra_link_args=["-s"] if sys.platform.startswith("linux")' in builder


def test_the_extension_is_the_limited_api_one():
    from handrank import _core

    assert _core.__file__.endswith((".abi3.so", ".pyd"))


def test_no_module_imports_another_modules_underscore_names():
    """Machinery every game uses lives in neutral modules under names the package imports
    (handrank._rows, _dealing, _hands, _equity_input, _equity_engine, _range_grammar, _work):
    a game importing another module's private name means a shared module is missing."""
    import ast

    package = Path(handrank.__file__).parent
    borrowed = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 1:
                borrowed += [f"{path.relative_to(package)}:{node.lineno} {alias.name}" for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")
                             and node.module is not None]
    assert not borrowed, borrowed
