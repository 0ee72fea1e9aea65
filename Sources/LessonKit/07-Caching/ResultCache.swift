import Foundation

/// A content-addressed store of check results on disk, under `.build/lesson-cache` by default.
///
/// Keys are SHA-256 digests of everything that can change a result, so an entry is never returned for other
/// input. Entries are written to a temporary file and renamed into place: two checks may run at once, and a
/// check killed halfway leaves at worst a stray temporary file, never a torn entry. Each entry starts with the
/// SHA-256 of its content: an entry that was cut short, edited by hand (a failure turned into a pass) or
/// replaced (`{}`) fails it, is removed and computed again. A hit refreshes the entry's modification time;
/// `prune()` removes the least recently used entries past the bounds.
package struct ResultCache: Sendable {
    package let directory: String
    package var maxEntries: Int
    package var maxBytes: Int

    /// The layout version of the entries; a change makes old entries unreachable (and pruned in time).
    static let layout = "v2"

    package init(directory: String, maxEntries: Int = 20_000, maxBytes: Int = 256 << 20) {
        self.directory = directory
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    private func path(for key: String) -> String {
        "\(directory)/\(Self.layout)/\(key.prefix(2))/\(key).json"
    }

    package func load<Value: Decodable>(_ type: Value.Type, key: String) -> Value? {
        let path = path(for: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let payload = Self.verifiedPayload(of: data),
            let value = try? JSONDecoder().decode(Value.self, from: payload)
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        utimes(path, nil)  // most recently used
        return value
    }

    package func store<Value: Encodable>(_ value: Value, key: String) {
        let path = path(for: key)
        let folder = (path as NSString).deletingLastPathComponent
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
            let payload = try? JSONEncoder().encode(value)
        else { return }
        let data = Data((SHA256.hex(payload) + "\n").utf8) + payload
        try? AtomicFile.write(data, to: path)
    }

    /// The content of an entry whose checksum line matches it; nil for anything else.
    static func verifiedPayload(of data: Data) -> Data? {
        let digestLength = 64
        guard data.count > digestLength, data[data.startIndex + digestLength] == UInt8(ascii: "\n") else { return nil }
        let digest = String(decoding: data.prefix(digestLength), as: UTF8.self)
        let payload = data.dropFirst(digestLength + 1)
        return SHA256.hex(Data(payload)) == digest ? Data(payload) : nil
    }

    /// How often `prune()` walks the cache: walking every entry costs more than re-checking an edited
    /// scenario, and the bounds are far from a few checks' worth of entries.
    static let pruneInterval: TimeInterval = 600

    /// Removes the least recently used entries (and stray temporary files older than an hour) until at most
    /// 80% of each bound is used. Walks the cache at most once per `pruneInterval`, unless `force`d.
    package func prune(force: Bool = false) {
        let root = "\(directory)/\(Self.layout)"
        let marker = root + "/.pruned"
        let now = Date().timeIntervalSince1970
        if !force, let last = Self.modificationTime(marker), now - last < Self.pruneInterval { return }
        guard let names = FileManager.default.enumerator(atPath: root) else { return }
        try? AtomicFile.write([], to: marker)
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
        for entry in entries where count > maxEntries * 8 / 10 || totalBytes > maxBytes * 8 / 10 {
            unlink(entry.path)
            count -= 1
            totalBytes -= entry.size
        }
    }

    private static func modificationTime(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Double(status.st_mtim.tv_sec)
    }
}
