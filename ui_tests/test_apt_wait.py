"""tools/test.sh's installs wait for apt's lock instead of failing when another program holds it."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APT_WAIT = ROOT / "tools" / "apt_wait.sh"

FAKE_APT = """#!/usr/bin/env bash
# A stand-in apt-get: refuses with apt's lock message the first $LOCKED calls, then does what $THEN says.
n=$(( $(cat "$COUNT" 2>/dev/null || echo 0) + 1 )); echo "$n" > "$COUNT"
echo "$@" >> "$ARGS"
if [ "$n" -le "$LOCKED" ]; then
  echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
  exit 100
fi
[ "$THEN" = ok ] && { echo "Reading package lists... Done"; exit 0; }
echo "E: Unable to locate package no-such-package" >&2
exit 100
"""


def run(tmp_path: Path, locked: int, then: str = "ok", wait: int = 60) -> tuple[int, int, str]:
    """Run apt_wait.sh against the stand-in apt-get: (exit status, apt-get calls, what it printed)."""
    fake = tmp_path / "bin" / "apt-get"
    fake.parent.mkdir(exist_ok=True)
    fake.write_text(FAKE_APT)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    count = tmp_path / "count"
    count.unlink(missing_ok=True)
    env = {
        **os.environ, "PATH": f"{fake.parent}:{os.environ['PATH']}",
        "COUNT": str(count), "ARGS": str(tmp_path / "args"),
        "LOCKED": str(locked), "THEN": then, "APT_WAIT_PAUSE": "0", "APT_WAIT_SECONDS": str(wait),
    }
    done = subprocess.run(["bash", str(APT_WAIT), "update"], env=env, capture_output=True, text=True, timeout=60)
    return done.returncode, int(count.read_text()), done.stdout + done.stderr


def test_a_held_lock_is_waited_for_and_the_command_then_runs(tmp_path: Path) -> None:
    status, calls, out = run(tmp_path, locked=2)
    assert status == 0
    assert calls == 3
    assert "trying again" in out
    assert "DPkg::Lock::Timeout" in (tmp_path / "args").read_text()  # apt itself waits for dpkg's lock too


def test_another_failure_fails_at_once(tmp_path: Path) -> None:
    status, calls, _out = run(tmp_path, locked=0, then="fail")
    assert status == 100
    assert calls == 1


def test_a_lock_held_past_the_limit_gives_up_saying_so(tmp_path: Path) -> None:
    status, calls, out = run(tmp_path, locked=99, wait=0)
    assert status == 100
    assert calls == 1
    assert "still held" in out


def test_the_test_command_installs_only_through_the_wait() -> None:
    script = (ROOT / "tools" / "test.sh").read_text()
    lines = [line for line in script.splitlines() if "apt-get " in line and not line.lstrip().startswith("#")]
    assert lines == []
    assert "tools/apt_wait.sh update" in script
