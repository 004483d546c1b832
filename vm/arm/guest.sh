#!/bin/sh
# vm/arm/guest.sh DEMO@AT...: runs in the arm64 VM (vm/arm/run.sh). For each demo and scene time: starts the
# Embedded player on /dev/dri/card0, waits until it says it presented, has the host take a screendump (DEMO@AT),
# ends the player with SIGTERM and reports its exit status. Screendumps "before" (the text console with a
# line of text on it, taken first) and "after-AT" (once the player has exited) show whether the console's
# CRTC configuration and text mode came back.
echo "flipbook vm-arm-test: the text console before the player runs" >/dev/tty1
sleep 0.2
vmshot before
for case in "$@"; do
	demo=${case%@*} at=${case#*@}
	/bin/flipbook-player --demo "$demo" --drm /dev/dri/card0 --at "$at" 2>/tmp/player.log &
	pid=$!
	shown=no
	for _ in $(seq 600); do  # up to 60 s: the first frame is drawn under TCG emulation
		if grep -q presented /tmp/player.log; then shown=yes; break; fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if [ "$shown" = yes ]; then
		vmshot "$demo-$at"
		echo "@@MEMORY $demo at=$at $(grep -h -e VmHWM -e VmRSS /proc/$pid/status | tr -s ' \t' ' ' | tr '\n' ' ')@@"
	fi
	kill -TERM "$pid" 2>/dev/null
	wait "$pid"
	status=$?
	sed 's/^/@@PLAYER /; s/$/@@/' /tmp/player.log
	vmshot "after-$demo-$at"
	echo "@@RESULT $demo at=$at shown=$shown status=$status@@"
done
