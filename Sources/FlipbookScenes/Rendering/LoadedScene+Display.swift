import FixedPoint
import Flipbook

extension LoadedScene {
    /// Shows the scene on a turned or scaled display: the root takes the scene's size and `transform` (scene
    /// points → canvas pixels, e.g. `DisplayPlacement.transform`) places it on the canvas; with
    /// `clipsToScene` (the scene leaves bars) nothing is drawn outside the scene's rectangle. Setup only:
    /// call it before the first frame.
    ///
    /// - Throws: `.engine` (pointer `/size`) for a transform the engine refuses.
    public func placeOnDisplay(transform: Affine, clipsToScene: Bool) throws(SceneRenderError) {
        do {
            try engine.setValue(.rect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height)),
                                for: .bounds, of: engine.root)
            try engine.setValue(.flag(clipsToScene), for: .masksToBounds, of: engine.root)
            try engine.setDisplayTransform(transform)
        } catch {
            throw .engine(pointer: "/size", error)
        }
    }
}
