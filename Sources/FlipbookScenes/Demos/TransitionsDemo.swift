/// Demo 7, transitions: a wall of striped tiles changing colour, every transition type built. Top row: fade,
/// cross-dissolve (a fade eased in and out), `oglFlip` from the left (the tile turns over in perspective, the
/// colour switching edge-on), `cube` from the right (the new colour on the next face of a turning cube) and
/// `cameraIris`. Second row, the warps: `pageCurl` from the right and from the bottom, `pageUnCurl` from the left,
/// `rippleEffect`, `suckEffect`. Then one row each for moveIn, push and reveal, columns from the left, right, top,
/// bottom.
enum TransitionsDemo {
    static let oldColor = "#3b6fd4"
    static let newColor = "#f2a03d"
    static let subtypes = ["fromLeft", "fromRight", "fromTop", "fromBottom"]

    static func center(column: Int, row: Int) -> (Double, Double) {
        (36 + Double(column) * 62, 28 + Double(row) * 46)
    }

    /// Three white bars across the content (both sides of a transition show them; a warp bends them).
    static let stripes = [13, 28, 43].map { x in
        "{ \"position\": [\(x), 19], \"size\": [4, 38], \"backgroundColor\": \"#f4f1e8\" }"
    }.joined(separator: ", ")

    /// A tile: a clipping frame holding the content layer that changes (a transition moves the layer's content,
    /// so the frame's `masksToBounds` keeps moveIn, push and reveal inside the tile).
    static func tile(column: Int, row: Int, animation: String) -> String {
        let (x, y) = center(column: column, row: row)
        return """
            { "position": [\(DemoText.number(x)), \(DemoText.number(y))], "size": [56, 38], "cornerRadius": 5, "masksToBounds": true,
                  "backgroundColor": "#1d2530",
                  "sublayers": [ { "position": [28, 19], "size": [56, 38], "backgroundColor": "\(oldColor)",
                                   "sublayers": [ \(stripes) ], "animations": [ \(animation) ] } ] }
            """
    }

    /// A tile that turns in 3-D as a whole (no clipping frame: the turn shows in perspective).
    static func turningTile(column: Int, animation: String) -> String {
        let (x, y) = center(column: column, row: 0)
        return """
            { "position": [\(DemoText.number(x)), \(DemoText.number(y))], "size": [56, 38], "cornerRadius": 5, "backgroundColor": "\(oldColor)",
                  "sublayers": [ \(stripes) ], "animations": [ \(animation) ] }
            """
    }

    static func transition(_ type: String, subtype: String?, timing: String = "linear") -> String {
        let side = subtype.map { "\"subtype\": \"\($0)\", " } ?? ""
        return """
            { "type": "transition", "transitionType": "\(type)", \(side)"beginTime": 0.5, "duration": 1.0, "timingFunction": "\(timing)",
                        "to": { "backgroundColor": "\(newColor)" } }
            """
    }

    static func tiles() -> [String] {
        var tiles = [
            tile(column: 0, row: 0, animation: transition("fade", subtype: nil)),
            tile(column: 1, row: 0, animation: transition("fade", subtype: nil, timing: "easeInEaseOut")),
            turningTile(column: 2, animation: transition("oglFlip", subtype: "fromLeft")),
            turningTile(column: 3, animation: transition("cube", subtype: "fromRight")),
            tile(column: 4, row: 0, animation: transition("cameraIris", subtype: nil)),
            tile(column: 0, row: 1, animation: transition("pageCurl", subtype: "fromRight")),
            tile(column: 1, row: 1, animation: transition("pageCurl", subtype: "fromBottom")),
            tile(column: 2, row: 1, animation: transition("pageUnCurl", subtype: "fromLeft")),
            tile(column: 3, row: 1, animation: transition("rippleEffect", subtype: nil)),
            tile(column: 4, row: 1, animation: transition("suckEffect", subtype: nil)),
        ]
        for (row, type) in ["moveIn", "push", "reveal"].enumerated() {
            for (column, subtype) in subtypes.enumerated() {
                tiles.append(tile(column: column, row: row + 2, animation: transition(type, subtype: subtype)))
            }
        }
        return tiles
    }

    static let demo = Demo(
        name: "transitions",
        title: "Transitions: fade, cross-dissolve, oglFlip, cube, cameraIris; pageCurl, pageUnCurl, rippleEffect, suckEffect; moveIn, push and reveal from all four sides",
        stillTimes: [0.4, 0.9, 1.2],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#101418", "duration": 2,
              "layers": [
                \(tiles().joined(separator: ",\n    "))
              ] }
            """)
}
