# Embedded Swift proofs (owner: fixed). `make check-embedded` builds the core modules with swiftc in
# Embedded mode for the host and aarch64, then links a frame proof against a runtime with no allocator.
# See docs/boards.md.

## Core modules that build in Embedded Swift mode, in dependency order (every core module now).
EMBEDDED_MODULES     ?= FixedPoint Motion Raster Flipbook
## The one function through which Engine.advance(to:) is known to reach the allocator (the path morph's
## copy-on-write; see docs/boards.md). Empty once the engine's frame links with no allocator.
ENGINE_KNOWN_ALLOCATION ?= EngineResources.interpolatePath
export ENGINE_KNOWN_ALLOCATION
## Every core module, for the informational `check-embedded-all`.
EMBEDDED_ALL_MODULES ?= FixedPoint Motion Raster Flipbook
## Triples the modules are compiled for; x86_64 and aarch64 also link the frame proof.
EMBEDDED_TRIPLES     ?= x86_64-unknown-linux-gnu aarch64-none-none-elf
EMBEDDED_OUT         ?= $(OUT)/embedded

.PHONY: check-embedded check-embedded-all
check-embedded:
	@tools/embedded/check-embedded.sh $(EMBEDDED_OUT) "$(EMBEDDED_MODULES)" "$(EMBEDDED_TRIPLES)"

## Tries every core module for the host triple and reports which pass (never fails the build).
check-embedded-all:
	@tools/embedded/build-modules.sh x86_64-unknown-linux-gnu $(EMBEDDED_OUT)/all $(EMBEDDED_ALL_MODULES) || \
		echo "check-embedded-all: some modules are not yet Embedded-clean (listed above)"

TEST_STEPS += check-embedded
