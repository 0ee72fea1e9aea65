import Foundation

/// One protection of a contained run: what it is, whether it was in force, and what it did or why not.
package struct Protection: Hashable, Sendable {
    package var name: String
    package var inForce: Bool
    package var detail: String

    /// `network: isolated (its own network namespace)`, `network: not isolated (unshare: Operation not
    /// permitted)`.
    package var line: String { "\(name): \(detail)" }
}

extension Sandbox {
    /// What is in force for a run here, each protection with what it does or why it is not in force.
    package func protectionTable(timeout: Double, outputLimit: Int) -> [Protection] {
        var table = [
            Protection(name: "time", inForce: true, detail: "wall-clock limit \(Seconds.describe(timeout)) s"),
            Protection(name: "output", inForce: true, detail: "cap \(ByteCount.describe(outputLimit))"),
            Protection(name: "session", inForce: true, detail: "its own, no terminal, only descriptors 0-2"),
        ]
        table.append(
            usesSeparateUser
                ? Protection(name: "user", inForce: true, detail: "unprivileged, its own (uid \(policy.firstUID)+)")
                : Protection(
                    name: "user", inForce: false,
                    detail: "the grader's own (\(probe.separateUser.reason ?? "no setpriv"))"))
        table += namespaceProtections()
        table += launcherProtections()
        if usesLimits {
            table.append(
                Protection(
                    name: "limits", inForce: true,
                    detail: "memory \(ByteCount.describe(policy.memoryLimit)), CPU \(cpuSeconds(timeout)) s, "
                        + "\(processLimit) processes, file size \(ByteCount.describe(policy.fileSizeLimit)), "
                        + "no core dumps"))
        } else {
            table.append(
                Protection(
                    name: "limits", inForce: false, detail: "none (\(probe.resourceLimits.reason ?? "no prlimit"))"))
        }
        table.append(treeProtection(timeout: timeout))
        table.append(
            usesSeparateUser && launcher != nil
                ? Protection(
                    name: "compiler", inForce: true,
                    detail: "builds as an unprivileged user of its own (uid \(policy.firstUID + Self.builderOffset))")
                : Protection(
                    name: "compiler", inForce: false,
                    detail: "builds as the grader's user ("
                        + (launcher == nil ? "the containment launcher was not given" : "no other user here") + ")"))
        table.append(
            Protection(
                name: "working folder", inForce: true,
                detail: usesNamespaces
                    ? "empty, its own, at most \(ByteCount.describe(Self.workSize))" : "empty, its own, under \(base)"))
        return table
    }

    /// The limits that hold for the program's processes together, which the reaper measures every 10 ms:
    /// per-process limits let a program that forks take its limit once per process.
    private func treeProtection(timeout: Double) -> Protection {
        guard usesReaper else {
            return Protection(
                name: "whole tree", inForce: false,
                detail: "limits hold per process only (the containment launcher was not given)")
        }
        let share = policy.cpuShare.map { ", at most \(String(format: "%.2f", $0)) CPU cores at once" } ?? ""
        return Protection(
            name: "whole tree", inForce: true,
            detail: "memory \(ByteCount.describe(policy.memoryLimit)) and CPU \(cpuSeconds(timeout)) s for all its "
                + "processes together\(share) (measured every 10 ms by its reaper; no cgroup)")
    }

    /// What the namespaces give, or, where they are refused, what the launcher's layers give instead.
    private func namespaceProtections() -> [Protection] {
        guard usesNamespaces else {
            let reason = probe.namespaces.reason ?? "no unshare"
            return [
                network(without: reason),
                reaperHolds
                    ? Protection(
                        name: "processes", inForce: true,
                        detail: "a reaper ends everything it starts (no PID namespace: \(reason))")
                    : usesReaper
                        ? Protection(
                            name: "processes", inForce: false,
                            detail: "a reaper ends what it starts, but the program, as the grader's user, could end "
                                + "the reaper first (Landlock below ABI 6 does not scope signals; no PID namespace: \(reason))"
                        )
                        : Protection(
                            name: "processes", inForce: false,
                            detail: "ended by session and process group only, not by a PID namespace (\(reason))"),
                usesSeccomp && usesLandlock
                    ? Protection(
                        name: "shared memory", inForce: true,
                        detail:
                            "System V IPC refused by seccomp, /dev/shm out of reach by Landlock (no IPC namespace: \(reason))"
                    )
                    : Protection(name: "shared memory", inForce: false, detail: "not isolated (\(reason))"),
                usesLandlock
                    ? Protection(
                        name: "instructor files", inForce: true,
                        detail: "out of reach by Landlock (no mount namespace: \(reason))")
                    : Protection(name: "instructor files", inForce: false, detail: "not hidden (\(reason))"),
            ]
        }
        let plan = hidingPlan
        if policy.hiddenFolders.isEmpty && policy.hiddenFiles.isEmpty {
            return namespaced(
                hiding: Protection(
                    name: "instructor files", inForce: true,
                    detail: "hidden by a private mount namespace (the lesson's and the course's folders, when grading)")
            )
        }
        if usesLandlock {
            // Landlock keeps them out of reach; a mount covers only those inside the folders it lets be read.
            let covered = plan.folders.filter(needsCover).count + plan.files.filter(needsCover).count
            return namespaced(
                hiding: Protection(
                    name: "instructor files", inForce: true,
                    detail: "out of reach by Landlock, whatever their mode"
                        + (covered == 0 ? "" : "; \(Self.counted(covered, "path")) inside the system's folders covered")
                ))
        }
        var hidden = "hidden by a private mount namespace: \(Self.counted(plan.folders.count, "folder"))"
        if !plan.files.isEmpty { hidden += " and \(Self.counted(plan.files.count, "file"))" }
        if !plan.impossible.isEmpty {
            hidden += "; could NOT hide \(plan.impossible.joined(separator: ", ")) (it holds the sandbox)"
        }
        return namespaced(
            hiding: Protection(
                name: "instructor files", inForce: !plan.folders.isEmpty || !plan.files.isEmpty, detail: hidden))
    }

