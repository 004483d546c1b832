/// One model change of an interaction's `set` or an animator's `changes`: a layer's key path and its value.
public struct SceneChange: Sendable {
    /// The layer's name.
    public var layer: String
    /// The property.
    public var keyPath: SceneKeyPath
    /// The new model value.
    public var value: SceneValue
}

/// A property animator of the scene (`animators`, SCENE-FORMAT.md "Interaction"; UIViewPropertyAnimator):
/// created when an interaction first starts or scrubs it.
public struct AnimatorDescription: Sendable {
    /// The JSON pointer of the animator in its scene file.
    public var pointer: String
    /// The name interactions use.
    public var key: String
    /// Seconds from fraction 0 to 1.
    public var duration: Double
    /// The curve (default `easeInEaseOut`, as UIKit's).
    public var timingFunction: SceneTimingFunction
    /// UIKit's damped spring instead of the curve (`init(duration:dampingRatio:)`; 0 < ratio ≤ 1), or nil.
    public var dampingRatio: Double?
    /// The model values the animator moves to.
    public var changes: [SceneChange]
    /// Whether scrubbing follows the fraction linearly (true) or through the curve.
    public var scrubsLinearly: Bool
    /// Whether the animator stays active at its end (so it can be scrubbed back).
    public var pausesOnCompletion: Bool
}

/// What a pan does when the finger lifts (`release`).
public enum ScrubRelease: String, Sendable, CaseIterable {
    /// Finishes from where the finger left it, in the finger's direction and at its speed.
    case `continue`
    /// Goes back to fraction 0.
    case reverse
    /// Goes to whichever end is closer.
    case nearest
    /// Stays where the finger left it: the animator stays paused at that fraction (a slider's knob), until the
    /// next pan moves it again.
    case stay
}

/// An interaction of the scene (`interactions`): a gesture on a layer and what it does.
public struct InteractionDescription: Sendable {
    /// The gesture that triggers it.
    public enum Trigger: String, Sendable, CaseIterable {
        case tap, press, release, longPress, pan
    }

    /// What the interaction does.
    public enum Action: Sendable {
        /// Adds the armed (or any keyed) animation `key` of layer `layer` again, beginning now.
        case startAnimation(layer: String, key: String)
        /// Starts (or resumes) the animator `key`.
        case startAnimator(key: String)
        /// Sets model values of the interaction's layer in one transaction (implicit animations).
        case set([SceneChange])
        /// `by`: adds the changes' values (numbers, pairs) to the model values of the interaction's layer in one
        /// transaction (implicit animations), as `progress += 0.1` does in UIKit.
        case changeBy([SceneChange])
        /// Pan only: moves animator `animator` by the finger's movement along `axis`, `distance` points for
        /// fraction 0 → 1 (negative: the other way), and lets it go as `release` says.
        case scrub(animator: String, vertical: Bool, distance: Double, release: ScrubRelease)
    }

    /// The JSON pointer of the interaction in its scene file.
    public var pointer: String
    /// The gesture.
    public var trigger: Trigger
    /// The layer it belongs to (a gesture bubbles from the layer it began on to its ancestors).
    public var layer: String
    /// The action.
    public var action: Action
}
