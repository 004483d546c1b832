import FixedPoint

/// One layer of a `PresentationTree`: every value the compositor needs, resolved for the current frame
/// (model plus animations), with the layer's transform already concatenated down the tree.
///
/// All geometry is Q16.16 (`Fixed`); colours are 8-bit sRGB, straight alpha; `nil` colours draw nothing.
/// Entries are plain values (no references), so copying a tree never retains or allocates.
public struct PresentationLayer: Sendable {
    /// The model layer this entry shows.
    public var id: LayerID
    /// Index of this entry's superlayer entry in the tree, or −1 for a root (or a mask's owner for a mask root).
    public var parentIndex: Int32
    /// One past the last entry of this layer's subtree: entries `index + 1 ..< subtreeEnd` are its
    /// sublayers (recursively), so a hidden or clipped-out subtree is skipped by jumping to `subtreeEnd`.
    public var subtreeEnd: Int32
    /// Index of the entry of this layer's mask layer (stored after `PresentationTree.drawCount`), or −1.
    public var maskIndex: Int32
    /// Whether this entry is (part of) a mask and must not be drawn in the normal pass.
    public var isMask: Bool

    /// The 2-D world transform: layer (bounds) coordinates → canvas pixels, y down. Rotations about x
    /// and y are projected orthographically here (no perspective); `transform3D` has the full matrix.
    public var transform: Affine
    /// The full 3-D world transform (row-vector convention, with perspective), when any layer on the
    /// path from the root has a rotation about x or y, a z translation, or perspective; else nil.
    /// (Also nil, with `transform` kept, when an entry would leave the Q32.32 range.)
    public var transform3D: Transform3D?
    /// The layer's bounds, in its own coordinates (what `transform` maps).
    public var bounds: Rect
    /// The anchor point in unit coordinates of the bounds.
    public var anchorPoint: Point
    /// The position of the anchor point in the superlayer's coordinates.
    public var position: Point
    /// The stacking position among siblings (already applied to the drawing order).
    public var zPosition: Fixed

    /// The layer's own opacity, 0 … 1: group opacity over the layer and its subtree.
    public var opacity: Fixed
    /// Hidden layers and their subtrees are not drawn (the compositor jumps to `subtreeEnd`).
    public var isHidden: Bool
    /// The background fill, or nil.
    public var backgroundColor: Color?
    /// The corner radius of the background, border and `masksToBounds` clip (layer points).
    public var cornerRadius: Fixed
    /// The border width, inside the bounds (layer points).
    public var borderWidth: Fixed
    /// The border colour, or nil.
    public var borderColor: Color?
    /// The shadow colour, or nil.
    public var shadowColor: Color?
    /// The shadow opacity, 0 … 1 (0 = no shadow).
    public var shadowOpacity: Fixed
    /// The shadow offset in layer points (y down, so the default (0, −3) lies above).
    public var shadowOffset: Size
    /// The shadow blur radius in layer points.
    public var shadowRadius: Fixed
    /// The path (layer coordinates) whose shape casts the shadow, or nil for the shadow of what the layer draws.
    public var shadowPath: PathID?
    /// Whether content and sublayers are clipped to the (rounded) bounds.
    public var masksToBounds: Bool

    /// What the layer draws as content.
    public var kind: LayerKind
    /// Shape content (meaningful when `kind == .shape`).
    public var shape: ShapeContent
    /// Image content (meaningful when `kind == .image`).
    public var image: ImageContent
    /// Custom-drawn content (meaningful when `kind == .custom`).
    public var custom: CustomContent
    /// A text layer's text (kind `.text`).
    public var text: TextContent
    /// A gradient layer's gradient (kind `.gradient`).
    public var gradient: GradientContent
    /// The running transition this entry takes part in, if any.
    public var transition: TransitionFrame?

    /// The frame number (`PresentationTree.frameNumber`) at which any value of this entry last changed,
    /// including its place in the tree and its world transform; equal stamps mean nothing to redraw.
    public var changeStamp: UInt32
    /// For an entry drawn as part of a replicator's instance after the first (or inside one), its number among
    /// such entries this frame (the compositor's damage key); −1 for every other entry. Hit testing skips them,
    /// as Core Animation hit-tests only the sublayers themselves.
    public var instanceKey: Int32 = -1
    /// What a replicator instance multiplies the red, green and blue of the layer's picture, backing store or
    /// gradient by (its alpha is not used: an instance's alpha fades it as opacity); nil: not tinted.
    public var contentTint: Color? = nil

