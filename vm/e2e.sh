#!/bin/bash
# vm/e2e.sh [FLIPBOOK]: the end-to-end display tests on a real kernel (`make vm-test`).
#
# Boots Debian's kernel in QEMU (vm/run.sh) with bochs DRM, virtio-gpu DRM, vesafb, and cirrusfb (an
# fbdev driver that pans: FBIOPAN_DISPLAY double buffering, RGB565 at 1024x768); runs the real
# `flipbook` binary there (FLIPBOOK, or a release build with the Swift runtime linked statically; the
# dynamic loader and the libraries ldd lists, libdrm included, go into the initramfs), and requires:
#   - fbdev playback pans on cirrusfb and copies from a RAM back buffer elsewhere; on cirrusfb, clearing
#     the first screen while the picture is held leaves the screen unchanged (it shows the second screen);
#   - every screendump taken while `flipbook play … --at T` holds a frame equals the expected frame pixel
#     for pixel (vm/pattern.py for test patterns, `flipbook render` for scenes);
#   - the VT is in graphics mode while playing, and SIGTERM ends playback (a still or an animation) with
#     status 0 and text mode back;
#   - a missing device and a permission error give the documented messages and exit statuses;
#   - pacing (vm/pacing.py; DRM on bochs, fbdev on vesafb): a still scene played 10 s presents nothing after
#     its first frame and uses under 1 % of a core; a moving scene presents at the mode's refresh rate.
# Frame rates of `flipbook play` are printed. Results go to OUT (default out/vm-test).
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
SIZE=1024x768
# Scenes shown on every display, as FILE@SECONDS (relative to the repository); each is compared with
# `flipbook render FILE --at SECONDS --size 1024x768` on the host.
SCENES=${VM_SCENES-examples/layer-basics.json@0.5 examples/springs.json@0.7}
VM_TEST=vm-test
source "$HERE/lib.sh"  # ROOT, OUT, FLIPBOOK; check, contains

rm -rf "$OUT"
mkdir -p "$OUT/files/bin" "$OUT/expected"
cp "$FLIPBOOK" "$OUT/files/bin/flipbook"
for library in $(ldd "$FLIPBOOK" | grep -o '/[^ ]*'); do  # the loader and every shared library
	mkdir -p "$OUT/files$(dirname "$library")"
	cp -L "$library" "$OUT/files$library"
done
cp "$HERE/guest/e2e.sh" "$OUT/files/e2e.sh"
mkdir -p "$OUT/files/pacing"
cp "$HERE/scenes/still.json" "$HERE/scenes/moving.json" "$OUT/files/pacing/"
mkdir -p "$OUT/files/scenes"
for entry in $SCENES; do  # the scene's folder goes along (images are relative to the scene file)
	cp -r "$ROOT/$(dirname "${entry%@*}")/." "$OUT/files/scenes/"
	name=$(basename "${entry%@*}" .json)
	for format in xrgb8888 rgb565; do  # cirrusfb draws RGB565; play centres the scene at 1:1 (vm/place.py)
		suffix=${format/xrgb8888/}; suffix=${suffix:+-$suffix}
		"$FLIPBOOK" render "$ROOT/${entry%@*}" --at "${entry#*@}" --format $format -o "$OUT/expected/own-$name$suffix.ppm"
		"$FLIPBOOK" render "$ROOT/${entry%@*}" --at "${entry#*@}" --size "$SIZE" --format $format \
			-o "$OUT/expected/screen-$name$suffix.ppm"
		python3 "$HERE/place.py" "$OUT/expected/own-$name$suffix.ppm" "$OUT/expected/screen-$name$suffix.ppm" \
			"$OUT/expected/scene-$name$suffix.ppm"
	done
done

# Cases: NAME|BACKEND|ARGUMENTS, and the expected frame for each.
cases() {  # KIND -> the case lines for that VM
	local backends="drm fbdev"
	case $1 in
		std) backends=fbdev
		     echo "fbdev|fbdev|--test-pattern quadrants --at 0"
		     echo "auto|auto|--test-pattern moving --at 0" ;;
		cirrus) backends=fbdev
		     echo "fbdev|fbdev|--test-pattern quadrants --at 0"
		     echo "fbdev-moving|fbdev|--test-pattern moving --at 0"
		     echo "anim-fbdev|fbdev|--test-pattern moving" ;;
		*)   echo "drm|drm|--test-pattern quadrants --at 0"
		     echo "drm-moving|drm|--test-pattern moving --at 0"
		     echo "anim-drm|drm|--test-pattern moving"
		     echo "fbdev|fbdev|--test-pattern quadrants --at 0"
		     echo "anim-fbdev|fbdev|--test-pattern moving" ;;
	esac
	for entry in $SCENES; do
		for backend in $backends; do
			echo "scene-$(basename "${entry%@*}" .json)-$backend|$backend|/scenes/$(basename "${entry%@*}") --at ${entry#*@}"
		done
	done
}
python3 "$HERE/pattern.py" quadrants ${SIZE%x*} ${SIZE#*x} "$OUT/expected/quadrants.ppm"
python3 "$HERE/pattern.py" moving ${SIZE%x*} ${SIZE#*x} "$OUT/expected/moving.ppm"
expected_for() {  # KIND CASE NAME -> expected frame
	case $1-$2 in
		cirrus-scene-*) echo "$OUT/expected/${2%-*}-rgb565.ppm"; return ;;
	esac
	case $2 in
		scene-*) echo "$OUT/expected/${2%-*}.ppm" ;;
		*moving*|auto) echo "$OUT/expected/moving.ppm" ;;
		*) echo "$OUT/expected/quadrants.ppm" ;;
	esac
}


