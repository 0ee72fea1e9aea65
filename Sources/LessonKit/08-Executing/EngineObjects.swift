import Foundation

/// An engine's object files, kept once a merged program of that engine is built and linked into its later
/// merged programs: those of the same run, and of later checks when they are kept in the cache folder.
/// Editing one scenario then compiles that scenario alone, against the engine's sources, and links it with
/// the engine's objects.
///
/// The first program of an engine compiles the engine's files with its scenarios, in one frontend process
/// (each file its own object, as the driver would), and keeps the engine's objects: they do not depend on
/// the scenarios they were compiled with, since merged scenarios are wrapped in functions (see
/// `MergeEligibility`) and nothing they declare is visible to the engine's code. Two programs of one engine
/// built at once each compile the engine (as whole builds would); the first to finish keeps its objects.
///
/// A set is copied into a scratch folder and renamed into place, so two checks sharing a cache never read
/// half a set. A set that fails to link is removed (and the program built by `swiftc` as a whole). The sets
/// least recently used go when there are more than `maxSets`.
final class EngineObjects: @unchecked Sendable {
    let recipe: SeparateCompilation
    /// Where the sets live: `objects` in the cache folder, or a folder of one run.
    let folder: String
    private let keys: CacheKeys
    private let ownsFolder: Bool
    private let supportLock = NSLock()
    private var supportBuilds: [[String]: SupportBuild] = [:]

    static let maxSets = 64

    /// Sets kept in `cacheDirectory`, or for this run only when it is nil.
    init(recipe: SeparateCompilation, keys: CacheKeys, cacheDirectory: String?) throws {
        self.recipe = recipe
        self.keys = keys
        if let cacheDirectory {
            folder = Paths.absolute(cacheDirectory) + "/objects"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            ownsFolder = false
        } else {
            folder = try WorkDirectory.create(prefix: "lesson-objects").path
            ownsFolder = true
        }
    }

    /// The engine objects of a check's merged builds, with the driver's commands asked for once per
    /// toolchain and kept in `cache` (their absence too, when the driver prints commands of another shape);
    /// nil without them.
    static func forMergedBuilds(toolchain: Toolchain, cache: ResultCache?, keys: CacheKeys) -> EngineObjects? {
        let arguments = driverArguments(toolchain)
        let key = recipeKey(arguments, keys: keys)
        var learnt = cache?.load(Learnt.self, key: key)
        if learnt == nil {
            do {
                learnt = Learnt(recipe: try DriverRecipe.shared.learn(toolchain: toolchain, arguments: arguments))
            } catch {
                return nil  // a driver that cannot be asked now is asked again next time
            }
            cache?.store(learnt, key: key)
        }
        guard let recipe = learnt?.recipe else { return nil }
        return try? EngineObjects(recipe: recipe, keys: keys, cacheDirectory: cache?.directory)
    }

    /// Starts asking the driver for its commands (`DriverRecipe`) before a check's merged builds need them,
    /// unless `cache` holds them already.
    static func prefetchRecipe(toolchain: Toolchain, cache: ResultCache?, keys: CacheKeys) {
        let arguments = driverArguments(toolchain)
        let key = recipeKey(arguments, keys: keys)
        guard cache?.load(Learnt.self, key: key) == nil else { return }
        DriverRecipe.shared.prefetch(toolchain: toolchain, arguments: arguments) { recipe in
            // Kept as soon as it is known: a check that builds nothing does not ask again next time.
            cache?.store(Learnt(recipe: recipe), key: key)
        }
    }

    /// The driver's commands as a cache keeps them (their absence too).
    private struct Learnt: Codable {
        var recipe: SeparateCompilation?
    }

    /// The driver's commands for files compiled one by one (`-wmo` compiles them as one).
    static func driverArguments(_ toolchain: Toolchain) -> [String] {
        SwiftCompiler.arguments(languageMode: languageMode).filter { $0 != "-wmo" } + toolchain.linkerArguments
    }

