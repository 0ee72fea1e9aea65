import Foundation

/// Work a `swift test` of the whole suite starts in the background when its XCTest run starts, for tests
/// that Swift Testing runs afterwards to find done.
///
/// The XCTest run leaves most of a core idle (its classes that grade and contain wait for limits), and
/// Swift Testing runs after it. A job takes only what the tests leave. Where the cpu cgroup hierarchy may be
/// written (cgroup v1's `cpu` controller, as in the suite's containers), a job runs in a cgroup of its own
/// whose `cpu.idle` is set: its processes run only on a core no other process wants, and every process the
/// job starts stays there, whatever session it makes (`lesson check` starts each compiler and program in a
/// session of its own). Elsewhere, a job runs in a session whose nice value is 19 (the kernel shares the
/// cores between sessions, autogroups, before it looks at a process's nice value), which a process that
/// starts a session of its own escapes. A test that waits for a job makes its cgroup an ordinary one: the
/// job is then what the suite waits for. A job holds `lockPath` (`flock`) while it runs, and stops when
/// `swift test` is interrupted. Whatever a job does, the test that uses it must still pass without it (a
/// filtered run starts none) and report its own failures.
public struct BackgroundJob: Sendable {
    /// Held by the job for as long as it runs.
    public let lockPath: String
    /// What the job printed.
    public let logPath: String

    /// The job's cpu cgroup (cgroup v1), made when the job starts where the hierarchy may be written.
    public let cgroup: String

    /// A job of the `swift test` run this process belongs to (its parent): the job's cgroup is that run's
    /// own, so that two runs at once (two checkouts) neither share nor promote each other's.
    public init(folder: String, name: String) {
        lockPath = folder + "/" + name + ".lock"
        logPath = folder + "/" + name + ".log"
        cgroup = "/sys/fs/cgroup/cpu/lesson-tests-\(name)-\(getppid())"
    }

    /// Runs the job's command (its arguments): in its idle cgroup where it can be made, in a session of nice
    /// value 19, and with a watch that stops the job when `swift test` is gone. However it ends (its command
    /// done, or stopped with the job's whole group), the shell leaves the cgroup and removes it.
    static let script = """
        leave() {
            echo $$ > "${JOB_CGROUP%/*}/cgroup.procs" 2>/dev/null
            rmdir "$JOB_CGROUP" 2>/dev/null
        }
        trap leave EXIT
        trap 'exit 143' TERM
        if mkdir -p "$JOB_CGROUP" 2>/dev/null && echo 1 > "$JOB_CGROUP/cpu.idle" 2>/dev/null \\
            && echo $$ > "$JOB_CGROUP/cgroup.procs" 2>/dev/null; then
            echo "in the idle cpu cgroup $JOB_CGROUP"
        fi
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
        environment["JOB_CGROUP"] = cgroup
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
    /// started. A job still running is waited for at an ordinary share of the cores, no longer idle.
    @discardableResult
    public func waitUntilDone() -> Bool {
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return true }
        promote()
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return true
    }

    /// Whether the job holds its lock now: started and not yet ended.
    public var isRunning: Bool {
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0
    }

    /// Makes the job's cgroup an ordinary one, for a test that waits for what it writes.
    public func promote() {
        _ = try? "0".write(toFile: cgroup + "/cpu.idle", atomically: false, encoding: .utf8)
    }

    /// The `swift test` run this process belongs to: its process ID and start time (`/proc/PID/stat`), which
    /// together name one run where process IDs are used again (a container's).
    public static var runIdentity: String {
        let pid = getppid()
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The fields after the command's closing parenthesis; the start time is the 20th of them.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return "\(pid)-" + (fields.count > 19 ? String(fields[19]) : "0")
    }

    private static let starting = NSLock()
    nonisolated(unsafe) private static var started: Set<String> = []

    /// Runs `start` once per job in this process, and only in the XCTest run of a whole `swift test`
    /// (`isWholeSwiftTestRun`); `start` returns whether it started the job (a later call tries again when it
    /// did not).
    public func startOnceInWholeRun(_ start: () -> Bool) {
        Self.starting.withLock {
            guard !Self.started.contains(lockPath), Self.isWholeSwiftTestRun(), start() else { return }
            Self.started.insert(lockPath)
        }
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
