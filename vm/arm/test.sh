#!/bin/bash
# vm/arm/test.sh PLAYER HOST_PLAYER OUT: an Embedded player drawing a scene file through DRM and fbdev on a
# real ARM kernel (`make vm-arm-test`): with VM_ARCH=arm64 (default) the aarch64 player on Debian's arm64
# kernel, with VM_ARCH=armhf the ARMv6 (Pi Zero) player on Debian's 32-bit armmp kernel (vm/arm/run.sh,
# virtio-gpu: card0 and its fbdev emulation fb0).
#
# The scene files (examples/SCENE.json) are on the guest's disk (the initramfs, /scenes). For every
# DISPLAY:SCENE@T of VM_ARM_CASES the guest runs `flipbook-player /scenes/SCENE.json --display DISPLAY --at T`
# (vm/arm/guest.sh), and this script requires:
#   - the player shows the frame and exits with status 0 on SIGTERM;
#   - the screendump equals, pixel for pixel, the simulator's frame for the same scene, size and time:
#     HOST_PLAYER's (`--ppm --at T --size WxH`, the host-sim build of the same sources, which
#     `make player-scene-check` holds equal to `flipbook demo`);
#   - after it exits the screen is the text console again (equal to the "before" screendump, apart from
#     fbcon's blinking cursor cell).
# For every play:SCENE:ARGS the player plays in real time through the run loop (e.g. `--for 1.5`, `--loop`)
# and must exit 0 with `flipbook play`'s summary, more than one frame presented; with `--verbose` (arm64) it
# also prints its peak resident set, setup heap and frame size (player memory lines below the checks).
# On arm64 every example scene also plays for 1 s with `--verbose` (peak:SCENE:--for,1,--verbose: like play,
# but a still scene presents one frame) and must exit 0 with a peak resident set of at most the display's two
# buffers + 4 MB (issue 21's bound).
# Before booting, HOST_PLAYER (native x86_64, the same runtime and shim) must answer a missing device, a file
# that is not a display, a missing scene file and bad arguments with `flipbook play`'s messages and exit
# statuses, and its `--at` frame must equal the same time's frame of its `--frames` stream.
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
EXAMPLES=$(realpath "$HERE/../../examples")
PLAYER=$(realpath "$1"); HOST_PLAYER=$(realpath "$2"); OUT=$(realpath -m "$3")
ARCH=${VM_ARCH:-arm64}
SIZE=${VM_RES:-1024x768}
case $ARCH in
	arm64) DEFAULT_CASES="drm:layer-basics@0.5 drm:springs@0.7 fbdev:wave-fill@1.25 play:layer-basics:--for,1.5,--verbose
		play:layer-basics:--loop,--for,2.5,--verbose
		$(for scene in "$EXAMPLES"/*.json; do echo "peak:$(basename "$scene" .json):--for,1,--verbose"; done)" ;;
	*) DEFAULT_CASES="drm:layer-basics@0.5 fbdev:springs@0.7 play:layer-basics:--for,1" ;;
esac
CASES=$(echo ${VM_ARM_CASES:-$DEFAULT_CASES})

rm -rf "$OUT"
mkdir -p "$OUT/files/bin" "$OUT/files/scenes" "$OUT/expected"
cp "$PLAYER" "$OUT/files/bin/flipbook-player"
cp "$HERE/guest.sh" "$OUT/files/test.sh"
for case in $CASES; do
	rest=${case#*:} scene=${case#*:}; scene=${scene%%[@:]*}
	cp "$EXAMPLES/$scene.json" "$OUT/files/scenes/"
	[ ! -d "$OUT/files/scenes/images" ] && grep -q '"images/' "$EXAMPLES/$scene.json" &&
		cp -R "$EXAMPLES/images" "$OUT/files/scenes/"  # pictures the scene names, beside it as in examples/
	[ ! -d "$OUT/files/scenes/fonts" ] && grep -q '"fonts/' "$EXAMPLES/$scene.json" &&
		cp -R "$EXAMPLES/fonts" "$OUT/files/scenes/"  # and the font files
	case $case in play:* | peak:*) continue ;; esac
	"$HOST_PLAYER" "$EXAMPLES/$scene.json" --ppm --at "${rest#*@}" --size "$SIZE" >"$OUT/expected/${case%%:*}-$scene-${rest#*@}.ppm"
done

failures=0
check() {  # DESCRIPTION CONDITION...
	local what=$1; shift
	if "$@"; then echo "vm-arm-test: ok   $what"; else echo "vm-arm-test: FAIL $what"; failures=$((failures + 1)); fi
}
contains() { grep -qF -- "$2" "$1" 2>/dev/null; }
answers() {  # STATUS MESSAGE ARGUMENTS...: the host player exits with STATUS and says MESSAGE
	local status=$1 message=$2 actual=0; shift 2
	"$HOST_PLAYER" "$@" >/dev/null 2>"$OUT/host-error.txt" || actual=$?
	[ "$actual" -eq "$status" ] && contains "$OUT/host-error.txt" "$message"
}
scene=$EXAMPLES/layer-basics.json
if [ "$ARCH" = arm64 ]; then  # the host player's answers do not depend on the guest
	check "host: a missing card is status 3 and named" \
		answers 3 "flipbook-player: no display device found (tried /nonexistent/card0)" "$scene" --display drm --device /nonexistent/card0
	check "host: a file that is not a DRM device is status 10" \
		answers 10 "flipbook-player: /dev/null cannot be used: not a DRM device (DRM_IOCTL_GET_CAP refused)" "$scene" --display drm --device /dev/null --at 0
	check "host: a file that is not a framebuffer is status 10" \
		answers 10 "flipbook-player: /dev/null cannot be used: not a framebuffer device (FBIOGET_VSCREENINFO refused)" "$scene" --display fbdev --device /dev/null
	check "host: a bad mode is status 9" answers 9 "invalid --mode '1024'" "$scene" --device /dev/null --mode 1024
	check "host: a missing scene file is status 1 and named" \
		answers 1 "/nonexistent.json: cannot read the scene: No such file or directory" /nonexistent.json --at 0
	broken_scenes() {  # every broken scene of the decoder's tests: status 1 and exactly flipbook's messages
		local broken=$HERE/../../Tests/FlipbookScenesTests/Broken file status
		for file in "$broken"/*.json; do
			status=0
			(cd "$broken" && "$HOST_PLAYER" "${file##*/}" --ppm --at 0 2>"$OUT/host-error.txt" >/dev/null) || status=$?
			[ "$status" -eq 1 ] && cmp -s "$OUT/host-error.txt" "${file%.json}.expected" ||
				{ echo "    ${file##*/}: status $status, $(head -1 "$OUT/host-error.txt")"; return 1; }
		done
	}
	check "host: every broken scene of Tests/FlipbookScenesTests/Broken is status 1 with flipbook's messages" broken_scenes
	check "host: no scene file is a usage error" answers 64 "flipbook-player: give a scene file" --display drm
	check "host: --hold without --at is a usage error" answers 64 "flipbook-player: --hold applies to --at" "$scene" --hold 1
	check "host: a time past 86400 s is a usage error" \
		answers 64 "--at must be a time from 0 to 86400 seconds (found 86400.000001)" "$scene" --at 86400.000001
	check "host: an unknown display is a usage error" \
		answers 64 "--display must be auto, drm or fbdev (found \"sim\")" "$scene" --display sim
	check "host: a rotation other than 0, 90, 180 or 270 is a usage error" \
		answers 64 "--rotate must be 0, 90, 180 or 270 (found 45)" "$scene" --rotate 45
	check "host: an unknown fit is a usage error" \
		answers 64 "--fit must be none, contain, cover or stretch (found \"fill\")" "$scene" --ppm --at 0 --fit fill
	frame_of_stream() {  # the fifth of `--frames 8` (t = 1 s) equals `--at 1`
		local bytes=$(( 15 + 160 * 120 * 3 ))
		"$HOST_PLAYER" "$scene" --ppm --size 160x120 --frames 8 | tail -c +$(( 4 * bytes + 1 )) | head -c "$bytes" >"$OUT/stream-frame-4.ppm"
		"$HOST_PLAYER" "$scene" --ppm --at 1 --size 160x120 | cmp -s - "$OUT/stream-frame-4.ppm"
	}
	check "host: --at 1 draws frame 4 of the cross-checked 8-frame stream" frame_of_stream
