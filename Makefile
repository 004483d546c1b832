# Flipbook — thin Makefile. Each area adds its targets in mk/<area>.mk and appends to TEST_STEPS.
SWIFT        ?= swift
BOARD        ?= host-sim
OUT          ?= out
# Extra flags for every swift invocation (e.g. --scratch-path .build-mine).
SWIFT_FLAGS  ?=
TEST_STEPS   :=

.PHONY: all deps build test swift-test bench demo clean
all: build

include $(sort $(wildcard mk/*.mk))

deps:
	@tools/install-deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# Swift Testing records a backtrace of every error thrown in the test process (a hook `flipbook` itself does not
# have); those allocations land on whichever test thread throws and vary with what runs beside it, which made the
# soak's allocations-per-period comparison flaky. Off here: the malloc-counting tests count only our code.
swift-test: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 $(SWIFT) test $(SWIFT_FLAGS) --skip-build

## The README's test command: unit, golden and semantics tests, then every proof step of mk/*.mk, in that
## order, each step's wall time printed (the whole must stay under 30 minutes on the CI machine).
test: deps
	@for step in swift-test $(TEST_STEPS); do \
		start=$$(date +%s); \
		$(MAKE) --no-print-directory $$step || exit 1; \
		echo "make test: $$step took $$(( $$(date +%s) - start )) s"; \
	done
	@echo "make test: all steps passed (swift-test $(TEST_STEPS))"

clean:
	rm -rf .build $(OUT)
