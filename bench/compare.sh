#!/usr/bin/env bash
# Flipbook against its peers on the scenes of bench/scenes/, in one run, one table:
#   bash bench/compare.sh [--iterations N] [--only SCENE]
# Installs the peers first (bench/setup.sh), builds flipbook-bench in release, runs
# Flipbook, then Skia, Blend2D, Cairo and ThorVG, ffmpeg's xfade, and the GIF encoders on
# the same scene files, and prints bench/peers/report.py's tables. Results and frames
# stay in bench/.out/.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=7
only=()
while [ $# -gt 0 ]; do
    case "$1" in
        --iterations) iterations="$2"; shift 2 ;;
        --only) only=("$2"); shift 2 ;;
        *) echo "usage: bash bench/compare.sh [--iterations N] [--only SCENE]" >&2; exit 2 ;;
    esac
done
bash bench/setup.sh >/dev/null
swift build -c release --product flipbook-bench 2>&1 | grep -E "error|warning: .*Sources" || true
out=bench/.out
rm -rf "$out" && mkdir -p "$out"
python=bench/.venv/bin/python
echo "Flipbook" >&2
.build/release/flipbook-bench compare bench/scenes "$out" --iterations "$iterations" ${only:+--only "${only[0]}"} >&2
echo "Skia, Blend2D, Cairo, ThorVG" >&2
$python bench/peers/run_peers.py bench/scenes "$out" "$iterations" "${only[@]}" >&2
echo "ffmpeg xfade" >&2
$python bench/peers/xfade.py bench/scenes "$out" >&2
echo "GIF encoders" >&2
$python bench/peers/gif_quality.py bench/scenes "$out" >&2
$python bench/peers/report.py "$out"
