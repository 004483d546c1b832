// flipbook-bench: cycle counts for every workload of BENCHMARKS (see README.md), beside memset and peers
// measured in the same run. `flipbook-bench [PREFIX]` runs only the workloads whose name starts with PREFIX.
let harness = BenchHarness(arguments: CommandLine.arguments)
harness.printHeader()
runAnimationWorkloads(harness)
runRasterWorkloads(harness)
runFrameWorkloads(harness)
