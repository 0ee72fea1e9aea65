import Foundation

/// The library lists `swift-autolink-extract` wrote in one check, by the autolink entries of the objects it
/// read (`AutolinkEntries`). The tool's list is made of those bytes alone, in the objects' order, so objects
/// with the same entries get the list written before without the tool: it costs about 45 ms of CPU (on two
/// threads) and a launcher start, for every program that is the first of its engine, and a course whose
/// lessons each print a different engine has one such program a lesson. Objects whose entries cannot be
/// read (not ELF) always run the tool.
final class LibraryListMemo: @unchecked Sendable {
    /// The lists of the programs this process builds whole (`SwiftCompiler.build`); a check's merged builds
    /// keep theirs with their engine objects (`EngineObjects.libraryLists`).
    static let shared = LibraryListMemo()

    private let lock = NSLock()
    private var lists: [[UInt8]: [UInt8]] = [:]

    /// What identifies the list of `objects`: each object's entries with their length, in order; nil when
    /// one of them cannot be read.
    func key(for objects: [String]) -> [UInt8]? {
        var key: [UInt8] = []
        for object in objects {
            guard let entries = AutolinkEntries.of(objectAt: object) else { return nil }
            withUnsafeBytes(of: UInt64(entries.count).littleEndian) { key += $0 }
            key += entries
        }
        return key
    }

    func list(for key: [UInt8]) -> [UInt8]? {
        lock.withLock { lists[key] }
    }

    /// Remembers the list the tool wrote at `path` for the objects of `key`.
    func remember(listAt path: String, for key: [UInt8]) {
        guard let list = FileManager.default.contents(atPath: path) else { return }
        lock.withLock { lists[key] = Array(list) }
    }
}
