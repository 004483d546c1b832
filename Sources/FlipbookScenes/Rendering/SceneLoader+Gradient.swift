import FixedPoint
import Flipbook

/// Gradient layers: the decoded type, colours and locations, then the start and end points as properties.
extension SceneLoader {
    func setGradient(_ gradient: GradientDescription, on id: LayerID) throws(EngineError) {
        let type: GradientType = switch gradient.type {
        case "radial": .radial
        case "conic": .conic
        default: .axial
        }
        let locations = gradient.locations.map(SceneResources.fixedLocations)
        try engine.setGradient(type, colors: gradient.colors.map(Self.color), locations: locations, of: id)
        try engine.setValue(.pair(gradient.startPoint.x, gradient.startPoint.y), for: .startPoint, of: id)
        try engine.setValue(.pair(gradient.endPoint.x, gradient.endPoint.y), for: .endPoint, of: id)
    }
}
