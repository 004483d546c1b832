import FlipbookScenes
import FlipbookSim

/// A small seeded PRNG (SplitMix64) so random tests can be reproduced from the printed seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Paths of files that live beside the tests.
enum TestFiles {
    /// The folder holding this test target's sources.
    static let directory = FileSystem.directory(of: #filePath)

    /// A path inside the test folder.
    static func path(_ relative: String) -> String { directory + "/" + relative }

    /// The lines of a text file, without the final empty line.
    static func lines(_ path: String) throws -> [String] {
        let text = String(decoding: try FileSystem.read(path), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}

/// Scene files from text, for decoding tests: no images are read.
enum SceneText {
    static func decode(_ text: String) throws(SceneError) -> SceneDescription {
        try SceneDecoder.decode(Array(text.utf8), fileName: "t.json", baseDirectory: "", imageReader: { _, _ in (nil, "no images here") })
    }

    /// The problems a scene is refused with (none when it decodes).
    static func problems(_ text: String) -> [SceneProblem] {
        do {
            _ = try decode(text)
            return []
        } catch {
            return error.problems
        }
    }
}
