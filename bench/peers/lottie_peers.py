"""ThorVG (thorvg-python, its software canvas, no worker threads) and rlottie
(rlottie-python) playing one Lottie file the way flipbook-bench lottie plays it: at the
file's size, the five frames OUT/flipbook/ID.json names, written to OUT/PEER/ID-PERCENT.png
as straight RGBA, and timed: one warm-up pass, then the median of N passes (a pass sets and
renders each of the five frames), divided by five. Writes OUT/PEER/ID.json. One peer and
one file a process, so that a renderer that crashes on a file loses only that file.
Usage: lottie_peers.py thorvg|rlottie ID OUT N"""
import json
import os
import statistics
import sys
import time

import numpy as np
from PIL import Image

import scenes


class ThorVG:
    NAME = "ThorVG"

    def __init__(self, path, width, height):
        import thorvg_python as tvg
        self.engine = tvg.Engine(threads=0)
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        self.animation = tvg.LottieAnimation(self.engine)
        self.picture = self.animation.get_picture()
        if self.picture.load(path) != tvg.Result.SUCCESS:
            raise ValueError("ThorVG cannot load the file")
        self.picture.set_size(width, height)
        self.canvas.add(self.picture)
        self.shape = (height, width, 4)

    def frame(self, number):
        self.animation.set_frame(number)
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()

    def pixels(self):
        return scenes.unpremultiply(np.frombuffer(self.canvas.buffer_arr, dtype=np.uint8).reshape(self.shape))


class Rlottie:
    NAME = "rlottie"

    def __init__(self, path, width, height):
        import rlottie_python as rl
        self.animation = rl.LottieAnimation.from_file(path)
        self.size = (width, height)
        self.buffer = None

    def frame(self, number):
        width, height = self.size
        self.buffer = self.animation.lottie_animation_render(frame_num=int(number), width=width, height=height)

    def pixels(self):
        # rlottie draws premultiplied ARGB32 words: B, G, R, A bytes in memory.
        width, height = self.size
        bgra = np.frombuffer(self.buffer, dtype=np.uint8).reshape(height, width, 4)
        return scenes.unpremultiply(bgra[..., [2, 1, 0, 3]])


PEERS = {"thorvg": ThorVG, "rlottie": Rlottie}


def main():
    kind, file_id, out, passes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    flipbook = json.load(open(os.path.join(out, "flipbook", file_id + ".json")))
    peer_type = PEERS[kind]
    folder = os.path.join(out, peer_type.NAME)
    os.makedirs(folder, exist_ok=True)
    result = {"id": file_id}
    try:
        peer = peer_type(flipbook["path"], flipbook["width"], flipbook["height"])
        for number, percent in zip(flipbook["frames"], [0, 25, 50, 75, 100]):
            peer.frame(number)
            Image.fromarray(peer.pixels(), "RGBA").save(os.path.join(folder, f"{file_id}-{percent}.png"))

        def timed_pass():
            start = time.perf_counter()
            for number in flipbook["frames"]:
                peer.frame(number)
            return (time.perf_counter() - start) * 1000 / len(flipbook["frames"])

        timed_pass()
        result["milliseconds"] = statistics.median(timed_pass() for _ in range(passes))
    except Exception as error:  # a file the peer cannot play is a row of the table, not the end of the run
        result["error"] = str(error)
    json.dump(result, open(os.path.join(folder, file_id + ".json"), "w"), indent=1)


main()
