/// Whether the VT showing the frames is in front: what a display needs to know of VT switching
/// (`ConsoleSwitch`). While the user has switched to another VT the display presents nothing; when they
/// switch back the whole frame is shown again.
public final class ConsoleFocus {
    /// Whether the user switched to another VT: displays present nothing (frames are still drawn).
    public internal(set) var isAway = false
    /// How many times the user switched away: a display that saw fewer was away since its last present.
    public internal(set) var releaseCount = 0
    /// Set on the switch back, until `takeRepaintRequest()`: a frame held on screen must be shown again.
    var isRepaintRequested = false
    /// Run before a switch away is allowed (a DRM display drops master). Added at setup.
    var releaseActions: [() -> Void] = []

    /// A focus that is in front.
    public init() {}

    /// Whether the whole frame must be shown again since the last call (a switch back happened).
    public func takeRepaintRequest() -> Bool {
        defer { isRepaintRequested = false }
        return isRepaintRequested
    }

    /// Adds what must happen before the VT is given away (at setup, not per frame).
    public func beforeRelease(_ action: @escaping () -> Void) {
        releaseActions.append(action)
    }

    /// The user switches away: the release actions run, presenting stops.
    func release() {
        isAway = true
        releaseCount += 1
        for action in releaseActions { action() }
    }

    /// The user switched back: presenting goes on and a repaint is requested.
    func acquire() {
        isAway = false
        isRepaintRequested = true
    }
}
