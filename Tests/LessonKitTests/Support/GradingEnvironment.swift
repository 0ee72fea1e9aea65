import Foundation
import XCTest

@testable import LessonKit

/// The places graders really run, reproduced on this machine: full root; root with Docker's default
/// capability set (no `CAP_SYS_ADMIN`, so no namespace); a non-root user; and a read-only root file
/// system with only `/tmp` writable. Each wraps the `lesson` command line.
enum GradingEnvironment: String, CaseIterable {
    case fullRoot = "full root"
    case dockerDefault = "Docker's default capabilities"
    case nonRoot = "a non-root user"
    case readOnlyRoot = "a read-only root with a writable /tmp"

    /// Docker's default capability set, as `setpriv` names it.
    static let dockerCapabilities =
        "-all,+chown,+dac_override,+fsetid,+fowner,+mknod,+net_raw,+setgid,+setuid,+setfcap,+setpcap,"
        + "+net_bind_service,+sys_chroot,+kill,+audit_write"

    /// The user the non-root environment runs as.
    static let nonRootUID = 65534

    /// The command line that runs `arguments` (a program and its arguments) in this environment.
    func wrap(_ arguments: [String]) -> [String] {
        switch self {
        case .fullRoot:
            return arguments
        case .dockerDefault:
            return ["/usr/bin/setpriv", "--bounding-set=\(Self.dockerCapabilities)", "--"] + arguments
        case .nonRoot:
            return [
                "/usr/bin/setpriv", "--reuid=\(Self.nonRootUID)", "--regid=\(Self.nonRootUID)", "--clear-groups", "--",
            ] + arguments
        case .readOnlyRoot:
            let script =
                "mount --make-rprivate / && mount --bind /tmp /tmp && mount -o remount,bind,ro / && exec \"$@\""
            return ["/usr/bin/unshare", "--mount", "--", "/bin/sh", "-c", script, "sh"] + arguments
        }
    }

    /// Whether this machine can reproduce the environment: root, with util-linux.
    static func skipUnlessReproducible() throws {
        try XCTSkipUnless(
            geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            "reproducing the grading environments needs root, setpriv and unshare")
    }

    /// What `body` gives in every environment, `jobs` environments at a time (`TestSupport.atOnce`), each
    /// with its environment, in `allCases` order.
    static func eachAtOnce<Value: Sendable>(
        jobs: Int, _ body: @escaping @Sendable (GradingEnvironment) throws -> Value
    ) throws -> [(environment: GradingEnvironment, value: Value)] {
        Array(zip(allCases, try TestSupport.atOnce(allCases, jobs: jobs, body)))
    }

    /// A folder every environment may write, `/tmp/lesson-env-…`, open to the non-root user.
    static func scratch(_ name: String) throws -> String {
        let folder = "/tmp/lesson-env-\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o1777)
        return folder
    }

    /// The caches (`XDG_CACHE_HOME`: the compiler's module cache, the toolchain memo) every run in this
    /// environment shares, as a grader's machine keeps them between gradings, owned by its user. In a fresh
    /// `HOME` each run would build the C library's modules again (1.4 s of CPU for a program that imports
    /// Foundation, against 0.2 s).
    var cacheHome: String {
        get throws {
            let folder = "/tmp/lesson-env-cache/" + String(describing: self)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod("/tmp/lesson-env-cache", 0o755)
            let owner = self == .nonRoot ? uid_t(Self.nonRootUID) : 0
            guard chown(folder, owner, gid_t(owner)) == 0, chmod(folder, 0o700) == 0 else {
                throw LessonError(.system, "cannot prepare \(folder) for \(rawValue)")
            }
            return folder
        }
    }

    /// Runs `lesson ARGUMENTS` (or another copy of it, `executable`) from the package root in this
    /// environment, with `HOME` and `TMPDIR` in `scratch` (a non-root user has no home of its own here) and
    /// the environment's caches (`cacheHome`).
    func runLesson(
        _ arguments: [String], scratch: String, timeout: Double = 300, executable: String = TestSupport.lessonExecutable
    ) throws -> TestSupport.CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch
        environment["TMPDIR"] = scratch
        environment["XDG_CACHE_HOME"] = try cacheHome
        let command = wrap([executable] + arguments)
        let result = try Subprocess.run(
            command[0], arguments: Array(command.dropFirst()), environment: environment,
            workingDirectory: TestSupport.packageRoot, limits: ProcessLimits(timeout: timeout, outputLimit: 16 << 20))
        guard case .exited(let status) = result.termination else {
            throw LessonError(.system, "lesson ended with \(result.termination) in \(rawValue)")
        }
        return TestSupport.CommandResult(
            status: status, standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
            standardError: String(decoding: result.standardError, as: UTF8.self))
    }
}
