import FixedPoint
import Flipbook
import FlipbookInput
import FlipbookScenes

/// Pointer events to a scene's interactions: a touch's first point is hit-tested on the presented tree (the
/// hit layer and its ancestors, where gestures bubble), the recognisers attached for the scene's interactions
/// recognise taps, presses, long presses and pans, and the recognised gestures perform the interactions.
///
/// Hit testing and recognition allocate nothing; so do `set` and scrubbing (beyond the engine's setters);
/// `start` builds animations.
public final class InteractionDriver {
    /// The scene's interactions.
    public let interactions: SceneInteractions
    let engine: Engine
    let recognizers = GestureRecognizers()
    let chain: UnsafeMutableBufferPointer<LayerID>
    let targets: UnsafeMutableBufferPointer<UInt32>
    /// Interactions the engine refused (each is also passed to `report`).
    public private(set) var refusals = 0
    /// Gets every refusal's text (setup: the player prints them).
    public var report: ((_ problem: String) -> Void)?

    /// The most layers a gesture bubbles through (the hit layer and its nearest ancestors).
    public static var chainCapacity: Int { 32 }

    /// Attaches recognisers for the interactions of `scene`.
    ///
    /// - Throws: `.engine` for an interaction the engine refuses; `.unsupported` when the scene needs more
    ///   recognisers than `GestureRecognizers.capacity`.
    public init(scene: LoadedScene) throws(SceneRenderError) {
        engine = scene.engine
        interactions = try SceneInteractions(scene: scene)
        chain = .allocate(capacity: Self.chainCapacity)
        targets = .allocate(capacity: Self.chainCapacity)
        for target in interactions.recognizerTargets {
            let kind: GestureKind = switch target.gesture {
            case .tap: .tap
            case .longPress: .longPress
            case .pan: .pan
            case .press, .release: .press
            }
            do { try recognizers.add(kind, to: UInt32(target.layer.index)) } catch {
                chain.deallocate(); targets.deallocate()
                throw .unsupported(pointer: "/interactions", "more than \(GestureRecognizers.capacity) layer gestures")
            }
        }
    }

    deinit {
        chain.deallocate()
        targets.deallocate()
    }

    /// Reads one pointer event (scene points) and performs what it completes. The engine should be advanced
    /// to the event's time first: a touch hits what is on the screen then (the point is carried to the
    /// canvas through the engine's display transform, as the picture is).
    public func handle(_ event: PointerEvent) {
        var count = 0
        if event.phase == .down {
            let canvas = engine.displayTransform.apply(to: Point(x: event.x, y: event.y))
            count = engine.presentation.hitTest(canvas, chain: chain)
            for position in 0 ..< count { targets[position] = UInt32(chain[position].index) }
        }
        recognizers.handle(event, chain: UnsafeBufferPointer(rebasing: targets[0 ..< count]))
        performRecognized()
    }

    /// When time must pass for a gesture (a long press due; µs, the events' clock), or nil.
    public var nextGestureDeadline: Int64? { recognizers.nextLongPressMicros }

    /// Lets time pass (µs, the events' clock): a touch held still becomes a long press. Answers whether a
    /// gesture was recognised (the scene may have changed).
    @discardableResult
    public func passTime(to micros: Int64) -> Bool {
        recognizers.passTime(to: micros)
        return performRecognized() > 0
    }

    /// Performs the recognised gestures; answers how many there were.
    @discardableResult
    private func performRecognized() -> Int {
        var count = 0
        while let gesture = recognizers.next() {
            count &+= 1
            let layer = UInt16(truncatingIfNeeded: gesture.target)
            do {
                switch (gesture.kind, gesture.phase) {
                case (.tap, .ended): try interactions.perform(.tap, layerIndex: layer)
                case (.press, .began): try interactions.perform(.press, layerIndex: layer)
                case (.press, .ended), (.press, .cancelled): try interactions.perform(.release, layerIndex: layer)
                case (.longPress, .began): try interactions.perform(.longPress, layerIndex: layer)
                case (.pan, let phase):
                    let scrub: ScrubPhase = switch phase {
                    case .began: .began
                    case .changed: .changed
                    case .ended: .ended
                    case .cancelled: .cancelled
                    }
                    try interactions.pan(scrub, layerIndex: layer,
                                         translation: (gesture.translationX, gesture.translationY),
                                         velocity: (gesture.velocityX, gesture.velocityY))
                default: break
                }
            } catch {
                refusals &+= 1
                report?(error.message)
            }
        }
        return count
    }
}
