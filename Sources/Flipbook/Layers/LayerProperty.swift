/// A settable or animatable layer property, named as the Core Animation key path it stands for.
///
/// Key path strings are resolved to this enum once, at setup (`init(keyPath:)`); the frame path only
/// switches on the enum. Each property occupies `slotCount` consecutive slots of a layer's value
/// state (`LayerState`), starting at `firstSlot`.
@frozen
public enum LayerProperty: UInt8, CaseIterable, Sendable {
    /// `position` (pair, superlayer points).
    case position
    /// `position.x`.
    case positionX
    /// `position.y`.
    case positionY
    /// `bounds` (rect: x, y, width, height).
    case bounds
    /// `bounds.size` (pair).
    case boundsSize
    /// `bounds.size.width`.
    case boundsWidth
    /// `bounds.size.height`.
    case boundsHeight
    /// `anchorPoint` (pair, unit coordinates).
    case anchorPoint
    /// `zPosition`.
    case zPosition
    /// `opacity`, 0 … 1.
    case opacity
    /// `backgroundColor` (colour or none).
    case backgroundColor
    /// `cornerRadius`, ≥ 0.
    case cornerRadius
    /// `borderWidth`, ≥ 0.
    case borderWidth
    /// `borderColor`.
    case borderColor
    /// `shadowColor`.
    case shadowColor
    /// `shadowOpacity`, 0 … 1.
    case shadowOpacity
    /// `shadowOffset` (pair).
    case shadowOffset
    /// `shadowRadius`, ≥ 0.
    case shadowRadius
    /// `hidden` (discrete flag).
    case hidden
    /// `masksToBounds` (flag, not animatable).
    case masksToBounds
    /// `transform.translation` (pair x, y).
    case translation
    /// `transform.translation.x`.
    case translationX
    /// `transform.translation.y`.
    case translationY
    /// `transform.translation.z`.
    case translationZ
    /// `transform.rotation` (= `transform.rotation.z`, radians).
    case rotation
    /// `transform.rotation.x` (radians).
    case rotationX
    /// `transform.rotation.y` (radians).
    case rotationY
    /// `transform.scale` (uniform: sets x, y and z).
    case scale
    /// `transform.scale.x`.
    case scaleX
    /// `transform.scale.y`.
    case scaleY
    /// `transform.scale.z`.
    case scaleZ
    /// `transform.perspective`: the eye distance d (m34 = −1/d); 0 = none. Not animatable.
    case perspective
    /// `strokeStart` (shape), 0 … 1.
    case strokeStart
    /// `strokeEnd` (shape), 0 … 1.
    case strokeEnd
    /// `lineWidth` (shape), ≥ 0.
    case lineWidth
    /// `fillColor` (shape).
    case fillColor
    /// `strokeColor` (shape).
    case strokeColor
    /// `miterLimit` (shape), ≥ 0.
    case miterLimit
    /// `path` (shape): a path handle; animates between paths of the same command structure.
    case path
    /// `custom.0` … `custom.3`: numbers a custom-drawn layer's draw callback reads; a change (by a
    /// setter or an animation) makes the layer redraw, as Core Animation's `needsDisplay(forKey:)`.
    case custom0
    /// `custom.1`.
    case custom1
    /// `custom.2`.
    case custom2
    /// `custom.3`.
    case custom3
    /// `fontSize` (text), pixels per em in layer space, ≥ 0.
    case fontSize
    /// `foregroundColor` (text): the glyphs' colour.
    case foregroundColor
    /// `number` (text, an extension): the value a text layer with a number format shows.
    case number
    /// `startPoint` (gradient; pair, unit coordinates of the bounds).
    case startPoint
    /// `endPoint` (gradient; pair).
    case endPoint
    /// `contentsRect` (image; rect in unit coordinates of the image, default 0, 0, 1, 1).
    case contentsRect
    /// `doubleSided` (flag, not animatable; default true): when false, the layer and its sublayers are not
    /// drawn while its transform turns it away from the viewer.
    case doubleSided
    /// `sublayerTransform.perspective` (an extension, as `transform.perspective`): the eye distance d of the
    /// perspective (m34 = −1/d) the sublayers are seen with, about the layer's anchor; 0 = none. Not animatable.
    case sublayerPerspective
    /// `shadowPath`: a path handle whose shape casts the layer's shadow instead of its alpha (nil: the alpha).
    /// Not animatable.
    case shadowPath
    /// `sublayerTransform.rotation` (= `sublayerTransform.rotation.z`, radians): the sublayers turned about the
    /// layer's anchor. With the scale and translation below, the 2-D part of Core Animation's
    /// `sublayerTransform` (`M = S · R · T`, applied before `sublayerTransform.perspective`).
    case sublayerRotation
    /// `sublayerTransform.scale` (uniform: sets x and y).
    case sublayerScale
    /// `sublayerTransform.scale.x`.
    case sublayerScaleX
    /// `sublayerTransform.scale.y`.
    case sublayerScaleY
    /// `sublayerTransform.translation` (pair x, y).
    case sublayerTranslation
    /// `sublayerTransform.translation.x`.
    case sublayerTranslationX
    /// `sublayerTransform.translation.y`.
    case sublayerTranslationY
    /// `colors` (gradient; a `GradientStopsID` whose colours replace the layer's, or nil for its own).
    /// Animatable (the stops' colours interpolate one by one); not implicitly animated.
    case colors
    /// `locations` (gradient; a `GradientStopsID` whose locations replace the layer's, or nil for its own).
    /// Animatable; not implicitly animated.
    case locations
    /// `instanceCount` (replicator; a whole number 1 … `Engine.maximumInstanceCount`, default 1). Not animatable.
    case instanceCount
    /// `instanceDelay` (replicator; seconds): instance k sees its sublayers' animations k × delay later.
    case instanceDelay
    /// `instanceTransform.rotation` (replicator; radians about z): with the scale and translation below, the
    /// transform instance k gets k times, about the replicator's anchor (`M = S · R · T`, as `sublayerTransform`).
    case instanceRotation
    /// `instanceTransform.scale` (replicator; uniform: x and y).
    case instanceScale
    /// `instanceTransform.translation` (replicator; pair x, y).
    case instanceTranslation
    /// `instanceColor` (replicator; white by default): multiplies every instance's colours.
    case instanceColor
    /// `instanceRedOffset` (replicator; −1 … 1): added to the red of `instanceColor` once per instance.
    case instanceRedOffset
    /// `instanceGreenOffset` (replicator; −1 … 1).
    case instanceGreenOffset
    /// `instanceBlueOffset` (replicator; −1 … 1).
    case instanceBlueOffset
    /// `instanceAlphaOffset` (replicator; −1 … 1).
    case instanceAlphaOffset
    /// `instanceTransform.scale.x` (replicator).
    case instanceScaleX
    /// `instanceTransform.scale.y` (replicator).
    case instanceScaleY
    /// `sublayerTransform.rotation.x` (radians): the sublayers turned about the horizontal line through the
    /// anchor, in 3-D (before the rotation about z, as in `transform`).
    case sublayerRotationX
    /// `sublayerTransform.rotation.y` (radians): about the vertical line through the anchor.
    case sublayerRotationY
    /// `instanceTransform.rotation.x` (replicator; radians): each instance turned once more about the horizontal
    /// line through the replicator's anchor, in 3-D.
    case instanceRotationX
    /// `instanceTransform.rotation.y` (replicator; radians): about the vertical line through the anchor.
    case instanceRotationY
    /// `transform`: the whole `CATransform3D` (`PropertyValue.transform`), set and animated as its components
    /// (translation, rotation about x, y, z, scale, perspective: `TransformComponents`).
    case transform

