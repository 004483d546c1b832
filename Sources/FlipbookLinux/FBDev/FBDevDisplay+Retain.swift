/// `quit` with `retain` on a framebuffer: the last frame stays in the framebuffer's memory for the next program.
extension FBDevDisplay {
    /// Keeps the last frame on screen after this display goes away. Both screens of a panning display hold
    /// the last frame (each present brings the new back buffer up to the frame shown), so the pan back to
    /// the first screen at exit, where the next program expects it, shows the same picture; the pixel format
    /// and virtual size set at open are kept (restoring them could make the driver reprogram the mode and
    /// reinterpret the pixels). A RAM back buffer's last frame is already on screen.
    public mutating func retainFrame() {
        resources.configurationToRestore = nil
    }
}
