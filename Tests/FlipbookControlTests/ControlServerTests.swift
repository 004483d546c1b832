import CMallocCounter
import Flipbook
import FlipbookControl
import FlipbookLinux
import FlipbookScenes
import Foundation
import Raster
import Synchronization
import Testing

/// The control socket end to end: real Unix sockets, clients on their own threads, the server served from a
/// `PollWaiter` on the monotonic clock with the engine advanced a frame per wake, as `flipbook play` does.
@Suite(.serialized) struct ControlServerTests {
    static let sceneText = """
        {"flipbook": 1, "size": [64, 32], "layers": [
          {"name": "card", "position": [16, 16], "size": [20, 10], "backgroundColor": "#336699"},
          {"name": "gauge", "kind": "shape", "position": [40, 16], "size": [20, 20], "path": "M0 0 L20 0",
           "strokeColor": "#ffffff", "strokeEnd": 0}
        ], "bindings": {"progress": {"layer": "gauge", "keyPath": "strokeEnd"}}}
        """

    /// A scene, its session and a server on a fresh socket path.
    struct Fixture {
        let scene: LoadedScene
        let session = ControlSession()
        let server: ControlServer

        init(_ name: String) throws {
            try self.init(scene: LoadedScene(json: Array(ControlServerTests.sceneText.utf8), fileName: "control.json"),
                          name: name)
        }

        init(scene: LoadedScene, name: String) throws {
            self.scene = scene
            session.attach(scene)
            server = try ControlServer(path: "/tmp/flipbook-test-\(getpid())-\(name).sock", session: session)
        }

        /// What serving measured: the wakes; the longest (this thread's CPU time for the wake's handlers and the
        /// engine's advance: what a command burst can add to a frame, however loaded the machine); the
        /// allocations on this thread after the first `warmUp` wakes.
        struct Served {
            var wakes = 0
            var longestMicros: Int64 = 0
            var allocations: UInt64 = 0
            /// Blocks this thread released after the first `warmUp` wakes (whoever allocated them).
            var releases: UInt64 = 0
            /// The process's resident pages after the warm-up wakes and at the end.
            var residentPages: (before: Int, after: Int) = (0, 0)
        }

        /// Serves until `done()` (or 20 s), advancing the engine one 60 Hz frame per wake; `finished` runs before
        /// the resident set is measured at the end (ending the client's threads).
        @discardableResult
        func serve(warmUp: Int = 0, finished: () -> Void = {}, until done: () -> Bool) throws -> Served {
            var waiter = PollWaiter(kernel: LinuxKernel())
            let server = self.server
            try waiter.addReadable(server.descriptor) { _ in server.serve() }
            let engine = scene.engine
            let end = waiter.now() + 20_000_000
            var served = Served()
            var allocationsBefore = cmc_allocation_count(), releasesBefore = cmc_release_count()
            while !done() && waiter.now() < end {
                let started = Self.threadMicros()
                _ = waiter.wait(until: waiter.now() + 2_000)
                served.wakes += 1
                engine.advance(to: Int64(served.wakes) * 16_667)
                engine.deliverCallbacks()
                served.longestMicros = max(served.longestMicros, Self.threadMicros() - started)
                if served.wakes == warmUp {
                    // Reading /proc allocates (the first time, Foundation's lasting caches too): outside the
                    // counted wakes.
                    served.residentPages.before = Self.residentPages()
                    allocationsBefore = cmc_allocation_count()
                    releasesBefore = cmc_release_count()
                }
            }
            served.allocations = cmc_allocation_count() - allocationsBefore
            served.releases = cmc_release_count() - releasesBefore
            finished()
            served.residentPages.after = Self.residentPages()
            return served
        }

        /// The process's resident set in pages (`/proc/self/statm`'s second field; -1 when unreadable).
        static func residentPages() -> Int {
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
            let fields = statm.split(separator: " ")
            return fields.count > 1 ? Int(fields[1]) ?? -1 : -1
        }

        static func threadMicros() -> Int64 {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
        }
    }

    /// A client on its own threads: one writes `bytes` (blocking), one reads until `expected` reply lines.
    /// POSIX threads, so that `finish()` can wait until they are gone.
    final class Client: @unchecked Sendable {
        let fd: Int32
        let replies: UnsafeMutableBufferPointer<UInt8>
        let received = Atomic<Int>(0)
        let lines = Atomic<Int>(0)
        let writeFinished = Atomic<Bool>(false)
        private var threads: [pthread_t] = []

