/// The engine's hold on running property animators, kept without allocating once an animator exists:
/// the list has room for every live animator (reserved when one is created), and ticking walks it by index
/// (a for-in would share the array, and an animator that stops while ticking would then copy it).
extension Engine {
    /// Counts a new animator and reserves a place for it among the running ones (setup, may allocate).
    func animatorCreated() {
        animatorCount += 1
        runningAnimators.reserveCapacity(animatorCount)
    }

    /// Holds an animator that started running (within the reserved capacity).
    func holdRunning(_ animator: PropertyAnimator) {
        runningAnimators.append(animator)
    }

    /// Lets go of an animator that paused or ended (in place; the capacity stays).
    func releaseRunning(_ animator: PropertyAnimator) {
        var index = 0
        while index < runningAnimators.count {
            if runningAnimators[index] === animator {
                runningAnimators.remove(at: index)
                return
            }
            index += 1
        }
    }

    /// Ticks every running animator once (completing or pausing those that reached their end). An animator
    /// removes itself when it stops; one started by a completion is ticked too, at its own fraction.
    func tickRunningAnimators() {
        var index = 0
        while index < runningAnimators.count {
            let animator = runningAnimators[index]
            animator.tick()
            if index < runningAnimators.count, runningAnimators[index] === animator { index += 1 }
        }
    }
}

extension Engine {
    /// Stops every running property animator where it is (`stopAnimation(true)`: its values stay, no
    /// completion runs) and lets go of it. The engine holds a running animator, as Core Animation's system
    /// does, and the animator holds the engine (its changes are made on it): an engine dropped while one of its
    /// animators runs is kept alive by that pair, with its stores. Call this before letting go of such an engine.
    public func stopRunningAnimators() {
        while let animator = runningAnimators.last {
            do throws(EngineError) {
                try animator.stopAnimation(true)
            } catch {
                // Running means active, which stopAnimation accepts; drop the hold regardless.
                releaseRunning(animator)
            }
        }
    }
}
