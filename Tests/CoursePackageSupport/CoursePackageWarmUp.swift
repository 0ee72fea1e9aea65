import Foundation

/// Builds the course package's dependency (this checkout) in the background while the XCTest tests run, so
/// that `CoursePackageTests`, which Swift Testing runs after them, finds it built.
///
/// A course package's first `swift test` compiles this whole package again in the course's own build
/// folder: about 30 s of compiling that would otherwise be the last thing the suite waits for. The XCTest
/// run leaves most of a core idle (its classes that grade and contain wait for limits), so a `swift test`
/// of the whole suite starts that build when its XCTest run starts, at the lowest priority: it takes only
/// the time the tests leave, and a test that measures a share of the cores is not disturbed.
///
/// It builds the products the course's workflow uses (`LessonTesting` and `lesson`), never the course's own
/// tests, so the tests still see a fresh copy compile them. It holds `lockPath` while it builds;
/// `CoursePackageCopy.make` waits for it before replacing the copy. If it fails, or never ran (a filtered
/// run), the tests build everything themselves and report what fails.
public enum CoursePackageWarmUp {
    /// Held (`flock`) by the background build for as long as it runs.
    static var lockPath: String { CoursePackageCopy.base() + "/warm-up.lock" }

    /// What the background build printed, for a run that needs to know why it failed.
    static var logPath: String { CoursePackageCopy.base() + "/warm-up.log" }

    /// The build, run by `setsid flock LOCK sh -c SCRIPT warm-up SWIFT_TEST_PID`.
    ///
    /// Each program the tests start runs in a session of its own, and the kernel shares the cores between
    /// sessions (autogroups) before it looks at a process's nice value: so the build has a session of its own
    /// whose nice value is 19, and takes only what every other session leaves. It stops with `swift test`
    /// when that is interrupted.
    static let script = """
        echo 19 > /proc/self/autogroup 2>/dev/null
        nice -n 19 sh -c 'swift build --target LessonTesting && swift build --product lesson' &
        build=$!
        while kill -0 "$build" 2>/dev/null; do
            kill -0 "$1" 2>/dev/null || { echo "swift test ($1) has ended: stopping"; kill -TERM 0; }
            sleep 1
        done
        wait "$build"
        """

    nonisolated(unsafe) private static var started: Process?
    private static let starting = NSLock()

    /// Starts the build once, when this process is the XCTest run of a `swift test` without `--filter` or
    /// `--skip` (whose Swift Testing run then includes `CoursePackageTests`).
    public static func startIfWholeRun() {
        starting.withLock {
            guard started == nil, isWholeSwiftTestRun(), let course = try? CoursePackageCopy.make() else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["flock", lockPath, "/bin/sh", "-c", script, "warm-up", String(getppid())]
            process.currentDirectoryURL = URL(fileURLWithPath: course.root)
            process.standardInput = FileHandle.nullDevice
            guard FileManager.default.createFile(atPath: logPath, contents: nil),
                let log = FileHandle(forWritingAtPath: logPath)
            else { return }
            process.standardOutput = log
            process.standardError = log
            guard (try? process.run()) != nil else { return }
            started = process
        }
    }

    /// Returns once no background build holds the lock (at once when none was started).
    public static func waitUntilDone() {
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    /// Whether the parent of this process is `swift test` (`swift-test`) run without a test filter.
    static func isWholeSwiftTestRun() -> Bool {
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
