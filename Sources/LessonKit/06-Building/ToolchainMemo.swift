import Foundation

/// What a user's checker learns of a toolchain once and keeps between its processes: the driver's commands
/// for a command line (`DriverRecipe`), the native support compiled by the toolchain's `clang`
/// (`NativeSupport`), the library lists of the objects' autolink entries (`LibraryListMemo`) and the names the
/// standard library's interfaces declare (`StandardNames`). Asking the driver (about 52 ms of a core),
/// `clang` for the link's own command (12 ms), compiling the support (73 ms; `perf stat -r 5` of each),
/// listing the libraries (20 ms) and reading the interfaces (about 80 ms in a debug build) are otherwise
/// paid again by every `lesson` that builds: each grading, each check without a cache.
///
/// Kept where only this user may write: `$XDG_CACHE_HOME/lesson/toolchain`, or `$HOME/.cache/lesson/toolchain`,
/// or else `lesson-toolchain-<uid>` in the temporary folder, a folder of mode 0700 this user owns. An entry is
/// read only from a regular file this user owns, and holds its whole key: the tools' paths, sizes and
/// modification times and the question asked (a hash of it names the file).
package struct ToolchainMemo: Sendable {
    package let folder: String

    /// This process's memo; nil when no folder of this user's can be made.
    package static let shared: ToolchainMemo? = folder(
        environment: ProcessInfo.processInfo.environment, temporary: NSTemporaryDirectory()
    ).map(ToolchainMemo.init(folder:))

    package init(folder: String) {
        self.folder = folder
    }

    /// The folder this user's memo is kept in, made if need be; nil when none can be.
    static func folder(environment: [String: String], temporary: String) -> String? {
        var candidates = Paths.cacheHome(environment: environment).map { [$0 + "/lesson/toolchain"] } ?? []
        candidates.append((temporary as NSString).appendingPathComponent("lesson-toolchain-\(geteuid())"))
        return candidates.first { ownFolder($0) }
    }

    /// Whether `folder` is (or can be made) a folder of this user's that no one else may write.
    private static func ownFolder(_ folder: String) -> Bool {
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
            return false
        }
        return (info.st_mode & 0o022) == 0 || chmod(folder, 0o700) == 0
    }

    /// The value kept for `key`; nil when there is none, or not one this user wrote.
    package func value<Value: Decodable>(_ type: Value.Type, key: [String]) -> Value? {
        guard let data = ownFile(path(key, "json")),
            let entry = try? JSONDecoder().decode(Entry<Value>.self, from: data), entry.key == key
        else { return nil }
        return entry.value
    }

    /// Keeps `value` for `key` (a memo that cannot be written is no worse than none).
    package func store<Value: Encodable>(_ value: Value, key: [String]) {
        guard let data = try? JSONEncoder().encode(Entry(key: key, value: value)) else { return }
        try? AtomicFile.write(data, to: path(key, "json"), mode: 0o600)
    }

    /// The file kept for `key`, made by `make` (given a path to write it to, true when it did) if there is
    /// none yet; nil when it cannot be had.
    package func file(key: [String], suffix: String, make: (String) -> Bool) -> String? {
        let file = path(key, suffix)
        let keyFile = path(key, suffix + ".key")
        let keyText = Data(key.joined(separator: "\n").utf8)
        if ownFile(keyFile) == keyText, ownFile(file, read: false) != nil { return file }
        let made = folder + "/" + AtomicFile.temporaryPrefix + "\(getpid())-" + (file as NSString).lastPathComponent
        defer { unlink(made) }
        guard make(made), chmod(made, 0o600) == 0, (try? AtomicFile.write(keyText, to: keyFile, mode: 0o600)) != nil,
            rename(made, file) == 0
        else { return nil }
        return file
    }

    fileprivate struct Entry<Value> {
        var key: [String]
        var value: Value
    }

    private func path(_ key: [String], _ suffix: String) -> String {
        folder + "/" + Self.hash(key) + "." + suffix
    }

    /// A regular file's bytes (or, with `read` false, empty bytes), when this user owns it; nil otherwise.
    private func ownFile(_ path: String, read: Bool = true) -> Data? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else {
            return nil
        }
        return read ? FileManager.default.contents(atPath: path) : Data()
    }

    /// FNV-1a of the key's parts, each length-prefixed: a file name, not a proof (the file holds its key).
    static func hash(_ key: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in key {
            for byte in Array("\(part.utf8.count):".utf8) + Array(part.utf8) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}

extension ToolchainMemo.Entry: Encodable where Value: Encodable {}
extension ToolchainMemo.Entry: Decodable where Value: Decodable {}
