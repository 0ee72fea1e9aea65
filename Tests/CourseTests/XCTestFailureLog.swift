import Foundation
import XCTest

/// Carries the XCTest failures of a `swift test` run over to its Swift Testing run.
///
/// `swift test` runs XCTest, then Swift Testing, and the last lines of its output are Swift Testing's: after
/// failed XCTest tests they would still say `✔ Test run … passed`. So the XCTest run writes its failures to
/// a file named after the `swift test` process (the parent of both runs), and the Swift Testing test
/// `xctestRunPassed` reads it and fails, so the output ends with `✘ Test run … failed`.
final class XCTestFailureLog: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = XCTestFailureLog()
    private static let registration = NSLock()
    nonisolated(unsafe) private static var registered = false

    /// The file of this `swift test` run.
    static var path: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("lesson-xctest-failures-\(getppid())").path
    }

    /// Starts watching this XCTest run (once), forgetting any earlier run's failures.
    static func startObserving() {
        registration.withLock {
            guard !registered else { return }
            registered = true
            try? FileManager.default.removeItem(atPath: path)
            XCTestObservationCenter.shared.addTestObserver(shared)
        }
    }

    /// Every suite that finishes with failures rewrites the file; the outermost one finishes last.
    func testSuiteDidFinish(_ testSuite: XCTestSuite) {
        guard let run = testSuite.testRun, !run.hasSucceeded else { return }
        let failed = Self.failedTests(in: testSuite)
        let text =
            "\(failed.count) of \(run.executionCount) XCTest tests failed in this swift test run:\n"
            + failed.joined(separator: "\n")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: Self.path))
    }

    static func failedTests(in test: XCTest) -> [String] {
        if let suite = test as? XCTestSuite { return suite.tests.flatMap(failedTests) }
        return test.testRun?.hasSucceeded == false ? [test.name] : []
    }
}
