import ImageCodecs

/// Turns a scene file into a ``SceneDescription``, checking every field of SCENE-FORMAT.md and collecting every
/// problem (not just the first). Setup-time code.
public final class SceneDecoder {
    /// Reads and decodes an image file, reduced to cover `bound` when it is larger (`imageBound(for:)`): the
    /// picture, or why it cannot be used.
    public typealias ImageReader = (_ resolvedPath: String, _ bound: ImageDisplayBound?) -> (image: PixelImage?, problem: String?)
    /// Reads a font file: its bytes, or why it cannot be read.
    public typealias FontReader = (_ resolvedPath: String) -> (bytes: [UInt8]?, problem: String?)

    private(set) var problems: [SceneProblem] = []
    let baseDirectory: String
    let imageReader: ImageReader
    let fontReader: FontReader
    /// Font files read so far (resolved path, bytes): each is read and checked once.
    var fonts: [(path: String, bytes: [UInt8])] = []
    var layerCount = 0
    var animationCount = 0
    /// The stop count of the gradient layer whose animations are being decoded (0: none, or not known).
    var animatedStopCount = 0
    var namedLayers: [(name: String, pointer: String)] = []
    /// The scene's canvas in pixels, once read (pictures are decoded to the size it can show them at).
    var canvasSize: (width: Int, height: Int)?
    /// The bound of the pictures of the image layer being decoded, its transitions' included (`imageBound(for:)`).
    var imageBound: ImageDisplayBound?
    var maskReferences: [String: (name: String, pointer: String)] = [:]

