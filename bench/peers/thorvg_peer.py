"""ThorVG (thorvg-python, its software canvas, no worker threads) drawing the bench
scenes. ThorVG keeps a scene of paints: they are made once and added to the canvas; each
frame changes what the frame changes (or, for a still, sets every paint's transform again,
so ThorVG prepares and rasterises everything as the others do), then updates, draws and
syncs. Per-frame calls go straight to libthorvg through ctypes. ThorVG's matrices are
affine: it has no flip."""
import ctypes
import math

import numpy as np
import thorvg_python as tvg
from PIL import Image

import scenes

NAME = "ThorVG"
ENGINE = tvg.Engine(threads=0)
# A handle of its own: thorvg-python sets the argument types of its functions at each call.
LIB = ctypes.CDLL(ENGINE.thorvg_lib._name)
LIB.tvg_paint_set_transform.argtypes = [ctypes.c_void_p, ctypes.POINTER(tvg.Matrix)]
LIB.tvg_paint_set_opacity.argtypes = [ctypes.c_void_p, ctypes.c_uint8]
LIB.tvg_canvas_update.argtypes = [ctypes.c_void_p]
LIB.tvg_canvas_draw.argtypes = [ctypes.c_void_p, ctypes.c_bool]
LIB.tvg_canvas_sync.argtypes = [ctypes.c_void_p]


def unsupported(scene):
    return "affine transforms only" if scene["kind"] == "flip" else None


def matrix(a=1.0, b=0.0, c=0.0, d=1.0, tx=0.0, ty=0.0):
    """ThorVG's matrix of the affine map x' = a x + c y + tx, y' = b x + d y + ty."""
    return tvg.Matrix(a, c, tx, b, d, ty, 0, 0, 1)


def pointer(paint):
    return ctypes.cast(paint._paint, ctypes.c_void_p)


class Peer:
    def __init__(self, scene, assets):
        self.scene = scene
        self.canvas = tvg.SwCanvas(ENGINE)
        self.canvas.set_target(scene["width"], scene["height"], cs=tvg.Colorspace.ABGR8888)
        self.handle = ctypes.cast(self.canvas._canvas, ctypes.c_void_p)
        self.keep = []
        if scene["kind"] == "draw":
            self.paints = [self.prepare(op, assets) for op in scene["operations"]]
            self.transforms = [(pointer(p), ctypes.pointer(m)) for p, m in self.paints]
        else:
            background = self.shape()
            background.append_rect(0, 0, scene["width"], scene["height"], 0, 0, True)
            background.set_fill_color(*scenes.rgba8(scene["background"]))
            self.layers = []
            for layer in scene["layers"]:
                w, h = layer["size"]
                shape = self.shape()
                shape.append_rect(-w / 2, -h / 2, w, h, layer["cornerRadius"], layer["cornerRadius"], True)
                shape.set_fill_color(*scenes.rgba8(layer["rgba"]))
                self.layers.append((layer, pointer(shape), tvg.Matrix()))

    def shape(self):
        shape = tvg.Shape(ENGINE)
        self.canvas.add(shape)
        self.keep.append(shape)
        return shape

    def prepare(self, op, assets):
        kind = op["op"]
        if kind == "drawImage":
            rgba = Image.open(f"{assets}/{op['image']}").convert("RGBA")
            picture = tvg.Picture(ENGINE)
            picture.load_raw(rgba.tobytes(), rgba.width, rgba.height, tvg.Colorspace.ABGR8888S, True)
            x, y, w, h = op["rect"]
            picture.set_size(w, h)
            a, b, c, d, tx, ty = op["transform"]
            m = matrix(a, b, c, d, a * x + c * y + tx, b * x + d * y + ty)
            picture.set_transform(m)
            self.canvas.add(picture)
            self.keep.append(picture)
            return picture, m
        shape = self.shape()
        if kind == "fillPath":
            scenes.trace_path(op["path"], shape.move_to, shape.line_to, shape.cubic_to, shape.close)
            shape.set_fill_color(*scenes.rgba8(op["rgba"]))
        elif kind == "strokeRoundedRect":
            x, y, w, h = op["rect"]
            shape.append_rect(x, y, w, h, op["radius"], op["radius"], True)
            shape.set_stroke_width(op["lineWidth"])
            shape.set_stroke_color(*scenes.rgba8(op["rgba"]))
        elif kind == "fillRect":
            shape.append_rect(*op["rect"], 0, 0, True)
            shape.set_fill_color(*scenes.rgba8(op["rgba"]))
        elif kind == "linearGradient":
            shape.append_rect(0, 0, self.scene["width"], self.scene["height"], 0, 0, True)
            gradient = tvg.LinearGradient(ENGINE)
            gradient.set(*op["start"], *op["end"])
            gradient.set_color_stops([tvg.ColorStop(s[0], *scenes.rgba8(s[1:])) for s in op["stops"]])
            shape.set_gradient(gradient)
        else:
            raise ValueError(kind)
        return shape, matrix()

    def frame(self, index):
        if self.scene["kind"] == "draw":
            for paint, m in self.transforms:
                LIB.tvg_paint_set_transform(paint, m)
            clear = False
        else:
            for layer, paint, m in self.layers:
                x, y, angle, opacity = scenes.layer_state(self.scene, layer, index)
                cos, sin = math.cos(angle), math.sin(angle)
                m.e11, m.e12, m.e13, m.e21, m.e22, m.e23 = cos, -sin, x, sin, cos, y
                LIB.tvg_paint_set_transform(paint, ctypes.byref(m))
                LIB.tvg_paint_set_opacity(paint, round(opacity * 255))
            clear = True
        LIB.tvg_canvas_update(self.handle)
        LIB.tvg_canvas_draw(self.handle, clear)
        LIB.tvg_canvas_sync(self.handle)

    def pixels(self):
        rgba = np.frombuffer(self.canvas.buffer_arr, dtype=np.uint8).reshape(self.scene["height"], self.scene["width"], 4)
        return scenes.unpremultiply(rgba)
