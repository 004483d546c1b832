import Flipbook

/// Runs a ``SceneScript`` against a loaded scene: every step once, in time order, each with the run loop's model
/// settled at exactly the step's media time first, so the result does not depend on which frames are drawn.
///
/// Steps are setup-like code (a `PropertyAnimator` allocates): a player with an allocation-free frame runs them
/// before the frame, when ``nextStepMicros`` is due.
public struct SceneScriptRunner {
    private let steps: [SceneScript.Step]
    private let layers: SceneLayers
    private var nextStep = 0

    /// A runner for `script`, whose steps find layers by name in `layers`.
    public init(script: SceneScript, layers: SceneLayers) {
        steps = script.steps
        self.layers = layers
    }

    /// When the next step is due, in microseconds since the scene start; `nil` once every step has run.
    public var nextStepMicros: Int64? {
        nextStep < steps.count ? steps[nextStep].micros : nil
    }

    /// Runs every step due at or before `micros` on `runLoop`'s engine, each at its own time.
    ///
    /// - Throws: `.engine` naming the step's time when the engine refuses what the step does.
    public mutating func runSteps(through micros: Int64, runLoop: inout RunLoop) throws(SceneRenderError) {
        while nextStep < steps.count, steps[nextStep].micros <= micros {
            let step = steps[nextStep]
            runLoop.settle(at: step.micros)
            do {
                try step.action(runLoop.engine, layers)
            } catch {
                throw .engine(pointer: "script step at \(step.micros) µs", error)
            }
            nextStep += 1
        }
    }
}
