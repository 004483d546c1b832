/// Finds a scene's default duration: the scene time at which its last finite animation ends, mapping each
/// animation's active interval through the layer time of its ancestors (SEMANTICS.md §1.2).
enum SceneDurationEstimator {
    /// The latest end, in scene seconds, of any animation that ends; 0 when none does.
    static func latestFiniteEnd(of layers: [LayerDescription]) -> Double {
        var latest = 0.0
        for layer in layers { visit(layer, parentOrigin: 0, parentScale: 1, latest: &latest) }
        return latest
    }

    /// Layer time maps to scene time linearly: `scene = origin + scale × local`. A layer's parent time is
    /// `beginTime + (local − timeOffset) / speed`; a stopped layer (speed 0) never ends anything.
    private static func visit(_ layer: LayerDescription, parentOrigin: Double, parentScale: Double, latest: inout Double) {
        guard layer.speed != 0 else { return }
        let origin = parentOrigin + parentScale * (layer.beginTime - layer.timeOffset / layer.speed)
        let scale = parentScale / layer.speed
        for animation in layer.animations {
            if let end = activeEnd(of: animation) { latest = max(latest, origin + scale * end) }
        }
        for sublayer in layer.sublayers { visit(sublayer, parentOrigin: origin, parentScale: scale, latest: &latest) }
    }

    /// Where an animation's active interval ends in its parent's time, or `nil` when it never ends.
    static func activeEnd(of animation: AnimationDescription) -> Double? {
        let timing = animation.timing
        guard timing.speed > 0, timing.repeatCount.isFinite else { return nil }
        let simple = simpleDuration(of: animation)
        let cycle = simple * (timing.autoreverses ? 2 : 1)
        let active = timing.repeatDuration > 0 ? timing.repeatDuration : cycle * (timing.repeatCount > 0 ? timing.repeatCount : 1)
        return timing.beginTime + active / timing.speed
    }

    /// The simple duration: as written, or 0.25 s, or for a spring its settling duration.
    static func simpleDuration(of animation: AnimationDescription) -> Double {
        if let duration = animation.timing.duration { return duration }
        if case .spring(_, let spring) = animation.content { return settlingDuration(of: spring) }
        return 0.25
    }

    /// Seconds until a spring from 0 to 1 stays within 0.001 of its target: the last time the distance is at least
    /// 0.001, found by integrating the spring in 1 ms steps (semi-implicit Euler), for at most 60 s.
    static func settlingDuration(of spring: SpringParameters) -> Double {
        let step = 0.001
        var position = 0.0
        var velocity = spring.initialVelocity
        var lastUnsettled = 0.0
        var time = 0.0
        while time < 60 {
            let acceleration = (spring.stiffness * (1 - position) - spring.damping * velocity) / spring.mass
            velocity += acceleration * step
            position += velocity * step
            time += step
            if abs(position - 1) >= 0.001 { lastUnsettled = time }
        }
        // Rounded up to the millisecond without `ceil` (the Embedded players link no maths library): the value
        // is positive and below 60 000, so the integer part is exact.
        let milliseconds = lastUnsettled * 1000
        let whole = Double(Int64(milliseconds))
        return (whole < milliseconds ? whole + 1 : whole) / 1000
    }
}
