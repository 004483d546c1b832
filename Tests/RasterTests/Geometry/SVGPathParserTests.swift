import FixedPoint
import Testing
@testable import Raster

/// The verbs and points of a path as text, for compact expectations (points in pixels).
func describe(_ path: Path) -> String {
    var parts: [String] = []
    var pointIndex = 0
    for index in 0..<path.verbCount {
        let verb = path.verb(at: index)!
        var text = "\(verb)"
        for _ in 0..<verb.pointCount {
            let point = path.point(at: pointIndex)!
            text += " \(point.x.doubleValue),\(point.y.doubleValue)"
            pointIndex += 1
        }
        parts.append(text)
    }
    return parts.joined(separator: "; ")
}

@Suite struct SVGPathParserTests {
    @Test func absoluteAndRelativeCommandsWithImplicitRepeats() throws {
        let path = try SVGPathParser.parse("M10 20 30 40 l5-5 h2 v-3 H1 V0 z m1,1 L2 2")
        #expect(describe(path) == "move 10.0,20.0; line 30.0,40.0; line 35.0,35.0; line 37.0,35.0; line 37.0,32.0; "
            + "line 1.0,32.0; line 1.0,0.0; close; move 11.0,21.0; line 2.0,2.0")
    }

    @Test func numberSyntaxWithoutSeparators() throws {
        let path = try SVGPathParser.parse("M.5.25-1e1 2E-1+3.-4")
        // 0.2 is not exact in Q16.16: it rounds to 13107 / 65536.
        let fifth = Fixed(raw: 13107).doubleValue
        #expect(describe(path) == "move 0.5,0.25; line -10.0,\(fifth); line 3.0,-4.0")
    }

    @Test func smoothCurvesReflectThePreviousControlPoint() throws {
        let path = try SVGPathParser.parse("M0 0 C10 0 20 10 20 20 S30 40 40 40 Q50 40 50 50 T60 60 t10 10")
        #expect(describe(path) == "move 0.0,0.0; cubic 10.0,0.0 20.0,10.0 20.0,20.0; cubic 20.0,30.0 30.0,40.0 40.0,40.0; "
            + "quadratic 50.0,40.0 50.0,50.0; quadratic 50.0,60.0 60.0,60.0; quadratic 70.0,60.0 70.0,70.0")
    }

    @Test func smoothCubicAfterAnotherCommandUsesTheCurrentPoint() throws {
        let path = try SVGPathParser.parse("M0 0 L10 0 S20 10 30 10")
        #expect(describe(path) == "move 0.0,0.0; line 10.0,0.0; cubic 10.0,0.0 20.0,10.0 30.0,10.0")
    }

    @Test func arcEndsExactlyOnItsEndpointAndBulgesTheRightWay() throws {
        // A half circle of radius 10 from (0, 10) to (20, 10), sweep flag 1: through (10, 0) on a y-down screen.
        let path = try SVGPathParser.parse("M0 10 A10 10 0 0 1 20 10")
        #expect(path.verbCount == 5)  // a move and four cubics of an eighth of a turn
        #expect(path.point(at: path.pointCount - 1) == Point(x: Fixed(20), y: Fixed(10)))
        let middle = path.point(at: 6)!  // end of the second eighth
        #expect(abs(middle.x.doubleValue - 10) < 0.001 && abs(middle.y.doubleValue) < 0.001)
    }

    @Test func arcRadiiTooSmallAreScaledUp() throws {
        let path = try SVGPathParser.parse("M0 0 a1 1 0 0 0 40 0")
        let middle = path.point(at: 6)!
        // Scaled to radius 20; sweep 0 runs toward decreasing angles: through (20, 20).
        #expect(abs(middle.x.doubleValue - 20) < 0.001 && abs(middle.y.doubleValue - 20) < 0.001)
    }

    @Test func errorsNameTheOffsetAndWhatWasExpected() {
        #expect(throws: SVGPathError.unexpectedByte(offset: 0, found: UInt8(ascii: "L"), expected: .moveTo)) {
            try SVGPathParser.parse("L 1 2")
        }
        #expect(throws: SVGPathError.unexpectedEnd(offset: 8, expected: .number)) { try SVGPathParser.parse("M1 2 L 3") }
        #expect(throws: SVGPathError.unexpectedByte(offset: 5, found: UInt8(ascii: "x"), expected: .command)) {
            try SVGPathParser.parse("M1 2 x")
        }
        #expect(throws: SVGPathError.unexpectedByte(offset: 12, found: UInt8(ascii: "2"), expected: .flag)) {
            try SVGPathParser.parse("M0 0 A1 1 0 2 0 5 5")
        }
        #expect(throws: SVGPathError.numberOutOfRange(offset: 2)) { try SVGPathParser.parse("M 40000 0") }
        #expect(throws: SVGPathError.unexpectedByte(offset: 7, found: UInt8(ascii: "1"), expected: .command)) {
            try SVGPathParser.parse("M1 1 Z 1 1")
        }
        #expect(throws: SVGPathError.path(offset: 10, .pointLimitExceeded(limit: 2))) {
            try SVGPathParser.parse("M0 0 L1 1 L2 2", pointLimit: 2)
        }
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try SVGPathParser.parse("  ").isEmpty)
    }
}

