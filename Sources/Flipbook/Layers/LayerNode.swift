import FixedPoint
import Motion

/// One slot of the layer pool: tree links (indices, −1 = none), model and presentation state, and the
/// per-kind settings that are not animatable.
struct LayerNode {
    var generation: UInt16 = 0
    /// The handle of the current occupant (index and generation).
    var handle = LayerID(index: 0, generation: 0)
    var isLive = false
    var kind = LayerKind.plain

    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var previousSibling: Int32 = -1
    /// The layer masking this one's content, or −1.
    var mask: Int32 = -1
    /// The layer this one masks, or −1.
    var maskOwner: Int32 = -1

    var model = LayerState()
    var presentation = LayerState()
    /// The presentation state of the previous frame, for change stamps.
    var previousPresentation = LayerState()
    var timing = LayerTiming.identity

    var fillRule = ShapeFillRule.nonZero
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var gravity = ContentsGravity.resize
    var image: ImageID?
    var surface: SurfaceID?
    var contentsGeneration: UInt32 = 0
    var needsDisplay = false
    /// The backing surface allocated for a custom-drawn layer (presented once drawn).
    var backing: SurfaceID?
    /// Index of the draw callback in the engine's table, or −1.
    var drawCallback: Int32 = -1
    /// Index of a text layer's text in the engine's resources, or −1 until its font is set.
    var text: Int32 = -1
    /// A gradient layer's kind and stops: an index in `EngineResources.gradients`, or −1 before `setGradient`.
    var gradient: Int32 = -1

    /// First and last animation records on this layer, in application order (`animationKeys` order).
    var firstAnimation: Int32 = -1
    var lastAnimation: Int32 = -1

    /// The running transition's record (−1: none) and its progress this frame.
    var transitionRecord: Int32 = -1
    /// The transition record whose outgoing picture an image layer shows instead of `image` (−1: none): set
    /// before a transition begins and while the outgoing side is drawn.
    var outgoingImageRecord: Int32 = -1
    /// The layer a `transition(from:to:…)` replaced, from the frame its transition ended until its completion
    /// removes it from the tree: no longer drawn.
    var isReplaced = false
    var transitionProgress = Progress.zero
    /// The world transform presented last frame (for change stamps).
    var previousWorld = Affine.identity
    /// The layer's local time in the last frame.
    var localTime: MediaTime = 0
    /// Where this frame's sublayers, in drawing order, are in the engine's `drawOrder`, and how many.
    var drawOrderStart: Int32 = 0
    var drawOrderCount: Int32 = 0

    /// Frame number of the last presented change.
    var changeStamp: UInt32 = 0
    /// Whether the layer has been in a filled presentation tree (implicit actions need a presented value).
    var hasBeenPresented = false
    /// Whether settings outside `LayerState` changed since the last frame.
    var settingsChanged = true
}
