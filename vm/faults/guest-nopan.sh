#!/bin/sh
# /nopan.sh: fbdev without a second page to pan to, inside the VM (vm/faults/test.sh): cirrusfb pans, but at
# 1440x900 in RGB565 two screens (5.2 MB) do not fit its 4 MB, so the driver refuses the doubled yres_virtual and
# playback must copy from a RAM back buffer. Prints "@@FAULT nopan …@@" with what `info` and `play --verbose` said,
# and takes the screendump nopan-held.
until_match() {  # FILE PATTERN: waits up to 20 s for PATTERN in FILE
	for _ in $(seq 400); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
	return 1
}
echo 0 >/sys/class/graphics/fbcon/cursor_blink 2>/dev/null
printf '\033[?25l' >/dev/tty1

flipbook info 2>&1 | sed 's/^/@@INFO /; s/$/@@/'
flipbook play --test-pattern quadrants --at 0 --display fbdev --verbose >/tmp/nopan.log 2>&1 &
pid=$!
until_match /tmp/nopan.log "flipbook: showing"
sleep 0.5
vmshot nopan-held
kill -TERM "$pid"; wait "$pid"
status=$?
echo "@@FAULT nopan status=$status after=$(flipbook info --vt-mode 2>&1) $(grep -o 'on fbdev [^)]*)' /tmp/nopan.log | head -n 1)@@"
sed 's/^/  /' /tmp/nopan.log
exit 0
