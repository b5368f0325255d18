"""Prints bench/compare.sh's tables (Markdown) from OUT's flipbook.json, peers.json,
xfade.json and gif.json. Ratios are Flipbook's time ÷ the peer's: under 1 means Flipbook
is faster. "Same picture" is the largest mean difference (0…255 a channel) between a
peer's reference frame and Flipbook's: it shows the peers drew the same thing. A second
table gives each side's fastest pass (peers-fastest.json, flipbook.json's fastest1/2).
Usage: report.py OUT"""
import glob
import json
import os
import sys

import numpy as np
from PIL import Image

PEERS = ["Skia", "Blend2D", "Cairo", "ThorVG"]


def load(out, name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.exists(path) else {}


def reference(out, who, scene):
    """Someone's reference frame of `scene` as float RGBA, or None."""
    path = os.path.join(out, "frames", who, scene + ".png")
    return np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64) if os.path.exists(path) else None


def difference(ours, theirs):
    return None if ours is None or theirs is None else float(np.abs(ours - theirs).mean())


def ms(value):
    return f"{value:.2f}" if isinstance(value, float) else "—"


def ratio(ours, theirs):
    return f"{ours / theirs:.2f}" if isinstance(theirs, float) else "—"


def main():
    out = sys.argv[1]
    ours, peers, xfade, gifs = (load(out, n) for n in ("flipbook.json", "peers.json", "xfade.json", "gif.json"))
    scenes = ours.get("scenes", {})
    rounds = len(glob.glob(os.path.join(out, "rounds", "*")))
    print(f"Drawing: median ms a frame (1920×1080) over {rounds} rounds; ratios are Flipbook ÷ peer, under 1 = Flipbook faster\n")
    print("| scene | Flipbook 1 thread | Flipbook 2 threads | " + " | ".join(PEERS)
          + " | 1t÷Skia | 2t÷Skia | 1t÷Blend2D | 2t÷Blend2D | 1t÷Cairo | 1t÷ThorVG | same picture |")
    print("|---" * 14 + "|")
    notes = set()
    for name in sorted(peers):
        one, two = scenes[name]["threads1"], scenes[name]["threads2"]
        row = peers[name]
        for peer in PEERS:
            if isinstance(row.get(peer), str):
                notes.add(f"{peer}: {row[peer]}")
        ours_frame = reference(out, "flipbook", name)
        diffs = [d for d in (difference(ours_frame, reference(out, p, name)) for p in PEERS) if d is not None]
        print(f"| {name} | {one:.2f} | {two:.2f} | " + " | ".join(ms(row.get(p)) for p in PEERS)
              + f" | {ratio(one, row.get('Skia'))} | {ratio(two, row.get('Skia'))} | {ratio(one, row.get('Blend2D'))}"
              + f" | {ratio(two, row.get('Blend2D'))} | {ratio(one, row.get('Cairo'))} | {ratio(one, row.get('ThorVG'))}"
              + f" | {max(diffs):.2f} |")
    if notes:
        print("\n— " + "; ".join(sorted(notes)) + ": no projective transforms, so no flip.")
    fastest = load(out, "peers-fastest.json")
    print("\nDrawing, fastest pass of all rounds (a machine's noise only ever adds time): ms a frame and ratios\n")
    print("| scene | Flipbook 1 thread | Flipbook 2 threads | Skia | Blend2D | 1t÷Skia | 2t÷Skia | 1t÷Blend2D | 2t÷Blend2D |")
    print("|---" * 9 + "|")
    for name in sorted(fastest):
        one, two = scenes[name].get("fastest1"), scenes[name].get("fastest2")
        row = fastest[name]
        if one is None or two is None:
            continue
        print(f"| {name} | {one:.2f} | {two:.2f} | {ms(row.get('Skia'))} | {ms(row.get('Blend2D'))}"
              + f" | {ratio(one, row.get('Skia'))} | {ratio(two, row.get('Skia'))}"
              + f" | {ratio(one, row.get('Blend2D'))} | {ratio(two, row.get('Blend2D'))} |")
    print("\nTransitions: median ms a frame (1920×1080); xfade is CPU time on one thread, so Flipbook's 1-thread time compares per core\n")
    print("| scene | Flipbook 1 thread | Flipbook 2 threads | ffmpeg xfade | 1t÷xfade |")
    print("|---|---|---|---|---|")
    for name in sorted(xfade):
        one, two, peer = scenes[name]["threads1"], scenes[name]["threads2"], xfade[name]["ffmpeg xfade"]
        print(f"| {name} | {one:.2f} | {two:.2f} | {peer:.2f} | {one / peer:.2f} |")
    print("\nGIF export (480×270, 60 frames): size, SSIM against the unquantised frames, encoding ms a frame\n")
    print("| scene | encoder | bytes | SSIM mean | SSIM worst | encode ms/frame |")
    print("|---|---|---|---|---|---|")
    for name in sorted(gifs):
        for encoder, r in gifs[name].items():
            encode = ours["gifs"][name]["encodeMilliseconds"] if encoder == "Flipbook" else r["encodeMilliseconds"]
            print(f"| {name} | {encoder} | {r['bytes']:,} | {r['ssimMean']:.4f} | {r['ssimWorst']:.4f} | {encode:.2f} |")


main()
