import Foundation

/// The containment launcher, `lesson __contain` (the C target `CContainment`): the layers that need no
/// privilege at all, applied to the program's own process before it starts. Landlock keeps the file system
/// (and, from ABI 4, TCP; from ABI 6, abstract Unix sockets and signals) out of reach; a seccomp filter
/// refuses network sockets, `ptrace`, `TIOCSTI`, mounts, namespaces, keys and System V IPC; a reaper
/// process ends everything the program started when it ends.
package struct ContainmentLauncher: Hashable, Sendable {
    /// The `lesson` executable that holds the launcher.
    package var path: String
    /// The Landlock ABI the kernel offers, or why there is none.
    package var landlock: Availability
    package var landlockABI: Int
    package var seccomp: Availability

    /// What the system and the toolchain give every program to read: libraries, configuration, devices.
    /// The course's folders are never below these on the machines the grader runs on. Of `/proc`, only the
    /// program's own entries, the CPUs and the kernel's settings: the machine-wide counters (the load and
    /// task count, CPU and memory use, the list of processes) would let a program see others that run
    /// beside it.
    static let systemReadable = [
        "/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/etc", "/proc/self", "/proc/thread-self",
        "/proc/cpuinfo", "/proc/sys", "/dev/urandom", "/dev/random", "/dev/zero",
    ]

    /// The machine-wide counters of `/proc` that a mount covers where Landlock does not keep them out of
    /// reach (a PID namespace already hides the other processes).
    static let machineCounters = [
        "/proc/loadavg", "/proc/stat", "/proc/vmstat", "/proc/meminfo", "/proc/schedstat", "/proc/diskstats",
        "/proc/interrupts", "/proc/softirqs",
    ]

    /// Asks the launcher what this kernel offers; nil when it cannot run here.
    static func probe(path: String) -> ContainmentLauncher? {
        guard FileManager.default.isExecutableFile(atPath: path),
            let result = try? Subprocess.run(
                path, arguments: ["__contain", "--probe"], environment: ["PATH": "/usr/bin:/bin"],
                limits: ProcessLimits(timeout: 10, outputLimit: 64 << 10)),
            result.termination == .exited(0)
        else { return nil }
        var launcher = ContainmentLauncher(
            path: path, landlock: .unavailable(reason: "not probed"), landlockABI: 0,
            seccomp: .unavailable(reason: "not probed"))
        for line in String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n") {
            let text = String(line)
            if text.hasPrefix("landlock: abi "), let abi = Int(text.dropFirst("landlock: abi ".count)) {
                (launcher.landlock, launcher.landlockABI) = (.available, abi)
            } else if text.hasPrefix("landlock: unavailable") {
                launcher.landlock = .unavailable(reason: Self.reason(text))
            } else if text == "seccomp: available" {
                launcher.seccomp = .available
            } else if text.hasPrefix("seccomp: unavailable") {
                launcher.seccomp = .unavailable(reason: Self.reason(text))
            }
        }
        return launcher
    }

    /// A path of the launcher that a sandbox user can execute: `path` itself when every folder above it lets
    /// others through and the file lets others run it; otherwise a copy in `folder` (the sandbox's scratch
    /// folder, which others may pass through), made once for that binary. Without namespaces the program's
    /// own user starts the launcher: a `lesson` in a folder of mode 0750 would end every run with status 126.
    static func executableByAnyone(_ path: String, copyInto folder: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        var ancestors: [String] = []
        var current = Paths.parent(path)
        while !current.isEmpty, current != "/" {
            ancestors.append(current)
            current = Paths.parent(current)
        }
        let reachable = ancestors.allSatisfy { ancestor in
            var folderInfo = stat()
            return stat(ancestor, &folderInfo) == 0 && folderInfo.st_mode & S_IXOTH != 0
        }
        if reachable, info.st_mode & S_IXOTH != 0 { return path }
        let copy = folder + "/lesson-contain-\(info.st_size)-\(info.st_mtim.tv_sec)"
        var copied = stat()
        if stat(copy, &copied) == 0, copied.st_size == info.st_size, copied.st_mode & 0o777 == 0o755 { return copy }
        guard let data = FileManager.default.contents(atPath: path),
            (try? AtomicFile.write(data, to: copy)) != nil, chmod(copy, 0o755) == 0
        else { return path }
        return copy
    }

    /// `landlock: unavailable (the kernel has no Landlock)` → `the kernel has no Landlock`.
    private static func reason(_ line: String) -> String {
        guard let open = line.firstIndex(of: "("), line.hasSuffix(")") else { return line }
        return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
    }

    /// The launcher's command line before the program: a reaper, Landlock with `readable` and `writable`,
    /// and the seccomp filter, each where this kernel offers it. With `diesWithGrader`, the reaper ends the
    /// program's whole tree when the grader dies (where no PID namespace does it: the launcher's parent is
    /// then the grader's own thread).
    /// `accounting` bounds the whole tree (`Sandbox.treeAccounting`).
    func prefix(
        readable: [String], writable: [String], diesWithGrader: Bool = false, accounting: [String] = []
    ) -> [String] {
        // The reaper reports the program's real end on descriptor 3, which the program never holds.
        var arguments =
            [path, "__contain", "--reap", "--status-fd", "3"] + (diesWithGrader ? ["--pdeathsig"] : []) + accounting
        if landlock.isAvailable {
            arguments.append("--landlock")
            for folder in Self.systemReadable + readable { arguments += ["--read", folder] }
            for folder in writable { arguments += ["--write", folder] }
        }
        if seccomp.isAvailable { arguments.append("--seccomp") }
        return arguments + ["--"]
    }
}