        /// A thread's body, handed through `pthread_create`'s context pointer.
        private final class Body {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }

        private func spawn(_ run: @escaping () -> Void) {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(Body(run)).toOpaque()
            let created = pthread_create(&thread, nil, { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
            if created == 0 { threads.append(thread) } else { Unmanaged<Body>.fromOpaque(context).release() }
        }

        /// Ends the connection both ways (a thread still blocked in a read or a write returns: the server may
        /// have stopped before the last reply) and waits until the client's threads have ended.
        func finish() {
            _ = shutdown(fd, Int32(SHUT_RDWR))
            for thread in threads { pthread_join(thread, nil) }
            threads.removeAll()
        }

        init(path: String, replyCapacity: Int) throws {
            fd = try UnixSocket.connect(to: path)
            replies = .allocate(capacity: replyCapacity)
            replies.initialize(repeating: 0)  // resident from the start: the burst's memory check sees the server's
        }

        deinit {
            for thread in threads { pthread_detach(thread) }
            UnixSocket.close(fd)
            replies.deallocate()
        }

        func start(sending bytes: [UInt8], expecting expected: Int, read: Bool = true) {
            spawn {
                var offset = 0
                bytes.withUnsafeBufferPointer { all in
                    while offset < all.count {
                        guard case .bytes(let count) = UnixSocket.write(self.fd, UnsafeBufferPointer(rebasing: all[offset...])) else { break }
                        offset += count
                    }
                }
                self.writeFinished.store(true, ordering: .releasing)
            }
            guard read else { return }
            spawn {
                while self.lines.load(ordering: .acquiring) < expected {
                    let at = self.received.load(ordering: .relaxed)
                    guard at < self.replies.count,
                          case .bytes(let count) = UnixSocket.read(self.fd, into: UnsafeMutableBufferPointer(rebasing: self.replies[at...]))
                    else { break }
                    var newlines = 0
                    for index in at ..< at + count where self.replies[index] == UInt8(ascii: "\n") { newlines += 1 }
                    self.received.store(at + count, ordering: .releasing)
                    self.lines.add(newlines, ordering: .releasing)
                }
            }
        }

        var replyLines: [String] {
            String(decoding: replies[0 ..< received.load(ordering: .acquiring)], as: UTF8.self)
                .split(separator: "\n").map(String.init)
        }
    }

    @Test func everyLineGetsItsReplyInOrder() throws {
        let fixture = try Fixture("order")
        let client = try Client(path: fixture.server.path, replyCapacity: 4096)
        let lines = [
            #"{"set": "card", "values": {"opacity": 0.5}, "duration": 0}"#,
            #"{"set": "dial", "values": {"opacity": 0.5}}"#,
            #"{"progress": 0.5"#,
            String(repeating: "x", count: 5000),
            #"{"progress": 0.5}"#,
        ]
        client.start(sending: Array((lines.joined(separator: "\n") + "\n").utf8), expecting: lines.count)
        _ = try fixture.serve { client.lines.load(ordering: .acquiring) >= lines.count }
        #expect(client.replyLines == [
            #"{"ok": true}"#, #"{"error": "unknown layer \"dial\""}"#,
            #"{"error": "malformed JSON at byte 16: expected ',' or '}'"}"#,
            #"{"error": "line longer than 4096 bytes"}"#, #"{"ok": true}"#,
        ])
        let card = try fixture.scene.layers.layer("card")
        #expect(try fixture.scene.engine.modelValue(of: .opacity, of: card) == .number(0.5))
    }

