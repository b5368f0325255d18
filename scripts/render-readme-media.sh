#!/usr/bin/env bash
# Renders the README's pictures into docs/media/ with Flipbook itself: the gallery scenes
# the README shows, as GIFs at their own size, 20 frames a second, seed 1.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product flipbook
scenes=(transition-mod flip-card magnifier skeleton zoom-fade finale view-transitions)
only=()
for scene in "${scenes[@]}"; do only+=(--only "$scene"); done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
.build/release/flipbook demo -o "$out" --format gif --fps 20 --seed 1 "${only[@]}"
mkdir -p docs/media
for scene in "${scenes[@]}"; do cp "$out/$scene.gif" "docs/media/$scene.gif"; done
ls -l docs/media
