import Testing
@testable import FlipbookLinux
