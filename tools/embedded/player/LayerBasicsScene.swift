import FixedPoint
import Flipbook
import Motion

/// The layer-basics demo of `FlipbookScenes` (demo 10), built through the engine's public API: rounded
/// corners with a border, a shadow, `masksToBounds` clipping a sublayer to a circle, a square turning
/// about its corner `anchorPoint`, a 3-D `rotation.y` with perspective, and colour and position animated
/// with the default curve from 0.5 s. Authored for 320 × 240 points; a container layer scales it to the
/// canvas.
enum LayerBasicsScene {
    /// The scene's background, #e9edf2.
    static let background = rgb(0xE9EDF2)

    /// An engine holding the scene on a `width` × `height` canvas (1 … 4096 pixels each).
    static func build(width: Int, height: Int) throws(PlayerError) -> Engine {
        do {
            let engine = try Engine(configuration: EngineConfiguration(
                canvasWidth: width, canvasHeight: height, layerCapacity: 16, animationCapacity: 16,
                keyframeSlotCapacity: 64, editCapacity: 16, eventCapacity: 16))
            let stage = try engine.createLayer(name: "stage")
            try engine.addSublayer(stage, to: engine.root)
            try engine.setValue(.pair(0, 0), for: .anchorPoint, of: stage)
            try engine.setValue(.rect(x: 0, y: 0, width: 320, height: 240), for: .bounds, of: stage)
            try engine.setValue(.number(Double(width) / 320), for: .scaleX, of: stage)
            try engine.setValue(.number(Double(height) / 240), for: .scaleY, of: stage)
            try addCards(to: stage, in: engine)
            try addMovers(to: stage, in: engine)
            try addTurning(to: stage, in: engine)
            return engine
        } catch {
            throw .engine(error)
        }
    }

    /// The three still cards of the top row: rounded and bordered, shadowed, clipped.
    private static func addCards(to stage: LayerID, in engine: Engine) throws(EngineError) {
        let rounded = try layer("rounded", at: (60, 65), size: (76, 76), color: 0x4C8BF5, on: stage, in: engine)
        try engine.setValue(.number(18), for: .cornerRadius, of: rounded)
        try border(5, color: 0x1B3A73, of: rounded, in: engine)

        let shadowed = try layer("shadowed", at: (160, 65), size: (76, 76), color: 0xFFFFFF, on: stage, in: engine)
        try engine.setValue(.number(8), for: .cornerRadius, of: shadowed)
        try engine.setValue(.number(0.5), for: .shadowOpacity, of: shadowed)
        try engine.setValue(.number(6), for: .shadowRadius, of: shadowed)
        try engine.setValue(.pair(4, 5), for: .shadowOffset, of: shadowed)

        let clipped = try layer("clipped", at: (260, 65), size: (76, 76), color: 0xF6D365, on: stage, in: engine)
        try engine.setValue(.number(38), for: .cornerRadius, of: clipped)
        try engine.setValue(.flag(true), for: .masksToBounds, of: clipped)
        _ = try layer("clipped-child", at: (56, 56), size: (60, 60), color: 0xE5533D, on: clipped, in: engine)
    }

    /// The bottom row: corner-anchored turn, colour and position change (the 3-D turn is `addTurning`).
    private static func addMovers(to stage: LayerID, in engine: Engine) throws(EngineError) {
        let anchored = try layer("corner-anchor", at: (62, 150), size: (56, 56), color: 0x2BB673, on: stage, in: engine)
        try engine.setValue(.pair(0, 0), for: .anchorPoint, of: anchored)
        try animate(.rotation, from: .number(0), to: .number(1.5708), of: anchored, in: engine, timing: AnimationTiming(
            duration: 1, autoreverses: true, timingFunction: .easeInEaseOut))

        let implicit = try layer("implicit", at: (240, 178), size: (50, 50), color: 0xFF7675, on: stage, in: engine)
        try engine.setValue(.number(25), for: .cornerRadius, of: implicit)
        let held = AnimationTiming(beginTime: 0.5, fillMode: .forwards, isRemovedOnCompletion: false,
                                   timingFunction: .default)
        try animate(.backgroundColor, from: .color(rgb(0xFF7675)), to: .color(rgb(0x00B894)), of: implicit,
                    in: engine, timing: held)
        try animate(.positionX, from: .number(240), to: .number(280), of: implicit, in: engine, timing: held)
    }

    /// The bottom row's middle layer: a full turn about y, with perspective.
    private static func addTurning(to stage: LayerID, in engine: Engine) throws(EngineError) {
        let turning = try layer("turning", at: (160, 178), size: (70, 70), color: 0x9B59B6, on: stage, in: engine)
        try border(4, color: 0x4A235A, of: turning, in: engine)
        try engine.setValue(.number(150), for: .perspective, of: turning)
        try animate(.rotationY, from: .number(0), to: .number(6.2832), of: turning, in: engine,
                    timing: AnimationTiming(duration: 2))
    }

    /// A plain layer under `parent` with its position, size (bounds at the origin) and background colour.
    private static func layer(
        _ name: String, at position: (Double, Double), size: (Double, Double), color: UInt32, on parent: LayerID,
        in engine: Engine
    ) throws(EngineError) -> LayerID {
        let layer = try engine.createLayer(name: name)
        try engine.addSublayer(layer, to: parent)
        try engine.setValue(.pair(position.0, position.1), for: .position, of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: size.0, height: size.1), for: .bounds, of: layer)
        try engine.setValue(.color(rgb(color)), for: .backgroundColor, of: layer)
        return layer
    }

    private static func border(_ width: Double, color: UInt32, of layer: LayerID, in engine: Engine) throws(EngineError) {
        try engine.setValue(.number(width), for: .borderWidth, of: layer)
        try engine.setValue(.color(rgb(color)), for: .borderColor, of: layer)
    }

    /// Adds a basic animation keyed by its key path.
    private static func animate(
        _ property: LayerProperty, from: PropertyValue, to: PropertyValue, of layer: LayerID, in engine: Engine,
        timing: AnimationTiming
    ) throws(EngineError) {
        let animation = BasicAnimation(keyPath: property, from: from, to: to, timing: timing)
        try engine.addAnimation(.basic(animation), forKey: property.keyPath, to: layer)
    }

    /// An opaque colour from 0xRRGGBB.
    private static func rgb(_ value: UInt32) -> Color {
        Color(red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
              blue: UInt8(truncatingIfNeeded: value))
    }
}
