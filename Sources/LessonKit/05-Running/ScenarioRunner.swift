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

    /// The name of every built program, as the reader's `swiftc` of a module named `main` names it: what a
    /// scenario's `CommandLine.arguments[0]` ends with, merged or alone, contained or not.
    package static let programName = "main"

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
        return try WorkDirectory.using(prefix: "lesson-run", base: runFolders) { directory in
            var environment = Self.environment(home: directory.path).merging(extra) { $1 }
            if let scenario { environment["LESSON_SCENARIO"] = String(scenario) }
            return try Subprocess.run(
                executable, arguments: [], environment: environment, workingDirectory: directory.path, limits: limits)
        }
    }

    /// Where an uncontained run gets its folder, batched or alone (the same place, so a scenario finds the
    /// same file system either way): the memory file system, where there is one that lets programs run
    /// from it (not `noexec`: a scenario may write a script into its `TMPDIR` and run it) and has room four
    /// times over for what a batch of `batchRoom` runs may write to its output files (`folderBase`); the
    /// temporary directory otherwise (a small memory file system, such as Docker's 64 MB, is not filled:
    /// a write that failed there would cut an output short). Creating a folder and two files, and removing
    /// them, cost a run of a batch about 1.5 ms more on a disk file system, as much as the rest of the run
    /// (25 runs of the `reprints` course: 65–80 ms against 30–40 ms).
    var runFolders: String? {
        let (perRun, overflow) = (limits.outputLimit + 1).multipliedReportingOverflow(by: 2 * Self.batchRoom)
        return overflow ? nil : Self.folderBase(room: perRun)
    }

    /// `ST_NOEXEC` of Linux's `<sys/statvfs.h>` (an enum there, which Swift does not import).
    private static let mountedNoExec: UInt = 8

    /// The runs of a batch `runFolders` makes room for; a larger batch is no harm below a fourth of the room.
    static let batchRoom = 64

    /// The memory file system when it is not mounted `noexec` and has `room` bytes free four times over.
    static func folderBase(room: Int) -> String? {
        guard let base = WorkDirectory.memoryBase else { return nil }
        var info = statvfs()
        guard statvfs(base, &info) == 0, info.f_flag & Self.mountedNoExec == 0 else { return nil }
        let (free, overflow) = Int(info.f_bavail).multipliedReportingOverflow(by: Int(info.f_frsize))
        return overflow || free / 4 >= room ? base : nil
    }

    /// Whether `runBatch` may run scenarios: not contained (each run of a sandbox has a user and a folder of
    /// its own) and not under a grading budget.
    package var runsBatches: Bool { sandbox == nil && limits.deadline == nil }

    /// Runs the scenarios `selections` of a merged program in one process, which forks a child for each
    /// before any scenario code runs (`NativeSupport`'s batch runner): one program start and one
    /// dynamic load for the batch instead of one per scenario. Each child runs as the program would alone,
    /// in an empty folder that is its HOME and TMPDIR, with the same environment and limits. Returns the
    /// runs that exited with status 0, or were stopped at the time limit, within the output cap; any other (a
    /// trap, another status, the output limit), and every run when the batch itself failed, is left to
    /// `run`, which gives its report.
    package func runBatch(_ executable: String, selections: [Int]) -> [Int: ProcessResult] {
        guard runsBatches, selections.count > 1 else { return [:] }
        let results = try? WorkDirectory.using(prefix: "lesson-batch", base: runFolders) {
            directory -> [Int: ProcessResult] in
            var environment = Self.environment(home: directory.path)
            environment["LESSON_BATCH"] = directory.path
            environment["LESSON_BATCH_SCENARIOS"] = selections.map(String.init).joined(separator: ",")
            environment["LESSON_BATCH_TIMEOUT"] = String(limits.timeout)
            environment["LESSON_BATCH_OUTPUT_LIMIT"] = String(limits.outputLimit)
            var whole = limits
            whole.timeout = limits.timeout * Double(selections.count) + 1
            let batch = try Subprocess.run(
                executable, arguments: [], environment: environment, workingDirectory: directory.path, limits: whole)
            guard batch.termination == .exited(0),
                let status = FileManager.default.contents(atPath: directory.path + "/status")
            else { return [:] }
            // 0: it exited with status 0; -1: it was killed at the time limit, which a run alone would only
            // wait for again.
            let ends: [Substring: Termination] = ["0": .exited(0), "-1": .timedOut]
            var results: [Int: ProcessResult] = [:]
            let selected = Set(selections)
            for line in String(decoding: status, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 3, let selection = Int(fields[0]), let termination = ends[fields[1]],
                    let seconds = Double(fields[2]), selected.contains(selection),
                    let output = FileManager.default.contents(atPath: "\(directory.path)/\(selection).out"),
                    let errors = FileManager.default.contents(atPath: "\(directory.path)/\(selection).err"),
                    output.count + errors.count <= limits.outputLimit
                else { continue }
                results[selection] = ProcessResult(
                    termination: termination, standardOutput: [UInt8](output), standardError: [UInt8](errors),
                    seconds: seconds)
            }
            return results
        }
        return results ?? [:]
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
            program = directory + "/" + ScenarioRunner.programName
            try FileManager.default.copyItem(atPath: executable, toPath: program)
            if sandbox.usesSeparateUser {
                // Without CAP_CHOWN the program could not write its folder, and every run would fail as if
                // the student's code had: the grader's failure is said as such.
                guard chown(directory, uid_t(uid), gid_t(uid)) == 0, chown(program, uid_t(uid), gid_t(uid)) == 0 else {
                    throw LessonError(
                        .system,
                        "cannot give the run's folder to the sandbox user \(uid): \(String(cString: strerror(errno))) "
                            + "(the grader needs CAP_CHOWN)")
                }
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
