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


def drag(t, x, y, contact, step, count, every, up=None, dy=0):
    """A finger down at (x, y) at time t, moved `count` times by (step, dy) points every `every` seconds, and
    lifted where it stopped at `up` (default: one interval after the last move). Returns the events and its x."""
    events = [{"t": t, "type": "down", "x": x, "y": y, "id": contact}]
    for i in range(1, count + 1):
        x += step
        events.append({"t": round(t + i * every, 3), "type": "move", "x": x, "y": y + dy, "id": contact})
    lift = up if up is not None else round(t + (count + 1) * every, 3)
    events.append({"t": lift, "type": "up", "x": x, "y": y + dy, "id": contact})
    return events, x


def card():
    """The card dragged right slowly (4 points per 16 ms) half way and let go (it continues open at the
    animator's pace), then grabbed at its open place and flung left fast (12 points per 10 ms): it runs shut."""
    slow, _ = drag(0.2, 80, 130, 0, 4, 20, 0.016)
    fling, _ = drag(1.5, 240, 110, 1, -12, 5, 0.01, up=1.56, dy=2)
    return slow + fling


def slider():
    """The slider's knob dragged right 4 points per 16 ms to 144 of the 240-point track (60) and let go, then
    grabbed again and dragged back 72 points (to 30) and let go."""
    right, x = drag(0.2, 40, 160, 0, 4, 36, 0.016, up=0.8)
    back, _ = drag(1.5, x, 160, 1, -4, 18, 0.016, up=1.82)
    return right + back


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