first_scene=${SCENES%% *}
speed_scene=${first_scene:+/scenes/$(basename "${first_scene%@*}")}  # also played for 2 s to measure its rate
started=$(date +%s)
for kind in bochs virtio std cirrus; do
	cases "$kind" >"$OUT/files/cases"
	speed="drm fbdev"; case $kind in std|cirrus) speed="fbdev" ;; esac
	pacing=; case $kind in bochs) pacing=drm ;; std) pacing=fbdev ;; esac  # 13 s each (vm/pacing.py)
	proof=; depth=  # cirrus: the panning proof (clear the hidden first screen, look again); 565 pixels
	[ "$kind" = cirrus ] && proof=1 depth=rgb565
	log=$OUT/$kind/serial.log
	VM_DISPLAY=$kind VM_RES=$SIZE VM_TIMEOUT=${VM_TIMEOUT:-240} "$HERE/run.sh" "$OUT/files" "PAN_PROOF=$proof SCREEN_LINES=${SIZE#*x} SPEED_BACKENDS='$speed' SPEED_SCENE=$speed_scene PACING_BACKENDS='$pacing' sh /e2e.sh $kind" "$OUT/$kind" \
		>"$OUT/$kind.console" 2>&1 || true
	while IFS='|' read -r name backend _; do
		check "$kind $name: frame shown" contains "$log" "@@RESULT $name shown=yes"
		check "$kind $name: SIGTERM exits 0, VT graphics while playing, text after" \
			contains "$log" "@@RESULT $name shown=yes status=0 during=graphics after=text@@"
		case $backend in fbdev)  # how fbdev double-buffers: panning only where the driver pans
			via="shadow-copy"; [ "$kind" = cirrus ] && via="panning"
			check "$kind $name: fbdev presents by $via" contains "$log" "@@VIA $name $via@@" ;;
		esac
		case $name in anim-*) continue ;; esac  # SIGTERM during animated playback: no still to compare
		check "$kind $name: screen equals the expected frame" \
			python3 "$HERE/ppmdiff.py" "$(expected_for "$kind" "$name")" "$OUT/$kind/$kind-$name.ppm" $depth
		if [ "$kind" = cirrus ]; then
			check "$kind $name: held on the second screen (pan 0,${SIZE#*x})" contains "$log" "@@PAN $name 0,${SIZE#*x}@@"
			check "$kind $name: first screen cleared, the screen unchanged" \
				python3 "$HERE/ppmdiff.py" "$(expected_for "$kind" "$name")" "$OUT/$kind/$kind-$name-hidden.ppm" $depth
		fi
	done <"$OUT/files/cases"
	case $kind in
		bochs) check "bochs: info lists the card" contains "$log" "@@INFO   driver bochs-drm (" ;;
		virtio) check "virtio: info lists the card" contains "$log" "@@INFO   driver virtio_gpu (" ;;
		std) check "std: info lists vesafb" contains "$log" "@@INFO   driver VESA VGA@@" ;;
		cirrus) check "cirrus: info lists cirrusfb, RGB565, panning" \
			grep -qE "^@@INFO   mode 1024x768 \(virtual 1024x768\), 16 bpp R11:5 G5:6 B0:5, .*, pans@@" "$log" ;;
	esac
	case $kind in bochs|virtio) check "$kind: info says the card is usable" contains "$log" "@@INFO /dev/dri/card0: usable@@" ;; esac
	check "$kind: info says fb0 is usable" contains "$log" "@@INFO /dev/fb0: usable@@"
	check "$kind: missing device" contains "$log" \
		"@@ERROR missing status=3 flipbook: no display device found (tried /dev/fb9)@@"
	if [ "$kind" = bochs ] || [ "$kind" = virtio ]; then
		check "$kind: permission error names the group" contains "$log" \
			"@@ERROR permission status=4 flipbook: permission denied opening /dev/dri/card0: add the user to the 'video' group (or run as root)@@"
	fi
	grep -ao '@@SPEED .*@@' "$log" | sed 's/^@@SPEED /vm-test: speed /; s/@@$//' || true
	for backend in $pacing; do python3 "$HERE/pacing.py" "$log" "$kind" "$backend" || failures=$((failures + 1)); done
done
echo "vm-test: $failures failure(s) in $(( $(date +%s) - started )) s (logs in $OUT)"
[ "$failures" -eq 0 ]
