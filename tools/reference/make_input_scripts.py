#!/usr/bin/env python3
"""Writes the input scripts of the interactive demos (examples/scripts/*-input.json): the touches that
FlipbookInteractionTests replays at 30, 60 and 120 fps and that `flipbook play --display sim --input` takes."""
import json
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

# A tap on the heart: down, a small wobble within the slop, up 0.1 s later.
LIKE = [{"t": 0.3, "type": "down", "x": 158, "y": 128, "id": 0},
        {"t": 0.35, "type": "move", "x": 160, "y": 129, "id": 0},
        {"t": 0.4, "type": "up", "x": 160, "y": 129, "id": 0}]


def card():
    """The card dragged right slowly (4 points per 16 ms) half way and let go (it continues open at the
    animator's pace), then grabbed at its open place and flung left fast (12 points per 10 ms): it runs shut."""
    events = [{"t": 0.2, "type": "down", "x": 80, "y": 130, "id": 0}]
    x = 80
    for i in range(1, 21):
        x += 4
        events.append({"t": round(0.2 + i * 0.016, 3), "type": "move", "x": x, "y": 130, "id": 0})
    events.append({"t": round(0.2 + 21 * 0.016, 3), "type": "up", "x": x, "y": 130, "id": 0})
    events.append({"t": 1.5, "type": "down", "x": 240, "y": 110, "id": 1})
    x = 240
    for i in range(1, 6):
        x -= 12
        events.append({"t": round(1.5 + i * 0.01, 3), "type": "move", "x": x, "y": 112, "id": 1})
    events.append({"t": 1.56, "type": "up", "x": x, "y": 112, "id": 1})
    return events


def slider():
    """The slider's knob dragged right 4 points per 16 ms to 144 of the 240-point track (60) and let go, then
    grabbed again and dragged back 72 points (to 30) and let go."""
    events = [{"t": 0.2, "type": "down", "x": 40, "y": 160, "id": 0}]
    x = 40
    for i in range(1, 37):
        x += 4
        events.append({"t": round(0.2 + i * 0.016, 3), "type": "move", "x": x, "y": 160, "id": 0})
    events.append({"t": 0.8, "type": "up", "x": x, "y": 160, "id": 0})
    events.append({"t": 1.5, "type": "down", "x": x, "y": 160, "id": 1})
    for i in range(1, 19):
        x -= 4
        events.append({"t": round(1.5 + i * 0.016, 3), "type": "move", "x": x, "y": 160, "id": 1})
    events.append({"t": 1.82, "type": "up", "x": x, "y": 160, "id": 1})
    return events


def ring():
    """Six taps on the progress ring half a second apart (the sixth would pass 1 and is refused), a long press
    (held 0.7 s) that empties it, and one more tap."""
    events = []
    for t in [0.2, 0.7, 1.2, 1.7, 2.2, 2.7, 4.4]:
        events.append({"t": t, "type": "down", "x": 160, "y": 50, "id": 0})
        events.append({"t": round(t + 0.08, 3), "type": "up", "x": 160, "y": 50, "id": 0})
    events.insert(12, {"t": 3.2, "type": "down", "x": 230, "y": 120, "id": 1})
    events.insert(13, {"t": 3.9, "type": "up", "x": 230, "y": 120, "id": 1})
    return events


for name, events in [("like-tap", LIKE), ("card-fling", card()), ("slider", slider()), ("ring-tap", ring())]:
    with open(os.path.join(ROOT, "examples", "scripts", f"{name}-input.json"), "w") as f:
        f.write("[\n" + ",\n".join("  " + json.dumps(e) for e in events) + "\n]\n")
