import FlipbookSim
import Testing
@testable import FlipbookScenes

/// Every file in `Broken/` is a scene that must be refused with exactly the lines in its `.expected` file.
@Suite struct BrokenSceneTests {
    static let directory = TestFiles.path("Broken")

    static let sceneNames: [String] = {
        (try? TestFiles.lines(directory + "/INDEX")) ?? []
    }()

    @Test func corpusHasAtLeastThirtyScenes() {
        #expect(Self.sceneNames.count >= 30)
    }

    @Test(arguments: sceneNames)
    func refusesWithExactMessages(name: String) throws {
        let path = Self.directory + "/" + name + ".json"
        let expected = try TestFiles.lines(Self.directory + "/" + name + ".expected")
        let text = try FileSystem.read(path)
        do {
            _ = try SceneDecoder.decode(
                text, fileName: name + ".json", baseDirectory: Self.directory, imageReader: SceneFile.readImage(at:within:),
                fontReader: SceneFile.readFont(at:))
            Issue.record("\(name).json was accepted")
        } catch {
            #expect(error.lines == expected)
        }
    }
}
