import Foundation

/// Programs built alone (their code needs the top level of `main.swift`), linked into one executable all the
/// same. Each is compiled as the reader's `main.swift` is, in the module `main` with its engine's files beside
/// it, its top-level code becoming a function (`-entry-point-function-name`); every symbol its object defines
/// but that function is then made the object's own (`llvm-objcopy --keep-global-symbol`), so that two
/// programs that declare the same type, each `main.X` as the reader's, link side by side. The engine's objects
/// are compiled once for the batch (or taken from those kept, `EngineObjects`), and the native support's
/// `main` calls the program `LESSON_SCENARIO` selects (`lesson_support.c`). One frontend process per program
/// and one link for all of them: the link of a small program costs more than its compile.
///
/// Only for jobs planned so (`MergePolicy.Decision.module`): a book's programs, and scenarios whose
/// top-level declarations their engine's code does not see (`MergePolicy.mayLinkAsMain`), so that the
/// engine's objects are those the reader's build would compile.
extension Executor {
    /// The entry point of the program at `position` of a batch.
    static func entryPoint(_ position: Int) -> String { "_lessonProgram\(position)" }

    /// A job compiled as a module of the batch: its objects and its compile.
    private typealias CompiledModule = (job: Int, objects: [String], build: CompileResult)

    /// What compiling one job as a module gave: the module, or the job's outcome when it did not compile.
    private enum ModuleCompile {
        case compiled(CompiledModule)
        case outcome(BuildOutcome)
    }

    /// The engine of a batch: its files written in the batch's folder, and its objects, kept or compiled.
    private struct BatchEngine {
        var files: [ProgramFile]
        var paths: [String]
        var declarations: String
        var kept: EngineObjects.ObjectSet?
        /// The objects compiled for this batch (none when kept), and that compile.
        var compiled: (objects: [String], build: CompileResult)?
    }

    /// Compiles each job of `indices` as its module, then links those that compiled into one executable.
    /// A book's program that does not compile has its own failed build, and a scenario is built alone; when
    /// the engine does not compile or the link fails, every job is left to be built alone.
    func buildModuleBatch(_ indices: [Int], of jobs: [ScenarioJob], using engineObjects: EngineObjects)
        -> [BuildOutcome]
    {
        let folder: WorkDirectory
        do { folder = try buildFolder(prefix: "lesson-modules") } catch { return [.failed(jobs: indices, build: nil)] }
        guard let objcopy = compiler.toolchain.tool("llvm-objcopy"),
            let engine = batchEngine(of: jobs[indices[0]], in: folder, using: engineObjects)
        else {
            folder.remove()
            return [.failed(jobs: indices, build: nil)]
        }
        var outcomes: [BuildOutcome] = []
        var compiled: [CompiledModule] = []
        for index in indices {
            let position = compiled.count
            switch compileModule(
                index, position: position, of: jobs, engine: engine, recipe: engineObjects.recipe, objcopy: objcopy,
                in: folder)
            {
            case .compiled(let module): compiled.append(module)
            case .outcome(let outcome): outcomes.append(outcome)
            }
        }
        guard !compiled.isEmpty else {
            folder.remove()
            return outcomes
        }
        return outcomes + [linkModules(compiled, engine: engine, in: folder, using: engineObjects)]
    }

    /// The engine of `first`'s group (its files and the imports its group compiles with them), written in
    /// `folder`, with its kept objects or its objects compiled now; nil when they do not compile.
    private func batchEngine(of first: ScenarioJob, in folder: WorkDirectory, using engineObjects: EngineObjects)
        -> BatchEngine?
    {
        let recipe = engineObjects.recipe
        let files = first.engine + ProgramSource.importsFile(first.plan.group.imports)
        do {
            let directory = folder.path + "/engine"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let paths = files.map { directory + "/" + $0.name }
            for (file, path) in zip(files, paths) { try ScratchFile.save(file.contents, to: path) }
            let declarations = folder.path + "/" + NativeSupport.declarations.name
            try ScratchFile.save(NativeSupport.declarations.contents, to: declarations)
            var engine = BatchEngine(files: files, paths: paths, declarations: declarations)
            guard !files.isEmpty else { return engine }
            engine.kept = engineObjects.kept(files, frontend: recipe.frontend)
            guard engine.kept == nil else { return engine }
            let (build, objects) = try compiler.compileObjects(
                inputs: paths + [declarations], primaries: Set(paths), recipe: recipe, in: directory)
            guard build.succeeded else { return nil }
            engine.compiled = (objects, build)
            return engine
        } catch {
            return nil
        }
    }

