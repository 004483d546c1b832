import Flipbook

/// Demo 9, scrubbing: a `PropertyAnimator` (1 s, ease-in-ease-out) moves a card right, turns it and rounds it,
/// and moves the slider's knob. A script plays the gesture: the finger drags `fractionComplete` from 0 to 0.6
/// (0.3 … 1.2 s, sampled at 50 Hz), the animator is then reversed and continued (playing back toward the start),
/// paused at 1.5 s, and continued forwards to the end with an ease-out curve.
enum ScrubbingDemo {
    static let dragStart = 0.3
    static let dragEnd = 1.2
    static let dragTo = 0.6

    /// Holds the animator between script steps.
    final class Gesture {
        var animator: PropertyAnimator?

        func start(_ engine: Engine, _ layers: SceneLayers) throws(EngineError) {
            let card = try layers.layer("card")
            let knob = try layers.layer("knob")
            let animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut, engine: engine) { () throws(EngineError) in
                try engine.setValue(.number(260), for: .positionX, of: card)
                try engine.setValue(.number(3.14159), for: .rotation, of: card)
                try engine.setValue(.number(30), for: .cornerRadius, of: card)
                try engine.setValue(.number(280), for: .positionX, of: knob)
            }
            try animator.setFractionComplete(0)
            self.animator = animator
        }

        func scrub(to fraction: Double) throws(EngineError) {
            try animator?.setFractionComplete(fraction)
        }

        func reverseAndContinue() throws(EngineError) {
            try animator?.setReversed(true)
            try animator?.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }

        func continueForwards() throws(EngineError) {
            try animator?.pauseAnimation()
            try animator?.setReversed(false)
            try animator?.continueAnimation(withTimingParameters: .easeOut, durationFactor: 1)
        }
    }

    static func script() -> SceneScript {
        let gesture = Gesture()
        var steps = [SceneScript.Step(seconds: dragStart) { engine, layers throws(EngineError) in try gesture.start(engine, layers) }]
        let samples = Int(((dragEnd - dragStart) * 50).rounded())
        for sample in 1...samples {
            let fraction = dragTo * Double(sample) / Double(samples)
            steps.append(SceneScript.Step(seconds: dragStart + Double(sample) / 50) { _, _ throws(EngineError) in
                try gesture.scrub(to: fraction)
            })
        }
        steps.append(SceneScript.Step(seconds: dragEnd) { _, _ throws(EngineError) in try gesture.reverseAndContinue() })
        steps.append(SceneScript.Step(seconds: 1.5) { _, _ throws(EngineError) in try gesture.continueForwards() })
        return SceneScript(steps: steps)
    }

    static let demo = Demo(
        name: "scrubbing", title: "Scrubbing: a property animator dragged to 0.6, reversed, then continued",
        stillTimes: [1.2, 1.5, 2.6],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#f7f7fb", "duration": 3,
              "layers": [
                { "name": "card", "position": [60, 100], "size": [60, 60], "cornerRadius": 10, "backgroundColor": "#6c5ce7" },
                { "name": "slider", "position": [160, 205], "size": [240, 4], "cornerRadius": 2, "backgroundColor": "#c9c9d6" },
                { "name": "knob", "position": [40, 205], "size": [18, 18], "cornerRadius": 9, "backgroundColor": "#2d3436" }
              ] }
            """,
        script: { script() })
}
