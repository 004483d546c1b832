// flipbook-bench: cycle counts for every workload of BENCHMARKS (see docs/motion.md), beside memset and
// peers measured in the same run. `flipbook-bench [PREFIX]` runs only the workloads whose name starts
// with PREFIX; with FLIPBOOK_BENCH_CALLGRIND=1 (`make bench-callgrind`) each body runs once inside the
// region callgrind collects.
let harness = BenchHarness(arguments: CommandLine.arguments)
harness.printHeader()
runAnimationWorkloads(harness)
runRasterWorkloads(harness)
runFrameWorkloads(harness)
runPresentWorkloads(harness)
runDecodeWorkloads(harness)
runTextWorkloads(harness)
