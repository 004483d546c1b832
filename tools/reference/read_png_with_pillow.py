#!/usr/bin/python3
"""Independent reader for the PNG writer's tests: decodes each PNG named on the command line with Pillow
(python3-pil, its own PNG parser over zlib) and prints one line per file:
  MODE WIDTH HEIGHT FNV1A64-of-the-pixel-bytes FRAMES DURATIONS
where the pixel bytes are every frame's RGB or RGBA bytes (rows top to bottom, frames in order), FRAMES is the
frame count (1 for a still PNG) and DURATIONS the frames' display times in milliseconds, comma separated."""
import sys
from PIL import Image


def fnv1a(data, value=0xCBF29CE484222325):
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


for path in sys.argv[1:]:
    image = Image.open(path)
    mode, (width, height) = image.mode, image.size
    frames = getattr(image, "n_frames", 1)
    value, durations = 0xCBF29CE484222325, []
    for index in range(frames):
        image.seek(index)
        value = fnv1a(image.convert(mode).tobytes(), value)
        durations.append("%g" % image.info.get("duration", 0))
    print(mode, width, height, "%016x" % value, frames, ",".join(durations))
