/// frame_* workloads: whole frames of scenes.
func runFrameWorkloads(_ harness: BenchHarness) {}
