#!/usr/bin/env python3
"""Writes the PNG fixtures the media tests decode: every colour type and bit depth, a
palette with tRNS, 16-bit and interlaced variants. Each image is 7×5 and its pixels follow
`expected(x, y)` in FlipbookMediaTests/PNGTests.swift. Needs pypng (pip install pypng).
Run from the repository root; the outputs are committed."""
import os
import png

W, H = 7, 5
OUT = "Tests/FlipbookMediaTests/Fixtures"


def level(x, y, depth):
    """A sample that spans the depth's range: (x + 7y) scaled to 0…max."""
    top = (1 << depth) - 1
    return ((x + W * y) * top) // (W * H - 1)


def write(name, rows, **kw):
    with open(os.path.join(OUT, name), "wb") as f:
        png.Writer(W, H, **kw).write(f, rows)


for depth in (1, 2, 4, 8, 16):
    rows = [[level(x, y, depth) for x in range(W)] for y in range(H)]
    write(f"gray{depth}.png", rows, greyscale=True, bitdepth=depth)
for depth in (8, 16):
    rows = [[v for x in range(W) for v in (level(x, y, depth), level(W - 1 - x, y, depth), level(x, H - 1 - y, depth))]
            for y in range(H)]
    write(f"rgb{depth}.png", rows, greyscale=False, bitdepth=depth)
    write(f"rgb{depth}-interlaced.png", rows, greyscale=False, bitdepth=depth, interlace=True)
    rows = [[v for x in range(W) for v in (level(x, y, depth), level(x, y, depth) // 2)] for y in range(H)]
    write(f"graya{depth}.png", rows, greyscale=True, alpha=True, bitdepth=depth)
    rows = [[v for x in range(W) for v in (level(x, y, depth), 0, level(W - 1 - x, y, depth), level(x, y, depth))]
            for y in range(H)]
    write(f"rgba{depth}.png", rows, greyscale=False, alpha=True, bitdepth=depth)
palette = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (255, 255, 255, 255)]
for depth in (2, 4, 8):
    rows = [[(x + y) % 4 for x in range(W)] for y in range(H)]
    write(f"palette{depth}.png", rows, palette=palette, bitdepth=depth)