    /// The Core Animation key path string.
    public var keyPath: String { LayerProperty.keyPaths[Int(rawValue)] }

    /// Resolves a key path string (`"position.x"`, `"transform.rotation"` …).
    ///
    /// - Throws: `EngineError.unknownKeyPath` naming the string.
    public init(keyPath: String) throws(EngineError) {
        for property in LayerProperty.allCases where property.keyPath == keyPath {
            self = property
            return
        }
        if keyPath == "transform.rotation.z" {
            self = .rotation
            return
        }
        if keyPath == "sublayerTransform.rotation.z" {
            self = .sublayerRotation
            return
        }
        throw .unknownKeyPath(keyPath)
    }

    static let keyPaths: [String] = [
        "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width",
        "bounds.size.height", "anchorPoint", "zPosition", "opacity", "backgroundColor", "cornerRadius",
        "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
        "hidden", "masksToBounds", "transform.translation", "transform.translation.x",
        "transform.translation.y", "transform.translation.z", "transform.rotation", "transform.rotation.x",
        "transform.rotation.y", "transform.scale", "transform.scale.x", "transform.scale.y",
        "transform.scale.z", "transform.perspective", "strokeStart", "strokeEnd", "lineWidth", "fillColor",
        "strokeColor", "miterLimit", "path", "custom.0", "custom.1", "custom.2", "custom.3",
        "fontSize", "foregroundColor", "number", "startPoint", "endPoint", "contentsRect", "doubleSided",
        "sublayerTransform.perspective", "shadowPath", "sublayerTransform.rotation", "sublayerTransform.scale",
        "sublayerTransform.scale.x", "sublayerTransform.scale.y", "sublayerTransform.translation",
        "sublayerTransform.translation.x", "sublayerTransform.translation.y", "colors", "locations",
        "instanceCount", "instanceDelay", "instanceTransform.rotation", "instanceTransform.scale",
        "instanceTransform.translation", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset", "instanceTransform.scale.x", "instanceTransform.scale.y",
        "sublayerTransform.rotation.x", "sublayerTransform.rotation.y", "instanceTransform.rotation.x",
        "instanceTransform.rotation.y", "transform",
    ]
}

