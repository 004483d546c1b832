# The aarch64 Embedded player drawing through DRM on a real arm64 kernel (owner: player; see docs/boards.md).
#   make vm-arm-test   builds the qemu-aarch64 and host-sim players, boots Debian's arm64 kernel in
#                      qemu-system-aarch64 (virt, virtio-gpu) with the player in the initramfs, and requires the
#                      screen to equal the host-sim player's frame pixel for pixel (vm/arm/test.sh)
# The kernel is fetched on first use with apt-get download (private arm64 index, cached in
# ~/.cache/flipbook-vm/arm64; VM_ARCH=arm64 vm/kernel.sh).
.PHONY: vm-arm-test vm-arm-kernel
VM_ARM_OUT ?= $(OUT)/vm-arm

## Fetch and unpack the arm64 test kernel (done by vm-arm-test when needed).
vm-arm-kernel:
	@VM_ARCH=arm64 vm/kernel.sh >/dev/null

vm-arm-test: deps
	@$(MAKE) --no-print-directory BOARD=qemu-aarch64 OUT=$(OUT) player
	@$(MAKE) --no-print-directory BOARD=host-sim OUT=$(OUT) player
	@vm/arm/test.sh $(OUT)/boards/qemu-aarch64/flipbook-player $(OUT)/boards/host-sim/flipbook-player $(VM_ARM_OUT)

TEST_STEPS += vm-arm-test
