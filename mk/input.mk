# Input: `ScenePanAllocationTests` (a pan through a scene's interactions allocates nothing while the finger moves
# and while its animator runs on) and the property animator's allocation tests in a release build; the debug run is part of swift-test. Built with testing enabled in the same release scratch
# as `make control-burst`; Swift Testing's per-error backtraces are off, as in swift-test. Not in TEST_STEPS (a
# second, release build of the package): run it beside `make control-burst`.
.PHONY: pan-allocations

pan-allocations: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release --build-tests -Xswiftc -enable-testing --scratch-path .build-burst
	SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 $(SWIFT) test $(SWIFT_FLAGS) -c release --skip-build --scratch-path .build-burst \
		--filter 'ScenePanAllocationTests|PropertyAnimator(Run|Scrub)AllocationTests'
