"""Prints the version of each peer bench/setup.sh installed (and fails if one is missing)."""
import importlib.metadata as metadata

import blend2d  # noqa: F401
import cv2
import cairocffi
import imagequant  # noqa: F401
import PIL
import rlottie_python  # noqa: F401
import skia
import skimage
import thorvg_python  # noqa: F401

print("skia-python", skia.__version__, "| blend2d-python", metadata.version("blend2d-python"),
      "| cairo", cairocffi.cairo_version_string(), "| thorvg-python", metadata.version("thorvg-python"),
      "| rlottie-python", metadata.version("rlottie-python"),
      "| imagequant", metadata.version("imagequant"), "| Pillow", PIL.__version__, "| scikit-image", skimage.__version__,
      "| OpenCV", cv2.__version__)
