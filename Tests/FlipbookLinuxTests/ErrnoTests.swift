import Testing
@testable import FlipbookLinux

@Suite struct ErrnoTests {
    @Test func retriesInterruptedCallsUntilTheyAnswer() {
        var attempts = 0
        let result = valueOrErrno { attempts += 1; return attempts < 3 ? -4 : 7 }
        #expect(result == .success(7))
        #expect(attempts == 3)
    }

    @Test func returnsInterruptedWhenNotRetrying() {
        var attempts = 0
        let result = valueOrErrno(retryOnInterrupt: false) { attempts += 1; return -4 }
        #expect(result == .failure(.interrupted))
        #expect(attempts == 1)
    }

    @Test func negativeResultsBecomeTheirErrno() {
        #expect(valueOrErrno { -13 } == .failure(.permissionDenied))
        #expect(valueOrErrno { -16 } == .failure(.resourceBusy))
        #expect(Errno.permissionDenied.description == "EACCES (permission denied)")
        #expect(Errno(rawValue: 200).description == "errno 200")
    }
}
