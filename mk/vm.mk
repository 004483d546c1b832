# End-to-end display tests on a real kernel: Debian's kernel in QEMU with bochs DRM, virtio-gpu DRM and
# vesafb, the real flipbook binary inside (see vm/e2e.sh and docs/displays.md). The kernel is fetched
# from Debian's archive with apt-get download on first use and cached in ~/.cache/flipbook-vm.
.PHONY: vm-test vm-kernel

## Fetch and unpack the test kernel (done by vm-test when needed).
vm-kernel:
	@vm/kernel.sh >/dev/null

## Boot the VMs and require the screens to equal the expected frames pixel for pixel.
vm-test: deps
	SWIFT_FLAGS="$(SWIFT_FLAGS)" vm/e2e.sh

TEST_STEPS += vm-test
