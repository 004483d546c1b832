#!/bin/bash
# vm/input/test.sh [FLIPBOOK]: issue 17's real-kernel input test.
#
# Boots Debian's x86_64 kernel with bochs DRM at 1024x768, QEMU's virtio tablet and keyboard (evdev and
# virtio_input loaded), and runs vm/input/guest.sh: `flipbook play --input-device auto` reads the guest's
# /dev/input/event*, and the host drives the tablet and keyboard through QMP input-send-event. It requires:
#   - after a tap on the like button, and after a drag (finger held), its release and a fling of the card —
#     upright, turned with --rotate 90 and letterboxed with --fit contain — the screendump equals the
#     simulator's last frame for the same touches (vm/input/plan.py computes the scene points the guest's
#     flipbook maps the tablet values to, so the scripts are exact; each shot waits until the picture settled,
#     so the guest's event times do not matter);
#   - the tablet unplugged while playing (QMP device_del) leaves playback running: the screen stays, the
#     player answers SIGTERM with status 0; a key on the keyboard changes nothing.
# Results go to OUT (VM_OUT, default out/vm-input).
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
VM_TEST=vm-input
source "$HERE/../lib.sh"  # VM, ROOT, OUT, FLIPBOOK; check, contains
rm -rf "$OUT"
mkdir -p "$OUT/files/input"
"$VM/splash/pack.sh" "$FLIPBOOK" "$OUT/files"
cp "$HERE/guest.sh" "$OUT/files/input.sh"
cp "$ROOT/examples/like-tap.json" "$ROOT/examples/card-fling.json" "$OUT/files/input/"
python3 "$HERE/plan.py" "$OUT"
for script in "$OUT"/expected/*.json; do
	name=$(basename "$script" .json)
	# shellcheck disable=SC2046 # the scene and options, word by word
	(cd "$OUT/expected" && "$FLIPBOOK" play $(sed "s|^|$ROOT/examples/|" "$name.args") --display sim --mode 1024x768 \
		--input "$name.json" >"$name.log" 2>&1 && mv flipbook-play.ppm "$name.ppm")
done

VM_DISPLAY=bochs VM_RES=1024x768 VM_TIMEOUT=${VM_TIMEOUT:-400} VM_MODULES="evdev virtio_pci virtio_input" \
	VM_DEVICES="virtio-tablet-pci,id=tablet virtio-keyboard-pci,id=keyboard" \
	"$VM/run.sh" "$OUT/files" "sh /input.sh" "$OUT/vm" >"$OUT/console.log" 2>&1 || true
log=$OUT/vm/serial.log
same() { python3 "$VM/ppmdiff.py" "$OUT/expected/$1.ppm" "$OUT/vm/$2.ppm"; }
check "the guest has evdev devices" grep -qE "@@INPUT devices: .*event[0-9]" "$log"
check "the tablet is read as an absolute pointer" grep -qE "input device /dev/input/event[0-9]+: absolutePointer" "$log"
check "the keyboard is read" grep -qE "input device /dev/input/event[0-9]+: keyboard" "$log"
check "after a tap the like button equals the simulator's frame" same tap-tap tap-tap
for run in card card90 contain; do
	for shot in drag open fling; do
		check "$run: after the $shot the screen equals the simulator's frame" same "$run-$shot" "$run-$shot"
	done
done
check "the tablet unplugged while playing: the screen stays" same contain-fling contain-unplugged
check "the tablet unplugged while playing: the player says so and plays on" contains "$log" "is gone; playing on"
for run in tap card card90 contain; do
	check "$run: the player was still playing and ended with status 0 on SIGTERM" contains "$log" "@@INPUT $run alive=yes status=0@@"
done
echo "vm-input: $failures failure(s) (logs in $OUT)"
[ "$failures" -eq 0 ]
