/// Demo 4, the like button: a small heart pops with keyframes at relative start times — scale 3.75 → 3.25 →
/// 3.5 while its opacity steps 0.5 → 0.7 → 0.9 — then fades out. Beside it, the button's heart turns red.
enum LikeButtonDemo {
    static let heart = "M10 18 C 3 13 0 9 2 5 C 4 1 8 1 10 5 C 12 1 16 1 18 5 C 20 9 17 13 10 18 Z"

    static let demo = Demo(
        name: "like-button", title: "Like button: scale 3.75 → 3.25 → 3.5 and opacity 0.5 → 0.7 → 0.9 keyframes, then fade",
        stillTimes: [0.3, 0.8, 1.6],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#ffffff", "duration": 2,
              "layers": [
                { "name": "button", "kind": "shape", "position": [160, 200], "size": [20, 20], "path": "\(heart)",
                  "fillColor": "#c8c8c8", "transform": { "scale": 1.5 },
                  "animations": [
                    { "type": "basic", "keyPath": "fillColor", "from": "#c8c8c8", "to": "#ff3b5c", "duration": 0.15,
                      "fillMode": "forwards", "removedOnCompletion": false } ] },
                { "name": "burst", "kind": "shape", "position": [160, 110], "size": [20, 20], "path": "\(heart)",
                  "fillColor": "#ff3b5c", "opacity": 0,
                  "animations": [
                    { "type": "keyframe", "keyPath": "transform.scale", "values": [0.5, 3.75, 3.25, 3.5],
                      "keyTimes": [0, 0.4, 0.7, 1], "duration": 0.8, "timingFunctions": ["easeOut", "easeInEaseOut", "easeInEaseOut"],
                      "fillMode": "forwards", "removedOnCompletion": false },
                    { "type": "keyframe", "keyPath": "opacity", "values": [0.5, 0.7, 0.9], "keyTimes": [0, 0.4, 1],
                      "duration": 0.8, "fillMode": "forwards", "removedOnCompletion": false },
                    { "type": "basic", "keyPath": "opacity", "from": 0.9, "to": 0, "beginTime": 1.0, "duration": 0.6,
                      "timingFunction": "easeIn", "fillMode": "forwards", "removedOnCompletion": false } ] }
              ] }
            """)
}
