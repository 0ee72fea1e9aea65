import Foundation

/// The key a result cache's entries are signed with (HMAC-SHA256), kept outside the cache's folder, so that
/// whoever can write the folder (another user of a shared `--cache-dir`, a CI cache restored from another
/// branch) cannot write an entry that decides a verdict: an entry signed with another key is not read.
///
/// The key is `LESSON_CACHE_KEY` where it is set and not empty (a CI secret, so that the runs of one
/// repository share their results and no one without the secret can add to them); otherwise the user's own
/// `$XDG_CONFIG_HOME/lesson/cache-key` (`~/.config/lesson/cache-key`), 32 random bytes made on first use,
/// mode 0600, read only when this user owns it and no one else may read or write it. Where neither can be
/// had (a `HOME` the user cannot write), a key of this process alone: results are reused within the run,
/// never across runs.
package enum CacheSigningKey {
    package static let environmentVariable = "LESSON_CACHE_KEY"

    /// The key of this process, found once.
    package static let current: [UInt8] = find(environment: ProcessInfo.processInfo.environment)

    /// The key for `environment`: its variable, else the user's key file, else a fresh random one.
    package static func find(environment: [String: String]) -> [UInt8] {
        if let secret = environment[environmentVariable], !secret.isEmpty { return Array(secret.utf8) }
        if let file = keyFile(environment: environment), let key = readOrCreate(file) { return key }
        return randomKey()
    }

    /// Where the user's key lives: under `XDG_CONFIG_HOME`, else `HOME/.config`; nil without either.
    package static func keyFile(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/lesson/cache-key" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/lesson/cache-key"
    }

    /// The key in `path`, made there first when there is none; nil when it cannot be trusted or made.
    static func readOrCreate(_ path: String) -> [UInt8]? {
        if let key = readTrusted(path) { return key }
        let folder = Paths.parent(path)
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = randomKey()
        // Written whole to a file of its own, then linked into place: a check that starts at the same time
        // finds either no key or this one, never a file still empty.
        let temporary = path + ".\(getpid()).\(UInt32.random(in: .min ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        defer { unlink(temporary) }
        guard written == key.count else { return nil }
        if link(temporary, path) == 0 { return key }
        // Another check linked its key first: theirs is the key.
        return errno == EEXIST ? readTrusted(path) : nil
    }

    /// The bytes of `path` when it is a regular file of 16 to 4,096 bytes that this user owns and no one
    /// else may read or write, not reached through a link.
    private static func readTrusted(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
            status.st_mode & 0o077 == 0, (16...4096).contains(Int(status.st_size))
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }

    private static func randomKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
