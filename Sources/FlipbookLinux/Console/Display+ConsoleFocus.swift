/// Displays following VT switching (`ConsoleSwitch`): paused while the user is on another VT, the whole
/// frame shown again after the switch back.
extension DRMDisplay {
    /// Follows `focus`: DRM master is dropped before a switch away is let through (so the other VT's console
    /// or another DRM client can show), presents drop their frames while away, and the first present after
    /// the switch back takes master again, sets the mode and shows the newest frame whole (as after master
    /// was taken, `regainMaster()`). Setup only.
    public mutating func follow(_ focus: ConsoleFocus) {
        consoleFocus = focus
        consoleReleasesSeen = focus.releaseCount
        let kernel = resources.kernel, fd = resources.fd
        focus.beforeRelease { _ = kernel.dropMaster(fd) }
    }
}

extension FBDevDisplay {
    /// Follows `focus`: presents write nothing to the framebuffer while the user is on another VT (whose
    /// console draws there), and the first present after the switch back copies the whole frame. Setup only.
    public mutating func follow(_ focus: ConsoleFocus) {
        consoleFocus = focus
        consoleReleasesSeen = focus.releaseCount
    }
}
