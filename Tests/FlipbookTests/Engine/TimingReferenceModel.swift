/// SEMANTICS.md §1.2 in `Double` microseconds, written from the text and sharing no code with the engine:
/// one level of CAMediaTiming (steps 1–5), and step 8's groups, whose timing function eases the time
/// their children see and whose duration a child without one takes.
struct TimingReferenceModel {
    /// A timing function's control points (nil: linear).
    typealias Curve = (x1: Double, y1: Double, x2: Double, y2: Double)

    /// One animation or group: its CAMediaTiming fields (times in µs) and timing function.
    struct Level {
        var begin = 0.0, speed = 1.0, offset = 0.0
        /// nil: unset (a child takes its group's duration).
        var duration: Double?
        var repeatCount = 0.0, repeatDuration = 0.0
        var autoreverses = false, fillBackwards = false, fillForwards = false
        var curve: Curve?

        /// The basic local time u at parent time `t` (steps 1–5), or nil when removed.
        func localTime(_ t: Double, duration: Double) -> Double? {
            let elapsed = (t - begin) * speed
            let cycle = duration * (autoreverses ? 2 : 1)
            let active = repeatDuration > 0 ? repeatDuration : cycle * (repeatCount > 0 ? repeatCount : 1)
            let before = speed >= 0 ? elapsed < 0 : elapsed <= 0
            let after = speed >= 0 ? elapsed >= active : elapsed > active
            if before && !fillBackwards || after && !fillForwards { return nil }
            let clamped = min(max(elapsed, 0), active)
            let a = clamped + offset
            var k = (a / duration).rounded(.down)
            var u = a - k * duration
            if u == 0 && a > 0 && clamped == active {
                k -= 1
                u = duration
            }
            if autoreverses && Int(k) % 2 != 0 { u = duration - u }
            return u
        }
    }

    /// Levels from the outermost group to the leaf, a basic animation of 0 → 100.
    var levels: [Level]

    /// Each level's duration after inheritance (a child without one takes its group's; the outermost
    /// falls back to 0.25 s).
    var durations: [Double] {
        var result: [Double] = []
        for level in levels { result.append(level.duration ?? result.last ?? 250_000) }
        return result
    }

    /// The leaf's value at top-level time `t` (µs), or nil when any level is removed. `slack` moves every
    /// eased group time by that many multiples of its documented error (2⁻¹² of the group's duration for
    /// the curve table, plus a microsecond of rounding): the model's value over slack −1 … 1 bounds
    /// what the engine may show.
    func value(at t: Double, slack: Double = 0) -> Double? {
        let durations = self.durations
        var time = t
        for (index, level) in levels.enumerated() {
            let duration = durations[index]
            guard let u = level.localTime(time, duration: duration) else { return nil }
            let eased = level.curve.map { duration * Self.bezier(u / duration, $0) } ?? u
            if index == levels.count - 1 { return 100 * eased / duration }
            let error = (level.curve == nil ? 0 : duration / 4096) + 1
            time = min(max(eased + slack * error, 0), duration)
        }
        return nil
    }

    /// y(x) of the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1), x(t) inverted by bisection to the last bit.
    static func bezier(_ x: Double, _ curve: Curve) -> Double {
        func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0 ..< 100 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if coordinate(middle, curve.x1, curve.x2) < x { low = middle } else { high = middle }
        }
        return coordinate((low + high) / 2, curve.y1, curve.y2)
    }
}
