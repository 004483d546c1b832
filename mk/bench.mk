# Benchmarks (owner: displays; workloads from every area). `make bench [BENCH=prefix]` builds release and
# prints a table plus one JSON line per measurement (present_* workloads: docs/displays.md); `make
# bench-callgrind [BENCH=prefix]` counts instructions per measured region with callgrind (deterministic),
# one valgrind run per region, and prints instructions per item. Boards: mk/board-bench.mk.
BENCH          ?=
BENCH_OUT      ?= $(OUT)/bench
BENCH_BIN_DIR   = $(shell $(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path)

.PHONY: bench bench-build bench-callgrind

bench-build: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product flipbook-bench

bench: bench-build
	$(BENCH_BIN_DIR)/flipbook-bench $(BENCH)

# valgrind 3.19 cannot read the DWARF 5 of Swift release binaries: callgrind runs a copy without debug
# info (symbols kept, so the measured region is found by name).
bench-callgrind: bench-build
	@mkdir -p $(BENCH_OUT)
	@cp $(BENCH_BIN_DIR)/flipbook-bench $(BENCH_OUT)/flipbook-bench.nodebug
	@strip --strip-debug $(BENCH_OUT)/flipbook-bench.nodebug
	@region=1; while :; do \
	  FLIPBOOK_BENCH_CALLGRIND=$$region valgrind --tool=callgrind --toggle-collect='*flipbook_bench_measured*' \
	    --callgrind-out-file=$(BENCH_OUT)/callgrind.$$region $(BENCH_OUT)/flipbook-bench.nodebug $(BENCH) \
	    > $(BENCH_OUT)/callgrind.$$region.stdout 2> $(BENCH_OUT)/callgrind.$$region.stderr || exit 1; \
	  line=$$(grep "^#callgrind $$region " $(BENCH_OUT)/callgrind.$$region.stdout); \
	  [ -n "$$line" ] || break; \
	  total=$$(sed -n 's/^totals: *//p' $(BENCH_OUT)/callgrind.$$region); \
	  echo "$$line $$total" | awk '{ per = $$8 / $$7; \
	    printf "%-16s %-18s %-10s %12d instructions  %8.1f per item\n", $$3, $$4, $$5, $$8, per; \
	    printf "{\"workload\": \"%s\", \"size\": \"%s\", \"format\": %s, \"impl\": \"%s\", \"ms_median\": null, \"x_memset\": null, \"instructions\": %d, \"mallocs_per_frame\": null, \"instructions_per_item\": %.1f}\n", \
	      $$3, $$5, ($$6 == "-" ? "null" : "\"" $$6 "\""), $$4, $$8, per }'; \
	  region=$$((region + 1)); \
	done