fi

started=$(date +%s)
VM_ARCH=$ARCH VM_DISPLAY=virtio VM_RES=$SIZE "$HERE/run.sh" "$OUT/files" "sh /test.sh $CASES" "$OUT/vm" \
	>"$OUT/console.log" 2>&1 || true
log=$OUT/vm/serial.log
[ -f "$log" ] || { echo "vm-arm-test: $ARCH: the VM did not run; the end of $OUT/console.log:"; tail -5 "$OUT/console.log"; }
for case in $CASES; do
	if [ "${case%%:*}" = play ]; then
		check "$ARCH $case: played through the run loop, exit 0, more than one frame presented" \
			grep -qaE "@@PLAYED $case status=0 flipbook-player: played [0-9]+ frames in [0-9.]+ s \([0-9.]+ fps, ([2-9]|[1-9][0-9]+) presented\)" "$log"
		continue
	fi
	if [ "${case%%:*}" = peak ]; then
		check "$ARCH $case: played, exit 0" grep -qaE "@@PLAYED $case status=0 flipbook-player: played " "$log"
		continue
	fi
	name=$(echo "$case" | tr ':@' '--')
	check "$ARCH $case: the player showed the frame and exited 0 on SIGTERM" \
		contains "$log" "@@RESULT $name shown=yes status=0@@"
	check "$ARCH $case: the screen equals the simulator's frame" \
		python3 "$HERE/../ppmdiff.py" "$OUT/expected/$name.ppm" "$OUT/vm/$name.ppm"
	check "$ARCH $case: the text console is back after exit" \
		python3 "$HERE/console-back.py" "$OUT/vm/before.ppm" "$OUT/vm/after-$name.ppm"
done
grep -ao '@@PLAYER .*@@' "$log" | sed 's/^@@PLAYER /vm-arm-test: player: /; s/@@$//' || true
grep -ao '@@MEMORY .*@@' "$log" | sed 's/^@@MEMORY /vm-arm-test: player memory: /; s/@@$//' || true
# Each example's peak resident set (played with --for 1 --verbose) against two frames + 4 MB.
grep -ao '@@PLAYER peak:[^ ]* .*peak resident set.*@@' "$log" | sed -E \
	's/^@@PLAYER peak:([^:]*):.* peak resident set ([0-9]+) KB.* one frame ([0-9]+) KB.*/\1 \2 \3/' >"$OUT/peaks.txt" || true
while read -r scene peak frame; do
	check "$ARCH peak:$scene: peak resident set $peak KB ≤ two frames + 4 MB ($((2 * frame + 4096)) KB)" \
		test "$peak" -le $((2 * frame + 4096))
done <"$OUT/peaks.txt"
check "$ARCH: a peak resident set for every peak case" \
	test "$(wc -l <"$OUT/peaks.txt")" -eq "$(printf '%s\n' $CASES | grep -c '^peak:' || true)"
echo "vm-arm-test: $ARCH: $failures failure(s) in $(( $(date +%s) - started )) s (logs in $OUT)"
[ "$failures" -eq 0 ]
