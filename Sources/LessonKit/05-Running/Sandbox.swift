import Foundation

/// Runs untrusted programs contained, with what this machine permits, found by trying (`SandboxProbe`). With
/// every mechanism (Linux, root with `CAP_SYS_ADMIN`, util-linux): a dedicated unprivileged user per parallel
/// run (`setpriv`), no network, its own PID namespace (so every process it starts ends with it), IPC
/// namespace (no shared memory with other runs) and mount namespace (instructor folders hidden), an empty
/// working folder it owns, and `prlimit` limits on address space, CPU time, processes, file size and core
/// dumps. Every program runs in a session of its own with only descriptors 0–2 (`Subprocess`); the wall
/// clock and the output cap are enforced by the runner while it reads. Whatever is refused here is said in
/// `protections`, with the reason, and grading goes on with the rest.
package struct Sandbox: Sendable {
    package var policy: SandboxPolicy
    package let probe: SandboxProbe
    let tools: SandboxProbe.Tools
    /// The layers that need no privilege (Landlock, seccomp, a reaper); nil without the launcher.
    package let launcher: ContainmentLauncher?

    init(policy: SandboxPolicy, probe: SandboxProbe, tools: SandboxProbe.Tools, launcher: ContainmentLauncher? = nil) {
        self.policy = policy
        self.probe = probe
        self.tools = tools
        self.launcher = launcher
    }

    /// Probes this machine once per process: every grading run of a process sees the same machine.
    /// `launcher` is the `lesson` executable that holds `__contain` (the caller knows where it is).
    package static func detect(policy: SandboxPolicy, launcher: String? = nil) -> Sandbox {
        let tools = SandboxProbe.Tools.find()
        let probe = ProbeCache.shared.probe { SandboxProbe.run(tools: tools, policy: policy) }
        var layers = launcher.flatMap { path in ProbeCache.shared.launcher { ContainmentLauncher.probe(path: path) } }
        if let path = layers?.path {
            layers?.path = ContainmentLauncher.executableByAnyone(path, copyInto: probe.scratch)
        }
        return Sandbox(policy: policy, probe: probe, tools: tools, launcher: layers)
    }

    var usesNamespaces: Bool { probe.namespaces.isAvailable && tools.unshare != nil }
    var usesSeparateUser: Bool { probe.separateUser.isAvailable && tools.setpriv != nil }
    var usesLimits: Bool { probe.resourceLimits.isAvailable && tools.prlimit != nil }
    /// Where this sandbox makes its run folders.
    var base: String { probe.scratch }

    /// Kills every process of `uid`, the user a run had to itself, as that user (`kill -KILL -1`), where no
    /// PID namespace did it already.
    func endEverything(ownedBy uid: Int) {
        guard usesSeparateUser, !usesNamespaces, let setpriv = tools.setpriv else { return }
        _ = try? Subprocess.run(
            setpriv,
            arguments: ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--", "/bin/kill", "-KILL", "-1"],
            environment: ["PATH": "/usr/bin:/bin"], limits: ProcessLimits(timeout: 10, outputLimit: 64 << 10))
    }

    /// How far above the runs' UIDs the builders' are.
    static let builderOffset = 10_000

    /// RLIMIT_NPROC counts every process of the user: for a program that shares the grader's user, the
    /// limit leaves room for the grader's own processes and threads.
    var processLimit: Int { usesSeparateUser ? policy.processLimit : policy.processLimit + 512 }

    func cpuSeconds(_ timeout: Double) -> Int { policy.cpuSeconds ?? max(1, Int(timeout.rounded(.up))) }

    /// The command that runs `program` contained, as `uid`. With namespaces, `directory` is only a mount
    /// point: the program runs from a size-limited file system of its own, under a private `/tmp`.
    func command(program: String, directory: String, uid: Int, timeout: Double) -> (String, [String]) {
        guard usesNamespaces, let unshare = tools.unshare else {
            // The launcher sets the run's user and limits itself; without it, `setpriv` and `prlimit` do.
            guard let launcher else {
                let command = userAndLimits(uid: uid, timeout: timeout) + [program]
                return (command[0], Array(command.dropFirst()))
            }
            let layers = launcher.prefix(
                readable: policy.readablePaths, writable: [directory, "/dev/null"], diesWithGrader: true,
                accounting: treeAccounting(timeout: timeout))
            return (
                layers[0],
                [layers[1]] + launcherUserAndLimits(uid: uid, timeout: timeout) + layers.dropFirst(2) + [program]
            )
        }
        let owner = usesSeparateUser ? uid : 0
        let steps = namespaceSteps(program: program, directory: directory, owner: owner)
        if let launcher {
            // The launcher makes the namespaces, their file system, the user and the limits itself, with
            // system calls; its reaper is the namespace's first process and waits for the program, so the
            // program's signals keep their usual meaning, and when it ends the kernel ends every process
            // left in the namespace.
            var own = ["--namespaces", "--ns-owner", String(owner)] + steps.flatMap(\.launcherArguments)
            own += ["--chdir", "/tmp/work"] + launcherUserAndLimits(uid: uid, timeout: timeout)
            let layers = launcher.prefix(
                readable: policy.readablePaths, writable: ["/tmp", "/var/tmp", "/dev/shm", "/dev/null"],
                diesWithGrader: true, accounting: treeAccounting(timeout: timeout))
            return (layers[0], [layers[1]] + own + layers.dropFirst(2) + ["./" + ScenarioRunner.programName])
        }
        // Without the launcher, a shell stays PID 1 of the namespace and waits for the program; when the
        // shell exits, the kernel ends every process left in the namespace.
        let script: String =
            steps.map(\.shellLine).joined() + Self.setUp("cd /tmp/work")
            + (userAndLimits(uid: uid, timeout: timeout) + ["./" + ScenarioRunner.programName]).map(Self.quoted).joined(
                separator: " ")
            + "\nexit $?\n"
        var command = [
            unshare, "--mount", "--net", "--pid", "--ipc", "--fork", "--kill-child", "--mount-proc", "--", "/bin/sh",
            "-c", script,
        ]
        // If the grader dies (a batch budget runs out), the namespace goes with it.
        if let setpriv = tools.setpriv { command = [setpriv, "--pdeathsig=KILL", "--"] + command }
        return (command[0], Array(command.dropFirst()))
    }

    /// The reaper's accounting of the program's whole tree: the memory and CPU limits hold for all its
    /// processes together (per-process limits let 30 processes take 30 times the memory), and a share of
    /// the cores, where one is set, holds however many processes it starts, in however many sessions.
    func treeAccounting(timeout: Double) -> [String] {
        var arguments = ["--tree-memory", String(policy.memoryLimit), "--tree-cpu", String(cpuSeconds(timeout))]
        if let share = policy.cpuShare { arguments += ["--cpu-share", String(max(1, Int((share * 100).rounded())))] }
        return arguments
    }

    /// The launcher's own options for the run's user and limits, where this machine permits them.
    private func launcherUserAndLimits(uid: Int, timeout: Double) -> [String] {
        var arguments: [String] = []
        if usesSeparateUser { arguments += ["--uid", String(uid)] }
        if usesLimits {
            arguments += [
                "--as", String(policy.memoryLimit), "--cpu", String(cpuSeconds(timeout)), "--nproc",
                String(processLimit), "--fsize", String(policy.fileSizeLimit), "--core", "0", "--nofile",
                String(policy.openFileLimit),
            ]
        }
        return arguments
    }

    /// `setpriv` to the run's own user and `prlimit` limits, where this machine permits them.
    private func userAndLimits(uid: Int, timeout: Double) -> [String] {
        var inner: [String] = []
        if usesSeparateUser, let setpriv = tools.setpriv {
            inner += [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--no-new-privs", "--"]
        }
        if usesLimits, let prlimit = tools.prlimit {
            let cpu = cpuSeconds(timeout)
            inner += [
                prlimit, "--as=\(policy.memoryLimit)", "--cpu=\(cpu):\(cpu + 1)", "--nproc=\(processLimit)",
                "--fsize=\(policy.fileSizeLimit)", "--core=0", "--nofile=\(policy.openFileLimit)", "--",
            ]
        }
        return inner
    }

    /// The steps that build the namespace's file system.
    private func namespaceSteps(program: String, directory: String, owner: Int) -> [NamespaceStep] {
        // The run folder becomes the private, empty /tmp, and its `work` folder the working folder: a file
        // system of its own, so what the program writes is bounded and vanishes. Both are built where the
        // grader made the run folder, and moved over /tmp last, as the program may be below /tmp.
        var steps: [NamespaceStep] = [
            .tmpfs("lesson-scratch", options: "size=16m,mode=1777", at: directory),
            .makeFolder(directory + "/work"),
            .tmpfs(
                "lesson-work", options: "size=\(Self.workSize),mode=700,uid=\(owner),gid=\(owner)",
                at: directory + "/work"),
            .copy(program, to: directory + "/work/" + ScenarioRunner.programName, owner: owner),
        ]
        let plan = hidingPlan
        for folder in plan.folders where needsCover(folder) {
            steps.append(.tmpfs("lesson-hidden", options: "size=4k,mode=000", at: folder))
        }
        for file in plan.files where needsCover(file) { steps.append(.bind("/dev/null", over: file)) }
        if !usesLandlock {
            for file in ContainmentLauncher.machineCounters where FileManager.default.fileExists(atPath: file) {
                steps.append(.bind("/dev/null", over: file))
            }
            if FileManager.default.fileExists(atPath: "/proc/pressure") {
                steps.append(.tmpfs("lesson-hidden", options: "size=4k,mode=555", at: "/proc/pressure"))
            }
        }
        // Private, empty /tmp, /var/tmp and /dev/shm, and an empty /run: no file written there outlives the
        // run, and no host socket under /run can be reached.
        steps.append(.move(directory, to: "/tmp"))
        for folder in ["/var/tmp", "/dev/shm"] where FileManager.default.fileExists(atPath: folder) {
            steps.append(.tmpfs("lesson-scratch", options: "size=16m,mode=1777", at: folder))
        }
        steps.append(.tmpfs("lesson-run", options: "size=1m,mode=755", at: "/run"))
        return steps
    }

    /// Whether an instructor path must be covered by a mount. Not below a folder every run gets a private
    /// copy of; and not where Landlock already keeps it out of reach (outside every folder it lets the
    /// program read), since a mount names its path in `/proc/mounts`, which the program can read.
    func needsCover(_ path: String) -> Bool {
        if Self.privateRoots.contains(where: { Self.contains($0, path) }) { return false }
        guard usesLandlock else { return true }
        return (ContainmentLauncher.systemReadable + policy.readablePaths).contains { Self.contains($0, path) }
    }

    /// Folders every contained run gets a private copy of; what is below them needs no hiding.
    static let privateRoots = ["/tmp", "/run", "/var/tmp", "/dev/shm"]

    /// The size of the working folder's file system.
    static let workSize = 64 << 20

    /// What the mount namespace covers: the outermost existing folders that do not hold the sandbox, the
    /// files outside them, and the folders that cannot be covered.
    var hidingPlan: (folders: [String], files: [String], impossible: [String]) {
        let existing = policy.hiddenFolders.filter { FileManager.default.fileExists(atPath: $0) }
        let impossible = existing.filter { folder in
            Self.contains(folder, base) && !Self.privateRoots.contains { Self.contains($0, folder) }
        }
        let folders = Self.outermost(existing.filter { !Self.contains($0, base) || usesPrivateRoot($0) })
        let files = Array(Set(policy.hiddenFiles)).sorted().filter { file in
            FileManager.default.fileExists(atPath: file) && !folders.contains { Self.contains($0, file) }
        }
        return (folders, files, impossible)
    }

    /// Whether `folder` is below a folder every run gets a private copy of (with namespaces only).
    private func usesPrivateRoot(_ folder: String) -> Bool {
        usesNamespaces && Self.privateRoots.contains { Self.contains($0, folder) }
    }

    /// Reads the limits into how the program ended: the shell reports a killed program as 128 + signal.
    func interpret(_ result: ProcessResult, timeout: Double) -> ProcessResult {
        var result = result
        // The reaper's report is the program's real end; without it (no launcher), the namespace's shell
        // reports a signal N as 128 + N, which a program could also choose as its exit status.
        switch (result.termination, result.reportedEnd) {
        case (.exited, let reported?), (.signaled, let reported?): result.termination = reported
        default: break
        }
        var signal: Int32?
        switch result.termination {
        case .signaled(let number): signal = number
        case .exited(let status) where usesNamespaces && result.reportedEnd == nil && status > 128 && status < 160:
            signal = status - 128
        default: break
        }
        guard let signal else { return result }
        let standardError = String(decoding: result.standardError, as: UTF8.self)
        let memoryWords = [
            "failed to allocate", "Could not allocate", "Cannot allocate memory", "out of memory", "bad_alloc",
        ]
        if memoryWords.contains(where: standardError.contains) {
            result.termination = .stopped(.memory(bytes: policy.memoryLimit))
        } else if signal == SIGXCPU
            || (signal == SIGKILL && usesLimits && result.seconds >= Double(cpuSeconds(timeout)))
        {
            // The kernel sends SIGXCPU at the soft CPU limit and SIGKILL at the hard one, which a program
            // cannot reach before as much wall time has passed.
            result.termination = .stopped(.cpuTime(seconds: cpuSeconds(timeout)))
        } else if signal == SIGXFSZ {
            result.termination = .stopped(.fileSize(bytes: policy.fileSizeLimit))
        } else {
            result.termination = .signaled(signal)
        }
        return result
    }

    /// The exit status and stderr prefix of a sandbox that could not be set up: a grader error, not the
    /// student's.
    static let setUpFailure: Int32 = 125
    static let setUpMarker = "lesson sandbox: "

    static func setUp(_ command: String) -> String {
        "\(command) || { echo \(quoted(setUpMarker + "cannot run: " + command)) >&2; exit \(setUpFailure); }\n"
    }

    /// Whether `inner` is `folder` or below it.
    static func contains(_ folder: String, _ inner: String) -> Bool {
        inner == folder || inner.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The folders not inside another of them: once a folder is covered, what is below it is gone too.
    static func outermost(_ folders: [String]) -> [String] {
        folders.filter { folder in !folders.contains { $0 != folder && contains($0, folder) } }
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
