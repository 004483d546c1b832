@testable import FlipbookLinux

/// VT switching on request: every call recorded; the signals read come from `inject("signalfd read", …)`
/// (1 release, 2 acquire; none left: 0).
extension RecordingKernel: ConsoleSwitchKernel {
    func setConsoleSwitching(_ ttyFD: Int32, onRequest: Bool) -> Int32 {
        record("VT_SETMODE fd=\(ttyFD) \(onRequest ? "VT_PROCESS" : "VT_AUTO")")
        return scripted("VT_SETMODE") ?? 0
    }

    func answerConsoleSwitch(_ ttyFD: Int32, releasing: Bool) -> Int32 {
        record("VT_RELDISP fd=\(ttyFD) \(releasing ? "1" : "VT_ACKACQ")")
        return scripted("VT_RELDISP") ?? 0
    }

    func openConsoleSignals() -> Int32 {
        record("signalfd open")
        if let result = scripted("signalfd open") { return result }
        let fd = nextFD
        nextFD += 1
        return fd
    }

    func readConsoleSignal(_ fd: Int32) -> Int32 { scripted("signalfd read") ?? 0 }

    func closeConsoleSignals(_ fd: Int32) -> Int32 {
        record("signalfd close fd=\(fd)")
        return 0
    }
}
