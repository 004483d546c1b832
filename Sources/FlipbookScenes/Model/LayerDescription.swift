/// A validated layer of a scene, every default filled in.
public struct LayerDescription: Sendable {
    /// The JSON pointer of the layer in its scene file (for messages).
    public var pointer: String
    /// The name, if one was given (unique in the scene).
    public var name: String?
    /// What the layer draws.
    public var kind = LayerKind.layer
    /// Where the anchor point sits in the superlayer, in pixels.
    public var position = ScenePoint.zero
    /// The bounds rectangle in the layer's own coordinates, in pixels.
    public var bounds = SceneRect.zero
    /// The anchor point in unit coordinates of the bounds.
    public var anchorPoint = ScenePoint(x: 0.5, y: 0.5)
    /// Drawing order among siblings (higher draws later).
    public var zPosition = 0.0
    /// Whether the layer and its subtree are skipped.
    public var hidden = false
    /// Group opacity, 0…1.
    public var opacity = 1.0
    /// Background colour, `nil` for none.
    public var backgroundColor: SceneColor?
    /// Corner radius in pixels.
    public var cornerRadius = 0.0
    /// Border width in pixels (inside the bounds).
    public var borderWidth = 0.0
    /// Border colour.
    public var borderColor = SceneColor.black
    /// Shadow colour.
    public var shadowColor = SceneColor.black
    /// Shadow opacity, 0…1.
    public var shadowOpacity = 0.0
    /// Shadow offset in pixels.
    public var shadowOffset = ScenePoint(x: 0, y: -3)
    /// Shadow blur radius in pixels.
    public var shadowRadius = 3.0
    /// The path whose shape casts the shadow (`shadowPath`, SVG path data in layer coordinates), or nil for the
    /// shadow of what the layer draws.
    public var shadowPath: ScenePath?
    /// Whether content and sublayers are clipped to the (rounded) bounds.
    public var masksToBounds = false
    /// Whether the layer is drawn while its transform shows its back (`false`: culled with its sublayers).
    public var doubleSided = true
    /// The layer transform.
    public var transform = TransformDescription.identity
    /// The transform of the sublayers about the anchor point (`sublayerTransform`; no z translation).
    public var sublayerTransform = TransformDescription.identity
    /// Layer time: begin time in seconds (parent time).
    public var beginTime = 0.0
    /// Layer time: speed factor.
    public var speed = 1.0
    /// Layer time: offset in seconds.
    public var timeOffset = 0.0
    /// Shape content, for `kind == .shape`.
    public var shape: ShapeDescription?
    /// Image content, for `kind == .image`.
    public var image: ImageDescription?
    /// Text content, for `kind == .text`.
    public var text: TextDescription?
    /// Gradient content, for `kind == .gradient`.
    public var gradient: GradientDescription?
    /// Instances, for `kind == .replicator`.
    public var replicator: ReplicatorDescription?
    /// The drawing, for `kind == .custom`.
    public var custom: CustomDrawingDescription?
    /// Sublayers, back to front in array order (drawing sorts by `zPosition`).
    public var sublayers: [LayerDescription] = []
    /// Animations, in the order they were written.
    public var animations: [AnimationDescription] = []
    private var maskStorage: [LayerDescription] = []

    /// Creates a layer with every field at its default.
    public init(pointer: String) {
        self.pointer = pointer
    }

    /// The mask layer, positioned in this layer's space; its alpha multiplies this layer's content.
    public var mask: LayerDescription? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
}
