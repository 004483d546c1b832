import Flipbook

/// Swift code that drives a scene between frames, as an app does in response to gestures: each step runs once,
/// with the engine advanced to exactly the step's media time first, so the result does not depend on which
/// frames are rendered. Built fresh for each renderer (steps may share state, such as a `PropertyAnimator`).
public struct SceneScript {
    /// One action at one media time.
    public struct Step {
        /// When the step runs, in microseconds since the scene start.
        public let micros: Int64
        /// What it does; the engine and the scene's named layers are handed in.
        public let action: (Engine, SceneLayers) throws(EngineError) -> Void

        /// A step at `seconds` (rounded to the microsecond).
        public init(seconds: Double, action: @escaping (Engine, SceneLayers) throws(EngineError) -> Void) {
            self.micros = Int64((seconds * 1_000_000).rounded())
            self.action = action
        }
    }

    /// The steps, in time order.
    public let steps: [Step]

    /// A script of `steps`, sorted by time (stable for equal times).
    public init(steps: [Step]) {
        self.steps = steps.enumerated().sorted { ($0.element.micros, $0.offset) < ($1.element.micros, $1.offset) }.map { $0.element }
    }
}

/// The engine layers of a loaded scene, by the names the scene gave them.
public struct SceneLayers {
    private let byName: [String: LayerID]

    init(byName: [String: LayerID]) {
        self.byName = byName
    }

    /// The layer named `name`.
    ///
    /// - Throws: `EngineError.invalidAnimation` naming the missing layer (a script bug).
    public func layer(_ name: String) throws(EngineError) -> LayerID {
        guard let id = byName[name] else { throw .invalidAnimation(field: "layer", reason: "no layer named \"\(name)\"") }
        return id
    }
}
