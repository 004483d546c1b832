/// anim_eval, spring_eval (see README.md, Benchmarks).
func runAnimationWorkloads(_ harness: BenchHarness) {}
