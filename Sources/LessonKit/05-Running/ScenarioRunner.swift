import Foundation

/// Runs a built scenario the same way every time: in an empty directory, with a fixed small environment
/// (deterministic hashing, so Set and Dictionary order is stable; no backtracer report) and the check's
/// limits; contained by a sandbox when the code is untrusted.
package struct ScenarioRunner: Sendable {
    package var limits: ProcessLimits
    package var sandbox: Sandbox?
    private let uids: UIDPool?

    package init(limits: ProcessLimits, sandbox: Sandbox? = nil) {
        self.limits = limits
        self.sandbox = sandbox
        // The users are the machine's: their locks are kept where every grader finds them.
        uids = sandbox.map {
            UIDPool(
                first: $0.policy.firstUID, count: $0.policy.uidCount,
                lockFolder: $0.usesSeparateUser ? ScratchFolder.uidLockFolder(fallback: $0.base) : $0.base)
        }
    }

    package static func environment(home: String) -> [String: String] {
        [
            "SWIFT_DETERMINISTIC_HASHING": "1",
            "SWIFT_BACKTRACE": "enable=no",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HOME": home,
            "TMPDIR": home,
        ]
    }

    /// Runs `executable`; `scenario` selects one scenario of a merged program.
    package func run(_ executable: String, scenario: Int? = nil, environment extra: [String: String] = [:]) throws
        -> ProcessResult
    {
        if let sandbox, let uids {
            return try runContained(executable, scenario: scenario, sandbox: sandbox, uids: uids)
        }
        return try WorkDirectory.using(prefix: "lesson-run") { directory in
            var environment = Self.environment(home: directory.path).merging(extra) { $1 }
            if let scenario { environment["LESSON_SCENARIO"] = String(scenario) }
            return try Subprocess.run(
                executable, arguments: [], environment: environment, workingDirectory: directory.path, limits: limits)
        }
    }

    /// A fresh folder the sandbox user owns, holding a copy of the program and nothing else.
    private func runContained(_ executable: String, scenario: Int?, sandbox: Sandbox, uids: UIDPool) throws
        -> ProcessResult
    {
        let uid = uids.acquire()
        defer { uids.release(uid) }
        let directory = try ScratchFolder.makeRunFolder(in: sandbox.base)
        Cleanup.shared.register(folder: directory)
        defer {
            ScratchFolder.remove(directory)
            Cleanup.shared.unregister(folder: directory)
        }
        // With namespaces the folder is only a mount point: the sandbox copies the program into a file
        // system of its own. Without, the program is copied here and the folder given to the sandbox user.
        var program = executable
        if !sandbox.usesNamespaces {
            program = directory + "/program"
            try FileManager.default.copyItem(atPath: executable, toPath: program)
            if sandbox.usesSeparateUser {
                chown(directory, uid_t(uid), gid_t(uid))
                chown(program, uid_t(uid), gid_t(uid))
                chmod(program, 0o500)
            }
        }
        var environment = Self.environment(home: directory)
        if let scenario { environment["LESSON_SCENARIO"] = String(scenario) }
        let (command, arguments) = sandbox.command(
            program: program, directory: directory, uid: uid, timeout: limits.timeout)
        let result = try Subprocess.run(
            command, arguments: arguments, environment: environment, workingDirectory: directory, limits: limits,
            statusDescriptor: sandbox.launcher != nil)
        // Without a PID namespace, what the program started in sessions of its own is no longer its
        // descendant once it ends; the user it ran as is this run's alone, so every process of that user goes.
        sandbox.endEverything(ownedBy: uid)
        let standardError = String(decoding: result.standardError, as: UTF8.self)
        // A set-up failure stops the run before the program starts, so no reaper reports an end.
        if sandbox.usesNamespaces, result.reportedEnd == nil, result.termination == .exited(Sandbox.setUpFailure),
            let line = standardError.split(separator: "\n").first(where: { $0.hasPrefix(Sandbox.setUpMarker) })
        {
            throw LessonError(.system, String(line))
        }
        return sandbox.interpret(result, timeout: limits.timeout)
    }
}
