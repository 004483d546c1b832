import FlipbookScenes
import FlipbookSim
import Testing

/// The interactive demos under their replayed input scripts: golden frames, the same frames at 30, 60 and 120
/// frames per second (events act at their own times, not at frame times), and without input the armed
/// animations and the animator do not move.
@Suite struct InteractiveDemoTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let end: Int64
        let stills: [Int64]
        var description: String { name }
    }

    static let cases = [
        // The tap lands at 0.4 s: pressed (dimmed) at 0.4, the burst at 0.6 and 0.9, all settled at 2.
        Case(name: "like-tap", end: 2_000_000, stills: [400_000, 600_000, 900_000]),
        // Dragged until 0.536 s, let go half open (continues), open at 1.3, flung shut from 1.56 s.
        Case(name: "card-fling", end: 3_000_000, stills: [400_000, 700_000, 1_300_000, 1_600_000]),
        // The knob dragged to 20 at 0.4 s and to 60 by 0.776 s, let go (it stays), dragged back through 40 at
        // 1.7 s to 30 and let go.
        Case(name: "slider", end: 3_000_000, stills: [400_000, 1_000_000, 1_700_000]),
        // Taps at 0.28, 0.78 … 2.28 s fill the ring a fifth at a time (the sixth is refused), the long press
        // empties it at 3.7 s, a last tap at 4.48 s.
        Case(name: "ring-tap", end: 5_000_000, stills: [400_000, 1_400_000, 2_600_000, 3_800_000]),
    ]

    @Test(arguments: cases)
    func replayMatchesGoldensAtEveryFrameRate(_ demo: Case) throws {
        let scene = try ReplayedScene(scene: demo.name + ".json", script: "scripts/\(demo.name)-input.json")
        let reference = try scene.play(fps: 60, end: demo.end, stills: demo.stills)
        #expect(reference.stills.count == demo.stills.count)
        for (index, still) in reference.stills.enumerated() {
            try Golden.check(still, file: "\(demo.name)-\(demo.stills[index] / 1000)ms.png")
        }
        try Golden.check(reference.last, file: "\(demo.name)-end.png")
        for fps in [30, 120] {
            let other = try ReplayedScene(scene: demo.name + ".json", script: "scripts/\(demo.name)-input.json")
                .play(fps: fps, end: demo.end, stills: demo.stills)
            #expect(other.last.ppmBytes == reference.last.ppmBytes, "\(demo.name): the last frame at \(fps) fps differs from 60 fps")
            for index in 0 ..< min(other.stills.count, reference.stills.count) {
                #expect(other.stills[index].ppmBytes == reference.stills[index].ppmBytes,
                        "\(demo.name): t=\(demo.stills[index]) µs at \(fps) fps differs from 60 fps")
            }
        }
    }

    /// Without touches nothing is started: every still equals the first frame, and the replayed run differs
    /// from it (so the goldens show the input's effect, not the scene's own motion).
    @Test(arguments: cases)
    func withoutInputNothingMoves(_ demo: Case) throws {
        let quiet = try ReplayedScene(scene: demo.name + ".json", script: nil).play(fps: 60, end: demo.end, stills: [0] + demo.stills)
        for still in quiet.stills { #expect(still.ppmBytes == quiet.stills[0].ppmBytes) }
        let touched = try ReplayedScene(scene: demo.name + ".json", script: "scripts/\(demo.name)-input.json")
            .play(fps: 60, end: demo.end, stills: demo.stills)
        #expect(touched.stills.contains { $0.ppmBytes != quiet.stills[0].ppmBytes })
    }
}
