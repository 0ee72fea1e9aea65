import Foundation

/// Answers lessons that have not changed since their last check straight from the result cache, before
/// reading their blocks, so a warm check costs a read and a hash per file, in a debug build too.
///
/// A lesson's report depends on its own bytes, on the checker and the compiler (in every key), on the
/// options, on the engines, and through drift on the other lessons of its course folder. The key holds all
/// of them: the SHA-256 of the lesson's bytes, the SHA-256 of every lesson of its folder among those checked
/// (their bytes, a superset of the engine reprints drift compares, so an edit anywhere in the folder
/// re-checks the folder: its scenarios and snippets still come from their own cache entries), the options and
/// the catalog's engine files. Whole files are hashed, in C: no block is hashed in Swift on this path.
/// A size-and-date shortcut would save the hash, but a file rewritten within one timestamp tick would keep a
/// stale result; hashing a course costs milliseconds.
struct LessonReuse {
    let cache: ResultCache
    /// One per lesson path; nil when the file cannot be read (it is checked, never answered from the cache).
    let keys: [String?]
    /// The bytes read to compute the keys, planned from these same bytes so a key never names other content.
    let contents: [Data?]

    init(paths: [String], cache: ResultCache, keys: CacheKeys, settings: String) {
        self.cache = cache
        contents = paths.map {
            if case .bytes(let data) = LessonFileBytes.read($0) { data } else { nil }
        }
        let digests = contents.map { $0.map(SHA256.hex) }
        var folders: [String: [Int]] = [:]
        for index in paths.indices { folders[LessonReport.courseFolder(of: paths[index]), default: []].append(index) }
        var folderDigests: [String: String] = [:]
        for (folder, members) in folders {
            var hasher = SHA256()
            for index in members.sorted(by: { paths[$0] < paths[$1] }) {
                hasher.update("\(paths[index].utf8.count)\u{0}\(paths[index])\u{0}\(digests[index] ?? "unreadable")\n")
            }
            folderDigests[folder] = hasher.finalize()
        }
        self.keys = paths.indices.map { index in
            digests[index].map {
                keys.key([
                    "lesson", paths[index], Paths.absolute(paths[index]), $0,
                    folderDigests[LessonReport.courseFolder(of: paths[index])]!, settings,
                ])
            }
        }
    }

    /// The cached report of each lesson, nil where there is none.
    func load() -> [LessonReport?] {
        keys.map { key in key.flatMap { cache.load(LessonReport.self, key: $0) } }
    }

    func store(_ report: LessonReport, at index: Int) {
        guard let key = keys[index] else { return }
        cache.store(report, key: key)
    }

    /// What else a report depends on: the options that change results and every engine of the catalog.
    static func settings(_ options: CheckOptions, catalog: EngineCatalog) -> String {
        var hasher = SHA256()
        for name in catalog.names {
            for file in catalog[name]!.files {
                hasher.update("\(name)\u{0}\(file.name)\u{0}\(file.path)\u{0}\(file.contents.utf8.count)\u{0}")
                hasher.update(file.contents)
            }
        }
        return [
            "timeout \(options.timeout)", "output \(options.outputLimit)", "build timeout \(options.buildTimeout)",
            "strategy \(options.strategy.rawValue)", "engines \(hasher.finalize())",
        ].joined(separator: "\n")
    }
}
