import Flipbook

/// Replicator layers: the decoded instances as the replicator's properties.
extension SceneLoader {
    func setReplicator(_ replicator: ReplicatorDescription, on id: LayerID) throws(EngineError) {
        let transform = replicator.instanceTransform
        let offsets = replicator.offsets
        let values: [(LayerProperty, PropertyValue)] = [
            (.instanceCount, .number(Double(replicator.instanceCount))), (.instanceDelay, .number(replicator.instanceDelay)),
            (.instanceRotation, .number(transform.rotationZ)), (.instanceRotationX, .number(transform.rotationX)),
            (.instanceRotationY, .number(transform.rotationY)), (.instanceScale, .number(transform.scale.x)),
            (.instanceTranslation, .pair(transform.translation.x, transform.translation.y)),
            (.instanceColor, .color(Self.color(replicator.instanceColor))),
            (.instanceRedOffset, .number(offsets.red)), (.instanceGreenOffset, .number(offsets.green)),
            (.instanceBlueOffset, .number(offsets.blue)), (.instanceAlphaOffset, .number(offsets.alpha)),
        ]
        for (property, value) in values { try engine.setValue(value, for: property, of: id) }
    }
}
