import Foundation

/// The limits a contained program runs under.
public struct SandboxPolicy: Hashable, Sendable {
    /// Address space: enough for a Foundation program to load (it needs about 200 MiB).
    public var memoryLimit = 512 << 20
    /// Processes and threads of the sandbox user.
    public var processLimit = 64
    /// The largest file the program may write.
    public var fileSizeLimit = 16 << 20
    /// CPU seconds; nil takes the wall-clock limit.
    public var cpuSeconds: Int?
    /// Folders the program must not see (the lesson, the hidden tests, the cache, other submissions): a
    /// private mount namespace covers each with an empty, unreadable file system.
    public var hiddenFolders: [String] = []
    /// Files the program must not read (the lesson, the hidden tests), hidden one by one as well, for when
    /// their folder cannot be (it holds the sandbox itself, as `/` does).
    public var hiddenFiles: [String] = []
    /// The first of the user IDs the programs run as; each parallel run takes its own.
    public var firstUID = 61_000
    /// How many UIDs (parallel runs) the pool holds.
    public var uidCount = 64

    public init() {}
}

/// Runs untrusted programs contained, with what this machine offers. On Linux as root with util-linux:
/// a dedicated unprivileged user per parallel run (`setpriv`), no network, its own PID namespace (so every
/// process it starts, `setsid` included, ends with it) and mount namespace (instructor folders hidden), an
/// empty working folder it owns, and `prlimit` limits on address space, CPU time, processes, file size and
/// core dumps. The wall clock and the output cap are enforced by the runner while it reads. Whatever is
/// missing is said in `protections`, and grading goes on with the rest.
public struct Sandbox: Sendable {
    public var policy: SandboxPolicy
    let isRoot: Bool
    let unshare: String?
    let setpriv: String?
    let prlimit: String?

    /// Where the working folders of contained runs live: a folder only root may list, outside `/tmp`, which
    /// each contained run gets a private, empty copy of.
    static let base = FileManager.default.fileExists(atPath: "/run") ? "/run/lesson-sandbox" : "/tmp/lesson-sandbox"

    public static func detect(policy: SandboxPolicy) -> Sandbox {
        #if os(Linux)
            func tool(_ name: String) -> String? {
                ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first {
                    FileManager.default.isExecutableFile(atPath: $0)
                }
            }
            return Sandbox(
                policy: policy, isRoot: geteuid() == 0, unshare: tool("unshare"), setpriv: tool("setpriv"),
                prlimit: tool("prlimit"))
        #else
            return Sandbox(policy: policy, isRoot: false, unshare: nil, setpriv: nil, prlimit: nil)
        #endif
    }

    var usesNamespaces: Bool { isRoot && unshare != nil }
    var usesSeparateUser: Bool { isRoot && setpriv != nil }

    /// What is in force, for the result and the README's promise.
    public func protections(timeout: Double, outputLimit: Int) -> [String] {
        var list = ["wall-clock limit \(Seconds.describe(timeout)) s", "output cap \(ByteCount.describe(outputLimit))"]
        if usesSeparateUser {
            list.append("an unprivileged user of its own (uid \(policy.firstUID)+)")
        } else {
            list.append("NOT a separate user (the grader is not root or has no setpriv)")
        }
        if usesNamespaces {
            list.append("no network")
            list.append("its own PID namespace: everything it starts ends with it")
            let plan = hidingPlan
            list.append(
                "a private mount namespace hiding \(plan.folders.count) instructor folder(s) and \(plan.files.count) file(s)"
            )
            if !plan.impossible.isEmpty {
                list.append("could NOT hide \(plan.impossible.joined(separator: ", ")) (it holds the sandbox)")
            }
            list.append("private, empty /tmp, /var/tmp, /dev/shm and /run (no host socket reachable)")
        } else {
            list.append(
                "NO network, PID or mount namespace (needs root and unshare): processes it starts are killed by process group only"
            )
        }
        if prlimit != nil {
            list.append(
                "limits: memory \(ByteCount.describe(policy.memoryLimit)), CPU \(cpuSeconds(timeout)) s, "
                    + "\(policy.processLimit) processes, file size \(ByteCount.describe(policy.fileSizeLimit)), no core dumps"
            )
        } else {
            list.append("NO resource limits (needs prlimit)")
        }
        list.append(
            usesNamespaces
                ? "an empty working folder of its own, at most \(ByteCount.describe(Self.workSize))"
                : "an empty working folder of its own")
        return list
    }

