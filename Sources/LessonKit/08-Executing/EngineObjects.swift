import Foundation

/// An engine's object files, kept once a merged program of that engine is built and linked into its later
/// merged programs: those of the same run, and of later checks when they are kept in the cache folder.
/// Editing one scenario then compiles that scenario alone, against the engine's sources, and links it with
/// the engine's objects.
///
/// The first program of an engine compiles the engine's files with its scenarios, in one frontend process
/// (each file its own object, as the driver would), and keeps the engine's objects: they do not depend on
/// the scenarios they were compiled with, since merged scenarios are wrapped in functions (see
/// `MergePolicy`) and nothing they declare is visible to the engine's code. Two programs of one engine
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
    private var supportBuilding: SupportBuild?
    /// The library lists of this check's merged programs, by their objects' autolink entries (kept for the
    /// next process too: `LibraryListMemo`).
    let libraryLists: LibraryListMemo

    static let maxSets = 64

    /// Sets kept in `cacheDirectory`, or for this run only when it is nil.
    init(
        recipe: SeparateCompilation, keys: CacheKeys, cacheDirectory: String?,
        libraryLists: LibraryListMemo = LibraryListMemo()
    ) throws {
        self.recipe = recipe
        self.libraryLists = libraryLists
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

    /// The language mode the recipe's frontend compiles in; a merged program of another mode compiles with
    /// the recipe in its own (`SeparateCompilation.inLanguageMode`), and its engine's set is kept apart.
    static let languageMode = LanguageMode.swift5

    /// Ends the check's use of the sets: waits for a compile of the native support still running (when every
    /// program that started it failed before linking), so that no compiler or scratch folder outlives the
    /// check, then removes the folder of a run's own sets.
    func close() {
        supportLock.withLock { supportBuilding }?.done.wait()
        if ownsFolder { WorkDirectory(path: folder).remove() }
    }

    /// An engine's objects, and the libraries they link with.
    struct ObjectSet: Sendable {
        /// One per engine file, in order.
        var objects: [String]
        /// The extracted library list (where the platform has that step). A merged program's `main.swift`
        /// imports nothing, so it links with no library the engine's objects do not list: every Swift file
        /// lists the standard library's, and the native support the C library's.
        var libraryList: String
    }

    /// The kept objects of `engine` (its files in order) compiled by `frontend` (the recipe's by default);
    /// nil when none are kept.
    func kept(_ engine: [ProgramFile], frontend: [String]? = nil) -> ObjectSet? {
        let set = objectSet(engine, frontend: frontend)
        let folder = Paths.parent(set.libraryList)
        let list = recipe.libraryExtraction == nil ? [] : [set.libraryList]
        guard (set.objects + list + [folder + "/" + Self.completeName]).allSatisfy(FileManager.default.fileExists)
        else { return nil }
        utimes(folder, nil)  // most recently used
        return set
    }

    /// Keeps the objects of `engine` (compiled from its files in order) with the libraries they link with.
    func keep(_ engine: [ProgramFile], objects: [String], libraryList: String, frontend: [String]? = nil) {
        let set = objectSet(engine, frontend: frontend)
        let path = Paths.parent(set.libraryList)
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

    /// Where the set of `engine` lives, by the engine's files and the compiler's flags (its language mode's).
    private func objectSet(_ engine: [ProgramFile], frontend: [String]? = nil) -> ObjectSet {
        let flags = frontend ?? recipe.frontend
        let key = keys.key(["engine objects"] + flags + engine.flatMap { [$0.name, $0.contents] })
        let path = folder + "/" + key
        return ObjectSet(
            objects: engine.map { SeparateCompilation.object(for: path + "/" + $0.name) },
            libraryList: path + "/" + Self.libraryListName)
    }

    /// The engine of one program compiled file by file: its files, and its objects kept from an earlier
    /// program, or compiled for this one (the objects of its files in its build folder).
    struct EngineBuild {
        var files: [ProgramFile]
        var kept: ObjectSet?
        var compiled: [String]
    }

    /// Links `objects` with `engine`'s objects into `executable`. A kept set links with its kept library list;
    /// when that fails and the set's objects link with a list of their own, the set keeps that list, and when
    /// they do not link at all (unless a limit or an interruption stopped the link, which says nothing of the
    /// set), the set is forgotten. Objects compiled for this program are kept once they link.
    func link(_ engine: EngineBuild, with objects: [String], into executable: String, builder: ProgramBuilder)
        throws -> CompileResult
    {
        guard let kept = engine.kept else {
            let linked = try builder.link(engine.compiled + objects, into: executable)
            if linked.build.succeeded, !engine.files.isEmpty {
                keep(
                    engine.files, objects: engine.compiled, libraryList: builder.libraryList,
                    frontend: builder.recipe.frontend)
            }
            return linked.build
        }
        let linked = try builder.link(kept.objects + objects, into: executable, libraries: .kept(kept.libraryList))
        if linked.relisted, linked.build.succeeded {
            replaceLibraryList(of: kept, with: builder.libraryList)
        } else if linked.relisted, linked.build.failedOnItsOwn {
            discard(kept)
        }
        return linked.build
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
        try? FileManager.default.removeItem(atPath: Paths.parent(set.libraryList))
    }

    /// The native support's object, compiled once for every program compiled file by file (`support`).
    private final class SupportBuild: @unchecked Sendable {
        let done = DispatchGroup()
        var set: ObjectSet?
    }

    /// Starts compiling the native support unless its set is kept or being compiled, beside the first
    /// programs' frontends.
    func startSupport(compiler: SwiftCompiler) {
        _ = supportBuild(compiler: compiler)
    }

    /// The native support's set, waited for when it is being compiled; nil when it could not be compiled or
    /// kept (the program is then built whole).
    func support(compiler: SwiftCompiler) -> ObjectSet? {
        let build = supportBuild(compiler: compiler)
        build.done.wait()
        // A set may go while a check runs (pruned, or discarded by another check's link that failed), and a
        // compile may fail (a time limit): the next program asks again.
        if let set = build.set, kept([NativeSupport.source]) != nil { return set }
        forgetSupport(build)
        return nil
    }

    /// Discards the kept support after a link with it failed (it may be cut short, and no link blames it):
    /// the next program compiles it again.
    func discardSupport() {
        if let set = kept([NativeSupport.source]) { discard(set) }
        forgetSupport(nil)
    }

    private func forgetSupport(_ build: SupportBuild?) {
        supportLock.withLock {
            if build == nil || supportBuilding === build { supportBuilding = nil }
        }
    }

    private func supportBuild(compiler: SwiftCompiler) -> SupportBuild {
        supportLock.withLock {
            if let asked = supportBuilding { return asked }
            let build = SupportBuild()
            supportBuilding = build
            if let set = kept([NativeSupport.source]) {
                build.set = set
                return build
            }
            build.done.enter()
            Thread { [self] in
                build.set = compileSupport(compiler: compiler)
                build.done.leave()
            }.start()
            return build
        }
    }

    /// Compiles the native support with `clang` and keeps its object as a set. Its library list is empty:
    /// the libraries it needs are named in the object, and listed with the objects of the program that links
    /// it first (`NativeSupport.source`).
    private func compileSupport(compiler: SwiftCompiler) -> ObjectSet? {
        guard let clang = recipe.cCompiler(compiler.toolchain),
            let folder = try? WorkDirectory.create(prefix: "lesson-support")
        else { return nil }
        defer { folder.remove() }
        let limited = compiler.withinOneTimeout
        let source = folder.path + "/" + NativeSupport.source.name
        let object = SeparateCompilation.object(for: source)
        let libraryList = folder.path + "/support.autolink"
        do {
            try ScratchFile.save("", to: libraryList)
            guard try NativeSupport.compile(into: object, clang: clang, compiler: limited, in: folder.path).succeeded
            else { return nil }
        } catch {
            return nil
        }
        keep([NativeSupport.source], objects: [object], libraryList: libraryList)
        return kept([NativeSupport.source])
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
