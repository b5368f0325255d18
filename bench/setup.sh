#!/usr/bin/env bash
# Installs the benchmark peers: Cairo (the system libcairo2) into bench/.venv through
# cairocffi, and perf, which counts the CPU time ffmpeg's xfade takes.
set -euo pipefail
cd "$(dirname "$0")"
missing=()
ldconfig -p | grep -q libcairo.so.2 || missing+=(libcairo2)
command -v perf >/dev/null || missing+=(linux-perf)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
python3 -m venv .venv
.venv/bin/pip install -q cairocffi
.venv/bin/python -c "import cairocffi; print('cairo', cairocffi.cairo_version_string())"
