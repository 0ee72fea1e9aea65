import Foundation

/// An engine's object files, compiled once and linked into every merged program of that engine: by every
/// build of a run, and by later checks when they are kept in the cache folder. Editing one scenario then
/// compiles that scenario alone, against the engine's sources, and links it with the engine's objects.
///
/// An engine's objects do not depend on the scenarios they are linked with: merged scenarios are wrapped in
/// functions (see `MergeEligibility`), so nothing they declare is visible to the engine's code.
///
/// A set is compiled into a scratch folder and renamed into place, so two checks sharing a cache never read
/// half a set. A set that fails to link is removed (and the program built by `swiftc` as a whole). The sets
/// least recently used go when there are more than `maxSets`.
final class EngineObjects: @unchecked Sendable {
    let recipe: SeparateCompilation
    /// Where the sets live: `objects` in the cache folder, or a folder of one run.
    let folder: String
    private let compiler: SwiftCompiler
    private let keys: CacheKeys
    private let ownsFolder: Bool
    private let lock = NSLock()
    /// One lock per set, so that two builds needing one set compile it once.
    private var setLocks: [String: NSLock] = [:]
    /// Sets that did not compile in this run.
    private var failed: Set<String> = []

    static let maxSets = 64

    /// Sets kept in `cacheDirectory`, or for this run only when it is nil.
    init(recipe: SeparateCompilation, compiler: SwiftCompiler, keys: CacheKeys, cacheDirectory: String?) throws {
        self.recipe = recipe
        self.compiler = compiler
        self.keys = keys
        if let cacheDirectory {
            folder = cacheDirectory + "/objects"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            ownsFolder = false
        } else {
            folder = try WorkDirectory.create(prefix: "lesson-objects").path
            ownsFolder = true
        }
    }

    /// The engine objects of a check's merged builds (Swift 5 mode, the only one merged), with the driver's
    /// commands learnt once and kept in `cache` (their absence too, when the driver prints commands of
    /// another shape); nil without them.
    static func forMergedBuilds(compiler: SwiftCompiler, cache: ResultCache?, keys: CacheKeys) -> EngineObjects? {
        struct Learnt: Codable {
            var recipe: SeparateCompilation?
        }
        let arguments = SwiftCompiler.arguments(languageMode: languageMode)
        let learntKey = keys.key(["separate compilation"] + arguments)
        var learnt = cache?.load(Learnt.self, key: learntKey)
        if learnt == nil {
            do {
                learnt = Learnt(
                    recipe: try SeparateCompilation.learn(toolchain: compiler.toolchain, arguments: arguments))
            } catch {
                return nil  // asked again next time
            }
            cache?.store(learnt, key: learntKey)
        }
        guard let recipe = learnt?.recipe else { return nil }
        return try? EngineObjects(recipe: recipe, compiler: compiler, keys: keys, cacheDirectory: cache?.directory)
    }

    /// The language mode of the programs the sets are linked into.
    static let languageMode = LanguageMode.swift5

    /// Removes the folder of a run's own sets.
    func close() {
        if ownsFolder { WorkDirectory(path: folder).remove() }
    }

    /// An engine's objects, and the libraries they link with.
    struct ObjectSet: Sendable {
        /// One per engine file, in order.
        var objects: [String]
        /// The extracted library list (where the platform has that step). A merged program's `main.swift`
        /// imports nothing, so it links with no library the engine's objects do not list: every Swift file
        /// lists the standard library's, and the runtime support the C library's.
        var libraryList: String
    }

    /// The objects of `engine` (its files in order), compiled now unless a set is already there; nil when
    /// the engine does not compile on its own.
    func objects(for engine: [ProgramFile]) -> ObjectSet? {
        let key = keys.key(["engine objects"] + recipe.frontend + engine.flatMap { [$0.name, $0.contents] })
        let setLock = lock.withLock {
            if setLocks[key] == nil { setLocks[key] = NSLock() }
            return setLocks[key]!
        }
        return setLock.withLock {
            if lock.withLock({ failed.contains(key) }) { return nil }
            let path = folder + "/" + key
            let set = ObjectSet(
                objects: engine.map { SeparateCompilation.object(for: path + "/" + $0.name) },
                libraryList: path + "/" + Self.libraryListName)
            if (set.objects + [path + "/" + Self.completeName]).allSatisfy(FileManager.default.fileExists) {
                utimes(path, nil)  // most recently used
                return set
            }
            guard compile(engine, into: path) else {
                lock.withLock { _ = failed.insert(key) }
                return nil
            }
            pruneSets()
            return set
        }
    }

    static let libraryListName = "libraries.autolink"
    /// Written last into a set's scratch folder: a set without it was not renamed into place by this code.
    static let completeName = "complete"

    /// Forgets a set that did not link.
    func discard(_ set: ObjectSet) {
        guard let first = set.objects.first else { return }
        try? FileManager.default.removeItem(atPath: (first as NSString).deletingLastPathComponent)
    }

    /// Compiles the engine's files (with an empty `main.swift`, which is not compiled) in a scratch folder,
    /// extracts the libraries they link with, then renames the folder to `set`.
    private func compile(_ engine: [ProgramFile], into set: String) -> Bool {
        guard let scratch = try? WorkDirectory.create(prefix: AtomicFile.temporaryPrefix + "objects", base: folder)
        else { return false }
        defer { scratch.remove() }
        do {
            let sources = engine.map { scratch.path + "/" + $0.name }
            for (file, path) in zip(engine, sources) { try ScratchFile.save(file.contents, to: path) }
            let main = scratch.path + "/main.swift"
            try ScratchFile.save("", to: main)
            let compiled = try compiler.compileObjects(
                inputs: sources + [main], primaries: Set(sources), recipe: recipe, in: scratch.path)
            guard compiled.result.succeeded else { return false }
            let extracted = try compiler.extractLibraries(
                of: compiled.objects, to: scratch.path + "/" + Self.libraryListName, recipe: recipe, in: scratch.path)
            guard extracted.succeeded else { return false }
            try? FileManager.default.removeItem(atPath: main)
            try ScratchFile.save("", to: scratch.path + "/" + Self.completeName)
            // A set already there is another check's (as good) or the remains of one cut short (replaced).
            if rename(scratch.path, set) != 0 {
                try? FileManager.default.removeItem(atPath: set)
                return rename(scratch.path, set) == 0 || FileManager.default.fileExists(atPath: set)
            }
            return true
        } catch {
            return false
        }
    }

    /// Removes the least recently used sets past `maxSets`, and scratch folders of checks killed an hour ago.
    private func pruneSets() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let now = Date().timeIntervalSince1970
        var sets: [(path: String, used: Double)] = []
        for name in names {
            var status = stat()
            let path = folder + "/" + name
            guard lstat(path, &status) == 0 else { continue }
            let used = Double(status.st_mtim.tv_sec)
            if !name.hasPrefix(".") {
                sets.append((path, used))
            } else if name.hasPrefix(AtomicFile.temporaryPrefix), used < now - 3600 {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        guard sets.count > Self.maxSets else { return }
        for set in sets.sorted(by: { $0.used < $1.used }).prefix(sets.count - Self.maxSets) {
            try? FileManager.default.removeItem(atPath: set.path)
        }
    }
}
