#!/usr/bin/env python3
"""vm/input/plan.py OUT_DIR: the touches of the VM input test (vm/input/test.sh), written twice.

For the guest, OUT_DIR/files/input/steps.txt: lines "play NAME SCENE ARGS…" (start flipbook play), "qmp JSON"
(a QMP command for the host: input-send-event, which QEMU routes to the virtio tablet, the only absolute
pointer; device_del), "pause S", "shot NAME"
(a screendump once the picture has settled) and "stop" (SIGTERM to the player). For the simulator,
OUT_DIR/expected/NAME.json (and NAME.args, the scene and options): the same touches up to each shot as a --input script, in the scene points the
guest's flipbook computes from the tablet's values — the integer arithmetic of DisplayMapping and
DisplayPlacement repeated here — so the simulator's last frame is what the screen must show."""
import json
import os
import sys

PANEL = (1024, 768)  # bochs at VM_RES
SCENE = (320, 240)   # both demo scenes
ABS_MAX = 32767      # QEMU's virtio tablet: ABS_X and ABS_Y 0 … 32767


def trunc_div(a, b):
    """Swift's `/` on integers: rounds toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


class Placement:
    """DisplayPlacement: the scene turned clockwise by `rotate`, fitted, centred on whole pixels."""

    def __init__(self, rotate, fit):
        self.rotate = rotate
        turned = rotate in (90, 270)
        w, h = (PANEL[1], PANEL[0]) if turned else PANEL
        sx, sy = (w << 16) // SCENE[0], (h << 16) // SCENE[1]
        if fit == "none":
            sx = sy = 1 << 16
        elif fit == "contain":
            sx = sy = min(sx, sy)
        self.sx, self.sy = sx, sy
        self.ox = trunc_div((w << 16) - sx * SCENE[0], 2) & ~0xFFFF
        self.oy = trunc_div((h << 16) - sy * SCENE[1], 2) & ~0xFFFF

    def panel(self, x, y):
        """Where scene point (x, y) is on the panel (floating point: only to aim the tablet)."""
        ux, uy = (self.ox + self.sx * x) / 65536, (self.oy + self.sy * y) / 65536
        w, h = PANEL
        return {0: (ux, uy), 90: (w - uy, ux), 180: (w - ux, h - uy), 270: (uy, h - ux)}[self.rotate]

    def scene(self, vx, vy):
        """The scene point (Q16.16 raw) flipbook maps tablet values (vx, vy) to."""
        nx, ny = [((v << 16) + ABS_MAX // 2) // ABS_MAX for v in (vx, vy)]
        px, py = nx * PANEL[0], ny * PANEL[1]
        w, h = PANEL[0] << 16, PANEL[1] << 16
        tx, ty = {0: (px, py), 90: (py, w - px), 180: (w - px, h - py), 270: (h - py, px)}[self.rotate]
        return trunc_div((tx - self.ox) << 16, self.sx), trunc_div((ty - self.oy) << 16, self.sy)


def tablet(x, y, placement):
    """The tablet values aimed at scene point (x, y)."""
    px, py = placement.panel(x, y)
    return [min(ABS_MAX, max(0, round(p * ABS_MAX / size))) for p, size in zip((px, py), PANEL)]


def main():
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "files", "input"), exist_ok=True)
    os.makedirs(os.path.join(out, "expected"), exist_ok=True)
    steps = []

    def run(name, scene, rotate, fit, gestures, unplug=False):
        placement = Placement(rotate, fit)
        steps.append(f"play {name} /input/{scene}.json --rotate {rotate} --fit {fit}")
        script, t, last = [], 0.5, None
        for shot, actions in gestures:
            # One finger: ("down", x, y), ("move", x, y), ("up",), or ("fling", x, y): a move and the release in
            # one report, so the finger leaves at speed (the guest's moves are a QMP round trip apart).
            for action, *point in actions:
                if action == "up":
                    events = [{"type": "btn", "data": {"down": False, "button": "left"}}]
                    script.append(dict(last, t=round(t, 3), type="up"))
                else:
                    vx, vy = tablet(*point, placement)
                    events = [{"type": "abs", "data": {"axis": "x", "value": vx}},
                              {"type": "abs", "data": {"axis": "y", "value": vy}}]
                    if action != "move":
                        events.append({"type": "btn", "data": {"down": action == "down", "button": "left"}})
                    sx, sy = placement.scene(vx, vy)
                    last = {"t": round(t, 3), "type": "down" if action == "down" else "move",
                            "x": sx / 65536, "y": sy / 65536, "id": 0}
                    script.append(last)
                    if action == "fling":
                        script.append(dict(last, type="up"))
                steps.append("qmp " + json.dumps({"execute": "input-send-event",
                                                  "arguments": {"events": events}}))
                t += 0.02
            steps.append(f"shot {name}-{shot}")
            with open(os.path.join(out, "expected", f"{name}-{shot}.json"), "w") as f:
                json.dump(script, f)
            with open(os.path.join(out, "expected", f"{name}-{shot}.args"), "w") as f:
                f.write(f"{scene}.json --rotate {rotate} --fit {fit}\n")
            t += 2
        if unplug:
            steps.append("qmp " + json.dumps({"execute": "device_del", "arguments": {"id": "tablet"}}))
            steps.append("pause 2")
            steps.append(f"shot {name}-unplugged")
        steps.append("stop")

    tap = [("tap", [("down", 158, 128), ("move", 160, 129), ("up",)])]
    card = [("drag", [("down", 80, 130)] + [("move", 80 + 6 * k, 130) for k in range(1, 8)]),  # held half open
            ("open", [("up",)]),  # let go: the card continues open
            ("fling", [("down", 240, 110)] + [("move", 240 - 16 * k, 112) for k in range(1, 6)] + [("fling", 144, 112)])]
    run("tap", "like-tap", 0, "none", tap)
    run("card", "card-fling", 0, "none", card)
    run("card90", "card-fling", 90, "none", card)
    run("contain", "card-fling", 0, "contain", card, unplug=True)
    # A key on the virtio keyboard while the tap scene plays: read and ignored (scenes have no key actions).
    steps.insert(1, "qmp " + json.dumps({"execute": "input-send-event", "arguments": {"events": [
        {"type": "key", "data": {"down": True, "key": {"type": "qcode", "data": "a"}}}]}}))
    steps.insert(2, "qmp " + json.dumps({"execute": "input-send-event", "arguments": {"events": [
        {"type": "key", "data": {"down": False, "key": {"type": "qcode", "data": "a"}}}]}}))
    with open(os.path.join(out, "files", "input", "steps.txt"), "w") as f:
        f.write("\n".join(steps) + "\n")


if __name__ == "__main__":
    main()
