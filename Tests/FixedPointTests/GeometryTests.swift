import Testing
@testable import FixedPoint

@Suite struct GeometryTests {
    private func rect(_ x: Int16, _ y: Int16, _ width: Int16, _ height: Int16) -> Rect {
        Rect(x: Fixed(x), y: Fixed(y), width: Fixed(width), height: Fixed(height))
    }

    @Test func pointAndSizeValidateDoubles() throws {
        #expect(try Point(x: 1.5, y: -2) == Point(x: Fixed(raw: 0x18000), y: Fixed(-2)))
        #expect(throws: FixedPointError.notFinite(field: "y", value: .infinity)) { try Point(x: 0, y: .infinity) }
        #expect(throws: FixedPointError.outOfRange(field: "width", value: 1e6, range: Fixed.representableRange)) {
            try Size(width: 1e6, height: 1)
        }
    }

    @Test func edgesOfNegativeSizesAreStandardised() {
        let flipped = rect(10, 20, -4, -6)
        #expect(flipped.minX == Fixed(6) && flipped.maxX == Fixed(10))
        #expect(flipped.minY == Fixed(14) && flipped.maxY == Fixed(20))
        #expect(flipped.width == Fixed(4) && flipped.height == Fixed(6))
        #expect(flipped.standardized == rect(6, 14, 4, 6))
        #expect(rect(0, 0, 3, 3).midX == Fixed(raw: 0x18000))
    }

    @Test func unionAndIntersection() {
        let a = rect(0, 0, 10, 10), b = rect(5, 5, 10, 10)
        #expect(a.union(b) == rect(0, 0, 15, 15))
        #expect(a.intersection(b) == rect(5, 5, 5, 5))
        #expect(a.intersection(rect(10, 0, 5, 5)) == nil)  // touching edges share no area
        #expect(a.union(rect(100, 100, 0, 0)) == a)  // empty contributes nothing
        #expect(Rect.zero.union(b) == b)
    }

    @Test func insetShrinksGrowsAndRefusesToFlip() {
        #expect(rect(0, 0, 10, 10).insetBy(dx: Fixed(2), dy: Fixed(1)) == rect(2, 1, 6, 8))
        #expect(rect(0, 0, 10, 10).insetBy(dx: Fixed(-2), dy: .zero) == rect(-2, 0, 14, 10))
        #expect(rect(0, 0, 10, 10).insetBy(dx: Fixed(5), dy: .zero) == nil)
        #expect(rect(0, 0, 10, 10).insetBy(dx: .zero, dy: Fixed(6)) == nil)
    }

    @Test func containsIsHalfOpen() {
        let box = rect(0, 0, 10, 10)
        #expect(box.contains(Point(x: .zero, y: .zero)))
        #expect(!box.contains(Point(x: Fixed(10), y: Fixed(5))))
        #expect(box.contains(Point(x: Fixed(raw: 10 << 16 - 1), y: Fixed(5))))
    }

    @Test func pointInterpolation() {
        let start = Point(x: Fixed(0), y: Fixed(10)), end = Point(x: Fixed(100), y: Fixed(-10))
        #expect(start.interpolated(to: end, by: Progress(raw: 1 << 13)) == Point(x: Fixed(25), y: Fixed(5)))
    }
}