    func cpuSeconds(_ timeout: Double) -> Int { policy.cpuSeconds ?? max(1, Int(timeout.rounded(.up))) }

    /// The command that runs `program` contained, as `uid`. With namespaces, `directory` is only a mount
    /// point: the program runs from a size-limited file system of its own, under a private `/tmp`.
    func command(program: String, directory: String, uid: Int, timeout: Double) -> (String, [String]) {
        var inner: [String] = []
        if usesSeparateUser, let setpriv {
            inner += [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--no-new-privs", "--"]
        }
        if let prlimit {
            let cpu = cpuSeconds(timeout)
            inner += [
                prlimit, "--as=\(policy.memoryLimit)", "--cpu=\(cpu):\(cpu + 1)", "--nproc=\(policy.processLimit)",
                "--fsize=\(policy.fileSizeLimit)", "--core=0", "--",
            ]
        }
        guard usesNamespaces, let unshare else {
            return ((inner + [program])[0], Array((inner + [program]).dropFirst()))
        }
        let work = Self.quoted(directory)
        let owner = usesSeparateUser ? "\(uid)" : "0"
        var script = ""
        // The working folder: a file system of its own, so what the program writes is bounded and vanishes.
        script += Self.setUp(
            "mount -t tmpfs -o size=\(Self.workSize),mode=700,uid=\(owner),gid=\(owner) lesson-work \(work)")
        script += Self.setUp("cp \(Self.quoted(program)) \(work)/program")
        script += Self.setUp("chown \(owner):\(owner) \(work)/program")
        let plan = hidingPlan
        for folder in plan.folders where !Self.privateRoots.contains(where: { Self.contains($0, folder) }) {
            script += Self.setUp("mount -t tmpfs -o size=4k,mode=000 lesson-hidden \(Self.quoted(folder))")
        }
        for file in plan.files where !Self.privateRoots.contains(where: { Self.contains($0, file) }) {
            script += Self.setUp("mount --bind /dev/null \(Self.quoted(file))")
        }
        // Private, empty /tmp (holding the working folder), /var/tmp and /dev/shm, and an empty /run: no
        // file written there outlives the run, and no host socket under /run can be reached.
        script += Self.setUp("mount -t tmpfs -o size=16m,mode=1777 lesson-scratch /tmp")
        script += Self.setUp("mkdir /tmp/work")
        script += Self.setUp("mount --move \(work) /tmp/work")
        for folder in ["/var/tmp", "/dev/shm"] where FileManager.default.fileExists(atPath: folder) {
            script += Self.setUp("mount -t tmpfs -o size=16m,mode=1777 lesson-scratch \(folder)")
        }
        script += Self.setUp("mount -t tmpfs -o size=1m,mode=755 lesson-run /run")
        script += Self.setUp("cd /tmp/work")
        // A shell stays PID 1 of the namespace and waits for the program, so the program's signals keep
        // their usual meaning; when the shell exits, the kernel ends every process left in the namespace.
        script += (inner + ["./program"]).map(Self.quoted).joined(separator: " ") + "\nexit $?\n"
        var command = [
            unshare, "--mount", "--net", "--pid", "--fork", "--kill-child", "--mount-proc", "--", "/bin/sh", "-c",
            script,
        ]
        // If the grader dies (a batch budget runs out), the namespace goes with it.
        if let setpriv { command = [setpriv, "--pdeathsig=KILL", "--"] + command }
        return (command[0], Array(command.dropFirst()))
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
            Self.contains(folder, Self.base) && !Self.privateRoots.contains { Self.contains($0, folder) }
        }
        let folders = Self.outermost(existing.filter { !Self.contains($0, Self.base) || usesPrivateRoot($0) })
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
        var signal: Int32?
        switch result.termination {
        case .signaled(let number): signal = number
        case .exited(let status) where usesNamespaces && status > 128 && status < 160: signal = status - 128
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
            || (signal == SIGKILL && prlimit != nil && result.seconds >= Double(cpuSeconds(timeout)))
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

    private static func setUp(_ command: String) -> String {
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

/// Hands each parallel run a user ID no other run holds at the same time.
final class UIDPool: @unchecked Sendable {
    private let lock = NSCondition()
    private var free: [Int]

    init(first: Int, count: Int) { free = Array((first..<(first + count)).reversed()) }

    func acquire() -> Int {
        lock.lock()
        defer { lock.unlock() }
        while free.isEmpty { lock.wait() }
        return free.removeLast()
    }

    func release(_ uid: Int) {
        lock.lock()
        free.append(uid)
        lock.signal()
        lock.unlock()
    }
}
