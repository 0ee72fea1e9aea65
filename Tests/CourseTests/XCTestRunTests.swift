import Foundation
import Testing

/// Fails when the XCTest tests of this `swift test` run failed (see `XCTestFailureLog`), so that the run's
/// last line says it failed.
@Test func xctestRunPassed() {
    guard let failures = try? String(contentsOfFile: XCTestFailureLog.path, encoding: .utf8) else { return }
    try? FileManager.default.removeItem(atPath: XCTestFailureLog.path)
    Issue.record(Comment(rawValue: failures))
}
