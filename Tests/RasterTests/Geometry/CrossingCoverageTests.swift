import FixedPoint
import Foundation
import Testing
@testable import Raster

/// Exact coverage where edges cross inside a pixel: every pixel of self-intersecting polygons, by both
/// fill rules, and of every quality-corpus case, against `ArrangementReference` (exact area in `Double`).
///
/// Bounds per pixel, in 1/255 (docs/raster-geometry.md, step 4): rows the rasterizer refines are within
/// 0.5 (the final rounding) + 255 · (3e + 2c) / (4096 · 4), e the edges meeting the pixel and c the
/// crossings inside it (coordinates rounded to 1/4 subpixel in the strips, sub-cell walk truncations,
/// the order of two pieces taken from rounded x near their crossing). Rows it does not refine should
/// hold one chain of edges per pixel and carry the cell walk's own truncations: 0.5 + 255 · 2e / 4096;
/// pixels there beyond it are ambiguous pixels the rasterizer did not detect, and fail the test.
///
/// Contours are written in 1/1024 px (the grid these cases were made on) and scaled to the rasterizer's
/// `SubpixelGrid` when drawn, so every point is exactly representable.
@Suite struct CrossingCoverageTests {
    typealias Contour = [(x: Int64, y: Int64)]
    static let size = 32
    /// Rasterizer subpixels per 1/1024 px of the contours.
    static let scale = SubpixelGrid.one / 1024

    /// Random polygons of 3 to 9 vertices anywhere in the image, one to three contours (a fifth of them
    /// with every vertex on a pixel corner), both fill rules.
    @Test func randomSelfIntersectingPolygonsMatchTheExactArea() throws {
        let seed: UInt64 = 0x7E57_C055_1A6E
        print("randomSelfIntersectingPolygonsMatchTheExactArea seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var refinedPixels = 0
        var missed: [Missed] = []
        for index in 0..<120 {
            let onCorners = index % 5 == 0
            var contours: [Contour] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                contours.append((0..<Int.random(in: 3...9, using: &random)).map { _ in
                    let x = Int64.random(in: 1024...(31 * 1024), using: &random)
                    let y = Int64.random(in: 1024...(31 * 1024), using: &random)
                    return onCorners ? (x & ~1023, y & ~1023) : (x, y)
                })
            }
            for rule in [FillRule.evenOdd, .nonZero] {
                let result = try Self.check(contours, rule: rule, label: "polygon \(index) \(rule)")
                refinedPixels += result.refinedPixels
                missed += result.missed
            }
        }
        #expect(refinedPixels > 20_000, "refined pixels \(refinedPixels)")
        Self.expectNoneMissed(missed)
    }

