import Foundation
import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// A layer of a hand-built test snapshot: a frame in its superlayer's bounds coordinates (pixels), a
/// rotation about its centre, and the drawable values the compositor reads. `snapshot(_:)` flattens a
/// list of sketches into a `PresentationTree` exactly as the engine lays one out (pre-order, subtree
/// ends, masks after the drawn tree), with world transforms computed in `Double` and converted once.
struct SceneSketch {
    var slot: UInt16
    var frame: (x: Double, y: Double, width: Double, height: Double)
    var rotation: Double = 0
    /// Rotation about the layer's vertical axis through its centre, seen with perspective distance
    /// `perspective` (m34 = −1/d), when non-zero.
    var rotationY: Double = 0
    var perspective: Double = 500
    var background: Color? = nil
    var cornerRadius: Double = 0
    var borderWidth: Double = 0
    var borderColor: Color? = nil
    var opacity: Double = 1
    var isHidden = false
    var masksToBounds = false
    var stamp: UInt32 = 1
    var transition: TransitionFrame? = nil
    var shadow: (color: Color, opacity: Double, offset: (Double, Double), radius: Double)? = nil
    var shadowPath: PathID? = nil
    var kind: LayerKind = .plain
    var shape = ShapeContent(path: nil, fillColor: .black, fillRule: .nonZero, strokeColor: nil, lineWidth: .one,
                             lineCap: .butt, lineJoin: .miter, miterLimit: Fixed(10), strokeStart: .zero, strokeEnd: .one)
    var image = ImageContent(image: nil, gravity: .resize)
    var sublayers: [SceneSketch] = []
    var mask: [SceneSketch] = []

    init(_ slot: UInt16, _ x: Double, _ y: Double, _ width: Double, _ height: Double, background: Color? = nil) {
        self.slot = slot
        frame = (x, y, width, height)
        self.background = background
    }
}

/// A 4 × 4 matrix in `Double` (row vectors, as `CATransform3D`).
typealias ReferenceMatrix = [[Double]]

extension SceneSketch {
    /// The world 3-D transform (row vectors): to the centre, rotate about y, perspective, back, then the
    /// layer's placement in its superlayer and the superlayer's world matrix `parent3D` (as the engine
    /// composes it: child = local × parent) or, without one, the 2-D world transform; nil when neither
    /// the layer nor an ancestor has a y rotation.
    func matrix3D(world: ReferenceAffine, local: ReferenceAffine, parent3D: ReferenceMatrix?) -> ReferenceMatrix? {
        guard rotationY != 0 || parent3D != nil else { return nil }
        let (w, h) = (frame.width, frame.height)
        let toCentre: ReferenceMatrix = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [-w / 2, -h / 2, 0, 1]]
        let rotate: ReferenceMatrix = [[cos(rotationY), 0, -sin(rotationY), 0], [0, 1, 0, 0],
                                       [sin(rotationY), 0, cos(rotationY), 0], [0, 0, 0, 1]]
        let project: ReferenceMatrix = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1 / perspective], [0, 0, 0, 1]]
        let back: ReferenceMatrix = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [w / 2, h / 2, 0, 1]]
        let turn = rotationY == 0 ? nil : times(times(times(toCentre, rotate), project), back)
        guard let parent3D else {
            let outer = world.concatenating(.translation(-w / 2, -h / 2)).concatenating(.translation(w / 2, h / 2))
            return times(turn!, outer.matrix)
        }
        let placed = times(local.matrix, parent3D)
        return turn.map { times($0, placed) } ?? placed
    }
}

