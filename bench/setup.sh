#!/usr/bin/env bash
# Installs the benchmark peers into bench/.venv: Cairo (the system libcairo2) through cairocffi.
set -euo pipefail
cd "$(dirname "$0")"
if ! ldconfig -p | grep -q libcairo.so.2; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcairo2
fi
python3 -m venv .venv
.venv/bin/pip install -q cairocffi
.venv/bin/python -c "import cairocffi; print('cairo', cairocffi.cairo_version_string())"