    /// Two edges at angles 10⁻⁴ to 10⁻² rad apart crossing at a random point of one pixel, a third edge
    /// through the same point (the composited corpus' `fill_evenodd_translucent` has this shape).
    @Test func nearlyParallelEdgesCrossingInsideOnePixel() throws {
        let seed: UInt64 = 0xA11E_1ED6E5
        print("nearlyParallelEdgesCrossingInsideOnePixel seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var missed: [Missed] = []
        for index in 0..<60 {
            let px = Double.random(in: 15...16, using: &random), py = Double.random(in: 15...16, using: &random)
            let angle = Double.random(in: 0..<Double.pi, using: &random)
            let spread = Double.random(in: 1e-4...1e-2, using: &random) * (index % 2 == 0 ? 1 : -1)
            let third = angle + Double.random(in: 0.3...2.8, using: &random)
            func edge(_ theta: Double, _ length: Double) -> (Contour.Element, Contour.Element) {
                (Self.subpixel(px - length * cos(theta), py - length * sin(theta)),
                 Self.subpixel(px + length * cos(theta), py + length * sin(theta)))
            }
            let (a0, a1) = edge(angle, 13), (b0, b1) = edge(angle + spread, 12), (c0, c1) = edge(third, 11)
            // Each edge closes into a contour through a vertex off to one side.
            let contours: [Contour] = [
                [a0, a1, Self.subpixel(16 + 9 * sin(angle), 16 - 9 * cos(angle))],
                [b1, b0, Self.subpixel(16 - 8 * sin(angle), 16 + 8 * cos(angle))],
                [c0, c1, Self.subpixel(16 + 10 * sin(third), 16 - 10 * cos(third))],
            ]
            for rule in [FillRule.evenOdd, .nonZero] {
                let result = try Self.check(contours, rule: rule, label: "near-parallel \(index) \(rule)")
                #expect(result.refinedPixels > 0)
                missed += result.missed
            }
        }
        Self.expectNoneMissed(missed)
    }

    /// A square whose top side lies inside a pixel row, crossed there by a thin sliver whose two sides are
    /// consecutive edges (the composited corpus' `fill_evenodd_translucent`): the horizontal side carries
    /// no cover, so only its note in the rasterizer can mark the row. With the top on a pixel boundary the
    /// row needs no refinement and must still be exact. A rasterizer with room for one note only grows it
    /// over both squares' rows (never drops one).
    @Test func horizontalEdgeInsideAPixelRowCrossedByConsecutiveEdges() throws {
        let seed: UInt64 = 0x40_121_20A7
        print("horizontalEdgeInsideAPixelRowCrossedByConsecutiveEdges seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var refinedPixels = 0
        var missed: [Missed] = []
        func squareAndSliver(top: Int64, left: Int64, crossing: Int64) -> [Contour] {
            let spread = Int64.random(in: 8...300, using: &random)
            return [
                [(left, top), (left + 12 * 1024, top), (left + 12 * 1024, top + 9 * 1024), (left, top + 9 * 1024)],
                [(crossing - 3 * 1024, top + 5 * 1024), (crossing + 2 * 1024, top - 4 * 1024),
                 (crossing - 3 * 1024 + spread, top + 5 * 1024 + spread)],
            ]
        }
        for index in 0..<40 {
            let onBoundary = index % 4 == 0
            let row = Int64.random(in: 6...18, using: &random) * 1024
            let top = onBoundary ? row : row + Int64.random(in: 1...1023, using: &random)
            let left = Int64.random(in: 1024...(4 * 1024), using: &random)
            let crossing = left + Int64.random(in: (3 * 1024)...(9 * 1024), using: &random)
            let contours = squareAndSliver(top: top, left: left, crossing: crossing)
            for rule in [FillRule.evenOdd, .nonZero] {
                let result = try Self.check(contours, rule: rule, label: "horizontal \(index) \(rule)")
                refinedPixels += result.refinedPixels
                missed += result.missed
            }
        }
        #expect(refinedPixels > 0)
        // Two notes in a list of one: the second grows the first over both rows.
        let small = RasterizerCapacity(edges: 16, cells: 4096, polylinePoints: 16)
        let two = squareAndSliver(top: 6 * 1024 + 300, left: 2048, crossing: 8000)
            + squareAndSliver(top: 17 * 1024 + 700, left: 15_000, crossing: 21_000)
        for rule in [FillRule.evenOdd, .nonZero] {
            let result = try Self.check(two, rule: rule, label: "full list \(rule)", capacity: small)
            #expect(result.refinedPixels >= 2 * Self.size)
            missed += result.missed
        }
        Self.expectNoneMissed(missed)
    }

    /// 13 to 23 chords, each nearly a diameter of one circle, all passing within 0.3 px of its centre:
    /// every edge goes through the centre pixel or a neighbour, with windings up to ±11.
    @Test func manyEdgesThroughOnePixel() throws {
        var missed: [Missed] = []
        for count in stride(from: 13, through: 23, by: 2) {
            let centre = (x: 16.37, y: 15.61), radius = 13.5
            let step = Double.pi + 0.05, turn = Double(count) * 0.7
            let star: Contour = (0..<count).map { k in
                let theta = turn + Double(k) * step
                return Self.subpixel(centre.x + radius * cos(theta), centre.y + radius * sin(theta))
            }
            for rule in [FillRule.evenOdd, .nonZero] {
                let result = try Self.check([star], rule: rule, label: "chords \(count) \(rule)")
                #expect(result.refinedPixels > 0)
                missed += result.missed
            }
        }
        Self.expectNoneMissed(missed)
    }

    /// Edges lying on each other: a square and its reverse (winding 0 by either rule), a quadrilateral
    /// with a side on the square's right side, a diagonal shared by two triangles, and a spike that goes
    /// out and back along one line.
    @Test func coincidentEdges() throws {
        let square: Contour = [(4096, 4096), (20480, 4096), (20480, 20480), (4096, 20480)]
        let quad: Contour = [(20480, 4403), (20480, 19046), (9933, 24678), (7373, 1946)]
        let diagonalA: Contour = [(3174, 2765), (28570, 29901), (3500, 27000)]
        let diagonalB: Contour = [(28570, 29901), (3174, 2765), (29000, 6000)]
        let spike: Contour = [(2048, 30000), (26000, 9000), (30500, 12345), (26000, 9000)]
        let cases: [(String, [Contour])] = [
            ("square and reverse", [square, Array(square.reversed()), quad]),
            ("shared right side", [square, quad]),
            ("shared diagonal", [diagonalA, diagonalB, quad]),
            ("spike", [spike, square]),
        ]
        var missed: [Missed] = []
        for (name, contours) in cases {
            for rule in [FillRule.evenOdd, .nonZero] {
                let result = try Self.check(contours, rule: rule, label: "\(name) \(rule)")
                #expect(result.refinedPixels > 0, "\(name) was not refined")
                missed += result.missed
            }
        }
        Self.expectNoneMissed(missed)
    }

    /// Crossings and vertices exactly on pixel corners: a bowtie whose diagonals cross at (16, 16), a
    /// star whose edges cross at and pass through corners, and the same shifted by one subpixel.
    @Test func verticesAndCrossingsOnPixelCorners() throws {
        var refined = 0
        var missed: [Missed] = []
        for shift: Int64 in [0, 1, -1] {
            let bowtie: Contour = [(8192, 8192), (24576, 24576), (24576, 8192), (8192, 24576)]
            let star: Contour = [(16384, 3072), (26624, 28672), (3072, 12288), (29696, 12288), (6144, 28672)]
            let shifted = [bowtie, star].map { $0.map { (x: $0.x + shift, y: $0.y - shift) } }
            for rule in [FillRule.evenOdd, .nonZero] {
                for contours in [[shifted[0]], [shifted[1]], shifted] {
                    let result = try Self.check(contours, rule: rule, label: "corners shift \(shift) \(rule)")
                    refined += result.refinedPixels
                    missed += result.missed
                }
            }
        }
        // The unshifted bowtie's diagonals meet only at a corner, in no pixel's inside: not refined.
        #expect(refined > 0)
        Self.expectNoneMissed(missed)
    }

    /// Every case of the quality corpus (fills and strokes) against the exact area of the edges the
    /// rasterizer stored for it: this separates coverage from outline geometry (flattening, stroking),
    /// which the supersampled cairo references also judge.
    @Test func corpusCasesMatchTheExactAreaOfTheirOwnEdges() throws {
        var refinedPixels = 0
        var missed: [Missed] = []
        for c in try QualityCorpus.cases() {
            var rasterizer = try Rasterizer()
            try rasterizer.reset(clip: IntRect(x: 0, y: 0, width: c.width, height: c.height))
            let path = try SVGPathParser.parse(c.path)
            let transform = try QualityCorpus.affine(c.transform)
            if c.kind == "fill" {
                try rasterizer.addPath(path, transform: transform)
            } else {
                try rasterizer.addStroke(path, style: try QualityCorpus.style(c), transform: transform)
            }
            let rule: FillRule = c.kind == "fill" && c.fillRule == "evenOdd" ? .evenOdd : .nonZero
            let reference = ArrangementReference(
                segments: Self.storedSegments(rasterizer), evenOdd: rule == .evenOdd, width: c.width, height: c.height)
            let result = Self.compare(&rasterizer, with: reference, rule: rule, label: c.name)
            refinedPixels += result.refinedPixels
            missed += result.missed
        }
        #expect(refinedPixels > 10_000, "refined pixels \(refinedPixels)")
        Self.expectNoneMissed(missed)
    }

    /// The 1/1024 px point nearest to a point in pixels.
    static func subpixel(_ x: Double, _ y: Double) -> Contour.Element {
        (Int64((x * 1024).rounded()), Int64((y * 1024).rounded()))
    }

    /// Seeded random strokes and fills (the draws of `OutputDigest`: curves, arcs, every cap, join and
    /// trim, scaled, rotated and skewed transforms, a 96 × 96 clip) against the exact area of their own
    /// edges: stroke outlines fold over themselves at inner joins, caps and cusps.
    @Test func randomStrokesAndFillsMatchTheExactAreaOfTheirOwnEdges() throws {
        let seed: UInt64 = 0x5EED_0F_E4AC7
        print("randomStrokesAndFillsMatchTheExactAreaOfTheirOwnEdges seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var refinedPixels = 0
        var missed: [Missed] = []
        for index in 0..<100 {
            let path = try OutputDigest.randomPath(&random)
            let transform = OutputDigest.randomTransform(&random)
            var rasterizer = try Rasterizer()
            try rasterizer.reset(clip: IntRect(x: 0, y: 0, width: 96, height: 96))
            var rule = FillRule.nonZero
            if random.next() % 3 == 0 {
                rule = random.next() % 2 == 0 ? .nonZero : .evenOdd
                try rasterizer.addPath(path, transform: transform)
            } else {
                try rasterizer.addStroke(path, style: OutputDigest.randomStyle(&random), transform: transform)
            }
            let reference = ArrangementReference(
                segments: Self.storedSegments(rasterizer), evenOdd: rule == .evenOdd, width: 96, height: 96)
            let result = Self.compare(&rasterizer, with: reference, rule: rule, label: "draw \(index)")
            refinedPixels += result.refinedPixels
            missed += result.missed
        }
        #expect(refinedPixels > 10_000, "refined pixels \(refinedPixels)")
        Self.expectNoneMissed(missed)
    }

    /// Stroked circles off the pixel grid, odd raw diameters and widths included, against the exact area
    /// of their own edges. An ellipse used to leave a one-raw side between two quarters where
    /// `right − rx ≠ left + rx`; the stroke's inner join there pivoted through the path point, and that
    /// out-and-back spike, overlapping the stroke in pixels whose rows were not refined, was 20–24/255 off.
    @Test(arguments: [32.0, 32.37, 32.5, 33.11]) func strokedCirclesMatchTheExactAreaOfTheirOwnEdges(centerX: Double) throws {
        var missed: [Missed] = []
        for (radius, width) in [(21.4, 4.5), (21.6, 4.5), (21.6, 1.0), (10.3, 7.0)] {
            var circle = try Path()
            let x = try Fixed(exactly: centerX - radius), y = try Fixed(exactly: 31.81 - radius)
            let diameter = try Fixed(exactly: 2 * radius)
            try circle.addEllipse(in: Rect(x: x, y: y, width: diameter, height: diameter))
            var rasterizer = try Rasterizer()
            try rasterizer.reset(clip: IntRect(x: 0, y: 0, width: 72, height: 72))
            try rasterizer.addStroke(circle, style: StrokeStyle(lineWidth: try Fixed(exactly: width)), transform: .identity)
            let reference = ArrangementReference(
                segments: Self.storedSegments(rasterizer), evenOdd: false, width: 72, height: 72)
            missed += Self.compare(&rasterizer, with: reference, rule: .nonZero, label: "circle \(radius) \(width)").missed
        }
        Self.expectNoneMissed(missed)
    }

    /// Inner joins too short for the cut pivot through the path point (`Rasterizer.join`): the outline
    /// runs out and back over the stroke's inside, in edges that follow each other. Open arcs of a polygon
    /// with one vertex doubled one raw apart (as an ellipse's quarters used to meet) pivot there, and
    /// `notePivot` marks those rows for refinement; without it one pixel of these 200 arcs is 17/255 off
    /// (and the quarter joints of a stroked circle were 20–24/255 off, `strokedCirclesMatch...`).
    @Test func pivotedInnerJoinsMatchTheExactAreaOfTheirOwnEdges() throws {
        let seed: UInt64 = 0x9_1707_5EED
        print("pivotedInnerJoinsMatchTheExactAreaOfTheirOwnEdges seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var missed: [Missed] = []
        for index in 0..<200 {
            let center = (x: Double.random(in: 15...17, using: &random), y: Double.random(in: 15...17, using: &random))
            let radius = Double.random(in: 8...12, using: &random), start = Double.random(in: 0..<6.3, using: &random)
            let doubled = Int.random(in: 2...9, using: &random)
            var path = try Path()
            for k in 0...11 {
                let angle = start + Double(k) * 0.2
                let point = Point(x: try Fixed(exactly: center.x + radius * cos(angle)),
                                  y: try Fixed(exactly: center.y + radius * sin(angle)))
                if k == 0 { try path.move(to: point) } else { try path.line(to: point) }
                if k == doubled { try path.line(to: Point(x: Fixed(raw: point.x.raw + 1), y: point.y)) }
            }
            let width = try Fixed(exactly: Double.random(in: 2...6, using: &random))
            var rasterizer = try Rasterizer()
            try rasterizer.reset(clip: IntRect(x: 0, y: 0, width: Self.size, height: Self.size))
            try rasterizer.addStroke(path, style: StrokeStyle(lineWidth: width), transform: .identity)
            let reference = ArrangementReference(
                segments: Self.storedSegments(rasterizer), evenOdd: false, width: Self.size, height: Self.size)
            missed += Self.compare(&rasterizer, with: reference, rule: .nonZero, label: "arc \(index)").missed
        }
        Self.expectNoneMissed(missed)
    }

    /// The edges a rasterizer holds, as segments in their outline direction.
    static func storedSegments(_ rasterizer: borrowing Rasterizer) -> [ArrangementReference.Segment] {
        (0..<rasterizer.storedEdgeCount).map { index in
            let edge = rasterizer.edges[index]
            return edge.winding > 0
                ? ArrangementReference.Segment(x0: Int64(edge.x0), y0: Int64(edge.y0), x1: Int64(edge.x1), y1: Int64(edge.y1))
                : ArrangementReference.Segment(x0: Int64(edge.x1), y0: Int64(edge.y1), x1: Int64(edge.x0), y1: Int64(edge.y0))
        }
    }

    /// Draws `contours` with the whole image as the clip and compares it with the reference (`compare`).
    static func check(
        _ contours: [Contour], rule: FillRule, label: String, capacity: RasterizerCapacity = .standard
    ) throws -> (refinedPixels: Int, missed: [Missed]) {
        var rasterizer = try Rasterizer(capacity: capacity)
        try rasterizer.reset(clip: IntRect(x: 0, y: 0, width: size, height: size))
        let scaled = contours.map { contour in contour.map { (x: $0.x * scale, y: $0.y * scale) } }
        for contour in scaled {
            rasterizer.startContour()
            for index in contour.indices {
                let a = contour[index], b = contour[(index + 1) % contour.count]
                try rasterizer.addLine(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
            }
        }
        let reference = ArrangementReference(contours: scaled, evenOdd: rule == .evenOdd, width: size, height: size)
        return compare(&rasterizer, with: reference, rule: rule, label: label)
    }

    /// Renders what `rasterizer` holds and compares every pixel with the reference within the bound of
    /// its row. A pixel of a refined row out of its bound is recorded as an issue here; pixels of rows the
    /// rasterizer did not refine that are out of theirs come back in `missed` (a row whose ambiguity
    /// was not detected), with the number of pixels in refined rows.
    static func compare(
        _ rasterizer: inout Rasterizer, with reference: ArrangementReference, rule: FillRule, label: String
    ) -> (refinedPixels: Int, missed: [Missed]) {
        let width = reference.width
        let (image, refinedRows) = render(&rasterizer, rule: rule, width: width, height: reference.height)
        let areas = reference.areas()
        let (edges, crossings) = reference.counts()
        var failures = 0
        var missed: [Missed] = []
        for pixel in areas.indices {
            let refined = refinedRows.contains(pixel / width)
            let error = abs(Double(image[pixel]) - areas[pixel] * 255)
            let e = Double(edges[pixel]), c = Double(crossings[pixel])
            let one = Double(SubpixelGrid.one)
            let bound = refined ? 0.5 + 255 * (3 * e + 2 * c) / (one * Double(Rasterizer.maximumSubRows)) : 0.5 + 255 * 2 * e / one
            guard error > bound else { continue }
            let text = "\(label): pixel (\(pixel % width), \(pixel / width)) \(image[pixel]) vs \(areas[pixel] * 255), "
                + "bound \(bound), e \(e) c \(c)"
            if !refined {
                missed.append(Missed(error: error, text: text))
            } else {
                failures += 1
                if failures <= 3 { Issue.record(Comment(rawValue: "refined row: " + text)) }
            }
        }
        return (refinedRows.count * width, missed)
    }

    /// A pixel of a row the rasterizer did not refine that is out of its bound: off by `error` (1/255).
    struct Missed {
        var error: Double
        var text: String
    }

    /// Records pixels of rows that were not refined but needed it: each is a failure.
    static func expectNoneMissed(_ missed: [Missed]) {
        let worst = missed.max(by: { $0.error < $1.error })
        let text = "\(missed.count) pixels in rows not refined out of their bound, worst " + (worst?.text ?? "none")
        print(text)
        #expect(missed.isEmpty, Comment(rawValue: text))
    }

    /// `Rasterizer.render` into an image, recording which rows went through the refinement.
    static func render(
        _ rasterizer: inout Rasterizer, rule: FillRule, width: Int, height: Int
    ) -> (image: [UInt8], refinedRows: Set<Int>) {
        var image = [UInt8](repeating: 0, count: width * height)
        var refinedRows = Set<Int>()
        rasterizer.beginSweep(rule: rule)
        while rasterizer.sweepNextRow() {
            let row = Int(rasterizer.sweep.row)
            if rasterizer.rowIsComplex[Int(rasterizer.sweep.row - rasterizer.sweep.bandTop)] { refinedRows.insert(row) }
            for index in 0..<rasterizer.sweep.segmentCount {
                let segment = rasterizer.segments[index]
                for offset in 0..<Int(segment.count) {
                    let column = Int(segment.column) + offset
                    let wide = segment.coverage >= 0 ? UInt16(segment.coverage) : rasterizer.spanCoverage[column]
                    image[row * width + Int(rasterizer.sweep.regionX) + column] = WideCoverage.byte(wide)
                }
            }
        }
        rasterizer.edgeCount = 0
        return (image, refinedRows)
    }
}
