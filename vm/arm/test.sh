#!/bin/bash
# vm/arm/test.sh PLAYER HOST_PLAYER OUT: the aarch64 Embedded player drawing through DRM on a real arm64
# kernel (`make vm-arm-test`).
#
# Boots Debian's arm64 kernel in qemu-system-aarch64 with virtio-gpu (vm/arm/run.sh), runs PLAYER (the
# static aarch64 flipbook-player, no libc) with `--demo D --drm /dev/dri/card0 --at T` for every D@T of
# VM_ARM_FRAMES (demos loaded from their JSON), and requires for each:
#   - the player presents and exits with status 0 on SIGTERM;
#   - the screendump equals, pixel for pixel, HOST_PLAYER's frame for the same scene, size and time
#     (`flipbook-player --demo D --at T --size WxH`, the host-sim build of the same sources);
#   - after it exits the screen is the text console again (equal to the "before" screendump, apart from
#     fbcon's blinking cursor cell).
# Before booting, HOST_PLAYER (native x86_64, the same runtime and shim) must answer a missing card, a file that
# is not a DRM device, an unknown demo and bad arguments with the documented messages and exit statuses, and
# its `--at` frame must equal the same time's frame of its `--frames` stream.
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
PLAYER=$(realpath "$1"); HOST_PLAYER=$(realpath "$2"); OUT=$(realpath -m "$3")
SIZE=${VM_RES:-1024x768}
FRAMES=${VM_ARM_FRAMES:-layer-basics@0.5 springs@0.7 wave-fill@1.25}

rm -rf "$OUT"
mkdir -p "$OUT/files/bin" "$OUT/expected"
cp "$PLAYER" "$OUT/files/bin/flipbook-player"
cp "$HERE/guest.sh" "$OUT/files/test.sh"
for case in $FRAMES; do
	"$HOST_PLAYER" --demo "${case%@*}" --at "${case#*@}" --size "$SIZE" >"$OUT/expected/${case%@*}-${case#*@}.ppm"
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
check "host: a missing card is status 3 and named" \
	answers 3 "flipbook-player: no display device found (tried /nonexistent/card0)" --drm /nonexistent/card0 --at 0.5
check "host: a file that is not a DRM device is status 10" \
	answers 10 "flipbook-player: /dev/null cannot be used: not a DRM device (DRM_IOCTL_GET_CAP refused)" --drm /dev/null --at 0
check "host: a bad mode is status 9" answers 9 "invalid --mode '1024'" --drm /dev/null --at 0 --mode 1024
check "host: an unknown demo is status 65 and the demos are listed" \
	answers 65 "flipbook-player: no demo named 'nope' (demos: wave-fill, menu-morph," --demo nope --at 0
check "host: --drm without --at is a usage error" answers 64 "usage: flipbook-player" --drm /dev/dri/card0
check "host: a time past 3600 s is a usage error" answers 64 "usage: flipbook-player" --at 3600.000001
check "host: --size with --drm is a usage error" answers 64 "usage: flipbook-player" --drm /dev/null --at 1 --size 8x8
frame_of_stream() {  # the fifth of `160 120 8` (t = 1 s) equals `--at 1 --size 160x120`
	local bytes=$(( 15 + 160 * 120 * 3 ))
	"$HOST_PLAYER" 160 120 8 | tail -c +$(( 4 * bytes + 1 )) | head -c "$bytes" >"$OUT/stream-frame-4.ppm"
	"$HOST_PLAYER" --at 1 --size 160x120 | cmp -s - "$OUT/stream-frame-4.ppm"
}
check "host: --at 1 draws frame 4 of the cross-checked 8-frame stream" frame_of_stream

started=$(date +%s)
VM_DISPLAY=virtio VM_RES=$SIZE "$HERE/run.sh" "$OUT/files" "sh /test.sh $FRAMES" "$OUT/vm" >"$OUT/console.log" 2>&1 || true
log=$OUT/vm/serial.log
for case in $FRAMES; do
	demo=${case%@*} at=${case#*@}
	check "$demo t=$at: the player presented and exited 0 on SIGTERM" \
		contains "$log" "@@RESULT $demo at=$at shown=yes status=0@@"
	check "$demo t=$at: the screen equals the host-sim player's frame" \
		python3 "$HERE/../ppmdiff.py" "$OUT/expected/$demo-$at.ppm" "$OUT/vm/$demo-$at.ppm"
	check "$demo t=$at: the text console is back after exit" \
		python3 "$HERE/console-back.py" "$OUT/vm/before.ppm" "$OUT/vm/after-$demo-$at.ppm"
done
grep -ao '@@PLAYER .*@@' "$log" | sed 's/^@@PLAYER /vm-arm-test: player: /; s/@@$//' || true
grep -ao '@@MEMORY .*@@' "$log" | sed 's/^@@MEMORY /vm-arm-test: player memory: /; s/@@$//' || true
echo "vm-arm-test: $failures failure(s) in $(( $(date +%s) - started )) s (logs in $OUT)"
[ "$failures" -eq 0 ]
