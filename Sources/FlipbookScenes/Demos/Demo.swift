/// One scene of the built-in demo gallery: a scene description written in the JSON scene format (so the same
/// text is what `examples/<name>.json` holds), plus the times its golden frames are taken at.
public struct Demo: Sendable {
    /// Short name, used for folders and on the command line (`wave-fill`).
    public let name: String
    /// One-line description.
    public let title: String
    /// Scene times in seconds at which golden frames and documentation stills are taken.
    public let stillTimes: [Double]
    /// The scene in the JSON scene format, formatted by ``JSONFormatter``.
    public let json: String
    /// Swift steps that drive the scene between frames (a fresh script for each renderer), if the demo has any.
    public let makeScript: (@Sendable () -> SceneScript)?

    /// A demo from its scene text; the text is reformatted in the examples' style (kept as written when it is
    /// not valid JSON, so that decoding reports the problem).
    init(name: String, title: String, stillTimes: [Double], json: String, script: (@Sendable () -> SceneScript)? = nil) {
        self.makeScript = script
        self.name = name
        self.title = title
        self.stillTimes = stillTimes
        self.json = (try? JSONParser.parse(json)).map { JSONFormatter.format($0) } ?? json
    }

    /// Decodes the demo's scene (a demo that fails to decode is a bug; the error names the problem).
    public func makeScene() throws(SceneError) -> SceneDescription {
        #if hasFeature(Embedded)
        try SceneDecoder.decode(Array(json.utf8), fileName: "demo \(name)")
        #else
        try SceneDecoder.decode(
            Array(json.utf8), fileName: "demo \(name)", baseDirectory: "", imageReader: SceneFile.readImage(at:within:))
        #endif
    }

    /// Decodes the demo's scene and builds it into an engine at the scene's size (``LoadedScene``). A script,
    /// if the demo has one, is not run: drive it with ``makeScript`` and a ``SceneScriptRunner``.
    public func load() throws(SceneLoadError) -> LoadedScene {
        let scene: SceneDescription
        do {
            scene = try makeScene()
        } catch {
            throw .invalid(error)
        }
        do {
            return try LoadedScene(scene: scene)
        } catch {
            throw .refused(fileName: "demo \(name)", error)
        }
    }
}