    /// Decodes scene text. `fileName` prefixes every message; image and font paths resolve against
    /// `baseDirectory`; pictures are read and decoded once, here, with `imageReader`, and font files are read
    /// with `fontReader` (none: only built-in fonts).
    public static func decode(
        _ text: [UInt8], fileName: String, baseDirectory: String, imageReader: @escaping ImageReader,
        fontReader: FontReader? = nil
    ) throws(SceneError) -> SceneDescription {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw SceneError(fileName: fileName, syntaxError: error, problems: [])
        }
        let decoder = SceneDecoder(baseDirectory: baseDirectory, imageReader: imageReader,
                                   fontReader: fontReader ?? { _ in (nil, noFileSystem) })
        let scene = decoder.decodeScene(root)
        guard decoder.problems.isEmpty, let scene else {
            throw SceneError(fileName: fileName, syntaxError: nil, problems: inDocumentOrder(decoder.problems, root: root))
        }
        return scene
    }

    /// Why an image layer's file cannot be used when the scene came as bytes with no folder (and in the Embedded
    /// build, which has no file system).
    static let noFileSystem = "there is no file system to read it from (a scene given as bytes cannot use image or font files)"

    /// Decodes scene text that arrived as bytes, with no folder around it: `fileName` prefixes every message,
    /// and image layers are refused (``noFileSystem``), since there is nowhere to read their pictures from.
    public static func decode(_ text: [UInt8], fileName: String) throws(SceneError) -> SceneDescription {
        try decode(text, fileName: fileName, baseDirectory: "", imageReader: { _, _ in (nil, noFileSystem) })
    }

    /// An image reader over `readFile` (a file's bytes, or why it cannot be read): the bytes are decoded as
    /// PNG, JPEG or Netpbm, recognised by their contents, at a reduced size when larger than the bound. Hosts and
    /// board players pass their own file reading.
    public static func imageReader(
        readingWith readFile: @escaping (_ path: String) -> (bytes: [UInt8]?, problem: String?)
    ) -> ImageReader {
        { path, bound in
            let read = readFile(path)
            guard let bytes = read.bytes else { return (nil, read.problem ?? "unreadable") }
            do throws(ImageDecodingError) {
                return (try PixelImage(imageFile: bytes, within: bound), nil)
            } catch {
                return (nil, error.description)
            }
        }
    }

    /// Sorts problems by where their value starts in the file (a missing field sorts at its object), keeping
    /// the decoding order among problems at the same place.
    private static func inDocumentOrder(_ problems: [SceneProblem], root: JSONNode) -> [SceneProblem] {
        var positions: [String: SourcePosition] = [:]
        recordPositions(of: root, pointer: "", into: &positions)
        func position(of pointer: String) -> SourcePosition {
            var candidate = pointer
            while true {
                if let found = positions[candidate] { return found }
                guard let slash = candidate.lastIndex(of: "/") else { return root.position }
                candidate = String(candidate[..<slash])
            }
        }
        let keyed = problems.enumerated().map { (index: $0.offset, position: position(of: $0.element.pointer), problem: $0.element) }
        return keyed.sorted {
            ($0.position.line, $0.position.column, $0.index) < ($1.position.line, $1.position.column, $1.index)
        }.map { $0.problem }
    }

    private static func recordPositions(of node: JSONNode, pointer: String, into positions: inout [String: SourcePosition]) {
        if positions[pointer] == nil { positions[pointer] = node.position }
        switch node.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                recordPositions(of: element, pointer: JSONPointer.appending(index, to: pointer), into: &positions)
            }
        case .object(let members):
            for member in members {
                let memberPointer = JSONPointer.appending(member.key, to: pointer)
                if positions[memberPointer] == nil { positions[memberPointer] = member.keyPosition }
                recordPositions(of: member.value, pointer: memberPointer, into: &positions)
            }
        default:
            break
        }
    }

    init(baseDirectory: String, imageReader: @escaping ImageReader, fontReader: @escaping FontReader) {
        self.baseDirectory = baseDirectory
        self.imageReader = imageReader
        self.fontReader = fontReader
    }

    /// Records a problem.
    func report(_ pointer: String, _ message: String) {
        problems.append(SceneProblem(pointer: pointer, message: message))
    }

    private func decodeScene(_ root: JSONNode) -> SceneDescription? {
        guard let fields = object(root, at: "") else { return nil }
        let version = decodeVersion(fields)
        let size = decodeCanvasSize(fields)
        canvasSize = size.map { (width: $0.0, height: $0.1) }
        let background = colorField(fields, "background", default: .black, nullable: true)
            ?? SceneColor(red: 0, green: 0, blue: 0, alpha: 0)
        let explicitDuration = optionalNumber(fields, "duration", rule: .positiveSeconds)
        var layers: [LayerDescription] = []
        if let (node, pointer) = fields.take("layers") {
            layers = decodeLayerArray(node, at: pointer, depth: 1)
        }
        layers = resolveNamedMasks(in: layers)
        checkReplicaEntries(layers)
        var bindings = SceneBindings()
        if let (node, pointer) = fields.take("bindings") {
            var names = Set<String>()
            Self.layerNames(layers, into: &names)
            bindings = decodeBindings(node, at: pointer, names: names)
        }
        var interactionLayers: [String: InteractionLayer] = [:]
        Self.interactionLayers(layers, into: &interactionLayers)
        var animators: [AnimatorDescription] = []
        if let (node, pointer) = fields.take("animators") {
            animators = decodeAnimators(node, at: pointer, layers: interactionLayers)
        }
        var interactions: [InteractionDescription] = []
        if let (node, pointer) = fields.take("interactions") {
            interactions = decodeInteractions(node, at: pointer, layers: interactionLayers, animators: animators)
        }
        finish(fields)
        checkTotals()
        guard let version, let size else { return nil }
        let duration = explicitDuration ?? max(1, SceneDurationEstimator.latestFiniteEnd(of: layers))
        return SceneDescription(
            formatVersion: version, width: size.0, height: size.1, background: background,
            durationSeconds: duration, layers: layers, bindings: bindings, animators: animators,
            interactions: interactions)
    }

    private func decodeVersion(_ fields: ObjectFields) -> Int? {
        guard let (node, pointer) = fields.take("flipbook") else {
            report("/flipbook", "required field is missing (the format version, 1)")
            return nil
        }
        guard let value = number(node, at: pointer) else { return nil }
        guard value == 1 else {
            report(pointer, "unsupported format version \(formatNumber(value)) (this build reads version 1)")
            return nil
        }
        return 1
    }

    private func decodeCanvasSize(_ fields: ObjectFields) -> (Int, Int)? {
        guard let (node, pointer) = fields.take("size") else {
            report("/size", "required field is missing ([width, height] in pixels)")
            return nil
        }
        guard let values = numbers(node, at: pointer, count: 2, shape: "[width, height]") else { return nil }
        var sides: [Int] = []
        for (index, value) in values.enumerated() {
            let limit = Double(SceneLimits.maximumCanvasSide)
            guard value == value.rounded(), value >= 1, value <= limit else {
                report(
                    JSONPointer.appending(index, to: pointer),
                    "must be a whole number of pixels from 1 to \(SceneLimits.maximumCanvasSide) (\(formatNumber(value)))")
                continue
            }
            sides.append(Int(value))
        }
        return sides.count == 2 ? (sides[0], sides[1]) : nil
    }

    private func checkTotals() {
        if layerCount > SceneLimits.maximumLayers {
            report(
                "/layers",
                "the scene has \(layerCount) layers (masks included), more than the limit of \(SceneLimits.maximumLayers)")
        }
        if animationCount > SceneLimits.maximumAnimations {
            report(
                "/layers",
                "the scene has \(animationCount) animations (group children included), more than the limit of \(SceneLimits.maximumAnimations)")
        }
    }
}
