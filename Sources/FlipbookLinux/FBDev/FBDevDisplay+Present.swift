import CFlipbookShim
import Raster

extension FBDevDisplay: Display {
    /// Shows the back buffer's damaged rectangles: flushes deferred I/O, pans to it and copies the damage
    /// into the new back buffer (panning), or copies the damage from the RAM back buffer to the screen and
    /// then flushes deferred I/O (shadow copy). Waits for vsync where the driver supports it (with a timeout);
    /// else the frame is held to one refresh after the one before, a wait the run loop does in its waiter
    /// (`presentDueTime()`) and `present` itself only for a caller that did not. An empty `damage` presents
    /// nothing. Returns the monotonic time the frame is shown, in microseconds.
    public mutating func present(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        if let due = presentDueTime() { _ = valueOrErrno { resources.kernel.sleep(untilMicros: due) } }
        if isEmpty(damage, within: IntRect(x: 0, y: 0, width: backBuffer.width, height: backBuffer.height)) { return resources.kernel.monotonicMicros() }
        // Read without holding the reference: releasing it could free it, which the frame path may not do.
        if let focus = _unsafePerformance({ consoleFocus.map { (isAway: $0.isAway, releaseCount: $0.releaseCount) } }) {
            // Another VT's console draws on the same framebuffer: nothing is written while it is in front,
            // and the first present after the switch back shows the whole frame.
            if focus.isAway { return resources.kernel.monotonicMicros() }
            if focus.releaseCount != consoleReleasesSeen {
                consoleReleasesSeen = focus.releaseCount
                return try present(damage: DamageList(IntRect(x: 0, y: 0, width: backBuffer.width, height: backBuffer.height)))
            }
        }
        let shownAt: Int64
        switch presentation {
        case .shadowCopy:
            shownAt = try waitForFrame()
            copyPixels(damage, from: backBuffer, to: frontBuffer)
            redirtyDamageBand(damage, in: frontBuffer)
            try flushDeferredIO()
        case .panning:
            // Deferred I/O (DRM's fbdev emulation with spare virtual height) must reach the screen's memory
            // before the pan shows it; the copy into the new back buffer is flushed with the next frame.
            try flushDeferredIO()
            let yOffset = backBuffer.baseAddress == resources.mapping! ? 0 : UInt32(backBuffer.height)
            if case .failure(let error) = valueOrErrno({ resources.kernel.panDisplay(resources.fd, xOffset: 0, yOffset: yOffset) }) {
                throw .syscall(.panDisplay, error)
            }
            resources.panOffset = yOffset
            shownAt = try waitForFrame()
            swap(&frontBuffer, &backBuffer)
            // The new back buffer holds the frame before; the damage brings it up to the frame on screen.
            copyPixels(damage, from: frontBuffer, to: backBuffer)
        }
        return shownAt
    }

    /// `fsync` on framebuffers with deferred I/O, which show (or, when panned to, hold) nothing new without it.
    func flushDeferredIO() throws(DisplayError) {
        if flushesWithFsync, case .failure(let error) = valueOrErrno({ resources.kernel.syncFile(resources.fd) }) {
            throw .syscall(.sync, error)
        }
    }

    /// Linux's fbdev emulation (seen on 6.1) turns a deferred-I/O flush round whose dirty range is exactly one
    /// whole scanline into an empty rectangle: at 1024 × 32 bpp a page is one line, so a row flushed alone (its
    /// 50 ms timer fired during the copy) never reached the screen. Writing the first and last rows of the
    /// damage's band again (the same bytes) just before `fsync` makes the final round span two lines or more,
    /// which the kernel sends as the whole band. Only for the shadow copy on drivers flushed with `fsync`.
    func redirtyDamageBand(_ damage: borrowing DamageList, in surface: Surface) {
        guard flushesWithFsync else { return }
        var minY = Int.max, maxY = Int.min
        let bounds = IntRect(x: 0, y: 0, width: surface.width, height: surface.height)
        for index in 0..<damage.count {
            guard let area = overlap(damageRect(damage, index), bounds) else { continue }
            minY = min(minY, area.minY)
            maxY = max(maxY, area.maxY &- 1)
        }
        guard minY <= maxY else { return }
        if minY == maxY {
            if maxY &+ 1 < surface.height { maxY &+= 1 } else if minY > 0 { minY &-= 1 } else { return }
        }
        let first = surface.rowAddress(minY), last = surface.rowAddress(maxY)
        _unsafePerformance {
            cfb_memory_rewrite_byte(first)
            cfb_memory_rewrite_byte(last)
        }
    }

    /// Without vsync: the refresh slot the last frame is held to, while it has not come.
    public mutating func presentDueTime() -> Int64? {
        guard vsync == .unsupported, resources.kernel.monotonicMicros() < lastShownMicros else { return nil }
        return lastShownMicros
    }

    /// When the last frame is shown (after its vsync, or its refresh slot).
    public var lastShownTime: Int64? { lastShownMicros }

    /// Waits for the next vertical blank, or (without vsync) gives the refresh slot one interval after the
    /// previous frame, which `presentDueTime()` holds the frame to. Returns the monotonic time in microseconds.
    mutating func waitForFrame() throws(DisplayError) -> Int64 {
        let kernel = resources.kernel
        if vsync != .unsupported {
            switch valueOrErrno({ kernel.waitForVSync(resources.fd, timeoutMicros: vsyncTimeoutMicros) }) {
            case .success:
                let now = kernel.monotonicMicros()
                let previous = nextFrameMicros - refreshIntervalMicros
                nextFrameMicros = now + refreshIntervalMicros
                // A driver that answers at once (DRM's fbdev emulation without vblank) does not pace frames.
                if vsync == .supported && now - previous < refreshIntervalMicros / 2 {
                    vsync = .unsupported
                } else {
                    vsync = .supported
                    lastShownMicros = now
                    return now
                }
            case .failure(.notATerminal), .failure(.invalidArgument), .failure(.notSupported),
                 .failure(.notImplemented), .failure(.timedOut):
                // No vsync from this driver (or one that never signals): pace by the clock from now on.
                vsync = .unsupported
            case .failure(let error):
                throw .syscall(.waitForVSync, error)
            }
        }
        let shown = max(kernel.monotonicMicros(), nextFrameMicros)
        nextFrameMicros = shown + refreshIntervalMicros
        lastShownMicros = shown
        return shown
    }
}
