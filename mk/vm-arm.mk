# The Embedded players playing scene files through DRM and fbdev on real ARM kernels (owner: player; see
# docs/boards.md).
#   make vm-arm-test   builds the qemu-aarch64, rpi-zero (ARMv6) and host-sim players; boots Debian's arm64
#                      kernel in qemu-system-aarch64 and Debian's 32-bit armmp kernel in qemu-system-arm (both
#                      virt, virtio-gpu) with the player and scene files in the initramfs, and requires the
#                      screens to equal the host-sim player's frames pixel for pixel (vm/arm/test.sh)
# The kernels are fetched on first use with apt-get download (private arm64 and armhf indexes, cached in
# ~/.cache/flipbook-vm/ARCH; VM_ARCH=ARCH vm/kernel.sh).
.PHONY: vm-arm-test vm-arm-kernel
VM_ARM_OUT ?= $(OUT)/vm-arm

## Fetch and unpack the arm64 and armhf test kernels (done by vm-arm-test when needed).
vm-arm-kernel:
	@VM_ARCH=arm64 vm/kernel.sh >/dev/null
	@VM_ARCH=armhf vm/kernel.sh >/dev/null

vm-arm-test: deps
	@$(MAKE) --no-print-directory BOARD=qemu-aarch64 OUT=$(OUT) player
	@$(MAKE) --no-print-directory BOARD=rpi-zero OUT=$(OUT) player
	@$(MAKE) --no-print-directory BOARD=host-sim OUT=$(OUT) player
	@VM_ARCH=arm64 vm/arm/test.sh $(OUT)/boards/qemu-aarch64/flipbook-player $(OUT)/boards/host-sim/flipbook-player \
		$(VM_ARM_OUT)/arm64
	@VM_ARCH=armhf vm/arm/test.sh $(OUT)/boards/rpi-zero/flipbook-player $(OUT)/boards/host-sim/flipbook-player \
		$(VM_ARM_OUT)/armhf

TEST_STEPS += vm-arm-test
