# Control socket (owner: control; docs/control.md). `make test` runs the 10,000-command burst in the debug test
# build beside the other suites; `make control-burst` runs it alone in a release build (testing enabled, in
# .build-burst), where it must allocate nothing on the serving thread after its first wakes and end with the
# process's heap and resident set no larger than before the burst (FLIPBOOK_BURST_ALONE). Swift Testing would
# capture a backtrace (allocating) for every error thrown, each refused command's included: turned off here.
.PHONY: control-burst

control-burst: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release --build-tests -Xswiftc -enable-testing --scratch-path .build-burst
	FLIPBOOK_BURST_ALONE=1 SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 $(SWIFT) test $(SWIFT_FLAGS) -c release --skip-build --scratch-path .build-burst \
		--filter 'ControlServerTests/aBurstOfTenThousandMixedCommandsIsAnsweredInOrder'
