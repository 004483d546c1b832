#!/bin/sh
# /splash.sh: the boot-splash checks inside the VM (vm/splash/test.sh), on bochs DRM at 1024x768.
#  1. The DRM driver is unloaded; the splash starts with --wait-device and --psplash; the driver is loaded.
#     Each psplash command of /splash/steps.txt goes through the FIFO and is screendumped once settled
#     (splash-NAME); QUIT ends the splash: status and VT mode after it.
#  2. Retain: a splash with --psplash and --control; PROGRESS 100 and MSG Handing over, screendump
#     (retain-last); `quit` with `retain` over the socket; a second DRM client becomes master
#     (drm-master) while the splash waits: screendump (retain-master); the next program
#     (`flipbook play --test-pattern quadrants`) sets its frame: the splash exits, screendump (retain-next).
#  3. Time to the first frame of every scene in /demo (play --verbose), /splash/runs runs each, from exec too.
# Results are "@@NAME …@@" lines on the console.
export PSPLASH_FIFO_DIR=/run
mkdir -p /run
until_match() {  # FILE PATTERN: waits up to 20 s for PATTERN in FILE
	for _ in $(seq 400); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
	return 1
}
until_fifo() { for _ in $(seq 400); do [ -p /run/psplash_fifo ] && return 0; sleep 0.05; done; return 1; }
psplash_write() { printf '%s\0' "$1" >/run/psplash_fifo; }  # as psplash-write: the command and a NUL

# 1. The splash before the DRM module.
rmmod bochs && echo "@@SPLASH module unloaded, card0 $([ -e /dev/dri/card0 ] && echo present || echo absent)@@"
flipbook play /splash/splash.json --psplash --wait-device 30 --verbose --display drm >/tmp/splash.log 2>&1 &
pid=$!
until_fifo && echo "@@SPLASH fifo ready@@"
sleep 1
insmod /lib/modules/bochs.ko
until_match /tmp/splash.log "flipbook: playing" && echo "@@SPLASH playing@@"
grep -v '^#' /splash/steps.txt | while IFS='|' read -r name command _; do
	[ -n "$name" ] || continue
	psplash_write "$command"
	sleep 1.5  # the implicit animation (0.25 s) is over, the frame is still
	vmshot "splash-$name"
done
psplash_write QUIT
wait "$pid"
echo "@@SPLASH quit status=$? after=$(flipbook info --vt-mode 2>&1)@@"
sed 's/^/  /' /tmp/splash.log
echo "@@SPLASH $(grep -o 'waited [0-9.]* ms' /tmp/splash.log)@@"
echo "@@SPLASH $(grep -o 'first frame on screen [0-9.]* ms' /tmp/splash.log)@@"

# 2. quit with retain, another DRM master, the next program.
flipbook play /splash/splash.json --psplash --control /run/splash.sock --display drm >/tmp/retain.log 2>&1 &
pid=$!
until_match /tmp/retain.log "flipbook: playing"
until_fifo
psplash_write "PROGRESS 100"
psplash_write "MSG Handing over"
sleep 1.5
vmshot retain-last
echo "@@RETAIN reply $(flipbook send /run/splash.sock '{"quit": true, "retain": true}')@@"
until_match /tmp/retain.log "DRM master dropped"
drm-master >/tmp/master.log 2>&1 &
master=$!
until_match /tmp/master.log "drm-master:"
echo "@@RETAIN $(cat /tmp/master.log) splash=$(kill -0 "$pid" 2>/dev/null && echo waiting || echo gone)@@"
vmshot retain-master
kill -TERM "$master"; wait "$master"
flipbook play --test-pattern quadrants --at 0 --display drm >/tmp/next.log 2>&1 &
next=$!
until_match /tmp/next.log "flipbook: showing"
wait "$pid"
status=$?
echo "@@RETAIN splash status=$status vt=$(flipbook info --vt-mode 2>&1)@@"
sleep 0.5
vmshot retain-next
kill -TERM "$next"; wait "$next"
sed 's/^/  /' /tmp/retain.log /tmp/next.log

# 3. Time to the first frame (bochs, 1024x768) of the demo scenes, /splash/runs times each: from the start of
#    `play` (flipbook's own line) and from exec (exec-clock's clock before it executes flipbook).
for scene in /demo/*.json; do
	for _ in $(seq "$(cat /splash/runs)"); do
		log=$(exec-clock flipbook play "$scene" --for 0.2 --verbose --display drm 2>&1)
		line=$(echo "$log" | grep -o 'first frame on screen .*')
		exec=$(echo "$log" | sed -n 's/^exec-clock: \([0-9]*\) .*/\1/p')
		shown=$(echo "$log" | sed -n 's/^flipbook: first frame shown at monotonic clock \([0-9]*\) .*/\1/p')
		echo "@@FIRST $(basename "$scene" .json) $(( (shown - exec) / 100 )) ${line#first frame on screen }@@"
	done  # NAME TENTHS_OF_MS_FROM_EXEC MS ms after … (phases)
done
exit 0
