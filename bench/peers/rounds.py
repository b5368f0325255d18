"""bench/compare.sh times the drawing scenes in rounds: in each round, each scene is
timed by Flipbook and at once by the peers, so that a machine that slows down for a
while slows both sides of a ratio alike. Each round's results are in OUT/rounds/R/SCENE/.

  rounds.py names SCENES   prints the names of the drawing scenes, comma-separated
  rounds.py others SCENES  prints the names of the other scenes (transitions, GIFs)
  rounds.py merge OUT      writes OUT/flipbook.json's and OUT/peers.json's drawing times
                           as the median over the rounds (the fastest passes' as the
                           fastest of all, in OUT/peers-fastest.json for the peers), and
                           takes the reference frames from the first round into OUT/frames/"""
import glob
import json
import os
import shutil
import statistics
import sys

import scenes

def names(folder, drawing=True):
    print(",".join(s["name"] for s in scenes.load(folder) if (s["kind"] in scenes.DRAWING) == drawing))


def pick(values, how):
    """`how` (median or min) of the timings, or the reason a peer gave for not drawing
    the scene."""
    numbers = [v for v in values if isinstance(v, float)]
    return how(numbers) if numbers else values[0]


def merge(out):
    runs = sorted(glob.glob(os.path.join(out, "rounds", "*", "*")))
    ours, theirs, theirs_fastest = {}, {}, {}
    for run in runs:
        scene = os.path.basename(run)
        for name, timing in json.load(open(os.path.join(run, "flipbook.json")))["scenes"].items():
            for key, ms in timing.items():
                ours.setdefault(name, {}).setdefault(key, []).append(ms)
        for file, merged in (("peers.json", theirs), ("peers-fastest.json", theirs_fastest)):
            for name, row in json.load(open(os.path.join(run, file))).items():
                for peer, ms in row.items():
                    merged.setdefault(name, {}).setdefault(peer, []).append(ms)
        if os.path.basename(os.path.dirname(run)) == "1":
            for frame in glob.glob(os.path.join(run, "frames", "*", scene + ".png")):
                who = os.path.basename(os.path.dirname(frame))
                os.makedirs(os.path.join(out, "frames", who), exist_ok=True)
                shutil.copy(frame, os.path.join(out, "frames", who, scene + ".png"))
    path = os.path.join(out, "flipbook.json")
    results = json.load(open(path)) if os.path.exists(path) else {"scenes": {}, "gifs": {}}
    for name, timing in ours.items():
        results["scenes"][name] = {key: pick(v, min if key.startswith("fastest") else statistics.median)
                                   for key, v in timing.items()}
    json.dump(results, open(path, "w"), indent=1, sort_keys=True)
    peers = {name: {peer: pick(v, statistics.median) for peer, v in row.items()} for name, row in theirs.items()}
    json.dump(peers, open(os.path.join(out, "peers.json"), "w"), indent=1, sort_keys=True)
    fastest = {name: {peer: pick(v, min) for peer, v in row.items()} for name, row in theirs_fastest.items()}
    json.dump(fastest, open(os.path.join(out, "peers-fastest.json"), "w"), indent=1, sort_keys=True)


{"names": names, "others": lambda folder: names(folder, False), "merge": merge}[sys.argv[1]](sys.argv[2])
