import Flipbook
import Testing
@testable import FlipbookScenes

/// The hand-written engine error text (what the Embedded build prints) against Swift's reflection, for every case
/// and every nested value kind.
@Suite struct EngineErrorTextTests {
    static let named = LayerName(id: LayerID(index: 3, generation: 2), name: "card \"big\"")
    static let unnamed = LayerName(id: LayerID(index: 7, generation: 0), name: nil)

    static let errors: [EngineError] = {
        var errors: [EngineError] = [
            .staleLayer(LayerID(index: 4, generation: 9)),
            .sublayerCycle(layer: named, superlayer: unnamed),
            .invalidValue(layer: named, field: "opacity", value: 1.5, reason: .outOfRange(min: 0, max: 1)),
            .invalidValue(layer: nil, field: "speed", value: -0.25, reason: .notPositive),
            .invalidValue(layer: unnamed, field: "x", value: .infinity, reason: .notFinite),
            .invalidValue(layer: nil, field: "w", value: -3, reason: .negative),
            .unknownKeyPath("transform.skew\n"),
            .sublayerIndexOutOfRange(layer: named, index: 5, count: 2),
            .noAnimation(layer: unnamed, key: "fly"),
            .invalidAnimation(field: "keyTimes", reason: "must be non-decreasing"),
            .noOpenTransaction,
        ]
        for pool in [EnginePool.layers, .animations, .keyframes, .edits, .events, .callbacks, .resources] {
            errors.append(.poolFull(pool, capacity: 16))
        }
        for problem in [MaskProblem.maskIsTheLayer, .alreadyMasksAnotherLayer(unnamed), .maskIsInTheTree, .nestedMask] {
            errors.append(.invalidMask(layer: named, mask: unnamed, reason: problem))
        }
        let kinds: [ValueKind] = [.number, .pair, .triple, .rect, .color, .flag, .path]
        for (expected, got) in zip(kinds, kinds.reversed()) {
            errors.append(.valueKindMismatch(layer: named, field: "bounds", expected: expected, got: got))
        }
        for kind in [Flipbook.LayerKind.plain, .shape, .image, .custom] {
            errors.append(.wrongLayerKind(layer: named, field: "path", kind: kind))
        }
        for resource in [EngineResource.path, .image, .surface] { errors.append(.unknownResource(resource, index: 12)) }
        for state in [AnimatorState.inactive, .active, .stopped] {
            errors.append(.invalidAnimatorState(operation: "pauseAnimation", state: state))
        }
        return errors
    }()

    @Test func everyCaseMatchesReflection() {
        for error in Self.errors {
            #expect(EngineErrorText.describe(error) == "\(error)")
        }
        #expect(Self.errors.count == 39)
    }

    @Test func sceneRenderErrorUsesIt() {
        let error = SceneRenderError.engine(pointer: "/layers/0", .poolFull(.layers, capacity: 16))
        #expect(error.description == "/layers/0: the engine refused it: poolFull(Flipbook.EnginePool.layers, capacity: 16)")
    }
}
