# Demo gallery (owner: scenes). `make demo` builds the flipbook tool (release) and renders every built-in demo
# into $(OUT)/<demo>/: frame-00000.ppm … at $(DEMO_FPS) fps, contact-sheet.ppm and .png, and preview.png (APNG).
# Needs no display. `make demo-stills` also rewrites docs/demos/<demo>.png (one still per demo, for the README).
DEMO_FPS     ?= 30
DEMO_BIN_DIR  = $(shell $(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path)

.PHONY: demo demo-build demo-stills

demo-build: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product flipbook

demo: demo-build
	$(DEMO_BIN_DIR)/flipbook demo --out $(OUT) --fps $(DEMO_FPS)
	@echo "make demo: frames, contact sheets and animated previews are in $(OUT)/<demo>/ (preview.png per demo)"

demo-stills: demo-build
	$(DEMO_BIN_DIR)/flipbook demo --out $(OUT) --fps $(DEMO_FPS) --stills docs/demos
	@echo "make demo-stills: docs/demos/<demo>.png rewritten"

# `make scenes-cli-check` (part of `make test`): the debug flipbook tool end to end — the examples validate,
# a broken scene is refused with its exact line and exit status 1, a usage error exits 64, and a rendered frame
# equals its golden PPM byte for byte; so does `play`'s simulator frame (`play` is parsed alone,
# FlipbookCommand.main), and a value `play` refuses gets the whole tree's usage message and 64. Takes a few
# seconds after `swift-test` has built everything (it builds only the tool, so `make test` does not run the
# unit tests twice).
SCENES_BIN_DIR = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)
SCENES_BROKEN  = Tests/FlipbookScenesTests/Broken

.PHONY: scenes-cli-check
scenes-cli-check: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product flipbook
	@mkdir -p $(OUT)
	$(SCENES_BIN_DIR)/flipbook validate examples/*.json > /dev/null
	@$(SCENES_BIN_DIR)/flipbook validate $(SCENES_BROKEN)/16-keytimes-order.json 2> $(OUT)/scenes-cli-check.txt; \
	  status=$$?; [ $$status -eq 1 ] || { echo "validate of a broken scene exited $$status, expected 1"; exit 1; }
	@echo "$(SCENES_BROKEN)/16-keytimes-order.json: /layers/2/animations/0/keyTimes: must be non-decreasing (0.5 after 0.7)" \
	  | cmp -s - $(OUT)/scenes-cli-check.txt || { echo "unexpected message:"; cat $(OUT)/scenes-cli-check.txt; exit 1; }
	@$(SCENES_BIN_DIR)/flipbook render examples/timing.json --at 1 2> /dev/null; \
	  status=$$?; [ $$status -eq 64 ] || { echo "a usage error exited $$status, expected 64"; exit 1; }
	$(SCENES_BIN_DIR)/flipbook render examples/timing.json --at 1 -o $(OUT)/scenes-cli-check.ppm
	cmp $(OUT)/scenes-cli-check.ppm Tests/FlipbookScenesTests/Golden/timing-1000ms.ppm
	cd $(OUT) && $(SCENES_BIN_DIR)/flipbook play $(CURDIR)/examples/timing.json --display sim --at 1 --hold 0 2> /dev/null
	cmp $(OUT)/flipbook-play.ppm Tests/FlipbookScenesTests/Golden/timing-1000ms.ppm
	@$(SCENES_BIN_DIR)/flipbook play examples/timing.json --rotate 45 2> $(OUT)/scenes-cli-check.txt; status=$$?; \
	  [ $$status -eq 64 ] && grep -q "^Usage: flipbook play " $(OUT)/scenes-cli-check.txt \
	  || { echo "play's usage error exited $$status:"; cat $(OUT)/scenes-cli-check.txt; exit 1; }
	@echo "scenes-cli-check: passed"

TEST_STEPS += scenes-cli-check