extension LayerProperty {
    /// The shape of the property's values.
    @inlinable
    public var valueKind: ValueKind {
        switch self {
        case .position, .boundsSize, .anchorPoint, .shadowOffset, .translation, .startPoint, .endPoint,
             .sublayerTranslation, .instanceTranslation: return .pair
        case .bounds, .contentsRect: return .rect
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor,
             .instanceColor: return .color
        case .hidden, .masksToBounds, .doubleSided: return .flag
        case .path, .shadowPath: return .path
        case .colors, .locations: return .stops
        case .transform: return .transform
        default: return .number
        }
    }

    /// Whether animations and implicit actions may target the property.
    public var isAnimatable: Bool {
        switch self {
        case .masksToBounds, .perspective, .doubleSided, .sublayerPerspective, .shadowPath, .instanceCount: return false
        default: return true
        }
    }

    /// Whether setting the property starts an implicit animation (Core Animation's default action):
    /// every animatable property but a shape's `path`, which changes at once (SEMANTICS §1.5), and a gradient's
    /// `colors` and `locations` (stops morph only in explicit animations: docs/engine.md).
    public var hasDefaultAction: Bool {
        switch self {
        case .path, .colors, .locations: return false
        default: return isAnimatable
        }
    }

    /// Whether the property interpolates in steps (a flag switches at the end of each step).
    @inlinable
    public var isDiscrete: Bool {
        switch self {
        case .hidden, .masksToBounds, .path, .doubleSided, .colors, .locations: return true
        default: return false
        }
    }