    /// Creates a value from every field.
    @inlinable
    public init(id: LayerID, parentIndex: Int32, subtreeEnd: Int32, maskIndex: Int32, isMask: Bool, transform: Affine, transform3D: Transform3D?, bounds: Rect, anchorPoint: Point, position: Point, zPosition: Fixed, opacity: Fixed, isHidden: Bool, backgroundColor: Color?, cornerRadius: Fixed, borderWidth: Fixed, borderColor: Color?, shadowColor: Color?, shadowOpacity: Fixed, shadowOffset: Size, shadowRadius: Fixed, masksToBounds: Bool, kind: LayerKind, shape: ShapeContent, image: ImageContent, custom: CustomContent, text: TextContent = TextContent(storage: -1, foregroundColor: nil), gradient: GradientContent = GradientContent(), transition: TransitionFrame?, changeStamp: UInt32, shadowPath: PathID? = nil) {
        self.id = id
        self.parentIndex = parentIndex
        self.subtreeEnd = subtreeEnd
        self.maskIndex = maskIndex
        self.isMask = isMask
        self.transform = transform
        self.transform3D = transform3D
        self.bounds = bounds
        self.anchorPoint = anchorPoint
        self.position = position
        self.zPosition = zPosition
        self.opacity = opacity
        self.isHidden = isHidden
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowColor = shadowColor
        self.shadowOpacity = shadowOpacity
        self.shadowOffset = shadowOffset
        self.shadowRadius = shadowRadius
        self.shadowPath = shadowPath
        self.masksToBounds = masksToBounds
        self.kind = kind
        self.shape = shape
        self.image = image
        self.custom = custom
        self.text = text
        self.gradient = gradient
        self.transition = transition
        self.changeStamp = changeStamp
    }
}

/// The content of a shape layer, as `CAShapeLayer` draws it (fill, then stroke).
public struct ShapeContent: Sendable {
    /// The path, in layer coordinates; nil draws nothing.
    public var path: PathID?
    /// The fill colour, or nil for no fill.
    public var fillColor: Color?
    /// The fill rule.
    public var fillRule: ShapeFillRule
    /// The stroke colour, or nil for no stroke.
    public var strokeColor: Color?
    /// The stroke width in layer points.
    public var lineWidth: Fixed
    /// The stroke caps.
    public var lineCap: LineCap
    /// The stroke joins.
    public var lineJoin: LineJoin
    /// The miter limit (ratio of miter length to line width).
    public var miterLimit: Fixed
    /// Where the stroke starts, as a fraction 0 … 1 of the whole path's length.
    public var strokeStart: Fixed
    /// Where the stroke ends, as a fraction 0 … 1 of the whole path's length.
    public var strokeEnd: Fixed

    /// Creates a value from every field.
    @inlinable
    public init(path: PathID?, fillColor: Color?, fillRule: ShapeFillRule, strokeColor: Color?, lineWidth: Fixed, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Fixed, strokeStart: Fixed, strokeEnd: Fixed) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}

/// The content of an image layer.
public struct ImageContent: Sendable {
    /// The image; nil draws nothing.
    public var image: ImageID?
    /// How the image is placed in the bounds.
    public var gravity: ContentsGravity
    /// The part of the image shown (`contentsRect`, unit coordinates of the image).
    public var contentsRect: Rect

    /// Creates a value from every field.
    @inlinable
    public init(image: ImageID?, gravity: ContentsGravity,
                contentsRect: Rect = Rect(x: .zero, y: .zero, width: .one, height: .one)) {
        self.image = image
        self.gravity = gravity
        self.contentsRect = contentsRect
    }
}

/// The content of a custom-drawn layer.
public struct CustomContent: Sendable {
    /// The backing surface the draw callback rendered into (bounds-sized, in layer points); nil before
    /// the first draw.
    public var surface: SurfaceID?
    /// Advances each time the draw callback re-rendered the surface.
    public var contentsGeneration: UInt32

