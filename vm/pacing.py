#!/usr/bin/env python3
"""vm/pacing.py LOG KIND BACKEND: checks the pacing runs of vm/guest/e2e.sh (its @@PACE lines).

still:  a scene with nothing moving, played for 10 s, presents its first frame only and, after it, uses under
        1 % of one core (user + system CPU time from getrusage over the wall time, as `play --verbose` prints).
moving: a scene that moves every frame, played for 3 s, presents at the mode's refresh rate: after the first
        frame, presents per second of wall time within [MIN_SHARE, MAX_SHARE] of 10^6 / refresh interval.
        The upper bound is the point (QEMU's flip events come at once: unpaced, the loop would draw as fast
        as TCG lets it); the lower one allows for a loaded 2-core host, whose TCG guest misses some slots.
Prints one line per check ("ok" / "FAIL") and the measured numbers; exits 1 on a failure.
"""
import re
import sys

MAX_CPU_PERCENT = 1.0
MIN_SHARE, MAX_SHARE = 0.80, 1.02

IDLE = re.compile(r"after the first frame: presented (\d+) frames; CPU ([\d.]+) s user \+ ([\d.]+) s system "
                  r"over ([\d.]+) s \(([\d.]+) % of one core\); refresh interval (\d+) µs")
SUMMARY = re.compile(r"played (\d+) frames in ([\d.]+) s \(([\d.]+) fps, (\d+) presented")


def lines(log, kind, backend, case):
    prefix = f"@@PACE {kind} {backend} {case} "
    with open(log, encoding="utf-8", errors="replace") as handle:
        return [line.strip()[len(prefix):].removesuffix("@@") for line in handle if line.startswith(prefix)]


def main():
    log, kind, backend = sys.argv[1:4]
    failures = 0

    def check(what, good, detail):
        nonlocal failures
        print(f"vm-test: {'ok  ' if good else 'FAIL'} {kind} {backend} {what} ({detail})")
        failures += 0 if good else 1

    for case in ("still", "moving"):
        text = "\n".join(lines(log, kind, backend, case))
        idle, summary = IDLE.search(text), SUMMARY.search(text)
        if not idle or not summary:
            check(f"{case}: play --verbose printed its summary and CPU time", False, text[-300:] or "no output")
            continue
        presented, user, system, wall, percent, interval = idle.groups()
        presented, wall, percent, interval = int(presented), float(wall), float(percent), int(interval)
        refresh = 1e6 / interval
        if case == "still":
            check("still scene: no frame presented after the first", presented == 0 and summary.group(4) == "1",
                  f"{summary.group(4)} presented in all, {presented} after the first")
            check(f"still scene: under {MAX_CPU_PERCENT} % of one core after the first frame",
                  percent < MAX_CPU_PERCENT, f"{percent} %: {user} s user + {system} s system over {wall} s")
        else:
            rate = presented / wall
            share = rate / refresh
            check(f"moving scene: presents at the mode's refresh ({MIN_SHARE}-{MAX_SHARE} of it)",
                  MIN_SHARE <= share <= MAX_SHARE,
                  f"{presented} frames in {wall} s = {rate:.2f}/s, refresh {refresh:.2f} Hz, {share:.3f} of it; "
                  f"CPU {percent} % of one core")
    sys.exit(1 if failures else 0)


main()
