import Foundation

/// Programs built alone (their code needs the top level of `main.swift`), linked into one executable all the
/// same. Each is compiled as the reader's `main.swift` is, in the module `main` with its engine's files beside
/// it, its top-level code becoming a function (`-entry-point-function-name`); every symbol its object defines
/// but that function is then made the object's own (`llvm-objcopy --keep-global-symbol`), so that two
/// programs that declare the same type, each `main.X` as the reader's, link side by side. The engine's objects
/// are compiled once for the batch (or taken from those kept, `EngineObjects`), and the native support's
/// `main` calls the program `LESSON_SCENARIO` selects (`lesson_support.c`). One frontend process per program,
/// each a task of the check's work queue that whichever worker is free takes (an author's edit of one lesson
/// compiles its programs on every core), and one link for all of them, by the worker that compiled the last:
/// the link of a small program costs more than its compile.
///
/// Only for jobs planned so (`MergePolicy.Decision.module`): a book's programs, and scenarios whose
/// top-level declarations their engine's code does not see (`MergePolicy.mayLinkAsMain`), so that the
/// engine's objects are those the reader's build would compile.
final class ModuleBatch: @unchecked Sendable {
    /// The entry point of the program at `position` of a batch.
    static func entryPoint(_ position: Int) -> String { "_lessonProgram\(position)" }

    /// The jobs of the batch, each the program at its position.
    let indices: [Int]
    private let folder: WorkDirectory
    private let engine: Engine
    private let engineObjects: EngineObjects
    private let lock = NSLock()
    private var compiles: [Compile?]
    private var remaining: Int

    /// A job compiled as a module of the batch: its objects and its compile.
    struct Module {
        var job: Int
        var position: Int
        var objects: [String]
        var build: CompileResult
    }

    /// What compiling one job as a module gave: the module, or the job's outcome when it did not compile.
    enum Compile {
        case compiled(Module)
        case outcome(Executor.BuildOutcome)
    }

    /// The engine of a batch: its files written in the batch's folder, and its objects, kept or compiled.
    private struct Engine {
        var paths: [String]
        var declarations: String
        var build: EngineObjects.EngineBuild
        /// The compile of the objects compiled for this batch (none when kept).
        var compile: CompileResult?
    }

    private init(_ indices: [Int], folder: WorkDirectory, engine: Engine, engineObjects: EngineObjects) {
        self.indices = indices
        self.folder = folder
        self.engine = engine
        self.engineObjects = engineObjects
        compiles = Array(repeating: nil, count: indices.count)
        remaining = indices.count
    }

    /// How starting a batch went: its programs are to be compiled, or its jobs' outcomes are known (every job
    /// left to be built alone when the engine does not compile or the tools are missing).
    enum Start {
        case started(ModuleBatch)
        case ended([Executor.BuildOutcome])
    }

    /// The batch of `indices`: its folder, and its engine's objects (kept, or compiled now).
    static func start(_ indices: [Int], of jobs: [ScenarioJob], executor: Executor, using engineObjects: EngineObjects)
        -> Start
    {
        let folder: WorkDirectory
        do { folder = try executor.buildFolder(prefix: "lesson-modules") } catch {
            return .ended([.failed(jobs: indices, build: nil)])
        }
        guard executor.compiler.toolchain.tool("llvm-objcopy") != nil,
            let engine = engine(of: jobs[indices[0]], in: folder, compiler: executor.compiler, using: engineObjects)
        else {
            folder.remove()
            return .ended([.failed(jobs: indices, build: nil)])
        }
        // The support compiles beside the programs' frontends.
        engineObjects.startSupport(compiler: executor.compiler)
        return .started(ModuleBatch(indices, folder: folder, engine: engine, engineObjects: engineObjects))
    }

    /// The engine of `first`'s group (its files and the imports its group compiles with them), written in
    /// `folder`, with its kept objects or its objects compiled now; nil when they do not compile.
    private static func engine(
        of first: ScenarioJob, in folder: WorkDirectory, compiler: SwiftCompiler, using engineObjects: EngineObjects
    ) -> Engine? {
        let files = first.engine + ProgramSource.importsFile(first.plan.group.imports)
        do {
            let directory = folder.path + "/engine"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let paths = files.map { directory + "/" + $0.name }
            for (file, path) in zip(files, paths) { try ScratchFile.save(file.contents, to: path) }
            let declarations = folder.path + "/" + NativeSupport.declarations.name
            try ScratchFile.save(NativeSupport.declarations.contents, to: declarations)
            let kept = files.isEmpty ? nil : engineObjects.kept(files, frontend: engineObjects.recipe.frontend)
            var engine = Engine(
                paths: paths, declarations: declarations,
                build: EngineObjects.EngineBuild(files: files, kept: kept, compiled: []))
            guard !files.isEmpty, kept == nil else { return engine }
            let builder = ProgramBuilder(compiler: compiler, recipe: engineObjects.recipe, directory: directory)
            let (build, objects) = try builder.compile(.objects(inputs: paths + [declarations], primaries: paths))
            guard build.succeeded else { return nil }
            engine.build.compiled = objects
            engine.compile = build
            return engine
        } catch {
            return nil
        }
    }

