#!/bin/sh
# /e2e.sh KIND: the end-to-end cases inside the VM. Each line of /cases is NAME|BACKEND|PLAY ARGUMENTS.
# For each: start `flipbook play`, wait for its "showing" line, take a screendump, read the VT mode,
# send SIGTERM, and report exit status and VT mode afterwards, and how fbdev presented (panning or shadow
# copy). With PAN_PROOF set, the first screen of a panning fbdev is cleared and the screen dumped again.
# Then the error cases and the frame rates.
kind=$1
while IFS='|' read -r name backend arguments; do
	[ -n "$name" ] || continue
	log=/tmp/$name.log
	flipbook play $arguments --display "$backend" >"$log" 2>&1 &
	pid=$!
	shown=no
	for _ in $(seq 400); do
		grep -qE "flipbook: (showing|playing)" "$log" && { shown=yes; break; }
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	case $name in anim-*) sleep 0.5 ;; *) [ "$shown" = yes ] && vmshot "$kind-$name" ;; esac
	case $PAN_PROOF-$shown-$backend-$name in
		1-yes-fbdev-anim-*) ;;
		1-yes-fbdev-*)  # panned to the second screen, the first is the hidden back buffer: clearing it must not show
			dd if=/dev/zero of=/dev/fb0 bs="$(cat /sys/class/graphics/fb0/stride)" count="$SCREEN_LINES" 2>/dev/null
			echo "@@PAN $name $(cat /sys/class/graphics/fb0/pan)@@"
			vmshot "$kind-$name-hidden" ;;
	esac
	during=$(flipbook info --vt-mode 2>&1)
	kill -TERM "$pid" 2>/dev/null
	wait "$pid"
	status=$?
	after=$(flipbook info --vt-mode 2>&1)
	sed 's/^/  /' "$log"
	echo "@@RESULT $name shown=$shown status=$status during=$during after=$after@@"
	echo "@@VIA $name $(grep -o 'panning\|shadow copy' "$log" | head -n 1 | tr ' ' -)@@"
done </cases

flipbook info 2>&1 | sed 's/^/@@INFO /; s/$/@@/'
flipbook play --test-pattern quadrants --at 0 --hold 0 --display fbdev --device /dev/fb9 2>/tmp/missing.log
echo "@@ERROR missing status=$? $(cat /tmp/missing.log)@@"
if [ -e /dev/dri/card0 ]; then
	mkdir -p /etc
	printf 'root:x:0:0:root:/root:/bin/sh\nplayer:x:1000:1000:player:/tmp:/bin/sh\n' >/etc/passwd
	printf 'root:x:0:\nvideo:x:44:\nplayer:x:1000:\n' >/etc/group
	chgrp 44 /dev/dri/card0 && chmod 660 /dev/dri/card0
	su player -s /bin/sh -c \
		'flipbook play --test-pattern quadrants --at 0 --hold 0 --display drm' 2>/tmp/permission.log
	echo "@@ERROR permission status=$? $(cat /tmp/permission.log)@@"
	chmod 600 /dev/dri/card0
fi

for backend in $SPEED_BACKENDS; do
	flipbook play --test-pattern moving --for 2 --display "$backend" 2>&1 | sed "s/^/@@SPEED $kind $backend damage-only /; s/\$/@@/"
	flipbook play --test-pattern moving --for 2 --full-damage --display "$backend" 2>&1 |
		sed "s/^/@@SPEED $kind $backend full-frame /; s/\$/@@/"
	[ -n "$SPEED_SCENE" ] && flipbook play "$SPEED_SCENE" --for 2 --display "$backend" 2>&1 |
		sed "s/^/@@SPEED $kind $backend scene /; s/\$/@@/"
done
# Pacing (PACING_BACKENDS): a still scene for 10 s, a moving one for 3 s, with the CPU time used after the
# first frame (play --verbose).
for backend in $PACING_BACKENDS; do
	flipbook play /pacing/still.json --for 10 --verbose --display "$backend" 2>&1 |
		sed "s/^/@@PACE $kind $backend still /; s/\$/@@/"
	flipbook play /pacing/moving.json --for 3 --verbose --display "$backend" 2>&1 |
		sed "s/^/@@PACE $kind $backend moving /; s/\$/@@/"
done
exit 0
