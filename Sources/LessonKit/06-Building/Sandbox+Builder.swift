import Foundation

extension Sandbox {
    /// The user a student's code is compiled as, where this machine permits another user: UID 10000 above
    /// the first of the runs' (a range of its own, which no run empties of processes), with a module cache of
    /// its own in the scratch folder, kept between builds.
    func builder() -> SwiftCompiler.Builder? {
        guard usesSeparateUser, launcher != nil else { return nil }
        let uid = policy.firstUID + Self.builderOffset
        let cache = base + "/module-cache-\(uid)"
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        guard chown(cache, uid_t(uid), gid_t(uid)) == 0, chmod(cache, 0o700) == 0 else { return nil }
        return SwiftCompiler.Builder(uid: uid, moduleCache: cache)
    }
}
