"""GIF export against ffmpeg (palettegen, then paletteuse, its defaults) and libimagequant
(`imagequant`, a palette per frame, dithered, written by Pillow) on the unquantised frames
flipbook-bench compare wrote: each GIF's size, its encoding time a frame, and its quality,
the SSIM (scikit-image) of every frame shown at each source frame's time against that
source frame, mean and worst. Writes OUT/gif.json. Usage: gif_quality.py SCENES OUT [SCENE,…]"""
import json
import os
import subprocess
import sys
import time

import imagequant
import numpy as np
from PIL import Image, ImageSequence
from skimage.metrics import structural_similarity

import scenes


def shown_frames(path, count, fps):
    """The frame a GIF shows at each source frame's start, i ÷ fps rounded to whole
    centiseconds as GIF delays are (frames may have been merged or left out, so frames
    are matched by time, not by index)."""
    gif = Image.open(path)
    timeline, start = [], 0
    for frame in ImageSequence.Iterator(gif):
        timeline.append((start, np.asarray(frame.convert("RGB"))))
        start += frame.info.get("duration", 0)
    shown = []
    for i in range(count):
        t = round(i * 100 / fps) * 10
        shown.append([picture for begin, picture in timeline if begin <= t][-1])
    return shown


def quality(path, sources, fps):
    scores = [structural_similarity(source, frame, channel_axis=2, data_range=255)
              for source, frame in zip(sources, shown_frames(path, len(sources), fps))]
    return {"bytes": os.path.getsize(path), "ssimMean": float(np.mean(scores)), "ssimWorst": float(np.min(scores))}


def encode_ffmpeg(folder, fps, target):
    subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-framerate", str(fps),
                    "-i", os.path.join(folder, "frames", "%04d.png"),
                    "-filter_complex", "[0]split[a][b];[a]palettegen[p];[b][p]paletteuse", target], check=True)


def encode_imagequant(frames, fps, target):
    paletted = [imagequant.quantize_pil_image(frame, dithering_level=1.0, max_colors=256) for frame in frames]
    # Whole centiseconds from each frame's exact start, so the delays do not drift.
    starts = [round(i * 100 / fps) * 10 for i in range(len(frames) + 1)]
    durations = [b - a for a, b in zip(starts, starts[1:])]
    paletted[0].save(target, save_all=True, append_images=paletted[1:], duration=durations, loop=0)


def main():
    folder, out = sys.argv[1], sys.argv[2]
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    results = {}
    for scene in scenes.load(folder):
        if scene["kind"] != "gif" or (only and scene["name"] not in only):
            continue
        work = os.path.join(out, "gif", scene["name"])
        names = sorted(os.listdir(os.path.join(work, "frames")))
        rgba = [Image.open(os.path.join(work, "frames", n)).convert("RGBA") for n in names]
        sources = [np.asarray(frame.convert("RGB")) for frame in rgba]
        fps = scene["gif"]["fps"]
        row = {"Flipbook": quality(os.path.join(work, "flipbook.gif"), sources, fps)}
        for name, encode, source in (("ffmpeg", encode_ffmpeg, work), ("imagequant", encode_imagequant, rgba)):
            target = os.path.join(work, name + ".gif")
            start = time.perf_counter()
            encode(source, fps, target)
            milliseconds = (time.perf_counter() - start) * 1000 / len(names)
            row[name] = dict(quality(target, sources, fps), encodeMilliseconds=milliseconds)
        results[scene["name"]] = row
        for name, r in row.items():
            print(f"  {scene['name']:<12} {name:<10} {r['bytes']:>9} bytes  SSIM mean {r['ssimMean']:.4f} worst {r['ssimWorst']:.4f}", flush=True)
    json.dump(results, open(os.path.join(out, "gif.json"), "w"), indent=1, sort_keys=True)


main()
