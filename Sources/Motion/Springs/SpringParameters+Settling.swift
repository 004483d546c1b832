extension SpringParameters {
    /// The settling threshold: 0.1 % of the distance.
    public static let settlingThreshold = 1e-3

    /// The settling duration in seconds: the last time the value is ≥ 0.1 % of the distance away from
    /// the target (|x(t) − to| ≥ 1e-3·|to − from|), or `nil` for an undamped spring, which never settles.
    ///
    /// Apple does not document its definition (`SEMANTICS.md` §3); this one is explicit and exact:
    /// m1 k100 c10 gives 1.270165 s. Found by scanning the exact trajectory in steps of 1/64 of the
    /// oscillation period until the spring's energy bound stays below the threshold, refining hidden
    /// peaks between samples, then bisecting the last crossing to 1 ns.
    public var settlingDuration: Double? {
        guard damping > 0 else { return nil }
        let step = 1 / (10.1 * naturalFrequency)  // ≈ period / 64
        let stepMatrix = SpringMath.transition(self, seconds: step)
        var state = (x: -1.0, v: initialVelocity)  // displacement from the target, 0 → 1 move
        var lastAbove: Double? = nil
        var index = 0
        while index < 50_000_000 {
            let time = Double(index) * step
            if state.x.magnitude >= SpringParameters.settlingThreshold {
                lastAbove = time
            } else if state.x.magnitude >= SpringParameters.settlingThreshold * 0.99, let peak = hiddenPeak(near: time, step: step) {
                lastAbove = peak
            }
            let omega = naturalFrequency
            let bound = (state.x * state.x + (state.v / omega) * (state.v / omega)).squareRoot()
            if bound < SpringParameters.settlingThreshold { break }
            state = stepMatrix.applied(to: state)
            index += 1
        }
        guard let start = lastAbove else { return 0 }
        return lastCrossing(after: start, within: step)
    }

    /// |x(t)| at time t of the 0 → 1 move (exact transition from the start).
    func displacement(at time: Double) -> Double {
        SpringMath.transition(self, seconds: time).applied(to: (x: -1, v: initialVelocity)).x
    }

    /// A time within one step of `time` where |x| reaches the threshold, if a peak between samples does.
    private func hiddenPeak(near time: Double, step: Double) -> Double? {
        var best: Double? = nil
        for index in -64...64 {
            let probe = time + Double(index) * step / 64
            if probe >= 0, displacement(at: probe).magnitude >= SpringParameters.settlingThreshold { best = probe }
        }
        return best
    }

    /// Bisects between `start` (|x| ≥ threshold) and the first later sample below it.
    private func lastCrossing(after start: Double, within step: Double) -> Double {
        var low = start, high = start + step
        while displacement(at: high).magnitude >= SpringParameters.settlingThreshold {
            low = high
            high += step
        }
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if displacement(at: middle).magnitude >= SpringParameters.settlingThreshold { low = middle } else { high = middle }
        }
        return low
    }
}
