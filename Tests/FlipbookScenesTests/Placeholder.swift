import Testing
@testable import FlipbookScenes
