"""The Gaussian blur against OpenCV and Pillow, in one run: CIGaussianBlur at radius 10
(σ 10) on a 1920×1080 frame by `flipbook-bench filters`, and cv2.GaussianBlur (σ 10, one
thread) and Pillow's GaussianBlur (radius 10) on a 1920×1080 RGBA picture, each side
timed in turn for ROUNDS rounds; each time is the median over the rounds. Prints a
Markdown table with Flipbook's time ÷ each peer's (the aim: at most 0.5 of OpenCV's).
Usage: blur.py FLIPBOOK_BENCH [ROUNDS]"""
import re
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np
from PIL import Image, ImageFilter

WIDTH, HEIGHT, SIGMA, REPEATS = 1920, 1080, 10.0, 5


def picture():
    """A 1920×1080 RGBA picture: smooth colour with fine detail (a blur's cost does not
    depend on what it blurs, but the picture should not be flat)."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    rgba = np.stack([(x * 255 // WIDTH), (y * 255 // HEIGHT), ((x ^ y) & 255), np.full_like(x, 255)], axis=-1)
    return rgba.astype(np.uint8)


def milliseconds(run):
    run()  # warm up
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def flipbook(bench):
    line = subprocess.run([bench, "filters", "--frames", str(REPEATS), "--only", "gaussian blur r10"],
                          check=True, capture_output=True, text=True).stdout
    # Rows read "  gaussian blur r10      1      331.02     3.0".
    match = re.search(r"gaussian blur r10\s+1\s+([0-9.]+)", line)
    if not match:
        sys.exit("blur.py: flipbook-bench printed no one-thread Gaussian time")
    return float(match.group(1))


def main():
    bench = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    cv2.setNumThreads(1)
    rgba = picture()
    image = Image.fromarray(rgba, "RGBA")
    results = {"Flipbook": [], "OpenCV": [], "Pillow": []}
    for _ in range(rounds):
        results["Flipbook"].append(flipbook(bench))
        results["OpenCV"].append(milliseconds(lambda: cv2.GaussianBlur(rgba, (0, 0), SIGMA)))
        results["Pillow"].append(milliseconds(lambda: image.filter(ImageFilter.GaussianBlur(SIGMA))))
    medians = {who: statistics.median(times) for who, times in results.items()}
    print(f"\nGaussian blur σ 10, 1920×1080, one thread (median of {rounds} rounds):\n")
    print("| | ms | Flipbook ÷ it |")
    print("|---|---|---|")
    for who, ms in medians.items():
        ratio = "" if who == "Flipbook" else f"{medians['Flipbook'] / ms:.2f}"
        print(f"| {who} | {ms:.1f} | {ratio} |")


if __name__ == "__main__":
    main()
