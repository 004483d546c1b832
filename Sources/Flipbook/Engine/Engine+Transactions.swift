import FixedPoint
import Motion

/// `CATransaction`: nested begin / commit, implicit-animation settings, completions.
extension Engine {
    /// Opens a (nested) transaction. Its settings start as the enclosing level's.
    ///
    /// - Throws: `poolFull(.edits)` beyond `TransactionQueue.maxDepth` levels.
    public func beginTransaction() throws(EngineError) {
        guard transactionLevels.count < TransactionQueue.maxDepth else {
            throw .poolFull(.edits, capacity: TransactionQueue.maxDepth)
        }
        var level = currentTransaction
        level.completionGroup = transactionLevels.last?.completionGroup ?? -1
        transactionLevels.append(level)
    }

    /// Commits the innermost transaction. The outermost commit releases its edits to the next `advance`;
    /// a completion with no animations to wait for runs at once.
    ///
    /// - Throws: `noOpenTransaction` without a matching begin.
    public func commitTransaction() throws(EngineError) {
        guard let level = transactionLevels.popLast() else { throw .noOpenTransaction }
        let parentGroup = transactionLevels.last?.completionGroup ?? -1
        if level.completionGroup >= 0 && level.completionGroup != parentGroup {
            completionGroups.groups[Int(level.completionGroup)].isCommitted = true
            settle(group: level.completionGroup, finished: true, releasing: false)
            deliverCallbacks()
        }
        if transactionLevels.isEmpty { transactions.commitAll(at: currentTime) }
    }

    /// Runs `body` inside a new transaction and commits it, also when `body` throws (then rethrowing).
    func inTransaction(_ body: () throws(EngineError) -> Void) throws(EngineError) {
        try beginTransaction()
        do { try body() } catch {
            try? commitTransaction()
            throw error
        }
        try commitTransaction()
    }

    /// The settings in effect: the innermost open level, or the defaults.
    var currentTransaction: TransactionLevel { transactionLevels.last ?? TransactionLevel() }

    /// The duration of implicit animations in the innermost transaction (seconds, > 0).
    ///
    /// - Throws: `noOpenTransaction`, `invalidValue` for a non-positive or non-finite duration.
    public func setAnimationDuration(_ seconds: Double) throws(EngineError) {
        guard !transactionLevels.isEmpty else { throw .noOpenTransaction }
        guard seconds.isFinite, seconds > 0 else {
            throw .invalidValue(layer: nil, field: "animationDuration", value: seconds,
                                reason: seconds.isFinite ? .notPositive : .notFinite)
        }
        do {
            transactionLevels[transactionLevels.count - 1].duration = try MediaTime(seconds: seconds, field: .duration)
        } catch {
            throw .invalidValue(layer: nil, field: "animationDuration", value: seconds,
                                reason: .outOfRange(min: 0, max: Double(Int64.mediaTimeLimit) / 1e6))
        }
    }

    /// The timing function of implicit animations in the innermost transaction.
    ///
    /// - Throws: `noOpenTransaction`, `invalidAnimation` for bad control points.
    public func setAnimationTimingFunction(_ function: TimingFunction) throws(EngineError) {
        guard !transactionLevels.isEmpty else { throw .noOpenTransaction }
        transactionLevels[transactionLevels.count - 1].curve = try curve(for: function)
    }

    /// Whether property changes in the innermost transaction skip implicit animations.
    ///
    /// - Throws: `noOpenTransaction`.
    public func setDisableActions(_ disabled: Bool) throws(EngineError) {
        guard !transactionLevels.isEmpty else { throw .noOpenTransaction }
        transactionLevels[transactionLevels.count - 1].disableActions = disabled
    }

    /// The completion of the innermost transaction: runs (via `deliverCallbacks()`) once every
    /// animation added after this call within the transaction has finished or been removed —
    /// immediately at commit when there is none. `finished` is false when any was removed early.
    ///
    /// - Throws: `noOpenTransaction`, `poolFull(.callbacks)`.
    public func setCompletion(_ completion: @escaping (_ finished: Bool) -> Void) throws(EngineError) {
        guard !transactionLevels.isEmpty else { throw .noOpenTransaction }
        let parent = transactionLevels.count > 1 ? transactionLevels[transactionLevels.count - 2].completionGroup : -1
        guard let group = completionGroups.open(completion: callbacks.add(completion), parent: parent) else {
            throw .poolFull(.callbacks, capacity: completionGroups.groups.count)
        }
        transactionLevels[transactionLevels.count - 1].completionGroup = group
    }



}
