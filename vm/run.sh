#!/bin/bash
# vm/run.sh FILES_DIR COMMAND OUT_DIR
#
# Boots Debian's x86_64 kernel in QEMU on a busybox initramfs holding FILES_DIR's contents, runs COMMAND
# with /bin/sh in the guest, and leaves the serial log and any screendumps (binary PPM) in OUT_DIR.
# The exit status is COMMAND's (124 when the VM timed out or died).
#
# In the guest, `vmshot NAME` saves the screen to OUT_DIR/NAME.ppm and returns once it is written.
#
# Environment:
#   VM_DISPLAY   bochs (default: VGA + bochs DRM, card0 and fb0), virtio (virtio-gpu, card0 and fb0),
#                std (VGA with vesafb: fb0 only, mode VM_VGA), cirrus (Cirrus CL-GD5446 with cirrusfb: fb0 only,
#                4 MB of video memory, mode VM_CIRRUS_MODE, default 1024x768-16@60; the driver pans)
#   VM_RES       preferred mode (EDID) for bochs/virtio, default 1024x768
#   VM_VGA       vesa mode number for std, default 0x344 (1024x768, 32 bpp)
#   VM_APPEND    extra kernel command line; the guest's init passes MODULE.PARAMETER=VALUE options to insmod
#                (e.g. drm.debug=0x10)
#   VM_TIMEOUT   seconds before the VM is killed (default 120)
#   VM_DEVICES   extra QEMU -device specifications, space separated (e.g. virtio-tablet-pci,id=tablet)
#   VM_MODULES   extra kernel modules to load, with their dependencies (e.g. evdev virtio_input)
#   VM_CACHE     kernel cache (default ~/.cache/flipbook-vm; filled by vm/kernel.sh on first use)
set -euo pipefail
[ $# -eq 3 ] || { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
FILES=$(realpath "$1"); COMMAND=$2; OUT=$(realpath -m "$3")
HERE=$(dirname "$(realpath "$0")")
CACHE=${VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flipbook-vm}
KIND=${VM_DISPLAY:-bochs}

VERSION=$(VM_CACHE=$CACHE "$HERE/kernel.sh")
KERNEL=$CACHE/root/boot/vmlinuz-$VERSION
RES=${VM_RES:-1024x768}
EDID="xres=${RES%x*},yres=${RES#*x}"
case $KIND in
	std)    DEVICE="VGA"; MODULES=""; APPEND="vga=${VM_VGA:-0x344}" ;;
	bochs)  DEVICE="VGA,$EDID"; MODULES="bochs"; APPEND="" ;;
	virtio) DEVICE="virtio-gpu-pci,$EDID"; MODULES="virtio_pci virtio_gpu"; APPEND="" ;;
	cirrus) DEVICE="cirrus-vga"; MODULES="cirrusfb"; APPEND="cirrusfb.mode_option=${VM_CIRRUS_MODE:-1024x768-16@60}" ;;
	*) echo "vm/run.sh: unknown VM_DISPLAY=$KIND (bochs, virtio, std or cirrus)" >&2; exit 2 ;;
esac
# vesafb needs the real-mode vga= setup of the bzImage; the DRM drivers boot faster from the ELF vmlinux.
[ "$KIND" != std ] && [ -s "$CACHE/vmlinux-$VERSION" ] && KERNEL=$CACHE/vmlinux-$VERSION

WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
# shellcheck disable=SC2086 # MODULES is a word list.
"$HERE/initramfs.sh" "$CACHE" "$VERSION" "$FILES" "$COMMAND" "$WORK/initrd.cpio" $MODULES ${VM_MODULES-}

# No KVM here (the guest hangs with it on this kind of host): TCG boots in about two seconds.
QEMU=(qemu-system-x86_64 -accel tcg -m 512M -smp 1 -nodefaults -no-reboot -display none
	-serial stdio -monitor none -qmp "unix:$WORK/qmp.sock,server=on,wait=off" -device "$DEVICE"
	-kernel "$KERNEL" -initrd "$WORK/initrd.cpio" -append "console=ttyS0 panic=-1 quiet $APPEND ${VM_APPEND-}")
for device in ${VM_DEVICES-}; do QEMU+=(-device "$device"); done
exec python3 "$HERE/relay.py" "$OUT" "${VM_TIMEOUT:-120}" "$WORK/qmp.sock" "${QEMU[@]}"
