import Foundation

/// The machine's probe, made once per process: every grading run of one process sees the same machine.
final class ProbeCache: @unchecked Sendable {
    static let shared = ProbeCache()
    private let lock = NSLock()
    private var probe: SandboxProbe?
    private var launcher: ContainmentLauncher??

    func probe(_ make: () -> SandboxProbe) -> SandboxProbe {
        lock.lock()
        defer { lock.unlock() }
        if let probe { return probe }
        let made = make()
        probe = made
        return made
    }

    func launcher(_ make: () -> ContainmentLauncher?) -> ContainmentLauncher? {
        lock.lock()
        defer { lock.unlock() }
        if let launcher { return launcher }
        let made = make()
        launcher = .some(made)
        return made
    }
}