    /// Every reply of a 10,000-command burst is checked. The work per wake is bounded by the server's line
    /// budget (256 lines), which the burst reaches: no wake (the delay a burst adds to a frame) takes more
    /// than twice the 60 Hz refresh interval of this thread's CPU time. In release builds nothing is allocated
    /// on the serving thread after the first wakes (debug builds allocate about one block per line on the
    /// server's path and two per frame in the engine's advance: unspecialised generics and boxed errors).
    @Test func aBurstOfTenThousandMixedCommandsIsAnsweredInOrder() throws {
        let fixture = try Fixture("burst")
        let templates: [(line: String, reply: String)] = [
            (#"{"set": "card", "values": {"opacity": 0.5, "position": [20, 12]}, "duration": 0}"#, #"{"ok": true}"#),
            (#"{"set": "gauge", "values": {"strokeEnd": 0.25}, "duration": 0}"#, #"{"ok": true}"#),
            (#"{"set": "nope", "values": {"opacity": 1}}"#, #"{"error": "unknown layer \"nope\""}"#),
            (#"{"set": "card", "values": {"opacity": "x"}}"#, #"{"error": "\"opacity\" must be a number"}"#),
            ("\u{7F}garbage", #"{"error": "malformed JSON at byte 0: expected a value"}"#),
        ]
        let count = 10_000
        let text = (0 ..< count).map { templates[$0 % templates.count].line + "\n" }.joined()
        let client = try Client(path: fixture.server.path, replyCapacity: count * 64)
        client.start(sending: Array(text.utf8), expecting: count)
        let served = try fixture.serve(warmUp: 4, finished: client.finish) { client.lines.load(ordering: .acquiring) >= count }
        let replies = client.replyLines
        #expect(replies.count == count)
        for (index, reply) in replies.enumerated() where reply != templates[index % templates.count].reply {
            Issue.record("reply \(index): \(reply)")
            break
        }
        #expect(fixture.session.applied == 4000 && fixture.session.refused == 6000)
        #expect(fixture.server.mostLinesInOneWake == ControlServer.lineBudget)
        #expect(served.wakes >= count / ControlServer.lineBudget)
        // Serving latency is not measured under a sanitizer's slowdown (`make sanitize` sets FLIPBOOK_SANITIZER).
        if ProcessInfo.processInfo.environment["FLIPBOOK_SANITIZER"] == nil {
            #expect(served.longestMicros <= 2 * 16_667, "longest wake \(served.longestMicros) µs")
        }
        #if !DEBUG
        // Swift Testing captures a backtrace (an allocation) whenever an error is thrown, refusals included,
        // unless SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 (as `make control-burst` runs it); `flipbook play` has
        // no such hook.
        let backtracing = ProcessInfo.processInfo.environment["SWT_SWIFT_ERROR_BACKTRACING_ENABLED"] ?? "unset"
        #expect(served.allocations == 0, "SWT_SWIFT_ERROR_BACKTRACING_ENABLED=\(backtracing)")
        #endif
        // What the serving thread holds after the burst: no block more than before it (it allocated none, and
        // released whatever it let go of). The process's heap is not compared: it moves by about 1.4 KB either
        // way with when other threads of the test process allocate and free (docs/control.md).
        #expect(served.allocations <= served.releases, "\(served.allocations) allocations, \(served.releases) releases")
        // Other suites run beside this one in `make test`: the process's resident set is compared only when the
        // burst runs alone (`make control-burst`).
        if ProcessInfo.processInfo.environment["FLIPBOOK_BURST_ALONE"] != nil {
            #expect(served.residentPages.after <= served.residentPages.before, "resident pages \(served.residentPages)")
        }
    }

    @Test func aClientThatNeverReadsIsDroppedAndOthersAreServed() throws {
        let fixture = try Fixture("flood")
        let flood = try Client(path: fixture.server.path, replyCapacity: 16)
        let line = #"{"set": "card", "values": {"opacity": 0.5}, "duration": 0}"# + "\n"
        flood.start(sending: Array(String(repeating: line, count: 60_000).utf8), expecting: 0, read: false)
        _ = try fixture.serve { flood.writeFinished.load(ordering: .acquiring) }
        #expect(fixture.server.clientCount == 0)
        let partial = try UnixSocket.connect(to: fixture.server.path)
        _ = Array(#"{"set": "ca"#.utf8).withUnsafeBufferPointer { UnixSocket.write(partial, $0) }
        UnixSocket.close(partial)
        let client = try Client(path: fixture.server.path, replyCapacity: 256)
        client.start(sending: Array("{\"progress\": 1}\n".utf8), expecting: 1)
        _ = try fixture.serve { client.lines.load(ordering: .acquiring) >= 1 }
        #expect(client.replyLines == [#"{"ok": true}"#])
    }
}

/// `--commands` (a script at fixed scene times) and the socket (the same commands as they arrive, in real
/// time) must end in the same picture once the animations they start are over.
@Suite(.serialized) struct ControlScriptEquivalenceTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples")

    static func load() throws -> LoadedScene {
        let text = try Array(Data(contentsOf: examples.appendingPathComponent("dashboard.json")))
        return try LoadedScene(json: text, fileName: "dashboard.json")
    }

    /// The final frame's pixels, the engine settled long after everything started.
    static func finalFrame(_ scene: LoadedScene) throws -> [UInt32] {
        scene.engine.advance(to: 100_000_000)
        scene.engine.deliverCallbacks()
        var compositor = try Compositor(configuration: scene.compositorConfiguration(layout: .xrgb8888))
        let storage = try SurfaceStorage(width: scene.width, height: scene.height, layout: .xrgb8888)
        var damage = DamageList()
        try compositor.render(scene.engine.presentation, into: storage.surface, damage: &damage)
        var pixels: [UInt32] = []
        for y in 0 ..< scene.height { for x in 0 ..< scene.width { pixels.append(storage.surface.pixel(x: x, y: y) ?? 0) } }
        return pixels
    }

    @Test func scriptAndSocketEndInTheSameFrame() throws {
        let script = try ControlScript(json: Array(Data(contentsOf: Self.examples.appendingPathComponent("scripts/dashboard-commands.json"))))
        let scripted = try Self.load()
        let session = ControlSession()
        session.attach(scripted)
        var refused = 0
        for step in script.steps {
            scripted.engine.advance(to: max(step.micros, scripted.engine.currentTime))
            scripted.engine.deliverCallbacks()
            if step.line.withUnsafeBufferPointer({ session.handle($0) { _ in } }) == .refused { refused += 1 }
        }
        #expect(refused == 1)  // the script's unknown layer

        let live = try Self.load()
        let fixture = try ControlServerTests.Fixture(scene: live, name: "equivalence")
        let text = script.steps.map { String(decoding: $0.line, as: UTF8.self) + "\n" }.joined()
        let client = try ControlServerTests.Client(path: fixture.server.path, replyCapacity: 4096)
        client.start(sending: Array(text.utf8), expecting: script.steps.count)
        _ = try fixture.serve { client.lines.load(ordering: .acquiring) >= script.steps.count }
        #expect(client.replyLines.filter { $0 != #"{"ok": true}"# } == [#"{"error": "unknown layer \"nowhere\""}"#])
        let expected = try Self.finalFrame(scripted)
        #expect(try Self.finalFrame(live) == expected)
        // The commands changed the picture: the gauge is red (the scene's own colour is blue).
        #expect(expected.contains(0xFFE0_523A) || expected.contains(0x00E0_523A))
    }
}

/// The embedding API: lines pushed from another thread, drained on the loop's thread.
@Suite struct ControlQueueTests {
    @Test func linesFromAnotherThreadAreAppliedInOrder() throws {
        let scene = try LoadedScene(json: Array(ControlServerTests.sceneText.utf8), fileName: "control.json")
        let session = ControlSession()
        session.attach(scene)
        let queue = try ControlQueue(capacity: 64)
        let count = 5_000
        let finished = Atomic<Int>(0)
        final class Refusals: @unchecked Sendable { var full = 0 }
        let refusals = Refusals()
        Thread.detachNewThread {
            for index in 0 ..< count {
                let line = Array(#"{"set": "card", "values": {"position.x": \#(index)}, "duration": 0}"#.utf8)
                while true {
                    do throws(ControlQueue.PushFailure) {
                        try line.withUnsafeBufferPointer { bytes throws(ControlQueue.PushFailure) in try queue.push(bytes) }
                        break
                    } catch {
                        refusals.full += 1
                        Thread.sleep(forTimeInterval: 0.0005)
                    }
                }
            }
            finished.store(1, ordering: .releasing)
        }
        var waiter = PollWaiter(kernel: LinuxKernel())
        var drained = 0
        try waiter.addReadable(queue.descriptor) { _ in drained += queue.drain(into: session) }
        let end = waiter.now() + 20_000_000
        while drained < 100 && waiter.now() < end { _ = waiter.wait(until: waiter.now() + 5_000) }
        // From here the loop's thread (the malloc counter counts this thread only) drains and applies
        // thousands of commands without allocating.
        let before = cmc_allocation_count()
        while drained < count && waiter.now() < end { _ = waiter.wait(until: waiter.now() + 5_000) }
        #expect(cmc_allocation_count() - before == 0)
        #expect(drained == count)
        #expect(session.applied == count && session.refused == 0)
        let card = try scene.layers.layer("card")
        #expect(try scene.engine.modelValue(of: .positionX, of: card) == .number(Double(count - 1)))
        let long = [UInt8](repeating: 32, count: 5000)
        #expect(throws: ControlQueue.PushFailure.lineTooLong(limit: 4096)) {
            try long.withUnsafeBufferPointer { bytes throws(ControlQueue.PushFailure) in try queue.push(bytes) }
        }
    }
}
