# Engine model (owner: engine). `make engine-test` runs the engine's test suites only (layer tree,
# animations, transactions, block API, property animator, display link, zero-allocation frames).
ENGINE_SUITES ?= FlipbookTests\.(TimingVector|KeyframeAndSpring|LayerTree|Transaction|Allocation|PropertyAnimator|BlockAPI|CustomDrawing|InputError|Transform3D|PathAnimation)Tests

.PHONY: engine-test
engine-test: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter '$(ENGINE_SUITES)'