    /// Creates a value from every field.
    @inlinable
    public init(surface: SurfaceID?, contentsGeneration: UInt32) {
        self.surface = surface
        self.contentsGeneration = contentsGeneration
    }
}

/// A running `CATransition` on a layer: the tree holds the layer twice, the outgoing appearance (its
/// values before the change, without sublayers) and then the incoming one (new values and sublayers),
/// each tagged with this description so the compositor can place, clip and fade them.
/// A text layer's content: its laid-out text (an index in the engine's resources; −1 for none) and the
/// presentation foreground colour.
public struct TextContent: Sendable {
    /// The index of the layer's text in `EngineResources`, or −1.
    public var storage: Int32
    /// The colour glyphs are filled with (nil or alpha 0: nothing is drawn).
    public var foregroundColor: Color?

    @inlinable
    public init(storage: Int32, foregroundColor: Color?) {
        self.storage = storage
        self.foregroundColor = foregroundColor
    }
}

public struct TransitionFrame: Sendable {
    /// The transition style.
    public var type: TransitionType
    /// The direction for moveIn, push and reveal.
    public var subtype: TransitionSubtype
    /// The transition's progress, 0 … 1 (already mapped through start/endProgress and its timing curve).
    public var progress: Progress
    /// Whether this entry shows the old or the new content.
    public var role: TransitionRole

    /// Creates a value from every field.
    @inlinable
    public init(type: TransitionType, subtype: TransitionSubtype, progress: Progress, role: TransitionRole) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
        self.role = role
    }
}

/// Which side of a transition an entry shows.
public enum TransitionRole: UInt8, Sendable {
    /// The content before the change.
    case outgoing
    /// The content after the change.
    case incoming
}

/// The style of a transition (`CATransitionType`).
public enum TransitionType: UInt8, Equatable, Sendable {
    /// Cross-dissolve (default).
    case fade
    /// The new content slides in over the old.
    case moveIn
    /// The new content pushes the old out.
    case push
    /// The old content slides off, uncovering the new.
    case reveal
    /// The layer turns over about its centre line in 3-D with perspective, the old content in front and the new
    /// behind; the subtype names the edge that comes forward (Core Animation's private `oglFlip`, public here:
    /// the turn of UIKit's `transitionFlipFrom…`).
    case oglFlip
    /// The old and the new content are two adjacent faces of a cube turning in 3-D with perspective, the new face
    /// coming round from the subtype's edge (Core Animation's private `cube`, public here).
    case cube
    /// The old page curls up and away from the subtype's edge (its corner nearer the bottom first, or the right
    /// one for top and bottom), its back showing white, uncovering the new content: a cylinder warp of the
    /// snapshot computed at every pixel (Core Animation's private `pageCurl`, public here).
    case pageCurl
    /// `pageCurl` played backwards with the sides swapped: the new page uncurls down over the old content.
    case pageUnCurl
    /// Both contents ripple as water in waves running outward from the centre, cross-dissolving (Core
    /// Animation's private `rippleEffect`, public here); the subtype is not used.
    case rippleEffect
    /// The old content is drawn down into a point at the middle of the bottom edge as into a funnel (the
    /// "genie" of Core Animation's private `suckEffect`, public here), uncovering the new; the subtype is not used.
    case suckEffect
    /// A dark iris closes over the old content and opens on the new (Core Animation's private `cameraIris`,
    /// public here); the subtype is not used.
    case cameraIris
}

/// The direction of a moveIn, push or reveal transition (`CATransitionSubtype`).
public enum TransitionSubtype: UInt8, Equatable, Sendable {
    /// The new content comes from the left edge.
    case fromLeft
    /// The new content comes from the right edge.
    case fromRight
    /// The new content comes from the top edge.
    case fromTop
    /// The new content comes from the bottom edge.
    case fromBottom

    /// The flip an `oglFlip` of this subtype makes (`AnimationRecord`'s flip kind: 1 left … 4 bottom).
    var flipKind: UInt8 {
        switch self {
        case .fromLeft: return 1
        case .fromRight: return 2
        case .fromTop: return 3
        case .fromBottom: return 4
        }
    }
}
