#!/usr/bin/env bash
# Installs the benchmark peers: into bench/.venv from PyPI, skia-python, blend2d-python,
# cairocffi (over the system libcairo2), thorvg-python, rlottie-python, imagequant (libimagequant),
# Pillow, NumPy, scikit-image (SSIM) and OpenCV (the Gaussian blur's peer); from Debian,
# ffmpeg (xfade, palettegen and paletteuse) and perf, which counts the CPU time ffmpeg's
# filters take. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"
missing=()
ldconfig -p | grep -q libcairo.so.2 || missing+=(libcairo2)
command -v perf >/dev/null || missing+=(linux-perf)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -r peers/requirements.txt
.venv/bin/python peers/versions.py
