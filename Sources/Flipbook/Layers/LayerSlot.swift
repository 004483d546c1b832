/// The layout of `LayerState`: the one definition of where each property's value lives.
///
/// Each property starts where the one before it ends, so a property's first slot and its width (how many
/// slots its value takes: numbers, flags and paths 1, pairs 2, triples 3, rects and colours 4) are stated
/// here once; `LayerProperty.firstSlot` and `slotCount` read them. The component names (`positionY`,
/// `boundsHeight` …) are the slots the frame path reads one at a time.
///
/// The numbers are computed properties marked `@_noAllocation`, not static lets: a static let is a lazily
/// initialised global and an unmarked getter in another file is opaque to the frame path's performance
/// checks in non-whole-module builds; these fold to constants.
enum LayerSlot {
    /// The width of a number, flag or path value.
    static var numberWidth: Int { @_noAllocation get { 1 } }
    /// The width of a pair (x, y or width, height).
    static var pairWidth: Int { @_noAllocation get { 2 } }
    /// The width of a triple (x, y, z).
    static var tripleWidth: Int { @_noAllocation get { 3 } }
    /// The width of a rect (x, y, width, height) or a colour (red, green, blue, alpha).
    static var quadWidth: Int { @_noAllocation get { 4 } }
    /// The offset of alpha in a colour's four slots.
    static var alpha: Int { @_noAllocation get { 3 } }

    /// `position` (pair).
    static var position: Int { @_noAllocation get { 0 } }
    /// `bounds` (rect).
    static var bounds: Int { @_noAllocation get { position + pairWidth } }
    /// `anchorPoint` (pair).
    static var anchorPoint: Int { @_noAllocation get { bounds + quadWidth } }
    /// `zPosition`.
    static var zPosition: Int { @_noAllocation get { anchorPoint + pairWidth } }
    /// `opacity`.
    static var opacity: Int { @_noAllocation get { zPosition + numberWidth } }
    /// `backgroundColor` (colour).
    static var backgroundColor: Int { @_noAllocation get { opacity + numberWidth } }
    /// `cornerRadius`.
    static var cornerRadius: Int { @_noAllocation get { backgroundColor + quadWidth } }
    /// `borderWidth`.
    static var borderWidth: Int { @_noAllocation get { cornerRadius + numberWidth } }
    /// `borderColor` (colour).
    static var borderColor: Int { @_noAllocation get { borderWidth + numberWidth } }
    /// `shadowColor` (colour).
    static var shadowColor: Int { @_noAllocation get { borderColor + quadWidth } }
    /// `shadowOpacity`.
    static var shadowOpacity: Int { @_noAllocation get { shadowColor + quadWidth } }
    /// `shadowOffset` (pair).
    static var shadowOffset: Int { @_noAllocation get { shadowOpacity + numberWidth } }
    /// `shadowRadius`.
    static var shadowRadius: Int { @_noAllocation get { shadowOffset + pairWidth } }
    /// `hidden` (flag).
    static var hidden: Int { @_noAllocation get { shadowRadius + numberWidth } }
    /// `masksToBounds` (flag).
    static var masksToBounds: Int { @_noAllocation get { hidden + numberWidth } }
    /// `transform.translation` (triple x, y, z).
    static var translation: Int { @_noAllocation get { masksToBounds + numberWidth } }
    /// `transform.rotation.x`, `.y`, `.z` (triple; `transform.rotation` is z).
    static var rotation: Int { @_noAllocation get { translation + tripleWidth } }
    /// `transform.scale` (triple x, y, z).
    static var scale: Int { @_noAllocation get { rotation + tripleWidth } }
    /// `transform.perspective`.
    static var perspective: Int { @_noAllocation get { scale + tripleWidth } }
    /// `strokeStart`.
    static var strokeStart: Int { @_noAllocation get { perspective + numberWidth } }
    /// `strokeEnd`.
    static var strokeEnd: Int { @_noAllocation get { strokeStart + numberWidth } }
    /// `lineWidth`.
    static var lineWidth: Int { @_noAllocation get { strokeEnd + numberWidth } }
    /// `fillColor` (colour).
    static var fillColor: Int { @_noAllocation get { lineWidth + numberWidth } }
    /// `strokeColor` (colour).
    static var strokeColor: Int { @_noAllocation get { fillColor + quadWidth } }
    /// `miterLimit`.
    static var miterLimit: Int { @_noAllocation get { strokeColor + quadWidth } }
    /// `path` (a packed `PathID`, 0 = none).
    static var path: Int { @_noAllocation get { miterLimit + numberWidth } }
    /// `custom.0` … `custom.3` (four numbers).
    static var custom: Int { @_noAllocation get { path + numberWidth } }
    /// A text layer's `fontSize`.
    static var fontSize: Int { @_noAllocation get { custom + 4 * numberWidth } }
    /// A text layer's `foregroundColor`.
    static var foregroundColor: Int { @_noAllocation get { fontSize + numberWidth } }
    /// A text layer's `number` (the counting-number extension).
    static var number: Int { @_noAllocation get { foregroundColor + quadWidth } }
    /// A gradient layer's `startPoint` (pair, unit coordinates of the bounds).
    static var startPoint: Int { @_noAllocation get { number + numberWidth } }
    /// A gradient layer's `endPoint` (pair).
    static var endPoint: Int { @_noAllocation get { startPoint + pairWidth } }
    /// An image layer's `contentsRect` (rect, unit coordinates of the image).
    static var contentsRect: Int { @_noAllocation get { endPoint + pairWidth } }
    /// `doubleSided` (flag, 1 by default).
    static var doubleSided: Int { @_noAllocation get { contentsRect + quadWidth } }
    /// `sublayerTransform.perspective`.
    static var sublayerPerspective: Int { @_noAllocation get { doubleSided + numberWidth } }
    /// `shadowPath` (a packed `PathID`, 0 = none: the shadow of the layer's own alpha).
    static var shadowPath: Int { @_noAllocation get { sublayerPerspective + numberWidth } }
    /// `sublayerTransform.rotation` (about z, radians).
    static var sublayerRotation: Int { @_noAllocation get { shadowPath + numberWidth } }
    /// `sublayerTransform.scale` (pair x, y).
    static var sublayerScale: Int { @_noAllocation get { sublayerRotation + numberWidth } }
    /// `sublayerTransform.translation` (pair x, y).
    static var sublayerTranslation: Int { @_noAllocation get { sublayerScale + pairWidth } }
    /// A gradient layer's `colors` (a packed `GradientStopsID`, 0 = the stops `setGradient` gave).
    static var colors: Int { @_noAllocation get { sublayerTranslation + pairWidth } }
    /// A gradient layer's `locations` (a packed `GradientStopsID`, 0 = the stops `setGradient` gave).
    static var locations: Int { @_noAllocation get { colors + numberWidth } }
    /// A replicator's `instanceCount` (a whole number, Q16.16).
    static var instanceCount: Int { @_noAllocation get { locations + numberWidth } }
    /// A replicator's `instanceDelay` (seconds).
    static var instanceDelay: Int { @_noAllocation get { instanceCount + numberWidth } }
    /// A replicator's `instanceTransform.rotation` (about z, radians).
    static var instanceRotation: Int { @_noAllocation get { instanceDelay + numberWidth } }
    /// A replicator's `instanceTransform.scale` (pair x, y).
    static var instanceScale: Int { @_noAllocation get { instanceRotation + numberWidth } }
    /// A replicator's `instanceTransform.translation` (pair x, y).
    static var instanceTranslation: Int { @_noAllocation get { instanceScale + pairWidth } }
    /// A replicator's `instanceColor` (colour).
    static var instanceColor: Int { @_noAllocation get { instanceTranslation + pairWidth } }
    /// A replicator's red, green, blue and alpha offsets (four numbers, −1 … 1).
    static var instanceOffsets: Int { @_noAllocation get { instanceColor + quadWidth } }
    /// `sublayerTransform.rotation.x` (radians): the sublayers turned about the horizontal line through the anchor.
    static var sublayerRotationX: Int { @_noAllocation get { instanceOffsets + quadWidth } }
    /// `sublayerTransform.rotation.y` (radians): the sublayers turned about the vertical line through the anchor.
    static var sublayerRotationY: Int { @_noAllocation get { sublayerRotationX + numberWidth } }
    /// A replicator's `instanceTransform.rotation.x` (radians).
    static var instanceRotationX: Int { @_noAllocation get { sublayerRotationY + numberWidth } }
    /// A replicator's `instanceTransform.rotation.y` (radians).
    static var instanceRotationY: Int { @_noAllocation get { instanceRotationX + numberWidth } }
    /// The number of slots of a `LayerState`.
    static var count: Int { @_noAllocation get { instanceRotationY + numberWidth } }

