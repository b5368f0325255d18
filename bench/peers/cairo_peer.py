"""Cairo (cairocffi over the system libcairo2) drawing the bench scenes: paths and
pictures made once, drawing on an ARGB32 image surface each frame. Cairo's transforms
are affine: it has no flip."""
import math

import cairocffi as cairo
import numpy as np

import scenes

NAME = "Cairo"


def unsupported(scene):
    return "affine transforms only" if scene["kind"] == "flip" else None


def rounded_rect(ctx, x, y, w, h, r):
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


class Peer:
    def __init__(self, scene, assets):
        self.scene = scene
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["width"], scene["height"])
        self.context = cairo.Context(self.surface)
        if scene["kind"] == "draw":
            self.steps = [self.prepare(op, assets) for op in scene["operations"]]
        else:
            self.layers = []
            for layer in scene["layers"]:
                w, h = layer["size"]
                rounded_rect(self.context, -w / 2, -h / 2, w, h, layer["cornerRadius"])
                self.layers.append((layer, self.context.copy_path()))
                self.context.new_path()

    def prepare(self, op, assets):
        kind, ctx = op["op"], self.context
        if kind in ("fillPath", "strokeRoundedRect"):
            if kind == "fillPath":
                scenes.trace_path(op["path"], ctx.move_to, ctx.line_to, ctx.curve_to, ctx.close_path)
            else:
                rounded_rect(ctx, *op["rect"], op["radius"])
            path, rgba, width = ctx.copy_path(), op["rgba"], op.get("lineWidth", 1)
            ctx.new_path()

            def draw(c):
                c.append_path(path)
                c.set_source_rgba(*rgba)
                if kind == "fillPath":
                    c.fill()
                else:
                    c.set_line_width(width)
                    c.stroke()
            return draw
        if kind == "fillRect":
            area, rgba = op["rect"], op["rgba"]

            def fill_rect(c):
                c.set_source_rgba(*rgba)
                c.rectangle(*area)
                c.fill()
            return fill_rect
        if kind == "linearGradient":
            gradient = cairo.LinearGradient(*op["start"], *op["end"])
            for stop in op["stops"]:
                gradient.add_color_stop_rgba(*stop)

            def paint(c):
                c.set_source(gradient)
                c.paint()
            return paint
        if kind == "drawImage":
            picture = cairo.ImageSurface.create_from_png(f"{assets}/{op['image']}")
            matrix, (x, y, w, h) = cairo.Matrix(*op["transform"]), op["rect"]
            sx, sy = w / picture.get_width(), h / picture.get_height()

            def draw(c):
                c.save()
                c.transform(matrix)
                c.translate(x, y)
                c.scale(sx, sy)
                c.set_source_surface(picture, 0, 0)
                c.get_source().set_filter(cairo.FILTER_BILINEAR)
                c.rectangle(0, 0, picture.get_width(), picture.get_height())
                c.fill()
                c.restore()
            return draw
        raise ValueError(kind)

    def frame(self, index):
        c = self.context
        if self.scene["kind"] == "draw":
            for step in self.steps:
                step(c)
        else:
            c.set_source_rgba(*self.scene["background"])
            c.paint()
            for layer, path in self.layers:
                x, y, angle, opacity = scenes.layer_state(self.scene, layer, index)
                r, g, b, a = layer["rgba"]
                c.save()
                c.translate(x, y)
                c.rotate(angle)
                c.append_path(path)
                c.set_source_rgba(r, g, b, a * opacity)
                c.fill()
                c.restore()
        self.surface.flush()

    def pixels(self):
        data = np.frombuffer(self.surface.get_data(), dtype=np.uint8)
        bgra = data.reshape(self.scene["height"], self.surface.get_stride() // 4, 4)[:, :self.scene["width"]]
        return scenes.unpremultiply(bgra[..., [2, 1, 0, 3]])
