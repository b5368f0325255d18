"""Times every peer on every scene it can draw, the same way flipbook-bench compare
times Flipbook: one warm-up pass, then the median of N passes (a pass draws each frame
of an animation once), divided by the frames. Writes OUT/peers.json, the fastest pass's
times to OUT/peers-fastest.json, and each peer's reference frame, OUT/frames/PEER/SCENE.png.
Usage: run_peers.py SCENES OUT N [SCENE,…]"""
import json
import os
import statistics
import sys
import time

from PIL import Image

import blend2d_peer
import cairo_peer
import scenes
import skia_peer
import thorvg_peer

PEERS = [skia_peer, blend2d_peer, cairo_peer, thorvg_peer]


def time_pass(peer, count):
    start = time.perf_counter()
    for index in range(count):
        peer.frame(index)
    return (time.perf_counter() - start) * 1000


def main():
    folder, out, passes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    only = sys.argv[4].split(",") if len(sys.argv) > 4 else None
    assets = os.path.join(out, "assets")
    results, fastest = {}, {}
    for scene in scenes.load(folder):
        if scene["kind"] not in scenes.DRAWING or (only and scene["name"] not in only):
            continue
        count = scene.get("frames", 1)
        for module in PEERS:
            reason = module.unsupported(scene)
            if reason:
                results.setdefault(scene["name"], {})[module.NAME] = reason
                continue
            reference = module.Peer(scene, assets)
            reference.frame(scenes.reference_frame(scene))
            os.makedirs(os.path.join(out, "frames", module.NAME), exist_ok=True)
            Image.fromarray(reference.pixels(), "RGBA").save(os.path.join(out, "frames", module.NAME, scene["name"] + ".png"))
            peer = module.Peer(scene, assets)
            time_pass(peer, count)
            times = [time_pass(peer, count) / count for _ in range(passes)]
            ms = statistics.median(times)
            results.setdefault(scene["name"], {})[module.NAME] = ms
            fastest.setdefault(scene["name"], {})[module.NAME] = min(times)
            print(f"  {scene['name']:<24} {module.NAME:<8} {ms:8.2f} ms", flush=True)
    json.dump(results, open(os.path.join(out, "peers.json"), "w"), indent=1, sort_keys=True)
    json.dump(fastest, open(os.path.join(out, "peers-fastest.json"), "w"), indent=1, sort_keys=True)


main()