    /// `position.x`.
    static var positionX: Int { @_noAllocation get { position } }
    /// `position.y`.
    static var positionY: Int { @_noAllocation get { position + 1 } }
    /// `bounds.origin.x`.
    static var boundsX: Int { @_noAllocation get { bounds } }
    /// `bounds.origin.y`.
    static var boundsY: Int { @_noAllocation get { bounds + 1 } }
    /// `bounds.size.width`.
    static var boundsWidth: Int { @_noAllocation get { bounds + 2 } }
    /// `bounds.size.height`.
    static var boundsHeight: Int { @_noAllocation get { bounds + 3 } }
    /// `anchorPoint.x`.
    static var anchorX: Int { @_noAllocation get { anchorPoint } }
    /// `anchorPoint.y`.
    static var anchorY: Int { @_noAllocation get { anchorPoint + 1 } }
    /// `shadowOffset.width`.
    static var shadowOffsetWidth: Int { @_noAllocation get { shadowOffset } }
    /// `shadowOffset.height`.
    static var shadowOffsetHeight: Int { @_noAllocation get { shadowOffset + 1 } }
    /// `transform.translation.x`.
    static var translationX: Int { @_noAllocation get { translation } }
    /// `transform.translation.y`.
    static var translationY: Int { @_noAllocation get { translation + 1 } }
    /// `transform.translation.z`.
    static var translationZ: Int { @_noAllocation get { translation + 2 } }
    /// `transform.rotation.x`.
    static var rotationX: Int { @_noAllocation get { rotation } }
    /// `transform.rotation.y`.
    static var rotationY: Int { @_noAllocation get { rotation + 1 } }
    /// `transform.rotation.z` (= `transform.rotation`).
    static var rotationZ: Int { @_noAllocation get { rotation + 2 } }
    /// `transform.scale.x`.
    static var scaleX: Int { @_noAllocation get { scale } }
    /// `transform.scale.y`.
    static var scaleY: Int { @_noAllocation get { scale + 1 } }
    /// `transform.scale.z`.
    static var scaleZ: Int { @_noAllocation get { scale + 2 } }
}
