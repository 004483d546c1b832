# Engine model (owner: engine). `make engine-test` runs the engine's test suites only (layer tree,
# animations, transactions, block API, property animator, display link, zero-allocation frames).
ENGINE_SUITES ?= FlipbookTests\.(TimingVector|KeyframeAndSpring|LayerTree|Transaction|Allocation|PropertyAnimator|BlockAPI|CustomDrawing|InputError|Transform3D|PathAnimation)Tests

.PHONY: engine-test
engine-test: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter '$(ENGINE_SUITES)'

## Issue 14's rule: outside Tests/, only the run loop and the advance-only benchmark call `Engine.advance(to:)`
## (every other player goes through `RunLoop`: `drawFrame`, `settle`). Lists any other call in Sources/ or tools/
## (comments and `ProgressReport.advance` excepted) and fails.
FRAME_LOOP_ADVANCE_CALLERS ?= Sources/Flipbook/RunLoop/RunLoop.swift Sources/flipbook-bench/FrameWorkloads.swift

.PHONY: check-frame-loop
check-frame-loop:
	@others=$$(grep -rnE '[.]advance[(]to:' Sources tools --include='*.swift' | grep -vE '^[^:]+:[0-9]+: *///' \
		| grep -v 'progress[.]advance' | grep -vF $(foreach file,$(FRAME_LOOP_ADVANCE_CALLERS),-e '$(file):')); \
	if [ -n "$$others" ]; then echo "check-frame-loop: Engine.advance called outside the run loop:"; echo "$$others"; exit 1; fi; \
	echo "check-frame-loop: only $(FRAME_LOOP_ADVANCE_CALLERS) call Engine.advance"

TEST_STEPS += check-frame-loop
