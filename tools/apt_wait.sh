#!/usr/bin/env bash
# apt-get, waiting its turn: while another program (unattended-upgrades, a package manager window,
# another install) holds apt's or dpkg's lock, wait and try again instead of failing at once.
# Usage: tools/apt_wait.sh update | install -y PACKAGE...   (APT_WAIT_SECONDS: how long at most, 900)
set -uo pipefail
limit=${APT_WAIT_SECONDS:-900}
pause=${APT_WAIT_PAUSE:-5}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
waited=0
while :; do
  # DPkg::Lock::Timeout makes apt itself wait for dpkg's lock; the loop covers the locks it doesn't
  # wait for (the package lists' during an update) and any older apt.
  apt-get -o DPkg::Lock::Timeout="$limit" "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  [ "$status" -eq 0 ] && exit 0
  if ! grep -qE 'Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock (the )?(administration )?directory' "$log"; then
    exit "$status"
  fi
  if [ "$waited" -ge "$limit" ]; then
    echo "apt_wait: apt's lock was still held after ${waited} s; giving up." >&2
    exit "$status"
  fi
  echo "apt_wait: another program holds apt's lock; trying again in ${pause} s (waited ${waited} s of ${limit} s)." >&2
  sleep "$pause"
  waited=$((waited + pause))
done
