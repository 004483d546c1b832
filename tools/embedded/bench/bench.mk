# Builds and runs the Embedded benchmark for one board, in its own make invocation (like player.mk, whose
# board settings and shared module directory it includes). Called from mk/board-bench.mk.
include tools/embedded/player.mk

## Workload prefix (empty: all).
BENCH         ?=
## The modules the benchmark uses (a prefix of the player's list: the same module builds).
BENCH_MODULES ?= FixedPoint Motion Raster

.PHONY: bench-board-build bench-board
bench-board-build:
	@tools/embedded/bench/build-bench.sh $(PLAYER_DIR) "$(BENCH_MODULES)"

## Runs the benchmark natively or under the board's emulator (RUN_PREFIX).
bench-board: bench-board-build
	@$(RUN_PREFIX) $(PLAYER_DIR)/flipbook-bench $(BENCH)
