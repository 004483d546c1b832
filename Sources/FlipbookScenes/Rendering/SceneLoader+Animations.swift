import FixedPoint
import Flipbook
import Motion

/// Scene animations → engine `Animation` descriptors.
extension SceneLoader {
    func convert(_ animation: AnimationDescription) throws(SceneRenderError) -> Animation {
        let timing = Self.timing(animation.timing)
        switch animation.content {
        case .basic(let property):
            return .basic(try basic(property, timing: timing, pointer: animation.pointer))
        case .spring(let property, let spring):
            let base = try basic(property, timing: timing, pointer: animation.pointer)
            return .spring(SpringAnimation(
                base, mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                initialVelocity: spring.initialVelocity))
        case .keyframe(let keyframes):
            return .keyframe(try keyframe(keyframes, timing: timing, pointer: animation.pointer))
        case .group(let children):
            var converted: [Animation] = []
            for child in children { converted.append(try convert(child)) }
            return .group(AnimationGroup(animations: converted, timing: timing))
        case .transition(let transition):
            var changes: [PropertyChange] = []
            for change in transition.changes {
                let property = try property(change.keyPath, pointer: animation.pointer + "/to")
                changes.append(PropertyChange(property, try value(change.value, pointer: animation.pointer + "/to")))
            }
            var image: TransitionImage?
            if let picture = transition.image {
                image = TransitionImage(try resources.imageID(for: picture, pointer: animation.pointer + "/to/image"),
                                        gravity: transition.imageGravity.map { Self.gravity($0) })
            }
            return .transition(TransitionAnimation(
                type: Self.transitionType(transition.transitionType), subtype: Self.transitionSubtype(transition.subtype),
                startProgress: transition.startProgress, endProgress: transition.endProgress, changes: changes,
                image: image, timing: timing))
        }
    }

    private func basic(_ description: PropertyAnimationDescription, timing: AnimationTiming, pointer: String) throws(SceneRenderError) -> BasicAnimation {
        var animation = BasicAnimation(
            keyPath: try property(description.keyPath, pointer: pointer + "/keyPath"),
            from: try description.from.map { (v) throws(SceneRenderError) in try value(v, pointer: pointer + "/from") },
            to: try description.to.map { (v) throws(SceneRenderError) in try value(v, pointer: pointer + "/to") },
            by: try description.by.map { (v) throws(SceneRenderError) in try value(v, pointer: pointer + "/by") },
            additive: description.additive, cumulative: description.cumulative, timing: timing)
        animation.valueFunction = description.valueFunction.flatMap(ValueFunction.init(rawValue:))
        return animation
    }

    private func keyframe(_ description: KeyframeDescription, timing: AnimationTiming, pointer: String) throws(SceneRenderError) -> KeyframeAnimation {
        var values: [PropertyValue] = []
        for (index, entry) in description.values.enumerated() {
            values.append(try value(entry, pointer: pointer + "/values/\(index)"))
        }
        var animation = KeyframeAnimation(
            keyPath: try property(description.keyPath, pointer: pointer + "/keyPath"), values: values,
            keyTimes: description.keyTimes ?? [], timingFunctions: description.timingFunctions.map(Self.timingFunction),
            calculationMode: Self.calculationMode(description.calculationMode), timing: timing)
        animation.tensionValues = description.tensionValues
        animation.continuityValues = description.continuityValues
        animation.biasValues = description.biasValues
        if let path = description.path {
            let motion = path.motion
            animation.path = motion.points.map { PropertyValue.pair($0.x, $0.y) }
            if motion.hasCurves {
                animation.pathCurves = motion.controls.map {
                    PathCurve(control1: ($0.first.x, $0.first.y), control2: ($0.second.x, $0.second.y))
                }
            }
        }
        animation.rotationMode = description.rotationMode.map { $0 == "autoReverse" ? Flipbook.RotationMode.autoReverse : .auto }
        animation.isAdditive = description.additive
        animation.isCumulative = description.cumulative
        animation.valueFunction = description.valueFunction.flatMap(ValueFunction.init(rawValue:))
        return animation
    }

    func property(_ keyPath: SceneKeyPath, pointer: String) throws(SceneRenderError) -> LayerProperty {
        try attempt(pointer) { () throws(EngineError) in try LayerProperty(keyPath: keyPath.rawValue) }
    }

    func value(_ value: SceneValue, pointer: String) throws(SceneRenderError) -> PropertyValue {
        switch value {
        case .scalar(let number): .number(number)
        case .pair(let x, let y): .pair(x, y)
        case .rect(let rect): .rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        case .color(let color): .color(color.map(Self.color))
        case .bool(let flag): .flag(flag)
        case .path(let path): try resources.pathValue(path, pointer: pointer)
        case .colors(let colors): try resources.stopsValue(colors: colors.map(Self.color), pointer: pointer)
        case .locations(let locations): try resources.stopsValue(locations: locations, pointer: pointer)
        case .transform(let transform): .transform(LayerTransform(components: Self.components(transform)))
        }
    }

    /// A scene transform's parts as the engine's transform components (no z scale: 1; no perspective: 0).
    static func components(_ transform: TransformDescription) -> TransformComponents {
        var components = TransformComponents()
        (components.translationX, components.translationY, components.translationZ) = transform.translation
        (components.rotationX, components.rotationY, components.rotationZ) = (transform.rotationX, transform.rotationY, transform.rotationZ)
        (components.scaleX, components.scaleY) = transform.scale
        components.perspective = transform.perspective ?? 0
        return components
    }

    static func timing(_ timing: SceneTiming) -> AnimationTiming {
        let fill: FillMode = switch timing.fillMode {
        case .removed: .removed
        case .forwards: .forwards
        case .backwards: .backwards
        case .both: .both
        }
        return AnimationTiming(
            beginTime: timing.beginTime, duration: timing.duration ?? 0, speed: timing.speed, timeOffset: timing.timeOffset,
            repeatCount: timing.repeatCount, repeatDuration: timing.repeatDuration, autoreverses: timing.autoreverses,
            fillMode: fill, isRemovedOnCompletion: timing.removedOnCompletion,
            timingFunction: timingFunction(timing.timingFunction))
    }

    static func timingFunction(_ function: SceneTimingFunction) -> TimingFunction {
        switch function {
        case .named("easeIn"): .easeIn
        case .named("easeOut"): .easeOut
        case .named("easeInEaseOut"): .easeInEaseOut
        case .named("default"): .default
        case .named: .linear
        case .bezier(let x1, let y1, let x2, let y2): .controlPoints(x1, y1, x2, y2)
        }
    }

    static func calculationMode(_ name: String) -> Motion.CalculationMode {
        switch name {
        case "discrete": .discrete
        case "paced": .paced
        case "cubic": .cubic
        case "cubicPaced": .cubicPaced
        default: .linear
        }
    }

    static func transitionType(_ name: String) -> TransitionType {
        switch name {
        case "moveIn": .moveIn
        case "push": .push
        case "reveal": .reveal
        case "oglFlip": .oglFlip
        case "cube": .cube
        case "pageCurl": .pageCurl
        case "pageUnCurl": .pageUnCurl
        case "rippleEffect": .rippleEffect
        case "suckEffect": .suckEffect
        case "cameraIris": .cameraIris
        default: .fade
        }
    }

    static func transitionSubtype(_ name: String?) -> TransitionSubtype {
        switch name {
        case "fromRight": .fromRight
        case "fromTop": .fromTop
        case "fromBottom": .fromBottom
        default: .fromLeft
        }
    }
}
