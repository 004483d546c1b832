# End-to-end display tests on a real kernel: Debian's kernel in QEMU with bochs DRM, virtio-gpu DRM,
# vesafb and cirrusfb (which pans), the real flipbook binary inside (see vm/e2e.sh and docs/displays.md);
# then the boot-splash checks (vm/splash/test.sh, docs/control.md), the display faults (vm/faults/test.sh,
# docs/reliability.md) and touch input through QEMU's virtio tablet (vm/input/test.sh, docs/input.md).
# The kernel is fetched from Debian's archive with apt-get download on first use and cached in
# ~/.cache/flipbook-vm.
.PHONY: vm-test vm-kernel

## Fetch and unpack the test kernel (done by vm-test when needed).
vm-kernel:
	@vm/kernel.sh >/dev/null

## Boot the VMs and require the screens to equal the expected frames pixel for pixel (results in OUT/vm-test).
vm-test: deps
	SWIFT_FLAGS="$(SWIFT_FLAGS)" VM_OUT="$${VM_OUT:-$(OUT)/vm-test}" vm/e2e.sh
	SWIFT_FLAGS="$(SWIFT_FLAGS)" VM_OUT="$(OUT)/vm-splash" vm/splash/test.sh
	SWIFT_FLAGS="$(SWIFT_FLAGS)" VM_OUT="$(OUT)/vm-faults" vm/faults/test.sh
	SWIFT_FLAGS="$(SWIFT_FLAGS)" VM_OUT="$(OUT)/vm-input" vm/input/test.sh

TEST_STEPS += vm-test
