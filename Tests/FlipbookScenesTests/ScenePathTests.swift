import Testing
@testable import FlipbookScenes

/// SVG data goes through Raster's parser; these check the conversion to scene paths and what is built on it.
@Suite struct ScenePathTests {
    private func point(_ x: Double, _ y: Double) -> ScenePoint { ScenePoint(x: x, y: y) }

    private func parse(_ text: String) throws -> ScenePath {
        try ScenePath.parse(svg: text, pointLimit: 1024)
    }

    @Test func convertsRelativeAndShorthandCommandsExactly() throws {
        let path = try parse("m10,10 h5 v-5 l-5 0 1 1 z M0 0 Q 4 0 4 4 T 4 12")
        #expect(path.commands == [
            .move(point(10, 10)), .line(point(15, 10)), .line(point(15, 5)), .line(point(10, 5)), .line(point(11, 6)),
            .close, .move(point(0, 0)), .quad(point(4, 0), point(4, 4)), .quad(point(4, 8), point(4, 12)),
        ])
    }

    /// A quarter circle of radius 10 is one cubic with handles 4/3·(√2 − 1)·r = 5.5228 long (to Q16.16 precision,
    /// and within 0.01 px of the ideal handle whatever arc split the parser uses).
    @Test func arcsBecomeCubicsOnTheCircle() throws {
        let path = try parse("M10 0 A10 10 0 0 1 0 10")
        guard case .cubic(_, _, let end) = path.commands.last else { Issue.record("not a cubic"); return }
        #expect(abs(end.x) < 1e-4 && abs(end.y - 10) < 1e-4)
        #expect(abs(path.length - 10 * Double.pi / 2) < 0.01)
    }

    @Test func measuresLengthsOfLinesCurvesAndClosures() throws {
        #expect(try parse("M0 0 L3 4 L3 0 Z").length == 12)
        // A full circle of radius 60 drawn as two arcs: 2π·60 = 376.99.
        let circle = try parse("M220 120 A60 60 0 1 1 100 120 A60 60 0 1 1 220 120")
        #expect(abs(circle.length - 2 * Double.pi * 60) < 0.05)
    }

    @Test func countsPointsComparesStructureAndListsKeyframes() throws {
        let a = try parse("M0 0 L1 1 Q2 2 3 3 C4 4 5 5 6 6 Z")
        let b = try parse("M9 9 L8 8 Q7 7 6 6 C5 5 4 4 3 3 Z")
        let c = try parse("M9 9 L8 8 L7 7 C5 5 4 4 3 3 Z")
        #expect(a.pointCount == 7)
        #expect(a.hasSameStructure(as: b))
        #expect(!a.hasSameStructure(as: c))
        #expect(a.motion.points == [point(0, 0), point(1, 1), point(3, 3), point(6, 6), point(0, 0)])
    }

    @Test(arguments: [
        ("", 1, "empty path data"),
        ("10 10", 1, "unexpected '1', expected a moveto (M or m) first"),
        ("M 1", 4, "the data ends where a number was expected"),
        ("M0 0 A 1 1 0 2 0 5 5", 14, "unexpected '2', expected an arc flag (0 or 1)"),
        ("M0 0 L 40000 0", 8, "number out of range (±32768)"),
        ("M0 0 L1 1 L2 2 L3 3", 16, "more than the limit of 3 points"),
    ])
    func reportsBadData(text: String, position: Int, message: String) {
        #expect(throws: PathDataError(position: position, message: message)) {
            try ScenePath.parse(svg: text, pointLimit: 3 + (text.hasPrefix("M0 0 L1") ? 0 : 1021))
        }
    }
}
