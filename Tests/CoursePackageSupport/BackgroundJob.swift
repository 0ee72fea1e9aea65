import Foundation

/// Work a `swift test` of the whole suite starts in the background when its XCTest run starts, for tests
/// that Swift Testing runs afterwards to find done.
///
/// The XCTest run leaves most of a core idle (its classes that grade and contain wait for limits), and
/// Swift Testing runs after it. A job takes only what the tests leave: the kernel shares the cores between
/// sessions (autogroups) before it looks at a process's nice value, and each program the tests start runs
/// in a session of its own, so a job runs in a session of its own whose nice value is 19. A test that
/// measures a share of the cores is not disturbed. (A job whose command starts sessions of its own escapes
/// that priority: `lesson check` does for every compiler and program it runs, and as a job it slowed the
/// XCTest classes beside it; a build by `swift build` stays in the job's session.) A job holds `lockPath`
/// (`flock`) while it runs, and stops when `swift test` is interrupted. Whatever a job does, the test that
/// uses it must still pass without it (a filtered run starts none) and report its own failures.
public struct BackgroundJob: Sendable {
    /// Held by the job for as long as it runs.
    public let lockPath: String
    /// What the job printed.
    public let logPath: String

    public init(folder: String, name: String) {
        lockPath = folder + "/" + name + ".lock"
        logPath = folder + "/" + name + ".log"
    }

    /// Runs the job's command (its arguments): a session nice value of 19, and a watch that stops the job
    /// when `swift test` is gone.
    static let script = """
        echo 19 > /proc/self/autogroup 2>/dev/null
        nice -n 19 "$@" &
        job=$!
        while kill -0 "$job" 2>/dev/null; do
            kill -0 "$SWIFT_TEST_PID" 2>/dev/null || { echo "swift test ($SWIFT_TEST_PID) has ended: stopping"; kill -TERM 0; }
            sleep 1
        done
        wait "$job"
        """

    /// Starts `command` in `folder` (`setsid flock LOCK sh -c SCRIPT`), not waiting for it; false when it
    /// could not start.
    @discardableResult
    public func start(_ command: [String], in folder: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["flock", lockPath, "/bin/sh", "-c", Self.script, "job"] + command
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_TEST_PID"] = String(getppid())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        try? FileManager.default.createDirectory(
            atPath: (logPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
            let log = FileHandle(forWritingAtPath: logPath)
        else { return false }
        process.standardOutput = log
        process.standardError = log
        return (try? process.run()) != nil
    }

    /// Returns once the job no longer holds its lock (at once when it never started); whether it had
    /// started.
    @discardableResult
    public func waitUntilDone() -> Bool {
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return true
    }

    /// Whether this process is the XCTest run of a `swift test` without `--filter` or `--skip`, whose Swift
    /// Testing run then includes every test a job is for.
    public static func isWholeSwiftTestRun() -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(getppid())/cmdline") else { return false }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let program = arguments.first, program.hasSuffix("swift-test") || arguments.dropFirst().first == "test"
        else { return false }
        let filters = ["--filter", "--skip", "-s", "--specifier"]
        return !arguments.contains { argument in
            filters.contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }
    }
}