/// The product `a × b` of two 4 × 4 matrices.
func times(_ a: ReferenceMatrix, _ b: ReferenceMatrix) -> ReferenceMatrix {
    (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
}

/// `matrix` in Q32.32.
func fixedTransform3D(_ m: ReferenceMatrix) throws -> Transform3D {
    func row(_ r: [Double]) throws -> Transform3D.Row {
        Transform3D.Row(try WideFixed(exactly: r[0]), try WideFixed(exactly: r[1]), try WideFixed(exactly: r[2]),
                        try WideFixed(exactly: r[3]))
    }
    return Transform3D(row1: try row(m[0]), row2: try row(m[1]), row3: try row(m[2]), row4: try row(m[3]))
}

/// A 2-D affine transform in `Double` (Core Graphics convention), the test's reference model.
struct ReferenceAffine {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    /// `self` applied after `inner` (points go through `inner` first).
    func concatenating(_ inner: ReferenceAffine) -> ReferenceAffine {
        ReferenceAffine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                        c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                        tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    static func translation(_ x: Double, _ y: Double) -> ReferenceAffine { ReferenceAffine(tx: x, ty: y) }

    /// The 4 × 4 matrix of this transform (row vectors, z untouched).
    var matrix: ReferenceMatrix { [[a, b, 0, 0], [c, d, 0, 0], [0, 0, 1, 0], [tx, ty, 0, 1]] }

    static func rotation(_ angle: Double) -> ReferenceAffine {
        ReferenceAffine(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle))
    }

    var fixed: Affine {
        get throws {
            Affine(a: try Fixed(exactly: a), b: try Fixed(exactly: b), c: try Fixed(exactly: c),
                   d: try Fixed(exactly: d), tx: try Fixed(exactly: tx), ty: try Fixed(exactly: ty))
        }
    }
}

/// Builds a snapshot of `roots` (frame number `frame`) in a tree of room for `capacity` entries.
func snapshot(_ roots: [SceneSketch], frame: UInt32 = 1, capacity: Int = 64) throws -> PresentationTree {
    let tree = try PresentationTree(capacity: capacity)
    try fill(tree, with: roots, frame: frame)
    return tree
}

/// Refills `tree` with `roots`, as the engine does each frame.
func fill(_ tree: PresentationTree, with roots: [SceneSketch], frame: UInt32) throws {
    tree.header.pointee = PresentationHeader()
    var masks: [MaskRecord] = []
    for root in roots {
        try append(root, parent: -1, world: ReferenceAffine(), world3D: nil, into: tree, masks: &masks, isMask: false)
    }
    tree.header.pointee.drawCount = tree.count
    var position = 0
    while position < masks.count {
        let (owner, sketch, world, world3D) = masks[position]
        let maskIndex = tree.count
        try append(sketch, parent: Int32(owner), world: world, world3D: world3D, into: tree, masks: &masks, isMask: true)
        tree.storage[owner].maskIndex = Int32(maskIndex)
        position += 1
    }
    tree.header.pointee.frameNumber = frame
}

/// A mask waiting to be appended after the drawn tree: its owner's entry, and the owner's world transforms.
typealias MaskRecord = (owner: Int, sketch: SceneSketch, world: ReferenceAffine, world3D: ReferenceMatrix?)

private func append(_ sketch: SceneSketch, parent: Int32, world parentWorld: ReferenceAffine, world3D parent3D: ReferenceMatrix?,
                    into tree: PresentationTree, masks: inout [MaskRecord], isMask: Bool) throws {
    let (x, y, width, height) = sketch.frame
    let local = ReferenceAffine.translation(x + width / 2, y + height / 2)
        .concatenating(.rotation(sketch.rotation))
        .concatenating(.translation(-width / 2, -height / 2))
    let world = parentWorld.concatenating(local)
    let world3D = sketch.matrix3D(world: world, local: local, parent3D: parent3D)
    let index = tree.count
    let entry = PresentationLayer(
        id: LayerID(index: sketch.slot, generation: 0), parentIndex: parent, subtreeEnd: 0, maskIndex: -1,
        isMask: isMask, transform: try world.fixed, transform3D: try world3D.map(fixedTransform3D),
        bounds: Rect(x: .zero, y: .zero, width: try Fixed(exactly: width), height: try Fixed(exactly: height)),
        anchorPoint: Point(x: .half, y: .half), position: Point(x: try Fixed(exactly: x + width / 2), y: try Fixed(exactly: y + height / 2)),
        zPosition: .zero, opacity: try Fixed(exactly: sketch.opacity), isHidden: sketch.isHidden,
        backgroundColor: sketch.background, cornerRadius: try Fixed(exactly: sketch.cornerRadius),
        borderWidth: try Fixed(exactly: sketch.borderWidth), borderColor: sketch.borderColor,
        shadowColor: sketch.shadow?.color ?? .black, shadowOpacity: try Fixed(exactly: sketch.shadow?.opacity ?? 0),
        shadowOffset: Size(width: try Fixed(exactly: sketch.shadow?.offset.0 ?? 0),
                           height: try Fixed(exactly: sketch.shadow?.offset.1 ?? -3)),
        shadowRadius: try Fixed(exactly: sketch.shadow?.radius ?? 3), masksToBounds: sketch.masksToBounds,
        kind: sketch.kind, shape: sketch.shape, image: sketch.image,
        custom: CustomContent(surface: nil, contentsGeneration: 0),
        transition: sketch.transition, changeStamp: sketch.stamp, shadowPath: sketch.shadowPath)
    tree.writer.append(entry)
    for sublayer in sketch.sublayers {
        try append(sublayer, parent: Int32(index), world: world, world3D: world3D, into: tree, masks: &masks,
                   isMask: isMask)
    }
    tree.storage[index].subtreeEnd = Int32(tree.count)
    for mask in sketch.mask { masks.append((index, mask, world, world3D)) }
}
