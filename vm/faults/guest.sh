#!/bin/sh
# /faults.sh: display faults inside the VM (vm/faults/test.sh), on bochs DRM at 1024x768. Each case prints
# "@@FAULT NAME key=value …@@" and takes its screendumps (vmshot NAME-…).
until_match() {  # FILE PATTERN: waits up to 20 s for PATTERN in FILE
	for _ in $(seq 400); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
	return 1
}
quote() { tr '\n' ' ' <"$1" | sed 's/ *$//'; }

# A still console for the screendumps: no cursor (hidden, not blinking).
echo 0 >/sys/class/graphics/fbcon/cursor_blink 2>/dev/null
printf '\033[?25l' >/dev/tty1

# 1. Another process is DRM master when play starts: refused with a message and status 5, screen untouched.
drm-master >/tmp/master.log 2>&1 &
master=$!
until_match /tmp/master.log "drm-master:"
vmshot busy-before
flipbook play --test-pattern quadrants --at 0 --hold 1 --display drm >/tmp/busy.log 2>&1
status=$?
vmshot busy-after
echo "@@FAULT busy status=$status vt=$(flipbook info --vt-mode 2>&1) $(quote /tmp/busy.log)@@"
kill -TERM "$master"; wait "$master"

# 2. SIGSTOP / SIGCONT while a frame is held and while animating: the frame stays, playback goes on, SIGTERM
#    still ends it with status 0 and text mode.
flipbook play --test-pattern quadrants --at 0 --display drm >/tmp/stop.log 2>&1 &
pid=$!
until_match /tmp/stop.log "flipbook: showing"
kill -STOP "$pid"; sleep 1
vmshot stop-stopped
kill -CONT "$pid"; sleep 0.5
vmshot stop-continued
during=$(flipbook info --vt-mode 2>&1)
kill -TERM "$pid"; wait "$pid"
echo "@@FAULT stop-still status=$? during=$during after=$(flipbook info --vt-mode 2>&1)@@"
flipbook play --test-pattern moving --display drm --verbose >/tmp/stop-moving.log 2>&1 &
pid=$!
until_match /tmp/stop-moving.log "flipbook: playing"
sleep 0.5; kill -STOP "$pid"; sleep 1; kill -CONT "$pid"; sleep 1
alive=$(kill -0 "$pid" 2>/dev/null && echo yes || echo no)
kill -TERM "$pid"; wait "$pid"
echo "@@FAULT stop-moving status=$? alive=$alive after=$(flipbook info --vt-mode 2>&1) $(grep -o 'played [0-9]* frames' /tmp/stop-moving.log)@@"

# 3. VT switching while a frame is held, on DRM and on fbdev: `chvt 2` shows VT 2's console (the display
#    released: DRM master dropped); on DRM another client then becomes master and lets go while we are away;
#    `chvt 1` shows the frame again, whole; SIGTERM ends play with status 0, text mode and VT_AUTO back.
vt_switch() {  # NAME DISPLAY
	flipbook play --test-pattern quadrants --at 0 --display "$2" >/tmp/vt-$1.log 2>&1 &
	pid=$!
	until_match /tmp/vt-$1.log "flipbook: showing"
	sleep 0.5
	vmshot vt-$1-before
	chvt 2
	until_match /tmp/vt-$1.log "switched to another VT"
	sleep 0.5
	vmshot vt-$1-away
	master=none
	if [ "$2" = drm ]; then
		drm-master >/tmp/vt-master.log 2>&1 &
		m=$!
		until_match /tmp/vt-master.log "drm-master:"
		master=$(sed 's/^drm-master: //; s/ /-/g' /tmp/vt-master.log)
		kill -TERM "$m"; wait "$m"
	fi
	chvt 1
	until_match /tmp/vt-$1.log "switched back"
	sleep 0.5
	vmshot vt-$1-back
	during=$(flipbook info --vt-mode 2>&1)
	kill -TERM "$pid"; wait "$pid"
	status=$?
	chvt 2; chvt 1  # VT_AUTO again: the switches happen without anyone answering
	echo "@@FAULT vt-$1 status=$status during=$during after=$(flipbook info --vt-mode 2>&1) master-while-away=$master active=$(cat /sys/class/tty/tty0/active) $(grep -v '^flipbook: showing' /tmp/vt-$1.log | tr '\n' ' ' | sed 's/ *$//')@@"
}
vt_switch drm drm
vt_switch fbdev fbdev

# 4. Page flips that never complete: the shim's fault switch discards every flip-complete event it reads from
#    the card (the kernel flips; flipbook never hears of it). Each flip is given up after 1 s, logged once;
#    playback goes on (a frame presented a second) and SIGTERM ends it with status 0, text mode back.
FLIPBOOK_FAULT_DISCARD_FLIP_EVENTS=1 flipbook play --test-pattern moving --display drm --verbose >/tmp/noflip.log 2>&1 &
pid=$!
until_match /tmp/noflip.log "flipbook: playing"
sleep 5
alive=$(kill -0 "$pid" 2>/dev/null && echo yes || echo no)
during=$(flipbook info --vt-mode 2>&1)
kill -TERM "$pid"; wait "$pid"
echo "@@FAULT noflip status=$? alive=$alive during=$during after=$(flipbook info --vt-mode 2>&1) logged=$(grep -c 'did not complete' /tmp/noflip.log) $(grep -oE '[0-9]+ presented' /tmp/noflip.log | head -1) $(grep 'did not complete' /tmp/noflip.log | head -1)@@"

# 5. The DRM device unbound through sysfs while animating: exit with a message, the console back in text mode.
flipbook play --test-pattern moving --display drm >/tmp/unbind.log 2>&1 &
pid=$!
until_match /tmp/unbind.log "flipbook: playing"
sleep 0.5
device=$(basename "$(readlink /sys/class/drm/card0/device)")
echo -n "$device" >/sys/bus/pci/drivers/bochs-drm/unbind
ended=no
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || { ended=yes; break; }; sleep 0.1; done
[ "$ended" = yes ] || kill -TERM "$pid"
wait "$pid"
echo "@@FAULT unbind device=$device ended=$ended status=$? after=$(flipbook info --vt-mode 2>&1) $(grep -v '^flipbook: playing' /tmp/unbind.log | tr '\n' ' ' | sed 's/ *$//')@@"
exit 0
