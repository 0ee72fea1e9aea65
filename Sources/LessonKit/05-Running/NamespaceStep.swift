/// One step of building a contained run's file system in its mount namespace: done by the containment
/// launcher with system calls (`--ns-tmpfs`, `--ns-bind`, …), or, without the launcher, by a shell line.
enum NamespaceStep: Hashable, Sendable {
    /// A size-limited file system of its own (`size=…,mode=…`), named as `/proc/mounts` shows it.
    case tmpfs(String, options: String, at: String)
    /// A file (`/dev/null`) over another.
    case bind(String, over: String)
    case makeFolder(String)
    /// The program, copied into the namespace's own file system and given to the run's user.
    case copy(String, to: String, owner: Int)
    /// A mount moved to another place (the run folder over `/tmp`, last).
    case move(String, to: String)

    /// The launcher's options for the step.
    var launcherArguments: [String] {
        switch self {
        case .tmpfs(let name, let options, let target): ["--ns-tmpfs", name, options, target]
        case .bind(let source, let target): ["--ns-bind", source, target]
        case .makeFolder(let target): ["--ns-mkdir", target]
        case .copy(let source, let target, _): ["--ns-copy", source, target]
        case .move(let source, let target): ["--ns-move", source, target]
        }
    }

    /// The step as a line of the set-up script (`mount -n`: a read-only root has no writable /run/mount
    /// for mount's bookkeeping).
    var shellLine: String {
        let q = Sandbox.quoted
        return switch self {
        case .tmpfs(let name, let options, let target):
            Sandbox.setUp("mount -n -t tmpfs -o \(options) \(name) \(q(target))")
        case .bind(let source, let target): Sandbox.setUp("mount -n --bind \(q(source)) \(q(target))")
        case .makeFolder(let target): Sandbox.setUp("mkdir \(q(target))")
        case .copy(let source, let target, let owner):
            Sandbox.setUp("cp \(q(source)) \(q(target))") + Sandbox.setUp("chown \(owner):\(owner) \(q(target))")
        case .move(let source, let target): Sandbox.setUp("mount -n --move \(q(source)) \(q(target))")
        }
    }
}
