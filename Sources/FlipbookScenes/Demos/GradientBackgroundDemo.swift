/// Demo 13, a gradient background that shifts (issue 19's gallery): a full-screen axial `CAGradientLayer`
/// whose `startPoint` and `endPoint` circle the frame while its `colors` turn from dusk to teal and back and its
/// middle stop's location breathes, a radial glow drifting across it, and a conic ring turning on a card above.
enum GradientBackgroundDemo {
    static let demo = Demo(
        name: "gradient-background", title: "Gradient background that shifts: axial, radial and conic gradient layers",
        stillTimes: [0.4, 1.5, 2.7],
        json: """
            { "flipbook": 1, "size": [200, 150], "background": "#000000", "duration": 4,
              "layers": [
                { "name": "sky", "kind": "gradient", "position": [100, 75], "size": [200, 150],
                  "colors": ["#20306a", "#cc3366", "#f0c040"], "locations": [0, 0.55, 1],
                  "startPoint": [0, 0], "endPoint": [1, 1],
                  "animations": [
                    { "type": "keyframe", "keyPath": "startPoint", "values": [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]],
                      "duration": 4, "timingFunction": "linear", "repeatCount": "infinite" },
                    { "type": "keyframe", "keyPath": "endPoint", "values": [[1, 1], [0, 1], [0, 0], [1, 0], [1, 1]],
                      "duration": 4, "timingFunction": "linear", "repeatCount": "infinite" },
                    { "type": "keyframe", "keyPath": "colors", "duration": 4, "repeatCount": "infinite",
                      "values": [["#20306a", "#cc3366", "#f0c040"], ["#102050", "#6a3fb0", "#40c0c0"],
                                 ["#20306a", "#cc3366", "#f0c040"]] },
                    { "type": "basic", "keyPath": "locations", "from": [0, 0.55, 1], "to": [0, 0.3, 1], "duration": 2,
                      "autoreverses": true, "timingFunction": "easeInEaseOut", "repeatCount": "infinite" } ] },
                { "name": "glow", "kind": "gradient", "type": "radial", "position": [60, 50], "size": [120, 90],
                  "colors": ["#ffffffa0", "#ffffff00"], "startPoint": [0.5, 0.5], "endPoint": [1, 1],
                  "animations": [ { "type": "basic", "keyPath": "position", "from": [60, 50], "to": [140, 100], "duration": 2,
                                    "autoreverses": true, "timingFunction": "easeInEaseOut", "repeatCount": "infinite" } ] },
                { "name": "card", "position": [100, 75], "size": [90, 60], "cornerRadius": 12, "backgroundColor": "#ffffff40",
                  "borderWidth": 1, "borderColor": "#ffffff80",
                  "sublayers": [
                    { "name": "ring", "kind": "gradient", "type": "conic", "position": [45, 30], "size": [44, 44],
                      "cornerRadius": 22, "masksToBounds": true, "colors": ["#4c8bf5", "#2bb673", "#f6d365", "#4c8bf5"],
                      "startPoint": [0.5, 0.5], "endPoint": [1, 0.5],
                      "animations": [ { "type": "basic", "keyPath": "transform.rotation", "from": 0, "to": 6.2832,
                                        "duration": 4, "repeatCount": "infinite" } ] } ] }
              ] }
            """)
}
