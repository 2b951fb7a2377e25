#!/usr/bin/env bash
# The one command: install what the tests need (fresh Debian machine, as root), then run them all.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export DEBIAN_FRONTEND=noninteractive

step() { printf '\n== %s\n' "$*"; }

step "Python venv and packages"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q -e '.[dev,e2e]'

# The cross-engine lane (e2e_engines/): WebKitGTK's WebDriver and MiniBrowser under Xvfb, PyGObject
# with WebKit's bindings for Debian's own python3 (a saved WebKit profile), Firefox ESR.
webkit_gi() { /usr/bin/python3 -c 'import gi; gi.require_version("WebKit2", "4.1")' 2>/dev/null; }
if [ ! -x /usr/bin/chromium ] || ! command -v npm >/dev/null || [ ! -x /usr/bin/WebKitWebDriver ] \
  || ! command -v xvfb-run >/dev/null || [ ! -x /usr/bin/firefox-esr ] || ! webkit_gi; then
  step "Debian packages"
  tools/apt_wait.sh update
  [ -x /usr/bin/chromium ] || tools/apt_wait.sh install -y chromium
  command -v npm >/dev/null || tools/apt_wait.sh install -y nodejs npm
  [ -x /usr/bin/WebKitWebDriver ] || tools/apt_wait.sh install -y webkit2gtk-driver
  command -v xvfb-run >/dev/null || tools/apt_wait.sh install -y xvfb xauth
  [ -x /usr/bin/firefox-esr ] || tools/apt_wait.sh install -y firefox-esr
  webkit_gi || tools/apt_wait.sh install -y python3-gi gir1.2-webkit2-4.1
fi

step "npm ci"
npm ci --no-audit --no-fund

step "build"
.venv/bin/python tools/build.py
export HF_SITE_BUILT=1  # the browser tests use this build (e2e/conftest.py) rather than building it again

# The WebKit/Firefox lane drives one browser at a time, and waits on it a good part of the time: it runs
# beside the checks and the unit tests below (about a minute and a half sooner than after them), its
# output kept and shown when they are done.
lane_log="$(mktemp "${TMPDIR:-/tmp}/handfoot-lane.XXXXXX")"
setsid xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/pytest e2e_engines -W ignore::DeprecationWarning -rx \
  > "$lane_log" 2>&1 &
lane=$!
trap 'kill -- -"$lane" 2>/dev/null || true' EXIT  # its browsers too, should a step before its result fail
step "pytest e2e_engines: the same page in WebKitGTK and Firefox ESR (under Xvfb), started beside what follows"

step "ruff"
lint=()
for folder in engine ui ui_tests tests e2e e2e_engines tools bench; do [ -e "$folder" ] && lint+=("$folder"); done
.venv/bin/ruff check "${lint[@]}"

step "mypy --strict engine ui"
.venv/bin/mypy --strict engine
.venv/bin/mypy --strict -p ui

step "fresh venv: pip install . (not editable), then python -m engine arena"; tools/fresh_install.sh

step "pytest: engine, computer players and UI logic (no browser)"
suites=(tests)
[ -d ui_tests ] && suites+=(ui_tests)
.venv/bin/pytest -n 2 "${suites[@]}"  # two workers: the 2-core machine this is sized for

if [ -f tools/pyodide_tests.mjs ]; then
  step "engine inside Pyodide (node)"
  report="$(mktemp "${TMPDIR:-/tmp}/handfoot-pyodide.XXXXXX")"
  node tools/pyodide_tests.mjs > "$report" || { cat "$report"; exit 1; }
  .venv/bin/python tools/pyodide_check.py --compare "$report"
fi

step "pytest e2e_engines: the WebKit/Firefox lane's result"
lane_status=0
wait "$lane" || lane_status=$?
trap - EXIT
cat "$lane_log"
[ "$lane_status" -eq 0 ] || { echo "the WebKit/Firefox lane failed (exit $lane_status)"; exit 1; }

step "pytest e2e"
# Two browsers at once; a module's tests stay together. A test whose Chromium renderer crashed (seen in two CI
# runs, a different test each time, while Pyodide was starting; both passed alone) runs again, up to twice; the
# run prints each one as "R" and in its summary, and any other failure fails at once.
.venv/bin/pytest -n 2 --dist loadfile --reruns 2 --only-rerun "(Page|Target) crashed" e2e


step "all tests passed"
