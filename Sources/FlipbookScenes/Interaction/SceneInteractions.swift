import FixedPoint
import Flipbook

/// A scene's `interactions` and `animators` bound to a loaded scene's engine: what a recognised gesture on a
/// layer does. The gesture recognition itself is the caller's (`FlipbookInput`'s recognisers, attached for
/// ``recognizerTargets``); this performs the actions between frames: `start` adds an armed animation again (as
/// the control command does) or starts an animator, `set` changes model values in one transaction (implicit
/// animations of Core Animation's default 0.25 s), `by` adds to them the same way, and a pan scrubs an animator
/// and lets it go.
///
/// `set`, `by` and scrubbing allocate nothing beyond the engine's setters; `start` builds animations (setup-like
/// work).
public final class SceneInteractions {
    /// One interaction, resolved against the engine.
    struct Entry {
        let trigger: InteractionDescription.Trigger
        let layer: LayerID
        let action: InteractionDescription.Action
        /// `set`'s changes (`by`'s amounts) as the control applier takes them (allocated once).
        let settings: UnsafeMutableBufferPointer<ControlSetting>
        /// `start`'s key, as UTF-8 (allocated once).
        let key: [UInt8]
        let target: LayerID?
        /// The animator `startAnimator` and `scrub` name, by index (resolved once), or −1.
        let animator: Int
        /// `scrub`'s points for fraction 0 → 1 (negative: the other way).
        let distance: Fixed
    }

    /// The scene's engine.
    public let engine: Engine
    let entries: [Entry]
    /// `by`'s new values, one per change of the largest `by` (allocated once, written in place).
    var sums: [ControlSetting]
    let applier: ControlApplier
    let animators: SceneAnimators

    /// Resolves `scene`'s interactions and animators against its engine.
    ///
    /// - Throws: `.engine` naming the JSON pointer of a value or animator the engine refuses.
    public init(scene: LoadedScene) throws(SceneRenderError) {
        engine = scene.engine
        applier = ControlApplier(scene: scene)
        let loader = SceneLoader(engine: scene.engine, resources: SceneResources(engine: scene.engine))
        animators = try SceneAnimators(scene: scene, loader: loader)
        var entries: [Entry] = []
        for interaction in scene.scene.interactions {
            let layer = try Self.layer(interaction.layer, in: scene, pointer: interaction.pointer)
            var settings: [ControlSetting] = []
            var key = "", target: LayerID?, animator = -1, distance = Fixed(1)
            switch interaction.action {
            case .set(let changes), .changeBy(let changes):
                let field = if case .set = interaction.action { "/set/" } else { "/by/" }
                for change in changes {
                    let pointer = interaction.pointer + field + change.keyPath.rawValue
                    settings.append(ControlSetting(property: try loader.property(change.keyPath, pointer: pointer),
                                                   value: try loader.value(change.value, pointer: pointer)))
                }
            case .startAnimation(let name, let animationKey):
                key = animationKey
                target = try Self.layer(name, in: scene, pointer: interaction.pointer)
            case .startAnimator(let name):
                animator = try Self.animator(name, in: animators, pointer: interaction.pointer)
            case .scrub(let name, _, let points, _):
                animator = try Self.animator(name, in: animators, pointer: interaction.pointer)
                guard let fixed = try? Fixed(exactly: points), fixed != .zero else {
                    throw .unsupported(pointer: interaction.pointer + "/distance", "a scrub distance of 0 or beyond ±32,767 points")
                }
                distance = fixed
            }
            let buffer = UnsafeMutableBufferPointer<ControlSetting>.allocate(capacity: max(settings.count, 1))
            _ = buffer.initialize(from: settings)
            entries.append(Entry(trigger: interaction.trigger, layer: layer, action: interaction.action,
                                 settings: UnsafeMutableBufferPointer(rebasing: buffer[0 ..< settings.count]),
                                 key: Array(key.utf8), target: target, animator: animator, distance: distance))
        }
        self.entries = entries
        let largestSum = entries.reduce(0) { largest, entry in
            if case .changeBy = entry.action { max(largest, entry.settings.count) } else { largest }
        }
        sums = Array(repeating: ControlSetting(property: .opacity, value: .number(0)), count: largestSum)
    }

    deinit {
        for entry in entries {
            entry.settings.deinitialize()
            entry.settings.baseAddress?.deallocate()
        }
    }

    /// The layers with interactions and the gesture each needs recognised (press for `press` and `release`),
    /// once each.
    public var recognizerTargets: [(layer: LayerID, gesture: InteractionDescription.Trigger)] {
        var targets: [(layer: LayerID, gesture: InteractionDescription.Trigger)] = []
        for entry in entries {
            let gesture = entry.trigger == .release ? .press : entry.trigger
            if !targets.contains(where: { $0.layer == entry.layer && $0.gesture == gesture }) {
                targets.append((entry.layer, gesture))
            }
        }
        return targets
    }

