# The benchmark program on boards (owner: displays). See docs/board-bench.md.
#   make BOARD=<board> bench-board [BENCH=prefix]   Embedded Swift benchmark → out/boards/<board>/flipbook-bench,
#                                                   run natively or under the board's qemu-user (RUN_PREFIX)
#   make bench-board-check                          builds it for aarch64 (rpi4) and armv6 (rpi-zero) and runs
#                                                   one short workload under qemu-user (in make test: it shares
#                                                   the players' module builds, about 40 s once they are built)
BENCH_CHECK_BOARDS ?= rpi4 rpi-zero

.PHONY: bench-board bench-board-check
bench-board:
	@$(MAKE) --no-print-directory -f tools/embedded/bench/bench.mk BOARD=$(BOARD) OUT=$(OUT) BENCH=$(BENCH) bench-board

## Under qemu-user perf_event_open fails: the header must name the fallback counter and the error.
bench-board-check:
	@for board in $(BENCH_CHECK_BOARDS); do \
		mkdir -p $(OUT)/boards/$$board; \
		$(MAKE) --no-print-directory -f tools/embedded/bench/bench.mk BOARD=$$board OUT=$(OUT) BENCH=spring_eval \
			bench-board > $(OUT)/boards/$$board/bench-check.txt || { cat $(OUT)/boards/$$board/bench-check.txt; exit 1; }; \
		cat $(OUT)/boards/$$board/bench-check.txt; \
		grep -q '^# flipbook-bench (Embedded): counter .*perf_event_open failed' $(OUT)/boards/$$board/bench-check.txt && \
		grep -q '^{"workload": "spring_eval", .*"mallocs_per_frame": 0' $(OUT)/boards/$$board/bench-check.txt || \
			{ echo "bench-board-check: $$board: no fallback counter message or no spring_eval result"; exit 1; }; \
	done
	@echo "bench-board-check: passed for $(BENCH_CHECK_BOARDS)"

TEST_STEPS += bench-board-check