    /// The network without a namespace of its own: refused by seccomp, or TCP by Landlock, or open.
    private func network(without reason: String) -> Protection {
        if usesSeccomp {
            return Protection(
                name: "network", inForce: true,
                detail: "no IPv4, IPv6, netlink or packet socket (seccomp; no network namespace: \(reason))")
        }
        if usesLandlock, let launcher, launcher.landlockABI >= 4 {
            return Protection(
                name: "network", inForce: false,
                detail: "TCP refused by Landlock, UDP not (no seccomp, no network namespace: \(reason))")
        }
        return Protection(name: "network", inForce: false, detail: "not isolated (\(reason))")
    }

    /// The launcher's own layers, each with the reason it is missing.
    private func launcherProtections() -> [Protection] {
        guard let launcher else {
            let reason = "the containment launcher was not given"
            return [
                Protection(name: "landlock", inForce: false, detail: "not in force (\(reason))"),
                Protection(name: "seccomp", inForce: false, detail: "not in force (\(reason))"),
            ]
        }
        var table: [Protection] = []
        if let reason = launcher.landlock.reason {
            table.append(Protection(name: "landlock", inForce: false, detail: "not in force (\(reason))"))
        } else {
            var scope = "only the system's folders, the toolchain's libraries and its own folders"
            if launcher.landlockABI >= 4 { scope += "; no TCP bind or connect" }
            if launcher.landlockABI >= 6 { scope += "; abstract Unix sockets and signals kept inside" }
            table.append(Protection(name: "landlock", inForce: true, detail: "ABI \(launcher.landlockABI): \(scope)"))
        }
        if let reason = launcher.seccomp.reason {
            table.append(Protection(name: "seccomp", inForce: false, detail: "not in force (\(reason))"))
        } else {
            table.append(
                Protection(
                    name: "seccomp", inForce: true,
                    detail: "refuses network sockets, ptrace, TIOCSTI, mounts, namespaces, keys, BPF and System V IPC"))
        }
        return table
    }

    var usesLandlock: Bool { launcher?.landlock.isAvailable ?? false }
    var usesSeccomp: Bool { launcher?.seccomp.isAvailable ?? false }
    /// The launcher always reaps what the program leaves behind.
    var usesReaper: Bool { launcher != nil }
    /// Whether nothing the program starts can escape the reaper: the program cannot signal it (Landlock ABI 6
    /// scopes signals), or its own user is emptied of processes after the run anyway.
    var reaperHolds: Bool {
        guard let launcher else { return false }
        return usesSeparateUser || (launcher.landlock.isAvailable && launcher.landlockABI >= 6)
    }

    /// What the namespaces give, with what the mount namespace hides.
    private func namespaced(hiding: Protection) -> [Protection] {
        [
            Protection(name: "network", inForce: true, detail: "isolated (its own network namespace)"),
            Protection(
                name: "processes", inForce: true, detail: "its own PID namespace: everything it starts ends with it"),
            Protection(name: "shared memory", inForce: true, detail: "isolated (its own IPC namespace)"),
            hiding,
            Protection(
                name: "temporary folders", inForce: true,
                detail: "private, empty /tmp, /var/tmp, /dev/shm and /run (no host socket reachable)"),
        ]
    }

    /// The protections as the result lists them.
    package func protections(timeout: Double, outputLimit: Int) -> [String] {
        protectionTable(timeout: timeout, outputLimit: outputLimit).map(\.line)
    }

    /// `1 folder`, `3 folders`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
