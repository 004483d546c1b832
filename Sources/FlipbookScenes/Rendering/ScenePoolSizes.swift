import Flipbook

/// The engine pools a scene needs, from upper bounds of what each animation takes, so that a scene
/// `validate` accepts never exhausts a pool when it renders: the keyframe store holds every keyframe
/// animation (motion paths counted as the polylines the loader gives the engine) and transition at once,
/// and the animation pool every animation record, groups' children included.
enum ScenePoolSizes {
    /// Keyframe-store slots for every keyframe animation and transition of `layers` and their subtrees
    /// and masks, at least the engine's default.
    static func keyframeSlots(_ layers: [LayerDescription]) -> Int {
        max(EngineConfiguration.defaultKeyframeSlotCapacity, visit(layers, keyframeSlots(of:)))
    }

    /// Animation records for every animation of `layers` (a group and each of its children are one record
    /// each), at least the engine's default.
    static func animationRecords(_ layers: [LayerDescription]) -> Int {
        max(EngineConfiguration.defaultAnimationCapacity, visit(layers, records(of:)))
    }

    private static func visit(_ layers: [LayerDescription], _ measure: (AnimationDescription) -> Int) -> Int {
        layers.reduce(0) { total, layer in
            total + layer.animations.reduce(0) { $0 + measure($1) } + visit(layer.sublayers, measure)
                + (layer.mask.map { visit([$0], measure) } ?? 0)
        }
    }

    private static func keyframeSlots(of animation: AnimationDescription) -> Int {
        switch animation.content {
        case .keyframe(let keyframes):
            return Engine.keyframeSlotBound(keys: keyframes.values.count)
        case .group(let children): return children.reduce(0) { $0 + keyframeSlots(of: $1) }
        case .transition: return Engine.transitionKeyframeSlots
        case .basic, .spring: return 0
        }
    }

    private static func records(of animation: AnimationDescription) -> Int {
        if case .group(let children) = animation.content { return 1 + children.reduce(0) { $0 + records(of: $1) } }
        return 1
    }
}
