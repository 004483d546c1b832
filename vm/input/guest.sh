#!/bin/sh
# /input.sh: the input checks inside the VM (vm/input/test.sh), on bochs DRM at 1024x768 with QEMU's virtio
# tablet and keyboard. Runs /input/steps.txt (vm/input/plan.py): "play NAME SCENE OPTIONS" starts
# `flipbook play --input-device auto`, "qmp JSON" has the host send that QMP command (input-send-event,
# device_del), "pause S" waits, "shot NAME" waits for the picture to settle and takes a screendump, "stop"
# ends the player with SIGTERM. Results are "@@INPUT …@@" lines on the console.
qmp() { echo "@@QMP $1@@" >/dev/console; read -r _ </dev/console; }
echo "@@INPUT devices: $(ls /dev/input | tr '\n' ' ')@@"
pid= name=
while read -r kind rest; do
	case $kind in
	play)
		set -- $rest
		name=$1; shift
		flipbook play "$@" --input-device auto --verbose --display drm >"/tmp/$name.log" 2>&1 &
		pid=$!
		for _ in $(seq 400); do grep -q "flipbook: playing" "/tmp/$name.log" && break; sleep 0.05; done
		sleep 1 ;;
	qmp) qmp "$rest"; sleep 0.02 ;;
	pause) sleep "$rest" ;;
	shot) sleep 3; vmshot "$rest" ;;
	stop)
		alive=$(kill -0 "$pid" 2>/dev/null && echo yes || echo no)
		kill -TERM "$pid"; wait "$pid"
		echo "@@INPUT $name alive=$alive status=$?@@"
		sed 's/^/  /' "/tmp/$name.log" ;;
	esac
done </input/steps.txt
exit 0
