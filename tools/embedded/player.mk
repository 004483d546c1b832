# Builds and runs the Embedded player for one board, in its own make invocation so that the board's
# variables (boards/$(BOARD)/board.mk) do not leak into the rest of the build. Called from mk/boards.mk.
BOARD ?= host-sim
OUT   ?= out
include boards/$(BOARD)/board.mk
export TRIPLE LINK_CC SWIFT_TARGET_FLAGS C_TARGET_FLAGS

## Core modules compiled into the player (dependency order).
PLAYER_MODULES ?= FixedPoint Motion Raster Fonts Flipbook ImageCodecs FlipbookScenes
## FlipbookLinux files that are full Swift only (Glibc, libdrm); the rest of the module (DRM and fbdev displays,
## damage copy, errors, console guard, the poll waiter, the kernel protocols and UAPIKernel) is built in
## Embedded mode.
LINUX_FULL_ONLY ?= Kernel/LinuxKernel.swift Kernel/LinuxKernel+DRM.swift \
	DisplayInventory.swift FrameEntryPoints.swift TestPattern.swift \
	$(patsubst Sources/FlipbookLinux/%,%,$(wildcard Sources/FlipbookLinux/Input/*.swift)) \
	$(patsubst Sources/FlipbookLinux/%,%,$(wildcard Sources/FlipbookLinux/Control/*.swift))
export LINUX_FULL_ONLY
## The cross-check's frames: layer basics at its own 320×240 (scenes are not scaled to the canvas, so a smaller
## canvas would crop away the 3-D layer that found the 32-bit r10 miscompile), 8 frames over its 2 s.
CHECK_ARGS     ?= examples/layer-basics.json --ppm --frames 8
## Then pictures read from disk and decoded on the board: a JPEG and a PNG (examples/images.json, made by
## tools/reference/make_example_images.py), scaled, rotated and faded, 8 frames over its 2 s.
CHECK_IMAGE_ARGS ?= examples/images.json --ppm --frames 8
## Then gradient layers (examples/gradient-background.json): axial with moving start and end points, a drifting
## radial glow, a conic ring turning under a rounded mask, 8 frames over its 4 s.
CHECK_GRADIENT_ARGS ?= examples/gradient-background.json --ppm --frames 8
## Then replicator layers (examples/replicator-spinner.json): a spinner of delayed instances, a tinted ring, a
## typing indicator, 8 frames over its 2 s.
CHECK_REPLICATOR_ARGS ?= examples/replicator-spinner.json --ppm --frames 8
## Then every transition type (examples/transitions.json): 3-D flips and cube, the per-pixel warps (page curl
## and uncurl, ripple, genie) and the iris inside clipping tiles, 8 frames over its 2 s.
CHECK_TRANSITIONS_ARGS ?= examples/transitions.json --ppm --frames 8
## Then a custom-drawn layer (examples/custom-gauge.json): a gauge's ring, ticks and needle drawn into its backing
## store, redrawn as custom.0 and custom.1 animate, 8 frames over its 4 s.
CHECK_CUSTOM_ARGS ?= examples/custom-gauge.json --ppm --frames 8
## Then 3-D instance transforms and value functions (examples/carousel.json): a replicator's instances turned about
## y and x, each card spun by a `transform` animation with valueFunction rotateY, 8 frames over its 4 s.
CHECK_CAROUSEL_ARGS ?= examples/carousel.json --ppm --frames 8
## The same scene turned and fitted on a panel of another shape (`--rotate`/`--fit`, DisplayPlacement): 90°
## into 480×600 with `contain` (scale 1.875, bars), 270° into 200×300 with `stretch`, 4 frames each.
ROTATED_CHECK_ARGS ?= examples/layer-basics.json --ppm --frames 4 --size 480x600 --rotate 90 --fit contain
ROTATED_CHECK_ARGS_2 ?= examples/layer-basics.json --ppm --frames 4 --size 200x300 --rotate 270 --fit stretch
## Text frames: the dashboard card in the built-in font (a spring-counted 64 px number, labels, truncation),
## 8 frames over its 3 s.
TEXT_CHECK_ARGS ?= examples/dashboard-card.json --ppm --frames 8
## Then a font cascade read from disk: examples/fallback-text.json (Greek from examples/fonts/FallbackGreekSerif.ttf,
## the rest from the built-in sans, per character), 4 frames over its 2 s.
FALLBACK_TEXT_CHECK_ARGS ?= examples/fallback-text.json --ppm --frames 4
PLAYER_DIR     := $(OUT)/boards/$(BOARD)
## Boards compiled with their triple's flags (tools/embedded/triple-flags.sh, as make check-embedded compiles it)
## share its module builds (out/embedded/TRIPLE, built for all triples at once); a board with other flags builds
## its own.
ifeq ($(strip $(SWIFT_TARGET_FLAGS)),$(strip $(shell tools/embedded/triple-flags.sh $(TRIPLE))))
MODULE_DIR     := $(OUT)/embedded/$(TRIPLE)
else
MODULE_DIR     := $(PLAYER_DIR)/modules
endif
export MODULE_DIR

.PHONY: player player-frames player-size
player:
	@tools/embedded/build-player.sh $(PLAYER_DIR) "$(PLAYER_MODULES)"

## The player's code and read-only data per module (tools/embedded/size-table.py, docs/boards.md "Size").
player-size: player
	@python3 tools/embedded/size-table.py $(PLAYER_DIR)/flipbook-player
	@echo "player-size: $(BOARD) $$(wc -c < $(PLAYER_DIR)/flipbook-player.stripped) bytes stripped"

## Renders the cross-check frames with this board's binary (under its emulator) into frames.ppm.
player-frames: player
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_ARGS) > $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_IMAGE_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_GRADIENT_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_REPLICATOR_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_TRANSITIONS_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_CUSTOM_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(CHECK_CAROUSEL_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(ROTATED_CHECK_ARGS) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(ROTATED_CHECK_ARGS_2) >> $(PLAYER_DIR)/frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(TEXT_CHECK_ARGS) > $(PLAYER_DIR)/text-frames.ppm
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-player $(FALLBACK_TEXT_CHECK_ARGS) >> $(PLAYER_DIR)/text-frames.ppm
	@echo "player-frames: $(BOARD) $$(md5sum < $(PLAYER_DIR)/frames.ppm | cut -c1-32)," \
		"text $$(md5sum < $(PLAYER_DIR)/text-frames.ppm | cut -c1-32) ($(RUN_PREFIX))"

