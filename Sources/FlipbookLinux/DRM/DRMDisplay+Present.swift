import Raster

extension DRMDisplay: Display {
    /// Shows the back buffer. With page flips: waits (by the clock, when flip events are not paced by a real
    /// vblank) for the next frame slot, flips, waits for the completion event, then copies the damage into
    /// the new back buffer so it holds the frame on screen. Without flips: copies the damage into the shown
    /// buffer and sends DIRTYFB. An empty `damage` presents nothing. Returns the monotonic time the frame
    /// is shown, in microseconds.
    public mutating func present(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        if isEmpty(damage, within: IntRect(x: 0, y: 0, width: backBuffer.width, height: backBuffer.height)) {
            return resources.kernel.monotonicMicros()
        }
        let paced = pacesByClock || presentation == .frontBufferCopy
        if paced { sleepUntilNextSlot() }
        if presentation == .pageFlip {
            if let eventMicros = try flip() {
                swap(&frontBuffer, &backBuffer)
                backIndex = 1 - backIndex
                // The new back buffer holds the frame before; the damage brings it up to the frame shown.
                copyPixels(damage, from: frontBuffer, to: backBuffer)
                return finishFrame(shownMicros: eventMicros, paced: paced)
            }
            presentation = .frontBufferCopy
        }
        copyPixels(damage, from: backBuffer, to: frontBuffer)
        try markDirty(damage)
        return finishFrame(shownMicros: resources.kernel.monotonicMicros(), paced: true)
    }

    /// Flips to the back buffer and waits for the completion event; returns the event's time, or nil when
    /// the driver cannot flip at all (the caller falls back to copying).
    mutating func flip() throws(DisplayError) -> Int64? {
        let kernel = resources.kernel, fd = resources.fd
        let framebufferID = resources.buffers[backIndex].framebufferID
        flipCount &+= 1
        let count = flipCount
        switch valueOrErrno({ kernel.pageFlip(fd, crtcID: crtcID, framebufferID: framebufferID, userData: count) }) {
        case .success: break
        case .failure(let error) where count == 1 && (error == .invalidArgument || error == .notSupported || error == .notImplemented):
            return nil  // this driver has no page flip: present by copying instead
        case .failure(let error): throw .syscall(.pageFlip, error)
        }
        let (eventMicros, sequence) = try waitForFlipEvent()
        let shown = eventMicros > 0 ? eventMicros : kernel.monotonicMicros()
        // Virtual GPUs complete flips at once with sequence 0: no vblank paces them, so the clock must.
        if sequence == 0 || shown - lastShownMicros < refreshIntervalMicros / 2 { pacesByClock = true }
        return shown
    }

    /// Records the frame's time and plans the next slot: one interval after this one on a fixed schedule
    /// (so work done between frames does not make the rate drift), or now when the schedule fell behind.
    mutating func finishFrame(shownMicros: Int64, paced: Bool) -> Int64 {
        let shown = paced && nextSlotMicros > 0 ? max(shownMicros, nextSlotMicros) : shownMicros
        lastShownMicros = shown
        let now = resources.kernel.monotonicMicros()
        nextSlotMicros = nextSlotMicros > 0 && paced ? max(nextSlotMicros + refreshIntervalMicros, now)
                                                     : shown + refreshIntervalMicros
        return shown
    }

    /// Polls the card until a flip-completion event arrives; returns its time and vblank sequence.
    mutating func waitForFlipEvent() throws(DisplayError) -> (Int64, UInt32) {
        let kernel = resources.kernel, fd = resources.fd
        while true {
            switch valueOrErrno({ kernel.pollReadable(fd, timeoutMillis: flipTimeoutMillis) }) {
            case .success(0): throw .syscall(.pageFlip, .timedOut)
            case .success: break
            case .failure(let error): throw .syscall(.poll, error)
            }
            var time: Int64 = 0, sequence: UInt32 = 0, userData: UInt64 = 0
            switch valueOrErrno({ kernel.readFlipEvent(fd, timeMicros: &time, sequence: &sequence, userData: &userData) }) {
            case .success(1): return (time, sequence)
            case .success, .failure(.resourceTemporarilyUnavailable): continue  // another event, or a spurious wake-up
            case .failure(let error): throw .syscall(.readEvent, error)
            }
        }
    }

    /// Sleeps until the next frame slot (no sleep when that time has passed).
    mutating func sleepUntilNextSlot() {
        let kernel = resources.kernel, slot = nextSlotMicros
        if slot > kernel.monotonicMicros() { _ = valueOrErrno { kernel.sleep(untilMicros: slot) } }
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