    /// The only layer kind that has the property (shape, text, gradient or image), or nil when every layer has it.
    public var ownerKind: LayerKind? {
        switch self {
        case .strokeStart, .strokeEnd, .lineWidth, .fillColor, .strokeColor, .miterLimit, .path: return .shape
        case .fontSize, .foregroundColor, .number: return .text
        case .startPoint, .endPoint, .colors, .locations: return .gradient
        case .contentsRect: return .image
        case .instanceCount, .instanceDelay, .instanceRotation, .instanceScale, .instanceTranslation, .instanceColor,
             .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .instanceScaleX,
             .instanceScaleY, .instanceRotationX, .instanceRotationY: return .replicator
        default: return nil
        }
    }

    /// The first slot of `LayerState` the property occupies (laid out by `LayerSlot`).
    var firstSlot: Int {
        switch self {
        case .position, .positionX: return LayerSlot.positionX
        case .positionY: return LayerSlot.positionY
        case .bounds: return LayerSlot.bounds
        case .boundsSize, .boundsWidth: return LayerSlot.boundsWidth
        case .boundsHeight: return LayerSlot.boundsHeight
        case .anchorPoint: return LayerSlot.anchorPoint
        case .zPosition: return LayerSlot.zPosition
        case .opacity: return LayerSlot.opacity
        case .backgroundColor: return LayerSlot.backgroundColor
        case .cornerRadius: return LayerSlot.cornerRadius
        case .borderWidth: return LayerSlot.borderWidth
        case .borderColor: return LayerSlot.borderColor
        case .shadowColor: return LayerSlot.shadowColor
        case .shadowOpacity: return LayerSlot.shadowOpacity
        case .shadowOffset: return LayerSlot.shadowOffset
        case .shadowRadius: return LayerSlot.shadowRadius
        case .hidden: return LayerSlot.hidden
        case .masksToBounds: return LayerSlot.masksToBounds
        case .translation, .translationX: return LayerSlot.translationX
        case .translationY: return LayerSlot.translationY
        case .translationZ: return LayerSlot.translationZ
        case .rotationX: return LayerSlot.rotationX
        case .rotationY: return LayerSlot.rotationY
        case .rotation: return LayerSlot.rotationZ
        case .scale, .scaleX: return LayerSlot.scaleX
        case .scaleY: return LayerSlot.scaleY
        case .scaleZ: return LayerSlot.scaleZ
        case .perspective: return LayerSlot.perspective
        case .strokeStart: return LayerSlot.strokeStart
        case .strokeEnd: return LayerSlot.strokeEnd
        case .lineWidth: return LayerSlot.lineWidth
        case .fillColor: return LayerSlot.fillColor
        case .strokeColor: return LayerSlot.strokeColor
        case .miterLimit: return LayerSlot.miterLimit
        case .path: return LayerSlot.path
        case .custom0: return LayerSlot.custom
        case .custom1: return LayerSlot.custom + 1
        case .custom2: return LayerSlot.custom + 2
        case .custom3: return LayerSlot.custom + 3
        case .fontSize: return LayerSlot.fontSize
        case .foregroundColor: return LayerSlot.foregroundColor
        case .number: return LayerSlot.number
        case .startPoint: return LayerSlot.startPoint
        case .endPoint: return LayerSlot.endPoint
        case .contentsRect: return LayerSlot.contentsRect
        case .doubleSided: return LayerSlot.doubleSided
        case .sublayerPerspective: return LayerSlot.sublayerPerspective
        case .shadowPath: return LayerSlot.shadowPath
        case .sublayerRotation: return LayerSlot.sublayerRotation
        case .sublayerScale, .sublayerScaleX: return LayerSlot.sublayerScale
        case .sublayerScaleY: return LayerSlot.sublayerScale + 1
        case .sublayerTranslation, .sublayerTranslationX: return LayerSlot.sublayerTranslation
        case .sublayerTranslationY: return LayerSlot.sublayerTranslation + 1
        case .colors: return LayerSlot.colors
        case .locations: return LayerSlot.locations
        case .instanceCount: return LayerSlot.instanceCount
        case .instanceDelay: return LayerSlot.instanceDelay
        case .instanceRotation: return LayerSlot.instanceRotation
        case .instanceScale, .instanceScaleX: return LayerSlot.instanceScale
        case .instanceScaleY: return LayerSlot.instanceScale + 1
        case .sublayerRotationX: return LayerSlot.sublayerRotationX
        case .sublayerRotationY: return LayerSlot.sublayerRotationY
        case .instanceRotationX: return LayerSlot.instanceRotationX
        case .instanceRotationY: return LayerSlot.instanceRotationY
        case .transform: return LayerSlot.translation
        case .instanceTranslation: return LayerSlot.instanceTranslation
        case .instanceColor: return LayerSlot.instanceColor
        case .instanceRedOffset: return LayerSlot.instanceOffsets
        case .instanceGreenOffset: return LayerSlot.instanceOffsets + 1
        case .instanceBlueOffset: return LayerSlot.instanceOffsets + 2
        case .instanceAlphaOffset: return LayerSlot.instanceOffsets + 3
        }
    }

