#!/bin/sh
# vm/arm/guest.sh CASE...: runs in the ARM VMs (vm/arm/run.sh). A CASE is DISPLAY:SCENE@AT (DISPLAY drm or
# fbdev, SCENE a file /scenes/SCENE.json): starts the Embedded player on the scene file with
# `--display DISPLAY --at AT` (held until a signal), waits until it says it is showing the frame, has the host
# take a screendump (DISPLAY-SCENE-AT), ends the player with SIGTERM and reports its exit status. Screendumps
# "before" (the text console with a line of text on it, taken first) and "after-…" (once the player has
# exited) show whether the console came back. A CASE play:SCENE:ARGS plays the scene in real time on DRM
# with ARGS (commas for spaces, e.g. --for,1.5) and reports the player's last line and exit status; so does
# peak:SCENE:ARGS (test.sh does not require it to present more than one frame).
echo "flipbook vm-arm-test: the text console before the player runs" >/dev/tty1
sleep 0.2
vmshot before
for case in "$@"; do
	display=${case%%:*} rest=${case#*:}
	if [ "$display" = play ] || [ "$display" = peak ]; then
		scene=${rest%%:*} args=$(echo "${rest#*:}" | tr , ' ')
		# shellcheck disable=SC2086 # ARGS is a word list.
		/bin/flipbook-player "/scenes/$scene.json" --display drm $args 2>/tmp/player.log
		status=$?
		sed "s/^/@@PLAYER $case /; s/\$/@@/" /tmp/player.log
		echo "@@PLAYED $case status=$status $(tail -1 /tmp/player.log)@@"
		continue
	fi
	scene=${rest%@*} at=${rest#*@} name=$display-${rest%@*}-${rest#*@}
	/bin/flipbook-player "/scenes/$scene.json" --display "$display" --at "$at" 2>/tmp/player.log &
	pid=$!
	shown=no
	for _ in $(seq 600); do  # up to 60 s: the first frame is drawn under TCG emulation
		if grep -q showing /tmp/player.log; then shown=yes; break; fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if [ "$shown" = yes ]; then
		vmshot "$name"
		echo "@@MEMORY $name $(grep -h -e VmHWM -e VmRSS /proc/$pid/status | tr -s ' \t' ' ' | tr '\n' ' ')@@"
	fi
	kill -TERM "$pid" 2>/dev/null
	wait "$pid"
	status=$?
	sed 's/^/@@PLAYER /; s/$/@@/' /tmp/player.log
	vmshot "after-$name"
	echo "@@RESULT $name shown=$shown status=$status@@"
done
