import Motion

/// Callbacks registered at setup, addressed by index from records and events. Closures are stored
/// once, never created per frame, and only touched by setup calls and `deliverCallbacks`.
final class CallbackTable {
    var delegates: [AnimationDelegate?] = []
    var completions: [((_ finished: Bool) -> Void)?] = []
    /// Draw callbacks of custom-drawn layers.
    var drawCallbacks: [(inout LayerDrawContext) -> Void] = []

    /// Stores a delegate; returns its index.
    func add(_ delegate: AnimationDelegate) -> Int32 {
        if let free = delegates.firstIndex(where: { $0 == nil }) {
            delegates[free] = delegate
            return Int32(free)
        }
        delegates.append(delegate)
        return Int32(delegates.count - 1)
    }

    /// Stores a completion; returns its index.
    func add(_ completion: @escaping (_ finished: Bool) -> Void) -> Int32 {
        if let free = completions.firstIndex(where: { $0 == nil }) {
            completions[free] = completion
            return Int32(free)
        }
        completions.append(completion)
        return Int32(completions.count - 1)
    }
}

/// Completion groups in memory allocated once (the engine frees it).
struct CompletionGroups {
    let groups: Pool<CompletionGroup>

    init(capacity: Int) {
        groups = Pool(count: capacity, repeating: CompletionGroup())
    }

    func deallocate() {
        groups.deallocate()
    }

    /// Opens a group whose completion is callback `completion` under `parent`; nil when all are in use.
    func open(completion: Int32, parent: Int32) -> Int32? {
        guard let free = groups.firstIndex(where: { !$0.isLive }) else { return nil }
        groups[free] = CompletionGroup(isLive: true, parent: parent, completion: completion)
        if parent >= 0 { groups[parent].pending += 1 }
        return Int32(free)
    }
}

/// The animations a transaction (or animation block) waits for before its completion runs.
struct CompletionGroup {
    /// Whether the slot is in use.
    var isLive = false
    /// The enclosing level's group, or −1.
    var parent: Int32 = -1
    /// Animations (and nested groups) still running.
    var pending = 0
    /// Whether the transaction has committed (a completion never runs before its commit).
    var isCommitted = false
    /// Whether every animation of the group ran to its end.
    var allFinished = true
    /// Whether the completion has been queued.
    var isDone = false
    /// The completion callback index, or −1.
    var completion: Int32 = -1

    init(isLive: Bool = false, parent: Int32 = -1, completion: Int32 = -1) {
        self.isLive = isLive
        self.parent = parent
        self.completion = completion
    }
}
