#!/usr/bin/env bash
# Installs the system libraries Flipbook links (Debian/Ubuntu). Safe to run repeatedly:
# it installs only what is missing.
set -euo pipefail
packages=(pkg-config libpng-dev libjpeg62-turbo-dev zlib1g-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
