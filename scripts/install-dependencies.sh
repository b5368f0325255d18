#!/usr/bin/env bash
# Installs what Flipbook needs on Debian/Ubuntu: the libraries it links (libpng,
# libjpeg-turbo, zlib, FreeType, fontconfig), the fonts text is tested with (DejaVu Sans,
# the default, and IPAGothic for Japanese), ffmpeg, which video export runs and the
# tests use to check exported files, and Chromium, in which the tests load
# `flipbook preview`'s page headless and check a screenshot of it. Safe to run repeatedly: it installs only what is
# missing.
set -euo pipefail
packages=(pkg-config libpng-dev libjpeg62-turbo-dev zlib1g-dev libfreetype-dev libfontconfig-dev
          fonts-dejavu-core fonts-ipafont-gothic ffmpeg chromium)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
