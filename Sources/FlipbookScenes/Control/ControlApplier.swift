import Flipbook
import Motion

/// Applies control commands to a loaded scene's engine, each as one transaction, between frames; answers each
/// command line with one reply (``reply``). `set`, `progress`, `remove` answers and replies allocate nothing
/// beyond the engine's own setters; `add` and `start` build animations, which allocates (setup-like work).
public final class ControlApplier {
    /// What a handled line asks of the player.
    public enum Outcome: Equatable {
        /// Applied (reply `{"ok": true}`).
        case applied
        /// Refused (reply `{"error": …}`); the scene plays on.
        case refused
        /// `quit`: stop playing; `retain` leaves the last frame on the screen.
        case quit(retain: Bool)
    }

    /// The parser, against the scene's named layers.
    public let parser: ControlCommandParser
    /// The reply to the line handled last.
    public let reply = ControlReply()
    private let engine: Engine
    private let scene: SceneDescription
    private let targets: ControlTargets
    private let layers: SceneLayers
    private let progressBinding: (layer: LayerID, property: LayerProperty, from: Double, to: Double)?
    private let messageLayer: LayerID?

    /// An applier for `scene`, accepting command lines up to `lineLimit` bytes.
    public init(scene: LoadedScene, lineLimit: Int = 4096) {
        targets = ControlTargets(scene: scene)
        parser = ControlCommandParser(targets: targets, lineLimit: lineLimit)
        engine = scene.engine
        layers = scene.layers
        self.scene = scene.scene
        if let progress = scene.scene.bindings.progress, let layer = try? scene.layers.layer(progress.layer),
           let property = try? LayerProperty(keyPath: progress.keyPath.rawValue) {
            progressBinding = (layer, property, progress.from, progress.to)
        } else {
            progressBinding = nil
        }
        messageLayer = scene.scene.bindings.message.flatMap { try? scene.layers.layer($0) }
    }

    /// Parses one JSON command line (or a psplash line), applies it and writes the reply.
    public func handle(_ line: UnsafeBufferPointer<UInt8>, psplash: Bool = false) -> Outcome {
        do throws(ControlError) {
            let command = psplash ? try PsplashParser.parse(line) : try parser.parse(line)
            let outcome = try apply(command)
            reply.writeOK()
            return outcome
        } catch {
            reply.write(error, line: line)
            return .refused
        }
    }

    /// Answers a line the reader dropped for being longer than the parser's limit.
    public func refuseOverlongLine() {
        reply.write(.lineTooLong(limit: parser.lineLimit), line: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Applies `command` to the engine as one transaction.
    ///
    /// - Throws: `.refused` with the engine's message, `.unbound` for progress or messages the scene does not
    ///   route, `.invalidAnimation` / `.unknownAnimationKey` for `add` and `start`.
    public func apply(_ command: ControlCommand) throws(ControlError) -> Outcome {
        switch command {
        case .set(let change):
            try transaction(duration: change.duration, timingFunction: change.timingFunction) { () throws(EngineError) in
                for setting in change.settings { try engine.setValue(setting.value, for: setting.property, of: change.layer) }
            }
        case .progress(let fraction):
            guard let binding = progressBinding else { throw .unbound("progress") }
            let value = binding.from + (binding.to - binding.from) * fraction
            try transaction(duration: 0.25, timingFunction: nil) { () throws(EngineError) in
                try engine.setValue(.number(value), for: binding.property, of: binding.layer)
            }
        case .message(let text):
            guard let messageLayer else { throw .unbound("message") }
            try engineCall { () throws(EngineError) in try engine.setString(text.string, of: messageLayer) }
        case .add(let layer, let text):
            let kind = targets.kind(of: layer) ?? .layer
            let description: AnimationDescription
            do { description = try SceneDecoder.decodeAnimation(Array(text.bytes), layerKind: kind) } catch {
                throw .invalidAnimation(error.lines.first ?? "invalid")
            }
            try add(description, to: layer, startingNow: false)
        case .remove(let layer, let key):
            try engineCall { () throws(EngineError) in try engine.removeAnimation(forKey: key.string, from: layer) }
        case .start(let layer, let key):
            try start(key: key, on: layer)
        case .quit(let retain):
            return .quit(retain: retain)
        }
        return .applied
    }

    /// Re-adds the scene's animations with `key` (on `layer`, or on every layer that has one), beginning now.
    private func start(key: ControlText, on layer: LayerID?) throws(ControlError) {
        var found: [(LayerID, AnimationDescription)] = []
        collect(key: key, on: layer, in: scene.layers, into: &found)
        guard !found.isEmpty else { throw .unknownAnimationKey(key.string) }
        for (id, animation) in found { try add(animation, to: id, startingNow: true) }
    }

    private func collect(key: ControlText, on layer: LayerID?, in descriptions: [LayerDescription],
                         into found: inout [(LayerID, AnimationDescription)]) {
        for description in descriptions {
            if let name = description.name, let id = try? layers.layer(name),
               layer == nil || layer == id {
                for animation in description.animations where animation.key.map(key.equals) ?? false {
                    found.append((id, animation))
                }
            }
            collect(key: key, on: layer, in: description.sublayers, into: &found)
        }
    }

    private func add(_ description: AnimationDescription, to layer: LayerID, startingNow: Bool) throws(ControlError) {
        var description = description
        if startingNow && description.timing.beginTime != 0 {
            description.timing.beginTime += Double(engine.currentTime) / 1_000_000
        }
        let loader = SceneLoader(engine: engine, resources: SceneResources(engine: engine))
        let animation: Animation
        do { animation = try loader.convert(description) } catch { throw .invalidAnimation("\(error)") }
        try engineCall { () throws(EngineError) in
            try engine.addAnimation(animation, forKey: description.key, to: layer)
        }
    }

    /// `body` inside one transaction whose implicit animations last `duration` (0: none).
    private func transaction(duration: Double, timingFunction: TimingFunction?,
                             _ body: () throws(EngineError) -> Void) throws(ControlError) {
        try engineCall { () throws(EngineError) in
            try engine.beginTransaction()
            do throws(EngineError) {
                if duration == 0 { try engine.setDisableActions(true) } else { try engine.setAnimationDuration(duration) }
                if let timingFunction { try engine.setAnimationTimingFunction(timingFunction) }
                try body()
            } catch {
                try engine.commitTransaction()
                throw error
            }
            try engine.commitTransaction()
        }
    }

    private func engineCall(_ body: () throws(EngineError) -> Void) throws(ControlError) {
        do { try body() } catch { throw .refused(EngineErrorText.describe(error)) }
    }
}
