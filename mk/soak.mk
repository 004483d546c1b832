# Soak (owner: reliability; docs/reliability.md). `make test` runs SoakTests with its defaults (2 simulated
# days, 300 consecutive frames); `make soak` runs them alone over SOAK_DAYS (30) simulated days, then draws
# SOAK_FRAMES (10⁶) consecutive 320×240 frames in an optimised build (tools/fuzz/soak-frames.sh) that must
# allocate nothing.
SOAK_DAYS   ?= 30
SOAK_FRAMES ?= 1000000
SOAK_OUT    ?= $(OUT)/soak
.PHONY: soak

soak: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	FLIPBOOK_SOAK_DAYS=$(SOAK_DAYS) FLIPBOOK_SOAK_ALONE=1 SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 \
		$(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter SoakTests
	tools/fuzz/soak-frames.sh $(SOAK_OUT) $(SOAK_FRAMES)
