import Foundation
import Testing

/// Runs each test of a suite on a thread of its own, as part of the test's task (so its expectations are
/// the test's).
///
/// Swift Testing runs its suites at once on a pool of one thread per core, and a synchronous test holds its
/// thread for as long as it runs, waiting included. A test that waits for a child process, a limit or a
/// timeout with this trait leaves the pool to the tests that compute, so its waiting overlaps them (and the
/// course package's build) instead of queueing behind them.
struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope holds no test body of its own; its tests get theirs.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(ThreadPerJobExecutor()) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test on a thread of its own (`OwnThreadTrait`).
    static var onItsOwnThread: OwnThreadTrait { OwnThreadTrait() }
}

/// An executor that runs every job it is given on a new thread: a task that prefers it runs its
/// synchronous code there, not on Swift Testing's pool.
private final class ThreadPerJobExecutor: TaskExecutor, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}

/// The suites whose tests stop, interrupt or contain processes and mostly wait for them: one test at a
/// time, as XCTest would run them (some count the processes left on the machine), each on its own thread,
/// beside the other Swift Testing suites.
@Suite(.serialized, .onItsOwnThread) enum WaitingTests {}
