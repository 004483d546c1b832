import ImageCodecs

/// An image layer's picture and how it fits the bounds.
public struct ImageDescription: Sendable {
    /// The file as written in the scene.
    public var fileName: String
    /// The file's path resolved against the scene file's folder.
    public var resolvedPath: String
    /// The picture, decoded once when the scene was read (straight alpha; premultiplied when the scene is built).
    public var picture: PixelImage
    /// `"resize"`, `"resizeAspect"`, `"resizeAspectFill"` or `"center"`.
    public var contentsGravity = "resize"
    /// The part of the picture shown, unit coordinates of the picture (`contentsRect`; default the whole).
    public var contentsRect = SceneRect(x: 0, y: 0, width: 1, height: 1)
}
