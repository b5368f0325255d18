"""Reads bench/scenes/ for the peers: the same fields Flipbook's BenchScene reads, and the
per-frame values of the animated scenes (linear timing, as Core Animation's default).
Coordinates are pixels, y down; colours are sRGB 0…1 with straight alpha."""
import json
import math
import os

import numpy as np


DRAWING = ("draw", "layers", "flip")
"""The kinds of scene the drawing peers draw (the others are transitions and GIFs)."""


def load(folder):
    """Every scene in `folder`, by file name."""
    names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    return [json.load(open(os.path.join(folder, n))) for n in names]


def trace_path(text, move_to, line_to, cubic_to, close):
    """Calls a peer's path builders for the "M x y", "L x y", "C x1 y1 x2 y2 x y" and "Z"
    commands of a scene's path string."""
    builders = {"M": (move_to, 2), "L": (line_to, 2), "C": (cubic_to, 6), "Z": (close, 0)}
    tokens, i = text.split(), 0
    while i < len(tokens):
        build, n = builders[tokens[i]]
        build(*(float(t) for t in tokens[i + 1:i + 1 + n]))
        i += 1 + n


def frame_time(scene, index):
    return scene.get("duration", 1) * index / scene.get("frames", 1)


def reference_frame(scene):
    """The frame whose picture is checked against Flipbook's."""
    return scene.get("frames", 1) // 3


def layer_state(scene, layer, index):
    """(x, y, radians, opacity) of a layer at frame `index`."""
    f = frame_time(scene, index) / scene.get("duration", 1)
    a, b = layer["from"], layer["to"]
    mix = lambda p, q: p + (q - p) * f
    return (mix(a["position"][0], b["position"][0]), mix(a["position"][1], b["position"][1]),
            math.radians(mix(a["rotationDegrees"], b["rotationDegrees"])), mix(a["opacity"], b["opacity"]))


def flip_faces(scene, index):
    """The faces showing at frame `index`, each as (asset name, 3×3 row-major projective
    matrix from the face picture's pixels to the frame's). A face is the card's picture
    1:1, turned about the horizontal axis through the frame's middle by Core Animation's
    CATransform3DMakeRotation(θ, 1, 0, 0) under a perspective of m34; only faces turned
    towards the viewer (cos θ > 0) show, as layers whose isDoubleSided is false."""
    flip = scene["flip"]
    w, h = flip["size"]
    cx, cy = scene["width"] / 2, scene["height"] / 2
    turn = math.radians(flip["toDegrees"]) * frame_time(scene, index) / scene.get("duration", 1)
    faces = []
    for name, angle in ((flip["back"], math.pi + turn), (flip["front"], turn)):
        c, s = math.cos(angle), math.sin(angle)
        if c <= 1e-9:
            continue
        p = flip["m34"] * s
        # (u, v) = (x - w/2, y - h/2) maps to (u + cx·W, v·c + cy·W) / W with W = 1 + p·v.
        m = [[1, cx * p, cx], [0, c + cy * p, cy], [0, p, 1]]
        shift = [[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]]
        faces.append((name, [sum(m[r][k] * shift[k][col] for k in range(3)) for r in range(3) for col in range(3)]))
    return faces


def rgba8(rgba):
    return tuple(round(v * 255) for v in rgba)


def unpremultiply(rgba):
    """Straight RGBA8 of premultiplied RGBA8."""
    out = rgba.astype(np.float64)
    alpha = out[..., 3:4]
    out[..., :3] = np.where(alpha > 0, out[..., :3] * 255 / np.maximum(alpha, 1), 0)
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)
