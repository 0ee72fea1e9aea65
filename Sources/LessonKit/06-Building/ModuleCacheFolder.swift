import Foundation

/// Where the compiler keeps its module cache when the checker's user cannot write the default one. The
/// default is `$XDG_CACHE_HOME/clang/ModuleCache` or `$HOME/.cache/clang/ModuleCache`; a user started with
/// another user's `HOME` (`sudo -u`, `setpriv --reuid`, a container run with `--user`) would otherwise see
/// every build fail with "unable to open output file …: Permission denied".
enum ModuleCacheFolder {
    /// Nil where the default folder is writable (or can be made); else a folder of this user's in the
    /// temporary folder, decided once per process.
    static let fallback: String? = fallback(
        environment: ProcessInfo.processInfo.environment, temporary: NSTemporaryDirectory())

    static func fallback(environment: [String: String], temporary: String) -> String? {
        if let cacheHome = Paths.cacheHome(environment: environment), isUsable(cacheHome + "/clang/ModuleCache") {
            return nil
        }
        let folder = (temporary as NSString).appendingPathComponent("lesson-module-cache-\(geteuid())")
        // In the shared temporary folder, a folder of this user's own, not one another user made first.
        return ScratchFolder.prepare(folder, mode: 0o700) ? folder : nil
    }

    /// Whether `folder` is (or can be made) a folder this user may write.
    private static func isUsable(_ folder: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var info = stat()
        return lstat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && access(folder, W_OK | X_OK) == 0
    }
}
