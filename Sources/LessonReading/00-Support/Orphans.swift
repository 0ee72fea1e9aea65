import Foundation

/// Processes a lesson's program leaves behind. A scenario may start a child in a session of its own, with
/// SIGTERM blocked, and end: the runner kills the program's process group, which the child has left. This
/// process is made the reaper of its descendants' orphans (`PR_SET_CHILD_SUBREAPER`), so such a child
/// becomes its child instead of init's; `sweep` kills every child this process did not start itself
/// (`Subprocess` registers those), with whatever they started, and `reapEnded`, after each program, reaps
/// those that have ended. `lesson check` sweeps when its check ends,
/// and the language server after each check and before it exits, so no process of a lesson outlives its
/// check. Only the `lesson` command adopts: a program that uses the library (a course's `swift test`) may
/// start children of its own that a sweep would take for orphans.
package enum Orphans {
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// Makes this process the reaper of its descendants' orphans; before the first program starts.
    package static func adopt() {
        let made = setChildSubreaper(1)
        lock.withLock { adoptedByThisProcess = made }
    }

    /// `prctl(PR_SET_CHILD_SUBREAPER, value)`, found at run time: Swift cannot call a variadic C function.
    private static func setChildSubreaper(_ value: UInt) -> Bool {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(36, value, 0, 0, 0) == 0
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var adoptedByThisProcess = false
    package static var adopted: Bool { lock.withLock { adoptedByThisProcess } }

    /// Stops adopting: orphans go to init again. For a program that adopted only for a while (a test).
    package static func disown() {
        _ = setChildSubreaper(0)
        lock.withLock { adoptedByThisProcess = false }
    }

    /// Reaps the adopted orphans that have ended, without waiting, so that none stays a zombie until the
    /// command ends: a compiler driver killed at its time limit leaves its frontend to this process, and a
    /// long check runs thousands of programs. A program `Subprocess` started is left to it. Returns how many
    /// it reaped.
    @discardableResult
    package static func reapEnded() -> Int {
        guard adopted else { return 0 }
        return Cleanup.shared.withProgramsHeld { started in
            var reaped = 0
            while true {
                // Which child has ended, without reaping it: one `Subprocess` waits for is not ours to take,
                // and while it is the first one found, the others are left for the next call.
                var info = siginfo_t()
                guard waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return reaped }
                let pid = info._sifields._sigchld.si_pid
                guard pid > 0, !started.contains(pid) else { return reaped }
                var status: Int32 = 0
                guard waitpid(pid, &status, WNOHANG) == pid else { return reaped }
                reaped += 1
            }
        }
    }

    /// Kills and reaps every child of this process that `Subprocess` did not start (an orphan it adopted),
    /// and every process that child started. Returns how many it found.
    @discardableResult
    package static func sweep() -> Int {
        guard adopted else { return 0 }
        return Cleanup.shared.withProgramsHeld { started in
            let orphans = ProcessTree.children(of: getpid()).filter { !started.contains($0) }
            for pid in orphans {
                ProcessTree.killAll(from: pid)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            }
            return orphans.count
        }
    }
}