    /// Job `index` compiled in a folder of its own as the program at `position` of the batch: its `main.swift`
    /// in the module `main`, beside its engine's files, each symbol it defines made its own.
    private func compileModule(
        _ index: Int, position: Int, of jobs: [ScenarioJob], engine: BatchEngine, recipe: SeparateCompilation,
        objcopy: String, in folder: WorkDirectory
    ) -> ModuleCompile {
        let job = jobs[index]
        // A scenario that does not build this way is built as the reader builds it, which says why.
        let notBuilt = { (build: CompileResult) -> ModuleCompile in
            job.plan.failedBuildIsFinal
                ? .outcome(.alone(index, ScenarioExecution(build: build, run: nil)))
                : .outcome(.failed(jobs: [index], build: nil))
        }
        do {
            let module = folder.path + "/m\(index)"
            try FileManager.default.createDirectory(atPath: module, withIntermediateDirectories: false)
            guard let main = job.files.last else { return .outcome(.failed(jobs: [index], build: nil)) }
            let path = module + "/" + main.name
            try ScratchFile.save(main.contents, to: path)
            let entryPoint = Self.entryPoint(position)
            let (build, objects) = try compiler.compileObjects(
                inputs: [path] + engine.paths + [engine.declarations], primaries: [path],
                recipe: recipe.module(named: "main", entryPoint: entryPoint), in: module)
            guard build.succeeded else { return notBuilt(build) }
            for object in objects {
                let localized = try compiler.run(objcopy, ["--keep-global-symbol=" + entryPoint, object], in: module)
                guard localized.succeeded else { return .outcome(.failed(jobs: [index], build: nil)) }
            }
            return .compiled((index, objects, build))
        } catch {
            return .outcome(.failed(jobs: [index], build: nil))
        }
    }

    /// The compiled modules linked with the engine's objects and the native support into one executable,
    /// whose `main` is the support's (it runs the program `LESSON_SCENARIO` selects, `lesson_support.c`), the
    /// engine's objects kept when they were compiled for it; when that fails, every compiled job is left to
    /// be built alone.
    private func linkModules(
        _ compiled: [CompiledModule], engine: BatchEngine, in folder: WorkDirectory, using engineObjects: EngineObjects
    ) -> BuildOutcome {
        engineObjects.startSupport(compiler: compiler)
        do {
            let executable = folder.path + "/" + ScenarioRunner.programName
            let separate = SeparateBuild(compiler: compiler, engineObjects: engineObjects, folder: folder)
            guard let support = engineObjects.support(compiler: compiler) else {
                folder.remove()
                return .failed(jobs: compiled.map(\.job), build: nil)
            }
            let objects = compiled.flatMap(\.objects) + support.objects
            let linked: CompileResult
            if let kept = engine.kept {
                linked = try separate.link(kept, objects, into: executable)
            } else {
                let engineObjectPaths = engine.compiled?.objects ?? []
                linked = try separate.linkListingLibraries(engineObjectPaths + objects, into: executable)
                if linked.succeeded, !engine.files.isEmpty {
                    engineObjects.keep(
                        engine.files, objects: engineObjectPaths, libraryList: separate.libraryList,
                        frontend: engineObjects.recipe.frontend)
                }
            }
            guard linked.succeeded else {
                folder.remove()
                return .failed(jobs: compiled.map(\.job), build: nil)
            }
            // One build for the batch, as for a merged program: the engine's compile, its programs' compiles,
            // then the link.
            let builds = (engine.compiled.map { [$0.build] } ?? []) + compiled.map(\.build)
            let build = builds.dropFirst().reduce(builds[0]) { $0.followed(by: $1) }.followed(by: linked)
            return .built(
                executable: executable, folder: folder, build: build, jobs: compiled.map(\.job), batches: false)
        } catch {
            folder.remove()
            return .failed(jobs: compiled.map(\.job), build: nil)
        }
    }
}

extension SeparateCompilation {
    /// The frontend command for a module named `name` whose top-level code is the function `entryPoint`.
    func module(named name: String, entryPoint: String) -> SeparateCompilation {
        var copy = self
        var words: [String] = []
        var rest = frontend[...]
        while let word = rest.popFirst() {
            words.append(word)
            if word == "-module-name", rest.popFirst() != nil { words.append(name) }
        }
        if !words.contains("-module-name") { words += ["-module-name", name] }
        copy.frontend = words + ["-entry-point-function-name", entryPoint]
        return copy
    }
}
