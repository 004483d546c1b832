/// Where a scene routes control commands that name no layer (`bindings`, SCENE-FORMAT.md "Control from other
/// processes"): `progress` (0 … 1, psplash's `PROGRESS n` / 100) drives a numeric key path between two values,
/// `message` (psplash's `MSG`) names a text layer.
public struct SceneBindings: Sendable {
    /// `bindings.progress`: layer `layer`'s `keyPath` goes from `from` (progress 0) to `to` (progress 1).
    public struct Progress: Sendable {
        /// The layer's name.
        public var layer: String
        /// A numeric key path.
        public var keyPath: SceneKeyPath
        /// The value at progress 0.
        public var from: Double
        /// The value at progress 1.
        public var to: Double
    }

    /// The progress binding, if any.
    public var progress: Progress?
    /// The name of the layer that shows messages, if any.
    public var message: String?

    /// No bindings.
    public init(progress: Progress? = nil, message: String? = nil) {
        self.progress = progress
        self.message = message
    }
}
