/// The raster workloads of BENCHMARKS, beside memset, cairo and pixman.
func runRasterWorkloads(_ harness: BenchHarness) {}
