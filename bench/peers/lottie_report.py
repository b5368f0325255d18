"""Prints bench/lottie's tables (Markdown) from OUT/flipbook, OUT/ThorVG and OUT/rlottie.

Agreement: the SSIM (scikit-image, RGB, each frame over white) of each pair of renderers,
the mean over a file's five frames. The aim is met on a file where ThorVG and rlottie agree
(their SSIM at least 0.95) when Flipbook agrees with each of them at least as well as they
agree with each other, the SSIMs compared to four places; where the peers differ the row
says so. Speed: the median ms a
frame on one thread, and Flipbook's time ÷ each peer's (under 1: Flipbook is faster). Last,
what Flipbook reported it does not draw, file by file.
Usage: lottie_report.py OUT"""
import glob
import json
import os
import sys

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

PERCENTS = [0, 25, 50, 75, 100]
AGREE = 0.95


def frame(out, who, file_id, percent):
    """A renderer's frame over white, as RGB floats, or None."""
    path = os.path.join(out, who, f"{file_id}-{percent}.png")
    if not os.path.exists(path):
        return None
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255
    return rgba[..., :3] * alpha + 255 * (1 - alpha)


def ssim(out, first, second, file_id):
    scores = []
    for percent in PERCENTS:
        a, b = frame(out, first, file_id, percent), frame(out, second, file_id, percent)
        if a is None or b is None or a.shape != b.shape:
            return None
        scores.append(structural_similarity(a, b, channel_axis=2, data_range=255))
    return float(np.mean(scores))


def result(out, who, file_id):
    path = os.path.join(out, who, file_id + ".json")
    return json.load(open(path)) if os.path.exists(path) else {"error": "not run"}


def text(value, digits):
    return f"{value:.{digits}f}" if isinstance(value, float) else "—"


def main():
    out = sys.argv[1]
    ids = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(out, "flipbook", "*.json")))
    rows = []
    for file_id in ids:
        ours, thorvg, rlottie = (result(out, who, file_id) for who in ("flipbook", "ThorVG", "rlottie"))
        rows.append({
            "id": file_id, "ours": ours, "thorvg": thorvg, "rlottie": rlottie,
            "ft": ssim(out, "flipbook", "ThorVG", file_id), "fr": ssim(out, "flipbook", "rlottie", file_id),
            "tr": ssim(out, "ThorVG", "rlottie", file_id),
        })

    print(f"Agreement: mean SSIM over frames 0, 25, 50, 75, 100 % (over white); aim: where ThorVG and rlottie agree "
          f"(≥ {AGREE}), Flipbook agrees with each at least as well\n")
    print("| file | size | Flipbook–ThorVG | Flipbook–rlottie | ThorVG–rlottie | aim |")
    print("|---|---|---|---|---|---|")
    met = judged = 0
    for row in rows:
        ours = row["ours"]
        if "error" in ours:
            print(f"| {row['id']} | — | — | — | — | Flipbook: {ours['error']} |")
            continue
        ft, fr, tr = row["ft"], row["fr"], row["tr"]
        if tr is None:
            verdict = "a peer failed: " + "; ".join(f"{n}: {r['error']}" for n, r in (("ThorVG", row["thorvg"]), ("rlottie", row["rlottie"])) if "error" in r)
        elif tr < AGREE:
            verdict = "peers differ"
        else:
            judged += 1
            # Compared as printed, to four places.
            short = round(tr, 4) - round(min(ft if ft is not None else 0, fr if fr is not None else 0), 4)
            met += short <= 0
            verdict = "met" if short <= 0 else f"**not met** (by {short:.4f})"
        print(f"| {row['id']} | {ours['width']}×{ours['height']} | {text(ft, 4)} | {text(fr, 4)} | {text(tr, 4)} | {verdict} |")
    print(f"\nAim met on {met} of the {judged} files where the peers agree.\n")

    print("Speed: median ms a frame, one thread (ratios: Flipbook ÷ peer, under 1 = Flipbook faster)\n")
    print("| file | Flipbook | ThorVG | rlottie | ÷ ThorVG | ÷ rlottie |")
    print("|---|---|---|---|---|---|")
    faster = timed = 0
    for row in rows:
        ours = row["ours"].get("milliseconds")
        if ours is None:
            continue
        theirs = [row[p].get("milliseconds") for p in ("thorvg", "rlottie")]
        ratios = [ours / t if isinstance(t, float) else None for t in theirs]
        if all(r is not None for r in ratios):
            timed += 1
            faster += all(r < 1 for r in ratios)
        print(f"| {row['id']} | {ours:.2f} | {text(theirs[0], 2)} | {text(theirs[1], 2)} | {text(ratios[0], 2)} | {text(ratios[1], 2)} |")
    print(f"\nFlipbook faster than both on {faster} of the {timed} files all three played.\n")

    print("What Flipbook reported it does not draw\n")
    for row in rows:
        for feature in row["ours"].get("unsupported", []):
            print(f"- {row['id']}: {feature}")


main()