    /// How many slots the property's value has (`transform.scale` has one value written to three slots).
    var slotCount: Int {
        switch valueKind {
        case .number, .flag, .path, .stops: return LayerSlot.numberWidth
        case .pair: return LayerSlot.pairWidth
        case .triple: return LayerSlot.tripleWidth
        case .rect, .color: return LayerSlot.quadWidth
        case .transform: return 3 * LayerSlot.tripleWidth + LayerSlot.numberWidth
        }
    }

    /// How many slots one write covers (3 for the uniform `transform.scale`, 2 for the uniform
    /// `sublayerTransform.scale`, else `slotCount`).
    var writtenSlotCount: Int { uniformWidth > 0 ? uniformWidth : slotCount }

    /// How many slots one number of a uniform scale is written to (0 for every other property).
    var uniformWidth: Int {
        switch self {
        case .scale: return LayerSlot.tripleWidth
        case .sublayerScale, .instanceScale: return LayerSlot.pairWidth
        default: return 0
        }
    }

    /// How additive animations combine: scale components multiply, everything else adds.
    var combinesByMultiplying: Bool {
        switch self {
        case .scale, .scaleX, .scaleY, .scaleZ, .sublayerScale, .sublayerScaleX, .sublayerScaleY, .instanceScale,
             .instanceScaleX, .instanceScaleY: return true
        default: return false
        }
    }
}

/// Where a property's value lives in `LayerState`, resolved once at setup so that the frame path
/// reads plain numbers instead of switching on the property.
struct SlotTarget {
    /// The first slot.
    var slot = 0
    /// The number of slots of one value.
    var count = 1
    /// How many slots one value is written to (`transform.scale`: x, y and z; `sublayerTransform.scale`: x and
    /// y), or 0.
    var uniformWidth = 0
    /// Whether additive values multiply (scales) instead of adding.
    var multiplies = false
    /// Whether values switch instead of interpolating (flags, paths).
    var isDiscrete = false
    /// A number unique to the property (its key path's identity for replacing implicit animations).
    var keyIdentity: Int32 = -1

    init() {}

    init(_ property: LayerProperty) {
        slot = property.firstSlot
        count = property.slotCount
        uniformWidth = property.uniformWidth
        multiplies = property.combinesByMultiplying
        isDiscrete = property.isDiscrete
        keyIdentity = Int32(property.rawValue)
    }
}

extension SlotMath {
    /// The slots of `property` in `state` (setup-time convenience).
    static func read(_ property: LayerProperty, from state: LayerState) -> SlotValues {
        read(SlotTarget(property), from: state)
    }

    /// Writes `slotValues` to `property`'s slots (setup-time convenience).
    static func write(_ slotValues: SlotValues, of property: LayerProperty, into state: inout LayerState) {
        write(slotValues, target: SlotTarget(property), into: &state)
    }
}
