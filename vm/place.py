#!/usr/bin/env python3
"""place.py SCENE.ppm SCREEN.ppm OUT.ppm

The frame `flipbook play --fit none` (the default) shows on a larger screen: the scene's own frame (SCENE,
rendered at the scene's size) centred at 1:1 on whole pixels, the bars in the scene's background colour.
SCREEN is the scene rendered with `--size` of the screen, used for its size and for the background colour at
its bottom-right pixel (outside every layer of a scene smaller than the screen)."""
import sys

from ppmdiff import read_ppm

scene_width, scene_height, scene = read_ppm(sys.argv[1])
width, height, screen = read_ppm(sys.argv[2])
background = screen[-3:]
left, top = (width - scene_width) // 2, (height - scene_height) // 2
rows = []
for y in range(height):
    row = bytearray(background * width)
    if top <= y < top + scene_height:
        start = (y - top) * scene_width * 3
        row[left * 3:(left + scene_width) * 3] = scene[start:start + scene_width * 3]
    rows.append(bytes(row))
with open(sys.argv[3], "wb") as out:
    out.write(b"P6\n%d %d\n255\n" % (width, height) + b"".join(rows))