    /// Performs the interactions of `trigger` on the layer with pool index `layerIndex` (not for pans).
    ///
    /// - Throws: the engine's refusal, as text, of the first action that failed (the others still run).
    public func perform(_ trigger: InteractionDescription.Trigger, layerIndex: UInt16) throws(SceneInteractionError) {
        var failure: SceneInteractionError?
        for index in 0 ..< entries.count where entries[index].trigger == trigger && entries[index].layer.index == layerIndex {
            do { try perform(entries[index]) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// A pan on the layer with pool index `layerIndex`: `translation` and `velocity` (points, points per second)
    /// drive the animators its `scrub` interactions name. Allocates nothing (beyond the engine's setters).
    ///
    /// - Throws: the engine's refusal, as text.
    public func pan(_ phase: ScrubPhase, layerIndex: UInt16, translation: (x: Fixed, y: Fixed),
                    velocity: (x: Fixed, y: Fixed)) throws(SceneInteractionError) {
        var index = 0
        while index < entries.count {
            defer { index += 1 }
            guard entries[index].trigger == .pan, entries[index].layer.index == layerIndex,
                  case .scrub(_, let vertical, _, let release) = entries[index].action else { continue }
            let distance = entries[index].distance
            let moved = Self.fractions(vertical ? translation.y : translation.x, of: distance)
            let speed = Self.fractions(vertical ? velocity.y : velocity.x, of: distance)
            try animators.scrub(entries[index].animator, phase: phase, moved: moved, speed: speed, release: release)
        }
    }

    private func perform(_ entry: Entry) throws(SceneInteractionError) {
        switch entry.action {
        case .set:
            let change = ControlSet(layer: entry.layer, settings: UnsafeBufferPointer(entry.settings), duration: 0.25,
                                    timingFunction: nil)
            try apply(.set(change))
        case .changeBy:
            for index in 0 ..< entry.settings.count {
                let amount = entry.settings[index]
                let current: PropertyValue
                do { current = try engine.modelValue(of: amount.property, of: entry.layer) } catch {
                    throw SceneAnimators.refusal(error)
                }
                sums[index] = ControlSetting(property: amount.property, value: try Self.sum(current, amount.value))
            }
            try sums.withUnsafeBufferPointer { (sums) throws(SceneInteractionError) in
                let change = ControlSet(layer: entry.layer, settings: UnsafeBufferPointer(rebasing: sums[0 ..< entry.settings.count]),
                                        duration: 0.25, timingFunction: nil)
                try apply(.set(change))
            }
            engine.flushTransaction()  // into the model now: a second `by` before the next frame adds to this one
        case .startAnimation:
            try entry.key.withUnsafeBufferPointer { (bytes) throws(SceneInteractionError) in
                try apply(.start(layer: entry.target, key: ControlText(bytes: bytes)))
            }
        case .startAnimator:
            try animators.start(entry.animator)
        case .scrub:
            break
        }
    }

    private func apply(_ command: ControlCommand) throws(SceneInteractionError) {
        do { _ = try applier.apply(command) } catch {
            switch error {
            case .refused(let message): throw SceneInteractionError(message: message)
            case .invalidAnimation(let message): throw SceneInteractionError(message: "invalid animation: " + message)
            case .unknownAnimationKey(let key): throw SceneInteractionError(message: "no animation with the key \"\(key)\"")
            default: throw SceneInteractionError(message: "\(error)")
            }
        }
    }

    /// A model value plus `by`'s amount: numbers and pairs of numbers (the only kinds `by` decodes). The engine
    /// refuses a sum outside the property's range, naming it.
    private static func sum(_ value: PropertyValue, _ amount: PropertyValue) throws(SceneInteractionError) -> PropertyValue {
        switch (value, amount) {
        case let (.number(value), .number(amount)): return .number(value + amount)
        case let (.pair(x, y), .pair(dx, dy)): return .pair(x + dx, y + dy)
        default: throw SceneInteractionError(message: "\"by\" adds to numbers and pairs of numbers only")
        }
    }

    /// `points` in fractions of a scrub's `distance`, saturating: a finger far past either end of a short
    /// distance still means 0 or 1. The distance is never zero (refused at load).
    private static func fractions(_ points: Fixed, of distance: Fixed) -> Fixed {
        (try? points.dividedWithSaturation(by: distance)) ?? .zero
    }

    private static func animator(_ key: String, in animators: SceneAnimators, pointer: String) throws(SceneRenderError) -> Int {
        guard let index = animators.index(of: key) else { throw .unsupported(pointer: pointer, "no animator with the key \"\(key)\"") }
        return index
    }

    private static func layer(_ name: String, in scene: LoadedScene, pointer: String) throws(SceneRenderError) -> LayerID {
        do { return try scene.layers.layer(name) } catch { throw .engine(pointer: pointer, error) }
    }
}

/// Where a pan is, for ``SceneInteractions/pan(_:layerIndex:translation:velocity:)``.
public enum ScrubPhase: Sendable {
    case began, changed, ended, cancelled
}

/// An interaction the engine refused (the scene plays on).
public struct SceneInteractionError: Error, CustomStringConvertible {
    /// What was refused.
    public let message: String
    /// The message.
    public var description: String { message }
}