    private static func recipeKey(_ arguments: [String], keys: CacheKeys) -> String {
        keys.key(["separate compilation"] + arguments)
    }

    /// The language mode of the programs the sets are linked into: Swift 5, the only one merged.
    static let languageMode = LanguageMode.swift5

    /// Ends the check's use of the sets: waits for any compile of the supports still running (when every
    /// program that started it failed before linking), so that no compiler or scratch folder outlives the
    /// check, then removes the folder of a run's own sets.
    func close() {
        let started = supportLock.withLock { Array(supportBuilds.values) }
        for build in started { build.done.wait() }
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

    /// The kept objects of `engine` (its files in order); nil when none are kept.
    func kept(_ engine: [ProgramFile]) -> ObjectSet? {
        let set = objectSet(engine)
        let folder = (set.libraryList as NSString).deletingLastPathComponent
        let list = recipe.libraryExtraction == nil ? [] : [set.libraryList]
        guard (set.objects + list + [folder + "/" + Self.completeName]).allSatisfy(FileManager.default.fileExists)
        else { return nil }
        utimes(folder, nil)  // most recently used
        return set
    }

    /// Keeps the objects of `engine` (compiled from its files in order) with the libraries they link with.
    func keep(_ engine: [ProgramFile], objects: [String], libraryList: String) {
        let set = objectSet(engine)
        let path = (set.libraryList as NSString).deletingLastPathComponent
        guard let scratch = try? WorkDirectory.create(prefix: AtomicFile.temporaryPrefix + "objects", base: folder)
        else { return }
        defer { scratch.remove() }
        // Where the platform extracts no library list (Darwin), there is none to keep.
        let list = recipe.libraryExtraction == nil ? [] : [libraryList]
        let names = set.objects.map { ($0 as NSString).lastPathComponent } + [Self.libraryListName]
        for (source, name) in zip(objects + list, names) {
            guard (try? FileManager.default.copyItem(atPath: source, toPath: scratch.path + "/" + name)) != nil
            else { return }
        }
        guard (try? ScratchFile.save("", to: scratch.path + "/" + Self.completeName)) != nil else { return }
        // A set already there is another build's (as good), or the remains of one cut short (replaced).
        if rename(scratch.path, path) != 0, !FileManager.default.fileExists(atPath: path + "/" + Self.completeName) {
            try? FileManager.default.removeItem(atPath: path)
            _ = rename(scratch.path, path)
        }
        pruneSets()
    }

    /// Where the set of `engine` lives, by the engine's files and the compiler's flags.
    private func objectSet(_ engine: [ProgramFile]) -> ObjectSet {
        let key = keys.key(["engine objects"] + recipe.frontend + engine.flatMap { [$0.name, $0.contents] })
        let path = folder + "/" + key
        return ObjectSet(
            objects: engine.map { SeparateCompilation.object(for: path + "/" + $0.name) },
            libraryList: path + "/" + Self.libraryListName)
    }

    static let libraryListName = "libraries.autolink"
    /// Written last into a set's scratch folder: a set without it is not used.
    static let completeName = "complete"

    /// Replaces a set's library list with one that linked.
    func replaceLibraryList(of set: ObjectSet, with libraryList: String) {
        guard let data = FileManager.default.contents(atPath: libraryList) else { return }
        try? AtomicFile.write(data, to: set.libraryList)
    }

    /// Forgets a set that did not link.
    func discard(_ set: ObjectSet) {
        try? FileManager.default.removeItem(atPath: (set.libraryList as NSString).deletingLastPathComponent)
    }

    /// The supports' objects, compiled once for every merged program of every engine (`support`).
    private final class SupportBuild: @unchecked Sendable {
        let done = DispatchGroup()
        var sets: [ObjectSet]?
    }

    /// Starts compiling `files` (the runtime support, and the batch support) unless their sets are kept or
    /// being compiled: in a frontend process of their own, beside the first merged programs' frontends. Each
    /// merged program once compiled them all, a tenth to a third of its frontend's time (best of eight
    /// `/usr/bin/time` of the `reprints` course's `Sync` program: 439 ms with them, 280 ms without, 190 ms
    /// for them alone).
    func startSupport(_ files: [ProgramFile], compiler: SwiftCompiler) {
        _ = supportBuild(files, compiler: compiler)
    }

    /// The sets of `files`, one each, in order, waited for when they are being compiled; nil when they could
    /// not be compiled or kept (the program is then built whole).
    func support(_ files: [ProgramFile], compiler: SwiftCompiler) -> [ObjectSet]? {
        let build = supportBuild(files, compiler: compiler)
        build.done.wait()
        // Sets may go while a check runs (pruned, or discarded by another check's link that failed), and a
        // compile may fail (a time limit): the next program asks again.
        if let sets = build.sets, files.allSatisfy({ kept([$0]) != nil }) { return sets }
        forgetSupport(files, build)
        return nil
    }

    /// Discards the kept sets of `files` after a link with them failed (one may be cut short, and no link
    /// blames it): the next program compiles them again.
    func discardSupport(_ files: [ProgramFile]) {
        for set in files.compactMap({ kept([$0]) }) { discard(set) }
        forgetSupport(files, nil)
    }

    private func forgetSupport(_ files: [ProgramFile], _ build: SupportBuild?) {
        supportLock.withLock {
            let names = files.map(\.name)
            if build == nil || supportBuilds[names] === build { supportBuilds[names] = nil }
        }
    }

    private func supportBuild(_ files: [ProgramFile], compiler: SwiftCompiler) -> SupportBuild {
        supportLock.withLock {
            let names = files.map(\.name)
            if let asked = supportBuilds[names] { return asked }
            let build = SupportBuild()
            supportBuilds[names] = build
            let keptSets = files.compactMap { self.kept([$0]) }
            if keptSets.count == files.count {
                build.sets = keptSets
                return build
            }
            build.done.enter()
            Thread { [self] in
                build.sets = compileSupport(files, compiler: compiler)
                build.done.leave()
            }.start()
            return build
        }
    }

    /// Compiles the files of `files` whose sets are not kept (each file its own object, the others read for
    /// their declarations), keeps each as a set with the libraries they link with, and returns every set.
    private func compileSupport(_ files: [ProgramFile], compiler: SwiftCompiler) -> [ObjectSet]? {
        let missing = Set(files.filter { kept([$0]) == nil }.map(\.name))
        guard let folder = try? WorkDirectory.create(prefix: "lesson-support") else { return nil }
        defer { folder.remove() }
        var limited = compiler
        limited.deadline = min(compiler.deadline ?? .infinity, Uptime.now + compiler.timeout)
        let paths = files.map { folder.path + "/" + $0.name }
        let libraryList = folder.path + "/support.autolink"
        do {
            for (file, path) in zip(files, paths) { try ScratchFile.save(file.contents, to: path) }
            let primaries = zip(files, paths).filter { missing.contains($0.0.name) }.map(\.1)
            // Without `main.swift` beside it, a file compiled alone would be taken for the program's main file.
            var library = recipe
            library.frontend.append("-parse-as-library")
            let (compiled, objects) = try limited.compileObjects(
                inputs: paths, primaries: Set(primaries), recipe: library, in: folder.path)
            guard compiled.succeeded else { return nil }
            let extracted = try limited.extractLibraries(
                of: objects, to: libraryList, recipe: recipe, in: folder.path)
            guard extracted.succeeded else { return nil }
            for (file, object) in zip(files.filter { missing.contains($0.name) }, objects) {
                keep([file], objects: [object], libraryList: libraryList)
            }
        } catch {
            return nil
        }
        let sets = files.compactMap { kept([$0]) }
        return sets.count == files.count ? sets : nil
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
