#!/bin/bash
# vm/splash/pack.sh FLIPBOOK FILES_DIR: puts the flipbook binary with its loader and shared libraries, and
# the static drm-master client (built here with the host's C compiler and libdrm's drm.h) and exec-clock, into FILES_DIR
# for a VM's initramfs (vm/splash/test.sh, vm/faults/test.sh).
set -euo pipefail
FLIPBOOK=$1 FILES=$2
HERE=$(dirname "$(realpath "$0")")
mkdir -p "$FILES/bin"
cp "$FLIPBOOK" "$FILES/bin/flipbook"
for library in $(ldd "$FLIPBOOK" | grep -o '/[^ ]*'); do  # the loader and every shared library
	mkdir -p "$FILES$(dirname "$library")"
	cp -L "$library" "$FILES$library"
done
cc -static -O2 -Wall -I/usr/include/libdrm -o "$FILES/bin/drm-master" "$HERE/drm-master.c"
cc -static -O2 -Wall -o "$FILES/bin/exec-clock" "$HERE/exec-clock.c"
