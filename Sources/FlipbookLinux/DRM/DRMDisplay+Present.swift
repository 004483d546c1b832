import Raster

extension DRMDisplay: Display {
    /// The flip-completion events read so far.
    var flips: UnsafeMutablePointer<PageFlipState> { resources.flipState }

    /// Shows the back buffer. With page flips: queues a flip to it and returns at once with the time it is
    /// expected on screen (one refresh after the frame before, or now); the other buffer becomes the back
    /// buffer once the completion event comes (`presentDueTime()`), and then gets the damage copied so it
    /// holds the frame on screen. Without flips: copies the damage into the shown buffer and sends DIRTYFB.
    /// A present still in flight is waited for first (here, blocking, when the caller did not wait for it).
    /// An empty `damage` presents nothing. A flip refused because another program took DRM master pauses
    /// the display: frames are dropped (drawn over in the back buffer) until master comes back
    /// (`regainMaster()`). Returns monotonic microseconds.
    public mutating func present(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try finishPresent()
        let now = resources.kernel.monotonicMicros()
        if isEmpty(damage, within: IntRect(x: 0, y: 0, width: backBuffer.width, height: backBuffer.height)) { return now }
        // Read without holding the reference: releasing it could free it, which the frame path may not do.
        if let focus = _unsafePerformance({ consoleFocus.map { (isAway: $0.isAway, releaseCount: $0.releaseCount) } }) {
            if focus.isAway { return now }  // on another VT: master was dropped before the switch
            if focus.releaseCount != consoleReleasesSeen {  // back: master again, the whole frame shown
                consoleReleasesSeen = focus.releaseCount
                isMasterLost = true
            }
        }
        if isMasterLost { return regainMaster() }  // paused: shown once master is back
        let forecast = max(now, lastShownMicros &+ refreshIntervalMicros)
        isAwaitingShow = true
        if presentation == .pageFlip {
            let attempt = try queueFlip()
            if attempt == .masterLost {
                loseMaster()
                return now
            }
            if attempt == .queued {
                isFlipInFlight = true
                swap(&frontBuffer, &backBuffer)
                backIndex = 1 - backIndex
                flipDamage = copy damage
                queuedMicros = now
                return forecast
            }
            presentation = .frontBufferCopy
        }
        copyPixels(damage, from: backBuffer, to: frontBuffer)
        try markDirty(damage)
        lastShownMicros = forecast  // no event times a copy: held to its refresh slot
        return forecast
    }

    /// While the last present is in flight: the expected vblank (later: every quarter refresh, up to the flip's
    /// timeout) while its completion event has not come, or
    /// (pacing by the clock) the refresh slot it is held to. Reads the card's events when they are waiting
    /// (the run loop's waiter usually has); gives up on a flip past its timeout (logged once).
    public mutating func presentDueTime() -> Int64? {
        guard isAwaitingShow else { return nil }
        if isFlipInFlight {
            if flips.pointee.isPending { flips.pointee.readWhenReady(resources.kernel, fd: resources.fd) }
            if flips.pointee.isPending {
                // Wake at the expected vblank, then every quarter refresh, until the timeout: a waiter that does
                // not watch the card (`addFlipEvents(to:)`) still finds the event soon after it comes.
                let limit = queuedMicros &+ Int64(flipTimeoutMillis) &* 1000, now = resources.kernel.monotonicMicros()
                if now < limit {
                    return min(limit, max(lastShownMicros &+ refreshIntervalMicros, now &+ refreshIntervalMicros / 4))
                }
                giveUpOnFlip()
                completeFlip(eventMicros: nil)
            } else {
                completeFlip(eventMicros: flips.pointee.eventMicros)
            }
            isFlipInFlight = false
        }
        if resources.kernel.monotonicMicros() < lastShownMicros { return lastShownMicros }
        isAwaitingShow = false
        return nil
    }

    /// When the last present reached the screen: its flip event's time, or its refresh slot when paced by
    /// the clock.
    public var lastShownTime: Int64? { lastShownMicros }

    /// Watches the card's flip-completion events in `waiter`, so the run loop sleeps until they come. The
    /// waiter must not wait after this display is gone.
    ///
    /// - Throws: `EventSourceError.full` when the waiter holds no more descriptors.
    public func addFlipEvents<WaiterKernel: ShimKernel>(to waiter: inout PollWaiter<WaiterKernel>) throws(EventSourceError) {
        let kernel = resources.kernel, state = resources.flipState
        try waiter.addDisplayEvents(resources.fd) { fd in state.pointee.read(kernel, fd: fd) }
    }

