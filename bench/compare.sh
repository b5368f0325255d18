#!/usr/bin/env bash
# Flipbook against its peers on the scenes of bench/scenes/, in one run, one table:
#   bash bench/compare.sh [--iterations N] [--rounds R] [--only SCENE]
# Installs the peers first (bench/setup.sh) and builds flipbook-bench in release. Then it
# times the drawing scenes in R rounds (3 unless told): in each round, each scene is timed
# by Flipbook and straight after by Skia, Blend2D, Cairo and ThorVG, and a time is the
# median over the rounds (bench/peers/rounds.py), so that a machine that slows down for a
# while slows both sides of a ratio alike. Last, it runs the transitions against ffmpeg's
# xfade and the GIF encoders, and prints bench/peers/report.py's tables; without --only, it
# last times the Gaussian blur against OpenCV and Pillow (bench/peers/blur.py). Results and
# frames stay in bench/.out/.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=7
rounds=3
only=()
while [ $# -gt 0 ]; do
    case "$1" in
        --iterations) iterations="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --only) only=("$2"); shift 2 ;;
        *) echo "usage: bash bench/compare.sh [--iterations N] [--rounds R] [--only SCENE]" >&2; exit 2 ;;
    esac
done
bash bench/setup.sh >/dev/null
swift build -c release --product flipbook-bench 2>&1 | grep -E "error|warning: .*Sources" || true
out=bench/.out
rm -rf "$out" && mkdir -p "$out"
python=bench/.venv/bin/python
drawing=$($python bench/peers/rounds.py names bench/scenes)
others=$($python bench/peers/rounds.py others bench/scenes)
if [ ${#only[@]} -gt 0 ]; then
    [[ ",$drawing," == *",${only[0]},"* ]] && drawing="${only[0]}" || drawing=""
    [[ ",$others," == *",${only[0]},"* ]] && others="${only[0]}" || others=""
fi
for round in $(seq 1 "$rounds"); do
    for scene in ${drawing//,/ }; do
        echo "round $round: $scene" >&2
        .build/release/flipbook-bench compare bench/scenes "$out/rounds/$round/$scene" --iterations "$iterations" --only "$scene" >&2
        $python bench/peers/run_peers.py bench/scenes "$out/rounds/$round/$scene" "$iterations" "$scene" >&2
    done
done
if [ -n "$others" ]; then
    echo "Flipbook: transitions and GIFs" >&2
    .build/release/flipbook-bench compare bench/scenes "$out" --iterations "$iterations" --only "$others" >&2
    echo "ffmpeg xfade" >&2
    $python bench/peers/xfade.py bench/scenes "$out" "$others" >&2
    echo "GIF encoders" >&2
    $python bench/peers/gif_quality.py bench/scenes "$out" "$others" >&2
fi
$python bench/peers/rounds.py merge "$out"
$python bench/peers/report.py "$out"
if [ ${#only[@]} -eq 0 ]; then
    echo "Gaussian blur against OpenCV and Pillow" >&2
    $python bench/peers/blur.py .build/release/flipbook-bench "$rounds"
fi
