#!/bin/bash
# vm/initramfs.sh CACHE VERSION FILES_DIR COMMAND CPIO MODULE...
#
# Writes the guest's initramfs (newc cpio) to CPIO, for vm/run.sh (x86_64) and vm/arm/run.sh (arm64):
# busybox and the MODULEs with their dependencies in load order (lib/modules/order), all from the unpacked
# kernel package in CACHE/root; vm/guest's init and vmshot; COMMAND as /cmd.sh; FILES_DIR's contents.
set -euo pipefail
CACHE=$1 VERSION=$2 FILES=$3 COMMAND=$4 CPIO=$5
shift 5
HERE=$(dirname "$(realpath "$0")")
ROOT=$(mktemp -d); trap 'rm -rf "$ROOT"' EXIT
mkdir -p "$ROOT"/{bin,dev,proc,sys,tmp,lib/modules}
cp "$CACHE/root/bin/busybox" "$ROOT/bin/"
for module in "$@"; do
	modprobe -d "$CACHE/root" -S "$VERSION" --show-depends "$module" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r ko; do
	cp "$ko" "$ROOT/lib/modules/"
	echo "${ko##*/}" >>"$ROOT/lib/modules/order"
done
cp "$HERE/guest/init" "$ROOT/init"
cp "$HERE/guest/vmshot" "$ROOT/bin/vmshot"
printf '%s\n' "$COMMAND" >"$ROOT/cmd.sh"
chmod +x "$ROOT/init" "$ROOT/bin/vmshot"
cp -a "$FILES/." "$ROOT/"
(cd "$ROOT" && find . | cpio -o -H newc --quiet) >"$CPIO"