    /// Compiles the program at `position`; once every program of the batch is compiled (by this worker or
    /// others), links them and returns every job's outcome, and until then nothing.
    func compile(_ position: Int, of jobs: [ScenarioJob], executor: Executor) -> [Executor.BuildOutcome] {
        let compiled = compileModule(position, of: jobs, compiler: executor.compiler)
        let all = lock.withLock { () -> [Compile]? in
            compiles[position] = compiled
            remaining -= 1
            return remaining == 0 ? compiles.map { $0! } : nil
        }
        guard let all else { return [] }
        var outcomes: [Executor.BuildOutcome] = []
        var modules: [Module] = []
        for compile in all {
            switch compile {
            case .compiled(let module): modules.append(module)
            case .outcome(let outcome): outcomes.append(outcome)
            }
        }
        guard !modules.isEmpty else {
            folder.remove()
            return outcomes
        }
        return outcomes + [link(modules, compiler: executor.compiler)]
    }

    /// The job at `position` compiled in a folder of its own: its `main.swift` in the module `main`, beside
    /// its engine's files, each symbol it defines made its own.
    private func compileModule(_ position: Int, of jobs: [ScenarioJob], compiler: SwiftCompiler) -> Compile {
        let index = indices[position]
        let job = jobs[index]
        do {
            let module = folder.path + "/m\(index)"
            try FileManager.default.createDirectory(atPath: module, withIntermediateDirectories: false)
            guard let main = job.files.last else { return .outcome(.failed(jobs: [index], build: nil)) }
            let path = module + "/" + main.name
            try ScratchFile.save(main.contents, to: path)
            let builder = ProgramBuilder(compiler: compiler, recipe: engineObjects.recipe, directory: module)
            let (build, objects) = try builder.compile(
                .program(
                    main: path, others: engine.paths + [engine.declarations], entryPoint: Self.entryPoint(position)))
            guard build.succeeded else {
                // A book's program that does not build this way fails so; a scenario is built as the reader
                // builds it, which says why.
                return job.plan.failedBuildIsFinal
                    ? .outcome(.alone(index, ScenarioExecution(build: build, run: nil)))
                    : .outcome(.failed(jobs: [index], build: nil))
            }
            return .compiled(Module(job: index, position: position, objects: objects, build: build))
        } catch {
            return .outcome(.failed(jobs: [index], build: nil))
        }
    }

    /// The compiled modules linked with the engine's objects and the native support into one executable,
    /// whose `main` is the support's (it runs the program `LESSON_SCENARIO` selects, `lesson_support.c`: a
    /// program's position, which those that did not compile leave unused), the engine's objects kept when
    /// they were compiled for it; when that fails, every compiled job is left to be built alone.
    private func link(_ modules: [Module], compiler: SwiftCompiler) -> Executor.BuildOutcome {
        let jobs = modules.map(\.job)
        do {
            let executable = folder.path + "/" + ScenarioRunner.programName
            guard let support = engineObjects.support(compiler: compiler) else {
                folder.remove()
                return .failed(jobs: jobs, build: nil)
            }
            let builder = ProgramBuilder(
                compiler: compiler, recipe: engineObjects.recipe, directory: folder.path,
                libraryLists: engineObjects.libraryLists)
            let linked = try engineObjects.link(
                engine.build, with: modules.flatMap(\.objects) + support.objects, into: executable, builder: builder)
            guard linked.succeeded else {
                folder.remove()
                return .failed(jobs: jobs, build: nil)
            }
            // One build for the batch, as for a merged program: the engine's compile, its programs' compiles,
            // then the link.
            let builds = (engine.compile.map { [$0] } ?? []) + modules.map(\.build)
            let build = builds.dropFirst().reduce(builds[0]) { $0.followed(by: $1) }.followed(by: linked)
            return .built(
                executable: executable, folder: folder, build: build, jobs: jobs, batches: false,
                selections: modules.map(\.position))
        } catch {
            folder.remove()
            return .failed(jobs: jobs, build: nil)
        }
    }
}
