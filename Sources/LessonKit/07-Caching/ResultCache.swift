import Foundation

/// A content-addressed store of check results on disk, under `.build/lesson-cache` by default.
///
/// Keys are SHA-256 digests of the inputs the checker gives a result (`CacheKeys`), so an entry is never returned for
/// other input. Entries are written to a temporary file and renamed into place: two checks may run at once, and a check
/// killed halfway leaves at worst a stray temporary file, never a torn entry. Each entry starts with its content's
/// HMAC-SHA256 under a key kept outside the folder (`CacheSigningKey`): an entry that was cut short, edited by hand (a
/// failure turned into a pass), replaced (`{}`) or written by whoever does not hold the key fails it, is removed and
/// computed again. A hit refreshes the entry's modification time; `prune()` removes the least recently used entries
/// past the bounds.
///
/// The entries of a layout share one folder: a cold check writes a few hundred of them, and a folder per key
/// prefix made the file system allocate a new directory for most of them, which cost as much again as the
/// entries themselves (231 entries: 60–72 ms with a folder per two-digit prefix, 26–35 ms in one folder).
package struct ResultCache: Sendable {
    package let directory: String
    /// The key the entries are signed with.
    package let signingKey: [UInt8]
    package var maxEntries: Int
    package var maxBytes: Int

    /// The layout version of the entries; a change makes old entries unreachable (and pruned in time).
    package static let layout = "v4"

    package init(
        directory: String, signingKey: [UInt8] = CacheSigningKey.current, maxEntries: Int = 20_000,
        maxBytes: Int = 256 << 20
    ) {
        self.directory = directory
        self.signingKey = signingKey
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// The folder of this layout's entries.
    package var entries: String { "\(directory)/\(Self.layout)" }

    package func path(for key: String) -> String {
        "\(entries)/\(key).json"
    }

    package func load<Value: Decodable>(_ type: Value.Type, key: String) -> Value? {
        let path = path(for: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let payload = Self.verifiedPayload(of: data, key: signingKey),
            let value = try? JSONDecoder().decode(Value.self, from: payload)
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        utimes(path, nil)  // most recently used
        return value
    }

    package func store<Value: Encodable>(_ value: Value, key: String) {
        guard let payload = try? JSONEncoder().encode(value) else { return }
        let data = Data((SHA256.authenticationCode(payload, key: signingKey) + "\n").utf8) + payload
        let path = path(for: key)
        if (try? AtomicFile.write(data, to: path, mode: 0o644)) == nil {
            // The first entry of the layout creates its folder.
            guard (try? FileManager.default.createDirectory(atPath: entries, withIntermediateDirectories: true)) != nil
            else { return }
            try? AtomicFile.write(data, to: path, mode: 0o644)
        }
    }

    /// The content of an entry whose first line is its code under `key`; nil for anything else.
    static func verifiedPayload(of data: Data, key: [UInt8]) -> Data? {
        let digestLength = 64
        guard data.count > digestLength, data[data.startIndex + digestLength] == UInt8(ascii: "\n") else { return nil }
        let digest = String(decoding: data.prefix(digestLength), as: UTF8.self)
        let payload = data.dropFirst(digestLength + 1)
        return SHA256.authenticationCode(Data(payload), key: key) == digest ? Data(payload) : nil
    }

    /// How often `prune()` walks the cache: walking every entry costs more than re-checking an edited
    /// scenario, and the bounds are far from a few checks' worth of entries.
    static let pruneInterval: TimeInterval = 600

    /// Removes the least recently used entries (and stray temporary files older than an hour) until at most
    /// 80% of each bound is used, and the folders of earlier layouts, which no check reads. Walks the cache at
    /// most once per `pruneInterval`, unless `force`d. An entry used or written since `keepingSince` (the
    /// check that prunes: seconds since 1970) is never removed, so that a course larger than the bounds is
    /// still answered by the cache the next time: the bounds then hold for what it did not use.
    package func prune(force: Bool = false, keepingSince: Double = .infinity) {
        let root = entries
        let marker = root + "/.pruned"
        let now = Date().timeIntervalSince1970
        if !force, let last = Self.modificationTime(marker), now - last < Self.pruneInterval { return }
        guard let names = FileManager.default.enumerator(atPath: root) else { return }
        try? AtomicFile.write([], to: marker)
        removeEarlierLayouts()
        var entries: [(path: String, modified: Double, size: Int)] = []
        var totalBytes = 0
        while let relative = names.nextObject() as? String {
            let path = root + "/" + relative
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            if (relative as NSString).lastPathComponent.hasPrefix(AtomicFile.temporaryPrefix) {
                if modified < now - 3600 { unlink(path) }
                continue
            }
            guard relative.hasSuffix(".json") else { continue }
            entries.append((path, modified, Int(status.st_size)))
            totalBytes += Int(status.st_size)
        }
        guard entries.count > maxEntries || totalBytes > maxBytes else { return }
        entries.sort { $0.modified < $1.modified }
        var count = entries.count
        for entry in entries
        where entry.modified < keepingSince && (count > maxEntries * 8 / 10 || totalBytes > maxBytes * 8 / 10) {
            unlink(entry.path)
            count -= 1
            totalBytes -= entry.size
        }
    }

    /// Removes the folders of earlier layouts (`v1` to `v3`) beside the current one's; a later layout's, which
    /// a newer checker sharing the folder uses, stays.
    private func removeEarlierLayouts() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let current = Int(Self.layout.dropFirst())!
        for name in names where name.first == "v" && (Int(name.dropFirst()).map { $0 < current } ?? false) {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    private static func modificationTime(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Double(status.st_mtim.tv_sec)
    }
}