    /// Waits (blocking) until the present in flight is done: for callers that did not wait in a run loop.
    mutating func finishPresent() throws(DisplayError) {
        let kernel = resources.kernel
        while let due = presentDueTime() {
            let micros = max(due &- kernel.monotonicMicros(), 0)
            if flips.pointee.isPending {
                let millis = Int32(clamping: (micros &+ 999) / 1000)
                flips.pointee.readWhenReady(kernel, fd: resources.fd, timeoutMillis: millis)
            } else {
                _ = valueOrErrno { kernel.sleep(untilMicros: due) }
            }
        }
        if let error = flips.pointee.readError {
            flips.pointee.readError = nil
            throw .syscall(.readEvent, error)
        }
    }

    /// The flip has completed with an event at `eventMicros` (nil: given up on): the freed buffer gets the
    /// damage so it holds the frame on screen, and the frame's time is the event's. Events that come at once
    /// (sequence 0, or less than half a refresh apart) have no vblank behind them: from then on each frame
    /// is held until one refresh after the one before.
    mutating func completeFlip(eventMicros: Int64?) {
        copyPixels(flipDamage, from: frontBuffer, to: backBuffer)
        if let event = eventMicros {
            if flips.pointee.sequence == 0 || previousEventMicros.map({ event &- $0 < refreshIntervalMicros / 2 }) ?? false {
                pacesByClock = true
            }
            previousEventMicros = event
        }
        let shown = eventMicros ?? resources.kernel.monotonicMicros()
        lastShownMicros = pacesByClock ? max(shown, lastShownMicros &+ refreshIntervalMicros) : shown
    }

    /// A flip past its timeout: logged once, the frame counted as shown, the clock pacing from now on.
    mutating func giveUpOnFlip() {
        flips.pointee.isPending = false
        lostFlips += 1
        pacesByClock = true
        if lostFlips == 1 {
            _unsafePerformance {
                logLine("flipbook: a page flip on \(path) did not complete within \(flipTimeoutMillis) ms; "
                        + "carrying on, paced by the clock")
            }
        }
    }

    /// What queueing a flip did.
    enum FlipAttempt {
        /// Queued, with a completion event to come.
        case queued
        /// The driver cannot flip at all (or stays busy): the caller falls back to copying.
        case unsupported
        /// Refused with EACCES or EPERM: another program is DRM master now.
        case masterLost
    }

    /// Queues a flip to the back buffer with a completion event. EBUSY (a flip the kernel still holds, e.g. one
    /// given up on) is retried once after the card's events are read.
    mutating func queueFlip() throws(DisplayError) -> FlipAttempt {
        let kernel = resources.kernel, fd = resources.fd
        let framebufferID = resources.buffers[backIndex].framebufferID
        var retried = false
        while true {
            flipCount &+= 1
            let count = flipCount
            switch valueOrErrno({ kernel.pageFlip(fd, crtcID: crtcID, framebufferID: framebufferID, userData: count) }) {
            case .success:
                flips.pointee.isPending = true
                return .queued
            case .failure(let error) where count == 1 && (error == .invalidArgument || error == .notSupported || error == .notImplemented):
                return .unsupported  // this driver has no page flip: present by copying instead
            case .failure(.permissionDenied), .failure(.notPermitted):
                return .masterLost
            case .failure(.resourceBusy) where !retried:
                retried = true
                flips.pointee.readWhenReady(resources.kernel, fd: resources.fd, timeoutMillis: flipTimeoutMillis)
            case .failure(.resourceBusy):
                _unsafePerformance {
                    logLine("flipbook: page flips on \(path) stay busy (EBUSY); copying frames to the screen instead")
                }
                return .unsupported
            case .failure(let error):
                throw .syscall(.pageFlip, error)
            }
        }
    }

    /// DIRTYFB for the damage on the shown buffer; drivers that scan out from VRAM answer ENOSYS and are
    /// not asked again.
    mutating func markDirty(_ damage: borrowing DamageList) throws(DisplayError) {
        guard needsDirty else { return }
        let clips = resources.clips
        let bounds = IntRect(x: 0, y: 0, width: frontBuffer.width, height: frontBuffer.height)
        var count = 0
        for index in 0..<damage.count {
            guard let rect = overlap(damageRect(damage, index), bounds) else { continue }
            clips[4 * count] = UInt16(truncatingIfNeeded: rect.minX)
            clips[4 * count + 1] = UInt16(truncatingIfNeeded: rect.minY)
            clips[4 * count + 2] = UInt16(truncatingIfNeeded: rect.maxX)
            clips[4 * count + 3] = UInt16(truncatingIfNeeded: rect.maxY)
            count += 1
        }
        let kernel = resources.kernel, fd = resources.fd
        let framebufferID = resources.buffers[1 - backIndex].framebufferID
        switch valueOrErrno({ kernel.dirtyFramebuffer(fd, framebufferID: framebufferID, clips: clips, count: count) }) {
        case .success: break
        case .failure(.notImplemented), .failure(.notSupported): needsDirty = false
        case .failure(let error): throw .syscall(.dirtyFramebuffer, error)
        }
    }
}
