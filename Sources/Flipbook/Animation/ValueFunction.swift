/// `CAValueFunction`: an animation of `transform` whose values are numbers (or pairs) made into a transform, so
/// that a turn can run past half a turn (a matrix cannot tell 0 from 2π) — `rotateZ` from 0 to 2π turns once.
/// The transform is the function's alone: the other components are the identity's while it runs.
public enum ValueFunction: String, Equatable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    /// `scale`: a number (uniform in x and y) or a pair (x, y); `scaleX`, `scaleY`, `scaleZ`: a number.
    case scale, scaleX, scaleY, scaleZ
    /// `translate`: a pair (x, y); `translateX`, `translateY`, `translateZ`: a number.
    case translate, translateX, translateY, translateZ

    /// The components of the transform `value` makes.
    ///
    /// - Throws: `valueKindMismatch` for a value of the wrong shape.
    func components(of value: PropertyValue) throws(EngineError) -> TransformComponents {
        var c = TransformComponents()
        switch (self, value) {
        case (.rotateX, .number(let v)): c.rotationX = v
        case (.rotateY, .number(let v)): c.rotationY = v
        case (.rotateZ, .number(let v)): c.rotationZ = v
        case (.scale, .number(let v)): (c.scaleX, c.scaleY) = (v, v)
        case (.scale, .pair(let x, let y)): (c.scaleX, c.scaleY) = (x, y)
        case (.scaleX, .number(let v)): c.scaleX = v
        case (.scaleY, .number(let v)): c.scaleY = v
        case (.scaleZ, .number(let v)): c.scaleZ = v
        case (.translate, .pair(let x, let y)): (c.translationX, c.translationY) = (x, y)
        case (.translateX, .number(let v)): c.translationX = v
        case (.translateY, .number(let v)): c.translationY = v
        case (.translateZ, .number(let v)): c.translationZ = v
        default:
            throw .valueKindMismatch(layer: nil, field: "valueFunction \(rawValue)",
                                     expected: self == .translate ? .pair : .number, got: value.kind)
        }
        return c
    }
}
