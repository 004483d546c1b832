# Embedded Swift proofs (owner: fixed; FlipbookScenes: scenes). `make check-embedded` builds the core modules and
# FlipbookScenes with swiftc in Embedded mode for every board triple, links a frame proof against a runtime with no
# allocator (host and aarch64), and checks the demos' frames drawn from JSON in Embedded mode against the goldens.
# See docs/boards.md and docs/scenes.md.

## Modules that build in Embedded Swift mode, in dependency order: the four core modules and the scenes
## (JSON parser, decoder, loader and demo gallery; docs/scenes.md "Embedded Swift").
EMBEDDED_MODULES     ?= FixedPoint Motion Raster Fonts Flipbook ImageCodecs FlipbookScenes FlipbookInput
## A function through which Engine.advance(to:) is known to reach the allocator, excused from the link proof
## (docs/boards.md). Empty: the engine's frame links with no allocator at all (the path morph writes into
## storage set up with the path since round 2).
ENGINE_KNOWN_ALLOCATION ?=
export ENGINE_KNOWN_ALLOCATION
## Every module, for the informational `check-embedded-all`.
EMBEDDED_ALL_MODULES ?= FixedPoint Motion Raster Fonts Flipbook ImageCodecs FlipbookScenes FlipbookInput
## Triples the modules are compiled for (every board's: boards/*/board.mk); x86_64 and aarch64 also link the
## frame proof and run the scene proof, the 32-bit ARM ones are compiled with their board's flags.
EMBEDDED_TRIPLES     ?= x86_64-unknown-linux-gnu aarch64-none-none-elf armv7-none-none-eabi armv6-none-none-eabi
EMBEDDED_OUT         ?= $(OUT)/embedded

.PHONY: check-embedded check-embedded-all
check-embedded:
	@tools/embedded/check-embedded.sh $(EMBEDDED_OUT) "$(EMBEDDED_MODULES)" "$(EMBEDDED_TRIPLES)"

## Tries every core module for the host triple and reports which pass (never fails the build).
check-embedded-all:
	@tools/embedded/build-modules.sh x86_64-unknown-linux-gnu $(EMBEDDED_OUT)/all $(EMBEDDED_ALL_MODULES) || \
		echo "check-embedded-all: some modules are not yet Embedded-clean (listed above)"

## First after swift-test: it builds every triple's modules at once (one compiler per core), and the board
## benchmark, the players of cross-check and vm-arm-test then link against those same builds.
TEST_STEPS := check-embedded $(TEST_STEPS)
