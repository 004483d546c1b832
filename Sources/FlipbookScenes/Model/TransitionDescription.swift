/// A transition: how new content replaces the old.
public struct TransitionDescription: Sendable {
    /// `fade`, `moveIn`, `push` or `reveal`.
    public var transitionType = "fade"
    /// `fromLeft`, `fromRight`, `fromTop` or `fromBottom`, or `nil` (fade ignores it).
    public var subtype: String?
    /// Progress at which the transition starts, 0…1.
    public var startProgress = 0.0
    /// Progress at which it ends, 0…1, not below `startProgress`.
    public var endProgress = 1.0
    /// The new content: layer properties set at the transition's begin time.
    public var changes: [(keyPath: SceneKeyPath, value: SceneValue)] = []
    /// An image layer's new picture (`to.image`), decoded when the scene is read, or nil.
    public var image: ImageDescription?
    /// The new picture's `contentsGravity`, or nil to keep the layer's.
    public var imageGravity: String?
}
