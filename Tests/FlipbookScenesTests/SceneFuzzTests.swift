import FlipbookSim
import Testing
@testable import FlipbookScenes

/// Bad input is an answer, not a crash: randomly damaged copies of the example scenes must each either decode
/// or be refused with at least one message, never trap.
@Suite struct SceneFuzzTests {
    @Test func damagedScenesAreRefusedOrAcceptedNeverTrap() throws {
        let seed: UInt64 = 0x5CE_F022
        print("SceneFuzzTests seed \(seed)")
        var random = SplitMix64(seed: seed)
        let replacements = Array("{}[]:,\"-0123456789.eE tfn\\#/".utf8)
        var refused = 0
        for demo in DemoGallery.all {
            let original = Array(demo.json.utf8)
            for _ in 0..<60 {
                var damaged = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0..<damaged.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: damaged[index] = replacements[Int.random(in: 0..<replacements.count, using: &random)]
                    case 1: damaged.remove(at: index)
                    default: damaged.insert(replacements[Int.random(in: 0..<replacements.count, using: &random)], at: index)
                    }
                }
                do {
                    _ = try SceneDecoder.decode(damaged, fileName: "fuzz.json", baseDirectory: "", imageReader: { _, _ in (nil, "no images here") })
                } catch {
                    #expect(!error.lines.isEmpty)
                    refused += 1
                }
            }
        }
        // Most damage breaks something; if nothing were refused the decoder would not be checking.
        #expect(refused > 300)
    }
}
