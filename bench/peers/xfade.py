"""ffmpeg's xfade, the peer of the transition scenes: the CPU time per frame xfade takes
on one thread on the scene's two pictures at the scene's size. ffmpeg reads both pictures
as raw RGBA, converts them to planar RGB with alpha (a format xfade takes) and blends
them; xfade's cost is perf's count of CPU-clock samples (0.1 ms each) in libavfilter,
where xfade runs, less that of a run which only reads and converts. CPU time, not wall
time: ffmpeg reads its inputs on threads of their own. Writes OUT/xfade.json.
Usage: xfade.py SCENES OUT [SCENE,…]"""
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image

import scenes

FRAMES = 150


def arguments(a, b, size, transition):
    seconds = FRAMES / 30
    source = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", size, "-framerate", "30", "-stream_loop", "-1"]
    graph = (f"[0]format=gbrap[a];[1]format=gbrap[b];[a][b]xfade=transition={transition}:duration={seconds}:offset=0"
             if transition else "[0]format=gbrap[a];[1]format=gbrap,nullsink;[a]null")
    return (["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "1", "-filter_threads", "1"]
            + source + ["-i", a] + source + ["-i", b] + ["-filter_complex", graph, "-frames:v", str(FRAMES), "-f", "null", "-"])


def filter_milliseconds(command, work):
    data = os.path.join(work, "perf.data")
    subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-c", "100000", "-o", data, "--"] + command,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "dso", "-n", "-q"],
                            check=True, capture_output=True, text=True).stdout
    # Lines read "  26.53%   18807  libavfilter.so.8.44.100".
    for line in report.splitlines():
        if "libavfilter" in line:
            return int(line.split()[1]) * 0.1
    return 0.0


def main():
    folder, out = sys.argv[1], sys.argv[2]
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    assets = os.path.join(out, "assets")
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for scene in scenes.load(folder):
            if scene["kind"] != "transition" or (only and scene["name"] not in only):
                continue
            size = f"{scene['width']}x{scene['height']}"
            raw = []
            for name in (scene["transition"]["source"], scene["transition"]["target"]):
                path = os.path.join(work, name + ".rgba")
                open(path, "wb").write(Image.open(os.path.join(assets, name)).convert("RGBA").resize((scene["width"], scene["height"])).tobytes())
                raw.append(path)
            baseline = min(filter_milliseconds(arguments(*raw, size, None), work) for _ in range(3))
            cost = min(filter_milliseconds(arguments(*raw, size, scene["transition"]["xfade"]), work) for _ in range(3))
            results[scene["name"]] = {"ffmpeg xfade": max(cost - baseline, 1e-6) / FRAMES}
            print(f"  {scene['name']:<24} xfade={scene['transition']['xfade']:<9} {results[scene['name']]['ffmpeg xfade']:8.2f} ms", flush=True)
    json.dump(results, open(os.path.join(out, "xfade.json"), "w"), indent=1, sort_keys=True)


main()
