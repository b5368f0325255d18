#!/usr/bin/env python3
"""The Cairo peer of `flipbook-bench graphics`: draws the same scenes from the same JSON
file and prints the median milliseconds of each as JSON. Usage: cairo_graphics.py SCENES N"""
import json
import math
import statistics
import sys
import time

import cairocffi as cairo


def draw(name, s, photo, ctx):
    if name == "a-blobs":
        for blob in s["blobs"]:
            p = blob["points"]
            ctx.move_to(p[0], p[1])
            for k in range(4):
                o = 2 + k * 6
                ctx.curve_to(p[o], p[o + 1], p[o + 2], p[o + 3], p[o + 4], p[o + 5])
            ctx.close_path()
            ctx.set_source_rgba(*blob["rgba"])
            ctx.fill()
    elif name == "b-linear-gradient":
        g = cairo.LinearGradient(0, 0, s["width"], s["height"])
        for stop in s["gradientStops"]:
            g.add_color_stop_rgba(*stop)
        g.set_extend(cairo.EXTEND_NONE)
        ctx.set_source(g)
        ctx.paint()
    elif name == "c-rounded-rect-strokes":
        ctx.set_line_width(2)
        ctx.set_source_rgba(0.1, 0.2, 0.6, 1)
        for r in s["roundedRects"]:
            x, y, w, h, rad = r["x"], r["y"], r["width"], r["height"], r["radius"]
            ctx.new_sub_path()
            ctx.arc(x + w - rad, y + rad, rad, -math.pi / 2, 0)
            ctx.arc(x + w - rad, y + h - rad, rad, 0, math.pi / 2)
            ctx.arc(x + rad, y + h - rad, rad, math.pi / 2, math.pi)
            ctx.arc(x + rad, y + rad, rad, math.pi, 3 * math.pi / 2)
            ctx.close_path()
            ctx.stroke()
    elif name == "d-photo-rotated":
        ctx.save()
        ctx.translate(s["width"] / 2, s["height"] / 2)
        ctx.rotate(math.radians(s["photoAngleDegrees"]))
        ctx.scale(s["photoScale"], s["photoScale"])
        ctx.translate(-photo.get_width() / 2, -photo.get_height() / 2)
        ctx.set_source_surface(photo, 0, 0)
        ctx.get_source().set_filter(cairo.FILTER_BILINEAR)
        ctx.rectangle(0, 0, photo.get_width(), photo.get_height())
        ctx.fill()
        ctx.restore()
    else:
        ctx.set_source_rgba(0.2, 0.5, 0.8, 1)
        ctx.rectangle(0, 0, s["width"], s["height"])
        ctx.fill()


def main():
    scenes = json.load(open(sys.argv[1]))
    iterations = int(sys.argv[2])
    photo = cairo.ImageSurface.create_from_png(scenes["photoPath"])
    names = ["a-blobs", "b-linear-gradient", "c-rounded-rect-strokes", "d-photo-rotated", "e-solid-fill"]
    result = {}
    for name in names:
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scenes["width"], scenes["height"])
        ctx = cairo.Context(surface)
        draw(name, scenes, photo, ctx)
        surface.flush()
        samples = []
        for _ in range(iterations):
            start = time.perf_counter()
            draw(name, scenes, photo, ctx)
            surface.flush()
            samples.append((time.perf_counter() - start) * 1000)
        result[name] = statistics.median(samples)
    print(json.dumps(result))


main()
