# Fuzzing and sanitizers (owner: reliability; docs/reliability.md).
#   make fuzz [FUZZ=target] [FUZZ_SECONDS=N]   builds the libFuzzer targets of Tests/Fuzz/ (all, or FUZZ) and runs
#                                              each for FUZZ_SECONDS; a crash, leak or timeout fails and leaves
#                                              its reproducer in out/fuzz/<target>/artifacts/
#   make fuzz-short                            every target for FUZZ_SHORT_SECONDS (part of `make test`)
#   make sanitize                              the unit tests built and run under AddressSanitizer (.build-asan)
#   make sanitize-thread                       the suites whose code runs on two threads (the control queue and
#                                              server, the run loop and its signals) under ThreadSanitizer, only the
#                                              threaded modules instrumented (tools/tsan/tsan.sh, out/tsan)
FUZZ               ?=
FUZZ_SECONDS       ?= 600
FUZZ_SHORT_SECONDS ?= 15
FUZZ_OUT           ?= $(OUT)/fuzz
.PHONY: fuzz fuzz-short sanitize sanitize-thread
TSAN_SUITES        ?= ControlQueueTests|ControlServerTests|ControlScriptEquivalenceTests|RunLoopTests|LinuxKernelTests|SignalWhilePollingTests

fuzz:
	@tools/fuzz/fuzz.sh $(FUZZ_OUT) $(FUZZ_SECONDS) $(FUZZ)

fuzz-short:
	@tools/fuzz/fuzz.sh $(FUZZ_OUT) $(FUZZ_SHORT_SECONDS)

sanitize: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests --sanitize=address --scratch-path .build-asan
	FLIPBOOK_SANITIZER=address LSAN_OPTIONS=suppressions=$(CURDIR)/tools/fuzz/lsan-suppressions.txt \
		$(SWIFT) test $(SWIFT_FLAGS) --skip-build --sanitize=address --scratch-path .build-asan

# Not `swift build --sanitize=thread`: that instruments every module and Swift 6.3.1 cannot compile Raster so.
sanitize-thread: deps
	@tools/tsan/tsan.sh $(OUT)/tsan '$(TSAN_SUITES)'

TEST_STEPS += fuzz-short
