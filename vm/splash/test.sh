#!/bin/bash
# vm/splash/test.sh [FLIPBOOK]: the boot-splash checks on a real kernel (part of `make vm-test`).
#
# Boots Debian's x86_64 kernel with bochs DRM at 1024x768 (vm/run.sh) and runs vm/splash/guest.sh, then
# requires:
#   - the splash was started while the DRM driver was unloaded (--wait-device) and played once it was loaded;
#   - after each psplash command of steps.txt (PROGRESS, MSG) sent through psplash's FIFO, the screen equals
#     the simulator's frame for the same scene and the same commands (`flipbook play --display sim
#     --commands`, one second after the last), pixel for pixel; QUIT ends it with status 0 and text mode;
#   - `quit` with `retain`: while another DRM client (drm-master) is master the screen still shows the last
#     frame; the next program's frame replaces it; the splash then exits 0 leaving the VT in graphics mode;
#   - the time to the first frame on screen (from exec, and from the start of `play` with its phases) is
#     printed for every demo scene (examples/), the median of VM_FIRST_FRAME_RUNS runs (default 1); the median
#     from exec is required to be under VM_FIRST_FRAME_LIMIT_MS when that is set (not by default: TCG on a
#     loaded host is far slower than the hardware the 100 ms budget is for).
# Results go to OUT (VM_OUT, default out/vm-splash).
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
VM_TEST=vm-splash
source "$HERE/../lib.sh"  # VM, ROOT, OUT, FLIPBOOK; check, contains, vm_boot_bochs
rm -rf "$OUT"
mkdir -p "$OUT/files/splash" "$OUT/files/demo" "$OUT/expected"
"$HERE/pack.sh" "$FLIPBOOK" "$OUT/files"
cp "$HERE/guest.sh" "$OUT/files/splash.sh"
cp "$HERE/splash.json" "$HERE/steps.txt" "$OUT/files/splash/"
runs=${VM_FIRST_FRAME_RUNS:-1}  # runs of each demo scene for its time to the first frame (the median is checked)
echo "$runs" >"$OUT/files/splash/runs"
cp -r "$ROOT/examples/." "$OUT/files/demo/"

expect() {  # NAME JSON_COMMAND...: the simulator's frame a second after the commands, one a second from 0.5 s
	local name=$1
	python3 - "$@" >"$OUT/expected/$name.json" <<'PY'
import json, sys
steps = [dict(t=0.5 + index, **json.loads(command)) for index, command in enumerate(sys.argv[2:])]
print(json.dumps(steps))
PY
	(cd "$OUT/expected" && "$FLIPBOOK" play "$HERE/splash.json" --display sim --commands "$name.json" >"$name.log" 2>&1 &&
		mv flipbook-play.ppm "$name.ppm")
}
commands=()
while IFS='|' read -r name _ json; do
	case $name in ''|'#'*) continue ;; esac
	commands+=("$json")
	expect "splash-$name" "${commands[@]}"
done <"$HERE/steps.txt"
expect retain-last '{"progress": 1}' '{"message": "Handing over"}'
python3 "$VM/pattern.py" quadrants 1024 768 "$OUT/expected/retain-next.ppm"

vm_boot_bochs "$OUT/files" "sh /splash.sh" "$OUT/vm" 600
log=$OUT/vm/serial.log
same() { python3 "$VM/ppmdiff.py" "$OUT/expected/$1.ppm" "$OUT/vm/$2.ppm"; }
check "splash started with the DRM module unloaded" contains "$log" "@@SPLASH module unloaded, card0 absent@@"
check "psplash FIFO created before the display" contains "$log" "@@SPLASH fifo ready@@"
check "playing once the module is loaded" contains "$log" "@@SPLASH playing@@"
while IFS='|' read -r name command _; do
	case $name in ''|'#'*) continue ;; esac
	check "after '$command' the screen equals the simulator's frame" same "splash-$name" "splash-$name"
done <"$HERE/steps.txt"
check "QUIT ends the splash with status 0, text mode back" contains "$log" "@@SPLASH quit status=0 after=text@@"
grep -ao '@@SPLASH waited.*@@\|@@SPLASH first frame.*@@' "$log" | sed 's/^@@SPLASH /vm-splash: /; s/@@$//' || true
check "retain: the last frame before quit equals the simulator's" same retain-last retain-last
check "retain: quit with retain answered ok" contains "$log" '@@RETAIN reply {"ok": true}@@'
check "retain: another client became DRM master while the splash waits" \
	contains "$log" "@@RETAIN drm-master: master splash=waiting@@"
check "retain: the screen still shows the last frame under the other master" same retain-last retain-master
check "retain: the splash exits 0 once the next program shows its frame, VT left in graphics mode" \
	contains "$log" "@@RETAIN splash status=0 vt=graphics@@"
check "retain: the next program's frame is on screen" same retain-next retain-next
# The 100 ms budget is enforced only with VM_FIRST_FRAME_LIMIT_MS set (e.g. 100): under TCG on a loaded host the
# times are far above it (docs/control.md "Time to first frame"); otherwise they are printed with their phases.
# Each scene runs VM_FIRST_FRAME_RUNS times (default 1; 5 for docs/control.md's medians, which needs VM_TIMEOUT
# above 600 s on a loaded host); the budget applies to the median from exec.
grep -ao '@@FIRST [^@]*@@' "$log" | sed 's/^@@FIRST //; s/@@$//' >"$OUT/first-frames.txt" || true
scenes=0 over=0
while read -r scene from_exec from_play; do  # per scene: the medians from exec and from the start of play, ms
	scenes=$((scenes + 1))
	echo "vm-splash: first frame of $scene (median of $runs): $from_exec ms after exec, $from_play ms after play started"
	python3 -c "import sys; sys.exit(0 if float('$from_exec') < 100 else 1)" || over=$((over + 1))
	if [ -n "${VM_FIRST_FRAME_LIMIT_MS-}" ]; then
		check "first frame of $scene under $VM_FIRST_FRAME_LIMIT_MS ms after exec" \
			python3 -c "import sys; sys.exit(0 if float('$from_exec') < float('$VM_FIRST_FRAME_LIMIT_MS') else 1)"
	fi
done < <(python3 - "$OUT/first-frames.txt" "$runs" <<'PY'
import statistics, sys
runs = {}  # "NAME TENTHS_OF_MS_FROM_EXEC MS ms after play started (phases)" per run
for line in open(sys.argv[1]):
    name, tenths, millis = line.split()[:3]
    runs.setdefault(name, []).append((int(tenths) / 10, float(millis)))
for name, times in runs.items():
    if len(times) == int(sys.argv[2]):
        print(name, statistics.median(t[0] for t in times), statistics.median(t[1] for t in times))
PY
)
echo "vm-splash: $over of $scenes demo scenes took 100 ms or more from exec to their first frame (every run: $OUT/first-frames.txt)"
check "first-frame times, $runs run(s), for every demo scene" test "$scenes" -eq "$(ls "$ROOT"/examples/*.json | wc -l)"
echo "vm-splash: $failures failure(s) (logs in $OUT)"
[ "$failures" -eq 0 ]
