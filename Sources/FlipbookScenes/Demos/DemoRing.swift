/// The progress ring of the circular-progress and download-progress demos: a circle on a 320 × 240 canvas,
/// drawn from 12 o'clock clockwise (two SVG arcs), as a track and, over it, an arc whose `strokeEnd` is the
/// progress (round cap, 0 until animated).
struct DemoRing {
    /// The circle's centre is (160, `centerY`).
    let centerY: Int, radius: Int
    let lineWidth: Int
    let trackColor: String, arcColor: String
    /// The arc layer's name.
    let arcName: String

    /// The circle as path data.
    var path: String {
        "M160 \(centerY - radius) A\(radius) \(radius) 0 1 1 160 \(centerY + radius) A\(radius) \(radius) 0 1 1 160 \(centerY - radius)"
    }

    /// The track and arc layers (two elements of a scene's `layers`; `Demo` formats the text), the arc running
    /// `animations` (a JSON array).
    func layers(animations: String) -> String {
        """
        { "name": "track", "kind": "shape", "anchorPoint": [0, 0], "size": [320, 240], "path": "\(path)",
          "fillColor": null, "strokeColor": "\(trackColor)", "lineWidth": \(lineWidth) },
        { "name": "\(arcName)", "kind": "shape", "anchorPoint": [0, 0], "size": [320, 240], "path": "\(path)",
          "fillColor": null, "strokeColor": "\(arcColor)", "lineWidth": \(lineWidth), "lineCap": "round", "strokeEnd": 0,
          "animations": \(animations) }
        """
    }
}
