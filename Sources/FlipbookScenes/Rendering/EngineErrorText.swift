import Flipbook

/// The text of an ``EngineError`` in a scene message, exactly as Swift's reflection prints it in full Swift
/// (`poolFull(Flipbook.EnginePool.layers, capacity: 16)`), written out so that the Embedded build, which has no
/// reflection, gives the same lines. `EngineErrorTextTests` compares every case with `"\(error)"`.
enum EngineErrorText {
    /// `error` as `"\(error)"` prints it in full Swift.
    static func describe(_ error: EngineError) -> String {
        switch error {
        case .staleLayer(let id): call("staleLayer", layerID(id))
        case .poolFull(let pool, let capacity): call("poolFull", qualified("EnginePool", name(of: pool)), "capacity: \(capacity)")
        case .sublayerCycle(let layer, let superlayer): call("sublayerCycle", "layer: \(layer)", "superlayer: \(superlayer)")
        case .invalidMask(let layer, let mask, let reason):
            call("invalidMask", "layer: \(layer)", "mask: \(mask)", "reason: " + describe(reason))
        case .invalidValue(let layer, let field, let value, let reason):
            call("invalidValue", "layer: " + optional(layer), "field: " + quoted(field), "value: \(value)",
                 "reason: " + describe(reason))
        case .valueKindMismatch(let layer, let field, let expected, let got):
            call("valueKindMismatch", "layer: " + optional(layer), "field: " + quoted(field),
                 "expected: " + qualified("ValueKind", name(of: expected)), "got: " + qualified("ValueKind", name(of: got)))
        case .unknownKeyPath(let path): call("unknownKeyPath", quoted(path))
        case .wrongLayerKind(let layer, let field, let kind):
            call("wrongLayerKind", "layer: \(layer)", "field: " + quoted(field), "kind: " + qualified("LayerKind", name(of: kind)))
        case .sublayerIndexOutOfRange(let layer, let index, let count):
            call("sublayerIndexOutOfRange", "layer: \(layer)", "index: \(index)", "count: \(count)")
        case .noAnimation(let layer, let key): call("noAnimation", "layer: \(layer)", "key: " + quoted(key))
        case .unknownResource(let resource, let index):
            call("unknownResource", qualified("EngineResource", name(of: resource)), "index: \(index)")
        case .invalidAnimation(let field, let reason): call("invalidAnimation", "field: " + quoted(field), "reason: " + quoted(reason))
        case .noOpenTransaction: "noOpenTransaction"
        case .invalidAnimatorState(let operation, let state):
            call("invalidAnimatorState", "operation: " + quoted(operation), "state: " + qualified("AnimatorState", name(of: state)))
        case .font(let error): call("font", quoted(error.description))
        case .noFont(let layer, let field): call("noFont", "layer: \(layer)", "field: " + quoted(field))
        case .textCapacityExceeded(let layer, let capacity, let needed):
            call("textCapacityExceeded", "layer: \(layer)", "capacity: \(capacity)", "needed: \(needed)")
        case .invalidNumberFormat(let format, let offset):
            call("invalidNumberFormat", "format: " + quoted(format), "offset: \(offset)")
        }
    }

    private static func call(_ name: String, _ arguments: String...) -> String {
        name + "(" + arguments.joined(separator: ", ") + ")"
    }

    private static func qualified(_ type: String, _ value: String) -> String { "Flipbook.\(type).\(value)" }

    private static func quoted(_ text: String) -> String { text.debugDescription }

    private static func optional(_ layer: LayerName?) -> String { layer.map { "Optional(\($0))" } ?? "nil" }

    private static func layerID(_ id: LayerID) -> String {
        "Flipbook.LayerID(index: \(id.index), generation: \(id.generation))"
    }

    private static func describe(_ problem: MaskProblem) -> String {
        switch problem {
        case .maskIsTheLayer: qualified("MaskProblem", "maskIsTheLayer")
        case .alreadyMasksAnotherLayer(let layer): qualified("MaskProblem", "alreadyMasksAnotherLayer(\(layer))")
        case .maskIsInTheTree: qualified("MaskProblem", "maskIsInTheTree")
        case .nestedMask: qualified("MaskProblem", "nestedMask")
        }
    }

    private static func describe(_ problem: ValueProblem) -> String {
        switch problem {
        case .notFinite: qualified("ValueProblem", "notFinite")
        case .negative: qualified("ValueProblem", "negative")
        case .notPositive: qualified("ValueProblem", "notPositive")
        case .notInvertible: qualified("ValueProblem", "notInvertible")
        case .transformed: qualified("ValueProblem", "transformed")
        case .notWhole: qualified("ValueProblem", "notWhole")
        case .replacesItself: qualified("ValueProblem", "replacesItself")
        case .notDecomposable: qualified("ValueProblem", "notDecomposable")
        case .outOfRange(let minimum, let maximum): qualified("ValueProblem", "outOfRange(min: \(minimum), max: \(maximum))")
        }
    }

    private static func name(of pool: EnginePool) -> String {
        switch pool {
        case .layers: "layers"
        case .animations: "animations"
        case .keyframes: "keyframes"
        case .edits: "edits"
        case .events: "events"
        case .callbacks: "callbacks"
        case .resources: "resources"
        case .replicaEntries: "replicaEntries"
        }
    }

    private static func name(of kind: ValueKind) -> String {
        switch kind {
        case .number: "number"
        case .pair: "pair"
        case .triple: "triple"
        case .rect: "rect"
        case .color: "color"
        case .flag: "flag"
        case .path: "path"
        case .stops: "gradient stops"
        case .transform: "transform"
        }
    }

    private static func name(of kind: Flipbook.LayerKind) -> String {
        switch kind {
        case .plain: "plain"
        case .shape: "shape"
        case .image: "image"
        case .custom: "custom"
        case .text: "text"
        case .gradient: "gradient"
        case .replicator: "replicator"
        }
    }

    private static func name(of resource: EngineResource) -> String {
        switch resource {
        case .path: "path"
        case .image: "image"
        case .surface: "surface"
        case .gradientStops: "gradient stops"
        }
    }

    private static func name(of state: AnimatorState) -> String {
        switch state {
        case .inactive: "inactive"
        case .active: "active"
        case .stopped: "stopped"
        }
    }
}
