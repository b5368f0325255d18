"""Skia (skia-python) drawing the bench scenes: paths, pictures and paints made once,
drawing on a raster surface each frame. Skia takes projective matrices, so it draws the flip."""
import numpy as np
import skia

import scenes

NAME = "Skia"


def unsupported(scene):
    return None


def color(rgba, opacity=1.0):
    r, g, b, a = scenes.rgba8(rgba[:3] + [rgba[3] * opacity])
    return skia.ColorSetARGB(a, r, g, b)


def image(path):
    return skia.Image.open(path)


class Peer:
    def __init__(self, scene, assets):
        self.scene = scene
        self.surface = skia.Surface(scene["width"], scene["height"])
        self.canvas = self.surface.getCanvas()
        self.linear = skia.SamplingOptions(skia.FilterMode.kLinear)
        kind = scene["kind"]
        if kind == "draw":
            self.steps = [self.prepare(op, assets) for op in scene["operations"]]
        elif kind == "layers":
            self.layers = [(layer, skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(-layer["size"][0] / 2, -layer["size"][1] / 2, *layer["size"]),
                                                         layer["cornerRadius"], layer["cornerRadius"]), skia.Paint(AntiAlias=True))
                           for layer in scene["layers"]]
        else:
            self.faces = {name: image(f"{assets}/{name}") for name in (scene["flip"]["front"], scene["flip"]["back"])}
            self.face_paint = skia.Paint(AntiAlias=True)

    def prepare(self, op, assets):
        kind = op["op"]
        if kind == "fillPath":
            path = skia.Path()
            scenes.trace_path(op["path"], path.moveTo, path.lineTo, path.cubicTo, path.close)
            paint = skia.Paint(AntiAlias=True, Color=color(op["rgba"]))
            return lambda c: c.drawPath(path, paint)
        if kind == "strokeRoundedRect":
            rrect = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*op["rect"]), op["radius"], op["radius"])
            paint = skia.Paint(AntiAlias=True, Color=color(op["rgba"]), Style=skia.Paint.kStroke_Style, StrokeWidth=op["lineWidth"])
            return lambda c: c.drawRRect(rrect, paint)
        if kind == "fillRect":
            rect, paint = skia.Rect.MakeXYWH(*op["rect"]), skia.Paint(AntiAlias=True, Color=color(op["rgba"]))
            return lambda c: c.drawRect(rect, paint)
        if kind == "linearGradient":
            shader = skia.GradientShader.MakeLinear([skia.Point(*op["start"]), skia.Point(*op["end"])],
                                                    [color(s[1:]) for s in op["stops"]], [s[0] for s in op["stops"]])
            paint = skia.Paint(Shader=shader)
            return lambda c: c.drawPaint(paint)
        if kind == "drawImage":
            picture, rect = image(f"{assets}/{op['image']}"), skia.Rect.MakeXYWH(*op["rect"])
            a, b, cc, d, tx, ty = op["transform"]
            matrix = skia.Matrix.MakeAll(a, cc, tx, b, d, ty, 0, 0, 1)
            paint = skia.Paint(AntiAlias=True)

            def draw(c):
                c.save()
                c.concat(matrix)
                c.drawImageRect(picture, rect, self.linear, paint)
                c.restore()
            return draw
        raise ValueError(kind)

    def frame(self, index):
        c, kind = self.canvas, self.scene["kind"]
        if kind == "draw":
            for step in self.steps:
                step(c)
        elif kind == "layers":
            c.clear(color(self.scene["background"]))
            for layer, rrect, paint in self.layers:
                x, y, angle, opacity = scenes.layer_state(self.scene, layer, index)
                paint.setColor(color(layer["rgba"], opacity))
                c.save()
                c.translate(x, y)
                c.rotate(angle * 57.29577951308232)
                c.drawRRect(rrect, paint)
                c.restore()
        else:
            c.clear(color(self.scene["background"]))
            for name, m in scenes.flip_faces(self.scene, index):
                c.save()
                c.concat(skia.Matrix.MakeAll(*m))
                c.drawImage(self.faces[name], 0, 0, self.linear, self.face_paint)
                c.restore()

    def pixels(self):
        return np.array(self.surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType))
