import Foundation

/// The library lists `swift-autolink-extract` wrote, by the autolink entries of the objects it read
/// (`AutolinkEntries`). The tool's list is made of those bytes alone, in the objects' order, so objects
/// with the same entries get the list written before without the tool: it costs about 20 ms of CPU and
/// 30 ms of wall time (`perf stat -r 20` on a one-line program's object), and a launcher start in a
/// grading, for every program that is the first of its imports in a process, which is every grading's
/// program and every program of a check without a cache. Objects whose entries cannot be read (not ELF)
/// always run the tool.
///
/// A list is kept in this process, by the extraction's command and the entries, and in the user's toolchain
/// memo (`ToolchainMemo`) for the next process, under the same command with the identity of the program it
/// starts and the entries: another toolchain, or another version of the checker, asks the tool
/// again. A list is written to the memo only from the checker's own builds of lessons, never from a
/// grading's (whose objects a student's code made, and whose entries it may choose: every submission would
/// leave a file of its own), and only when its entries are few and every line names a library; any build
/// reads it.
final class LibraryListMemo: @unchecked Sendable {
    /// The lists of the programs this process builds whole (`SwiftCompiler.build`); a check's merged builds
    /// keep theirs with their engine objects (`EngineObjects.libraryLists`). Both read and write the memo.
    static let shared = LibraryListMemo()

    private let lock = NSLock()
    private var lists: [Known: [UInt8]] = [:]
    /// Where lists are kept between processes; nil for none.
    private let kept: ToolchainMemo?

    init(kept: ToolchainMemo? = ToolchainMemo.shared) {
        self.kept = kept
    }

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

    /// The list known for the objects of `key`, extracted by `extraction` (the command's words, without its
    /// objects and output): this process's, else the one the toolchain memo keeps.
    func list(for key: [UInt8], extraction: [String]) -> [UInt8]? {
        let known = Known(extraction: extraction, entries: key)
        if let list = lock.withLock({ lists[known] }) { return list }
        guard key.count <= Self.largestKeptEntries,
            let list = kept?.value(Kept.self, key: Self.keptKey(key, extraction))?.list, Self.namesLibrariesOnly(list)
        else { return nil }
        lock.withLock { lists[known] = Array(list) }
        return Array(list)
    }

    /// Remembers the list `extraction` wrote at `path` for the objects of `key`; for the next process too when
    /// `keeping` (the objects are the checker's own build of a lesson), the entries are few and the list names
    /// libraries and nothing else (a line `-lNAME` each, as the tool writes them).
    func remember(listAt path: String, for key: [UInt8], extraction: [String], keeping: Bool) {
        guard let list = FileManager.default.contents(atPath: path) else { return }
        lock.withLock { lists[Known(extraction: extraction, entries: key)] = Array(list) }
        guard keeping, key.count <= Self.largestKeptEntries, Self.namesLibrariesOnly(list) else { return }
        kept?.store(Kept(list: list), key: Self.keptKey(key, extraction))
    }

    /// The most bytes of entries a kept list is for: a program of the toolchain's modules and Foundation has
    /// a few hundred.
    static let largestKeptEntries = 4_096

    /// Whether `list` is lines of `-lNAME`, each ended by a line break, each name at most 128 letters, digits,
    /// `_`, `-`, `.` and `+`.
    static func namesLibrariesOnly(_ list: Data) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.+".utf8)
        guard list.last == UInt8(ascii: "\n") else { return false }
        return list.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).allSatisfy {
            (3...130).contains($0.count) && $0.starts(with: Array("-l".utf8))
                && $0.dropFirst(2).allSatisfy(allowed.contains)
        }
    }

    private struct Kept: Codable {
        var list: Data
    }

    /// This process's key: the extraction's command and the entries.
    private struct Known: Hashable {
        var extraction: [String]
        var entries: [UInt8]
    }

    /// The memo's key: the checker's version, the extraction's command with the identity of the program it
    /// starts, and the entries (at most `largestKeptEntries` bytes) in base 64.
    private static func keptKey(_ key: [UInt8], _ extraction: [String]) -> [String] {
        ["library list", LessonKitVersion.current] + extraction.prefix(1).map(Paths.identity(of:)) + extraction
            + [Data(key).base64EncodedString()]
    }
}
