/// The kind of value a key path takes.
public enum SceneValueKind: Sendable {
    /// A number.
    case scalar
    /// `[x, y]` (a point, size or 2-D vector).
    case pair
    /// `[x, y, w, h]`.
    case rect
    /// A colour string or `null`.
    case color
    /// SVG path data.
    case path
    /// `true` / `false` (discrete).
    case bool
    /// An array of colour strings, one per gradient stop.
    case colors
    /// An array of numbers in 0 … 1, one per gradient stop, not decreasing.
    case locations
    /// A transform object (`translation`, `rotation`, `rotationX`, `rotationY`, `scale`, `perspective`).
    case transform

    /// How the kind is named in messages, e.g. `a number`.
    public var description: String {
        switch self {
        case .scalar: "a number"
        case .pair: "an array [x, y]"
        case .rect: "an array [x, y, w, h]"
        case .color: "a colour \"#rrggbb\", \"#rrggbbaa\" or null"
        case .path: "a string of SVG path data"
        case .bool: "a boolean"
        case .colors: "an array of colours, one per gradient stop"
        case .locations: "an array of locations, one per gradient stop"
        case .transform: "a transform object"
        }
    }
}

/// An animatable property, named as in Core Animation (the raw value is the key path string).
public enum SceneKeyPath: String, Sendable, CaseIterable {
    /// `position`, `position.x`, `position.y`.
    case position, positionX = "position.x", positionY = "position.y"
    /// `bounds`, `bounds.size`, `bounds.size.width`, `bounds.size.height`.
    case bounds, boundsSize = "bounds.size", boundsWidth = "bounds.size.width", boundsHeight = "bounds.size.height"
    /// Geometry and appearance of every layer.
    case anchorPoint, opacity, backgroundColor, cornerRadius, borderWidth, borderColor
    /// Shadow, stacking and visibility.
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, zPosition, hidden
    /// `transform.translation` and its components.
    case translation = "transform.translation", translationX = "transform.translation.x"
    /// `transform.translation.y` and `.z`.
    case translationY = "transform.translation.y", translationZ = "transform.translation.z"
    /// `transform.rotation` (= `.z`), `.x`, `.y` in radians.
    case rotation = "transform.rotation", rotationX = "transform.rotation.x", rotationY = "transform.rotation.y"
    /// `transform.rotation.z`, the same as `transform.rotation`.
    case rotationZ = "transform.rotation.z"
    /// `transform.scale` (uniform) and its components.
    case scale = "transform.scale", scaleX = "transform.scale.x", scaleY = "transform.scale.y"
    /// `transform.scale.z`.
    case scaleZ = "transform.scale.z"
    /// The whole `transform` (a transform object; with a `valueFunction`, that function's numbers).
    case transform
    /// `sublayerTransform`'s turns (radians), uniform scale and translation `[x, y]`.
    case sublayerRotation = "sublayerTransform.rotation", sublayerRotationX = "sublayerTransform.rotation.x"
    case sublayerRotationY = "sublayerTransform.rotation.y", sublayerScale = "sublayerTransform.scale"
    case sublayerTranslation = "sublayerTransform.translation"
    /// Shape-layer properties.
    case strokeStart, strokeEnd, lineWidth, fillColor, strokeColor, path
    /// Text-layer properties (`number` is the counting-number extension).
    case fontSize, foregroundColor, number
    /// Gradient-layer properties (unit coordinates of the bounds; the stops' colours and locations).
    case startPoint, endPoint, colors, locations
    /// Image-layer property: the part of the picture shown (unit coordinates of the picture).
    case contentsRect
    /// Replicator-layer properties: the delay, the instance transform's parts, the colour and its offsets.
    case instanceDelay, instanceRotation = "instanceTransform.rotation", instanceScale = "instanceTransform.scale"
    /// The instance transform's turns about x and y (radians).
    case instanceRotationX = "instanceTransform.rotation.x", instanceRotationY = "instanceTransform.rotation.y"
    /// The instance transform's translation `[x, y]` and the instance colour.
    case instanceTranslation = "instanceTransform.translation", instanceColor
    /// What each instance adds to the instance colour's channels.
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    /// A custom-drawn layer's four values its drawing may follow.
    case custom0 = "custom.0", custom1 = "custom.1", custom2 = "custom.2", custom3 = "custom.3"

    /// The kind of value the property takes.
    public var valueKind: SceneValueKind {
        switch self {
        case .position, .anchorPoint, .boundsSize, .shadowOffset, .translation, .startPoint, .endPoint,
             .instanceTranslation, .sublayerTranslation: .pair
        case .bounds, .contentsRect: .rect
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor: .color
        case .path: .path
        case .hidden: .bool
        case .colors: .colors
        case .locations: .locations
        case .transform: .transform
        default: .scalar
        }
    }

    /// The only layer kind that has the property, or nil when every layer has it.
    public var ownerKind: LayerKind? {
        switch self {
        case .strokeStart, .strokeEnd, .lineWidth, .fillColor, .strokeColor, .path: .shape
        case .fontSize, .foregroundColor, .number: .text
        case .startPoint, .endPoint, .colors, .locations: .gradient
        case .contentsRect: .image
        case .instanceDelay, .instanceRotation, .instanceRotationX, .instanceRotationY, .instanceScale, .instanceTranslation,
             .instanceColor, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset: .replicator
        case .custom0, .custom1, .custom2, .custom3: .custom
        default: nil
        }
    }

    /// The accepted range for a scalar property, when it has one (fractions and non-negative lengths).
    public var scalarRange: ClosedRange<Double>? {
        switch self {
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd: 0...1
        case .cornerRadius, .borderWidth, .shadowRadius, .lineWidth, .boundsWidth, .boundsHeight:
            0...SceneLimits.maximumCoordinate
        case .fontSize: 0...SceneLimits.maximumFontSize
        case .number: -SceneLimits.maximumTextNumber...SceneLimits.maximumTextNumber
        case .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset: -1...1
        default: nil
        }
    }
}
