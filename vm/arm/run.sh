#!/bin/bash
# vm/arm/run.sh FILES_DIR COMMAND OUT_DIR
#
# vm/run.sh for ARM: boots Debian's arm64 kernel in qemu-system-aarch64 (the `virt` board, TCG, a Cortex-A72
# like the Pi 4's), or with VM_ARCH=armhf Debian's 32-bit armmp kernel in qemu-system-arm (`virt`, a
# Cortex-A15: ARMv7, which runs the Pi Zero's ARMv6 code) on a busybox initramfs holding FILES_DIR's contents, runs COMMAND with /bin/sh in
# the guest, and leaves the serial log and any screendumps (binary PPM) in OUT_DIR. The exit status is
# COMMAND's (124 when the VM timed out or died). The guest side (vm/guest/init, vmshot) and the console relay
# (vm/relay.py) are vm/'s own.
#
# Environment:
#   VM_DISPLAY   virtio (default: virtio-gpu-pci, card0 and fb0) or bochs (bochs-display, card0 and fb0)
#   VM_RES       preferred mode (EDID), default 1024x768
#   VM_ARCH      arm64 (default) or armhf
#   VM_CPU       guest CPU, default cortex-a72 for arm64 (`max` is 3-4x slower: TCG emulates pointer
#                authentication), cortex-a15 for armhf
#   VM_TIMEOUT   seconds before the VM is killed (default 120)
#   VM_CACHE     kernel cache (default ~/.cache/flipbook-vm/ARCH; filled by VM_ARCH=ARCH vm/kernel.sh)
set -euo pipefail
[ $# -eq 3 ] || { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
FILES=$(realpath "$1"); COMMAND=$2; OUT=$(realpath -m "$3")
HERE=$(dirname "$(realpath "$0")")
VM=$(dirname "$HERE")
ARCH=${VM_ARCH:-arm64}
CACHE=${VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flipbook-vm/$ARCH}
KIND=${VM_DISPLAY:-virtio}
case $ARCH in
	arm64) QEMU_SYSTEM=qemu-system-aarch64 MACHINE=virt CPU=${VM_CPU:-cortex-a72} ;;
	# highmem=off: the PCIe ECAM window below 4 GB, which the non-LPAE armmp kernel can reach
	armhf) QEMU_SYSTEM=qemu-system-arm MACHINE=virt,highmem=off CPU=${VM_CPU:-cortex-a15} ;;
	*) echo "vm/arm/run.sh: unknown VM_ARCH=$ARCH (arm64 or armhf)" >&2; exit 2 ;;
esac

VERSION=$(VM_ARCH=$ARCH VM_CACHE=$CACHE "$VM/kernel.sh")
KERNEL=$CACHE/root/boot/vmlinuz-$VERSION  # arm64: an uncompressed Image; armhf: a zImage. -kernel boots both
RES=${VM_RES:-1024x768}
EDID="xres=${RES%x*},yres=${RES#*x}"
case $KIND in
	virtio) DEVICE="virtio-gpu-pci,$EDID"; MODULES="virtio_pci virtio_gpu" ;;  # virtio_pci is a module on ARM
	bochs)  DEVICE="bochs-display,$EDID"; MODULES="bochs" ;;
	*) echo "vm/arm/run.sh: unknown VM_DISPLAY=$KIND (virtio or bochs)" >&2; exit 2 ;;
esac

WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
# shellcheck disable=SC2086 # MODULES is a word list.
"$VM/initramfs.sh" "$CACHE" "$VERSION" "$FILES" "$COMMAND" "$WORK/initrd.cpio" $MODULES

# TCG (no KVM for ARM guests on an x86_64 host). The virt board's PL011 UART (ttyAMA0) is there even
# with -nodefaults; poweroff -f leaves through PSCI.
QEMU=("$QEMU_SYSTEM" -M "$MACHINE" -accel tcg -cpu "$CPU" -m 512M -smp 1 -nodefaults -no-reboot
	-display none -serial stdio -monitor none -qmp "unix:$WORK/qmp.sock,server=on,wait=off" -device "$DEVICE"
	-kernel "$KERNEL" -initrd "$WORK/initrd.cpio" -append "console=ttyAMA0 panic=-1 quiet")
exec python3 "$VM/relay.py" "$OUT" "${VM_TIMEOUT:-120}" "$WORK/qmp.sock" "${QEMU[@]}"
