import FlipbookSim
import Testing
@testable import FlipbookScenes

/// The broken images, fonts and control commands of `Broken/` (written by tools/fuzz/make_broken_inputs.py, the
/// commands by hand), each refused with exactly the message of its `INDEX` line: what `flipbook validate` prints
/// for a scene using the file, or what the control channel replies.
@Suite struct BrokenInputTests {
    /// One corpus entry: a file (or command line) and its expected message.
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: String
        var testDescription: String { input }
    }

    static func cases(_ index: String) -> [Case] {
        ((try? TestFiles.lines(TestFiles.path("Broken/" + index))) ?? []).map { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return Case(input: String(fields[0]), expected: fields.count > 1 ? String(fields[1]) : "")
        }
    }

    static let images = cases("images/INDEX")
    static let fonts = cases("fonts/INDEX")
    static let commands = cases("commands/json.txt")
    static let psplashCommands = cases("commands/psplash.txt")
    static let scripts = cases("commands/scripts/INDEX")

    /// The lines `flipbook validate` prints for a one-layer scene `layer`, read from the folder `directory`.
    static func refusal(of layer: String, in directory: String) -> [String] {
        let text = Array(#"{"flipbook": 1, "size": [8, 8], "layers": [\#(layer)]}"#.utf8)
        do {
            _ = try SceneDecoder.decode(
                text, fileName: "scene.json", baseDirectory: TestFiles.path("Broken/" + directory),
                imageReader: SceneFile.readImage(at:within:), fontReader: SceneFile.readFont(at:))
            return ["accepted"]
        } catch {
            return error.lines
        }
    }

    @Test func corporaHoldAtLeast150Cases() {
        let scenes = (try? TestFiles.lines(BrokenSceneTests.directory + "/INDEX"))?.count ?? 0
        let total = scenes + Self.images.count + Self.fonts.count + Self.commands.count + Self.psplashCommands.count
            + Self.scripts.count
        #expect(total >= 150, "\(total) broken inputs")
    }

    @Test(arguments: images)
    func refusesBrokenImage(_ entry: Case) {
        let lines = Self.refusal(of: #"{"kind": "image", "image": "\#(entry.input)"}"#, in: "images")
        #expect(lines == [#"scene.json: /layers/0/image: cannot use image "\#(entry.input)": \#(entry.expected)"#])
    }

    @Test(arguments: fonts)
    func refusesBrokenFont(_ entry: Case) {
        let layer = #"{"kind": "text", "string": "A", "font": "\#(entry.input)", "size": [8, 8]}"#
        let lines = Self.refusal(of: layer, in: "fonts")
        #expect(lines == [#"scene.json: /layers/0/font: cannot use font "\#(entry.input)": \#(entry.expected)"#])
    }

    @Test(arguments: commands)
    func refusesBrokenCommand(_ entry: Case) throws {
        let applier = ControlApplier(scene: try ControlCommandTests.load())
        #expect(ControlCommandTests.reply(applier, entry.input) == entry.expected + "\n")
    }

    @Test(arguments: psplashCommands)
    func refusesBrokenPsplashCommand(_ entry: Case) throws {
        let applier = ControlApplier(scene: try ControlCommandTests.load())
        #expect(ControlCommandTests.reply(applier, entry.input, psplash: true) == entry.expected + "\n")
    }

    @Test(arguments: scripts)
    func refusesBrokenCommandScript(_ entry: Case) throws {
        let bytes = try FileSystem.read(TestFiles.path("Broken/commands/scripts/" + entry.input))
        #expect(throws: ControlScriptError.self) { try ControlScript(json: bytes) }
        do {
            _ = try ControlScript(json: bytes)
        } catch {
            #expect(error.message == entry.expected)
        }
    }
}
