#!/usr/bin/env bash
# A fresh venv outside the repo, a plain (not editable) `pip install .` of a copy of the engine,
# then the arena from the installed package: proves every subpackage (and py.typed) is packaged.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/handfoot-install.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A copy of what a package build reads, so the build leaves nothing (build/, *.egg-info) in the repo.
mkdir "$work/src"
cp "$ROOT/pyproject.toml" "$ROOT/README.md" "$work/src/"
(cd "$ROOT" && find engine -type f ! -path '*/__pycache__/*' -print0 | xargs -0 cp --parents -t "$work/src")

"$PYTHON" -m venv "$work/venv"
isolation=()
# Offline-ish: build with the venv's own setuptools when it can build a wheel (setuptools 68 or
# later, with `wheel` before 70.1 had bdist_wheel built in); else pip fetches the build backend.
if "$work/venv/bin/python" - 2>/dev/null <<'PY'
import importlib.util
import setuptools

major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
assert (major, minor) >= (68, 0)
assert (major, minor) >= (70, 1) or importlib.util.find_spec("wheel")
PY
then isolation=(--no-build-isolation); fi
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check "${isolation[@]}" "$work/src"

cd "$work"  # not the repo: the engine must come from the installed package
"$work/venv/bin/python" - <<'PY'
import pathlib

import engine

where = pathlib.Path(engine.__file__).parent
assert "site-packages" in where.parts, f"engine imported from {where}, not the installed package"
for sub in ("checks", "bots", "lab"):
    assert (where / sub / "__init__.py").is_file(), f"engine.{sub} was not installed"
assert (where / "py.typed").is_file(), "py.typed was not installed"
print(f"installed: {where}")
PY
"$work/venv/bin/python" -m engine arena --rules classic --a hard --b normal --deals 2
