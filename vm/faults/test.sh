#!/bin/bash
# vm/faults/test.sh [FLIPBOOK]: display faults on a real kernel (part of `make vm-test`; docs/reliability.md
# "Display faults").
#
# Boots Debian's x86_64 kernel with bochs DRM at 1024x768 (vm/run.sh), runs vm/faults/guest.sh and requires:
#   - busy: with another process (drm-master) holding DRM master, `play` exits with status 5 and the message
#     naming the card and what to do; the screen is untouched;
#   - stop: SIGSTOP / SIGCONT while a frame is held leave the frame on screen; while animating, playback goes
#     on after SIGCONT; SIGTERM then ends both with status 0 and text mode back;
#   - vt-drm, vt-fbdev: `chvt 2` while a frame is held shows VT 2's console (on DRM, another client is then master
#     for a moment), `chvt 1` shows the frame again; the log says released and taken again; SIGTERM → 0, text mode
#     and VT_AUTO back (a later chvt 2 / chvt 1 happens without flipbook);
#   - noflip: with the shim's fault switch discarding the card's flip events (FLIPBOOK_FAULT_DISCARD_FLIP_EVENTS=1),
#     an animation keeps playing (each flip given up after 1 s), the message is logged once, SIGTERM → 0, text mode;
#   - unbind: the DRM device unbound through sysfs mid-play ends playback with a message and status 11 within
#     10 s, the console in text mode;
#   - nopan (a second VM: cirrusfb, a driver that pans, at 1440x900 in RGB565, where two screens (5.2 MB) do not
#     fit its 4 MB): `info` reports the driver pans, `play --verbose` says it shows by shadow copy, the screen
#     equals the test pattern, SIGTERM ends it with status 0 and text mode back.
# (vesafb, which cannot pan at all, is vm/e2e.sh's std case.) Results go to OUT (VM_OUT, default out/vm-faults).
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
VM_TEST=vm-faults
source "$HERE/../lib.sh"  # VM, ROOT, OUT, FLIPBOOK; check, contains, vm_boot_bochs
not() { ! "$@"; }
rm -rf "$OUT"
mkdir -p "$OUT/files" "$OUT/expected"
"$VM/splash/pack.sh" "$FLIPBOOK" "$OUT/files"
cp "$HERE/guest.sh" "$OUT/files/faults.sh"
cp "$HERE/guest-nopan.sh" "$OUT/files/nopan.sh"
python3 "$VM/pattern.py" quadrants 1024 768 "$OUT/expected/quadrants.ppm"
python3 "$VM/pattern.py" quadrants 1440 900 "$OUT/expected/quadrants-1440x900.ppm"

vm_boot_bochs "$OUT/files" "sh /faults.sh" "$OUT/vm" 240
VM_DISPLAY=cirrus VM_CIRRUS_MODE=1440x900M-16@40 VM_TIMEOUT=${VM_TIMEOUT:-240} "$VM/run.sh" "$OUT/files" "sh /nopan.sh" \
	"$OUT/nopan" >"$OUT/nopan.console" 2>&1 || true
log=$OUT/vm/serial.log
check "busy: status 5 and the message, VT untouched" contains "$log" \
	"@@FAULT busy status=5 vt=text flipbook: /dev/dri/card0 is in use by another DRM master (a compositor or display server is running); stop it or switch to a free VT@@"
check "busy: the screen is untouched" python3 "$VM/ppmdiff.py" "$OUT/vm/busy-before.ppm" "$OUT/vm/busy-after.ppm"
check "stop: the held frame stays while stopped" python3 "$VM/ppmdiff.py" "$OUT/expected/quadrants.ppm" "$OUT/vm/stop-stopped.ppm"
check "stop: and after SIGCONT" python3 "$VM/ppmdiff.py" "$OUT/expected/quadrants.ppm" "$OUT/vm/stop-continued.ppm"
check "stop: a held frame ends with status 0, graphics while playing, text after" \
	contains "$log" "@@FAULT stop-still status=0 during=graphics after=text@@"
check "stop: animation goes on after SIGCONT and ends with status 0, text after" \
	grep -qE "@@FAULT stop-moving status=0 alive=yes after=text played [0-9]+ frames@@" "$log"
for name in drm fbdev; do
	check "vt-$name: the frame before the switch" python3 "$VM/ppmdiff.py" "$OUT/expected/quadrants.ppm" "$OUT/vm/vt-$name-before.ppm"
	check "vt-$name: chvt 2 shows VT 2's console, not the frame" not python3 "$VM/ppmdiff.py" "$OUT/expected/quadrants.ppm" "$OUT/vm/vt-$name-away.ppm"
	check "vt-$name: chvt 1 shows the frame again, whole" python3 "$VM/ppmdiff.py" "$OUT/expected/quadrants.ppm" "$OUT/vm/vt-$name-back.ppm"
done
check "vt-drm: released and taken again, another client master while away; status 0, text mode and VT_AUTO after" \
	contains "$log" "@@FAULT vt-drm status=0 during=graphics after=text master-while-away=master active=tty1 flipbook: switched to another VT: display released, presenting paused flipbook: switched back: display taken again, the whole frame shown flipbook: DRM master on /dev/dri/card0 is back; playing on flipbook: "
check "vt-fbdev: released and taken again; status 0, text mode and VT_AUTO after" \
	contains "$log" "@@FAULT vt-fbdev status=0 during=graphics after=text master-while-away=none active=tty1 flipbook: switched to another VT: display released, presenting paused flipbook: switched back: display taken again, the whole frame shown flipbook: "
check "noflip: flips never completing are given up, logged once; playback goes on; SIGTERM → 0, text mode after" \
	grep -qE "@@FAULT noflip status=0 alive=yes during=graphics after=text logged=1 ([3-9]|[1-9][0-9]+) presented flipbook: a page flip on /dev/dri/card0 did not complete within 1000 ms; carrying on, paced by the clock@@" "$log"
check "unbind: playback ends by itself with status 11 and a message, text mode back" \
	grep -qE "@@FAULT unbind device=[0-9a-f:.]+ ended=yes status=11 after=text flipbook: .+@@" "$log"
nopan=$OUT/nopan/serial.log
check "nopan: info says cirrusfb pans, with no room for a second screen" \
	grep -qE "^@@INFO   mode 1440x900 \(virtual 1440x900\), 16 bpp R11:5 G5:6 B0:5, stride 2880, memory 4194304 bytes, pans@@" "$nopan"
check "nopan: play --verbose shows by shadow copy; SIGTERM ends it with status 0, text mode back" \
	grep -qE "^@@FAULT nopan status=0 after=text on fbdev /dev/fb0 \([^,]+, 1440x900, shadow copy, fsync\)@@" "$nopan"
check "nopan: the screen equals the test pattern" python3 "$VM/ppmdiff.py" "$OUT/expected/quadrants-1440x900.ppm" "$OUT/nopan/nopan-held.ppm" rgb565
grep -aoh '@@FAULT [^@]*@@' "$log" "$nopan" | sed 's/^@@FAULT /vm-faults: /; s/@@$//' || true
echo "vm-faults: $failures failure(s) (logs in $OUT)"
[ "$failures" -eq 0 ]
