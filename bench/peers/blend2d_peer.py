"""Blend2D (blend2d-python) drawing the bench scenes: paths and pictures made once,
drawing into a PRGB32 image each frame. Blend2D's transforms are affine: it has no flip."""
import blend2d as bl
import numpy as np

import scenes

NAME = "Blend2D"


def unsupported(scene):
    return "affine transforms only" if scene["kind"] == "flip" else None


def color(rgba):
    """The tuple blend2d-python takes for a colour: it reads tuples as (b, g, r, a)."""
    r, g, b, a = rgba
    return (b, g, r, a)


def rect(values):
    return bl.BLRect(*values)


class Peer:
    def __init__(self, scene, assets):
        self.scene = scene
        self.image = bl.BLImage(scene["width"], scene["height"], bl.BLFormat.PRGB32)
        self.context = bl.BLContext(self.image)
        self.context.clear_all()  # a new BLImage's memory is not cleared
        if scene["kind"] == "draw":
            self.steps = [self.prepare(op, assets) for op in scene["operations"]]
        else:
            self.layers = []
            for layer in scene["layers"]:
                path = bl.BLPath()
                w, h = layer["size"]
                path.add_round_rect(bl.BLRect(-w / 2, -h / 2, w, h), layer["cornerRadius"])
                self.layers.append((layer, path))

    def prepare(self, op, assets):
        kind, c = op["op"], self.context
        if kind == "fillPath":
            path = bl.BLPath()
            scenes.trace_path(op["path"], path.move_to, path.line_to, path.cubic_to, path.close)
            rgba = color(op["rgba"])

            def fill(c):
                c.set_fill_style(rgba)
                c.fill_path(path)
            return fill
        if kind == "strokeRoundedRect":
            path, rgba, width = bl.BLPath(), color(op["rgba"]), op["lineWidth"]
            path.add_round_rect(rect(op["rect"]), op["radius"])

            def stroke(c):
                c.stroke_width = width
                c.set_stroke_style(rgba)
                c.stroke_path(path)
            return stroke
        if kind == "fillRect":
            area, rgba = rect(op["rect"]), color(op["rgba"])

            def fill_rect(c):
                c.set_fill_style(rgba)
                c.fill_rect(area)
            return fill_rect
        if kind == "linearGradient":
            gradient = bl.create_linear_gradient(*op["start"], *op["end"])
            for stop in op["stops"]:
                gradient.add_stop(stop[0], color(stop[1:]))

            def paint(c):
                c.set_fill_style(gradient)
                c.fill_all()
            return paint
        if kind == "drawImage":
            picture = bl.BLImage()
            picture.readFromFile(f"{assets}/{op['image']}")
            matrix, area = bl.Matrix2D(*op["transform"]), rect(op["rect"])

            def draw(c):
                c.save()
                c.transform(matrix)
                c.blit_image(area, picture)
                c.restore()
            return draw
        raise ValueError(kind)

    def frame(self, index):
        c = self.context
        if self.scene["kind"] == "draw":
            for step in self.steps:
                step(c)
        else:
            c.set_fill_style(color(self.scene["background"]))
            c.fill_all()
            for layer, path in self.layers:
                x, y, angle, opacity = scenes.layer_state(self.scene, layer, index)
                r, g, b, a = layer["rgba"]
                c.save()
                c.translate(x, y)
                c.rotate(angle)
                c.set_fill_style(color((r, g, b, a * opacity)))
                c.fill_path(path)
                c.restore()
        c.flush()

    def pixels(self):
        bgra = np.array(self.image.getDataAsNumPy(), dtype=np.uint8).reshape(self.scene["height"], self.scene["width"], 4)
        return scenes.unpremultiply(bgra[..., [2, 1, 0, 3]])

