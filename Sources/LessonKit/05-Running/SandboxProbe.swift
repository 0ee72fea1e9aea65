import Foundation

/// Whether a containment mechanism works here, and if not, why.
package enum Availability: Hashable, Sendable {
    case available
    case unavailable(reason: String)

    package var isAvailable: Bool { self == .available }

    /// The reason, for a protection that is not in force.
    package var reason: String? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }
}

/// What this machine lets the grader use, found by trying each mechanism once rather than assuming it from
/// the user ID: a container without `CAP_SYS_ADMIN` is root yet refuses every namespace, a non-root user
/// cannot switch users, a read-only root has no writable `/run`.
package struct SandboxProbe: Hashable, Sendable {
    /// Network, PID, IPC and mount namespaces, with a tmpfs mounted inside (all are needed together).
    package var namespaces: Availability
    /// Running the program as another user (`setpriv --reuid`).
    package var separateUser: Availability
    /// Resource limits (`prlimit`).
    package var resourceLimits: Availability
    /// The folder that holds the working folders of contained runs.
    package var scratch: String

    package init(namespaces: Availability, separateUser: Availability, resourceLimits: Availability, scratch: String) {
        self.namespaces = namespaces
        self.separateUser = separateUser
        self.resourceLimits = resourceLimits
        self.scratch = scratch
    }

    /// The tools the sandbox drives: util-linux's `unshare`, `setpriv` and `prlimit`.
    struct Tools: Hashable, Sendable {
        var unshare: String?
        var setpriv: String?
        var prlimit: String?

        static func find() -> Tools {
            func tool(_ name: String) -> String? {
                ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first {
                    FileManager.default.isExecutableFile(atPath: $0)
                }
            }
            return Tools(unshare: tool("unshare"), setpriv: tool("setpriv"), prlimit: tool("prlimit"))
        }
    }

    /// Tries every mechanism with a harmless command (`true`), as the sandbox would use it.
    static func run(tools: Tools, policy: SandboxPolicy) -> SandboxProbe {
        #if os(Linux)
            let namespaces = attempt(
                tools.unshare, "unshare",
                [
                    "--mount", "--net", "--pid", "--ipc", "--fork", "--kill-child", "--mount-proc", "--", "/bin/sh",
                    "-c",
                    "mount -t tmpfs -o size=4k lesson-probe /tmp",
                ])
            let separateUser =
                geteuid() != 0
                ? .unavailable(reason: "the grader is not root")
                : attempt(
                    tools.setpriv, "setpriv",
                    ["--reuid=\(policy.firstUID)", "--regid=\(policy.firstUID)", "--clear-groups", "--", "/bin/true"])
            let resourceLimits = attempt(
                tools.prlimit, "prlimit", ["--as=\(policy.memoryLimit)", "--core=0", "--", "/bin/true"])
            return SandboxProbe(
                namespaces: namespaces, separateUser: separateUser, resourceLimits: resourceLimits,
                scratch: ScratchFolder.choose())
        #else
            let missing = Availability.unavailable(reason: "Linux only")
            return SandboxProbe(
                namespaces: missing, separateUser: missing, resourceLimits: missing, scratch: ScratchFolder.choose())
        #endif
    }

    /// Runs `tool arguments`; available when it exits 0, otherwise its own first line of complaint.
    private static func attempt(_ tool: String?, _ name: String, _ arguments: [String]) -> Availability {
        guard let tool else { return .unavailable(reason: "\(name) is not installed") }
        guard
            let result = try? Subprocess.run(
                tool, arguments: arguments, environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"],
                limits: ProcessLimits(timeout: 10, outputLimit: 64 << 10))
        else { return .unavailable(reason: "\(name) cannot be started") }
        if result.termination == .exited(0) { return .available }
        return .unavailable(reason: complaint(String(decoding: result.standardError, as: UTF8.self), tool: name))
    }

    /// `unshare: unshare failed: Operation not permitted` → `unshare: Operation not permitted`.
    static func complaint(_ standardError: String, tool: String) -> String {
        guard let line = standardError.split(separator: "\n").first.map(String.init), !line.isEmpty else {
            return "\(tool) failed"
        }
        let parts = line.components(separatedBy: ": ")
        guard parts.count >= 2 else { return "\(tool): \(line)" }
        return "\(tool): \(parts[parts.count - 1])"
    }
}
