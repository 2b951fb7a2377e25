#!/usr/bin/env bash
# The one command to play: fetch the runtime if needed, build, serve. Extra args go to serve.py.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
python3 tools/build.py
exec python3 tools/serve.py "$@"
