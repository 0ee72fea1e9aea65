/// Many scenarios of one engine compiled into one executable (rustdoc's merged doctests): each scenario's
/// top-level code is wrapped in a function, and every scenario still runs in a process of its own, selected
/// by `LESSON_SCENARIO`, so a trap fails one scenario and keeps the others.
///
/// Scenarios that wrapping could change (see `MergePolicy`) are built alone. When a merged build fails,
/// the scenarios its errors are in are built alone, so that every compile error lands on its own block, and
/// the others are merged again (`split`), unless `failedMergeStands` says the failure is one that would only
/// repeat (a student's file that does not build). What a worker does with each outcome is in `MergedWork`.
extension Executor {
    /// The fewest scenarios a merged build holds when there are enough to share the cores: each frontend
    /// process loads the standard library anew, which costs more than building a chunk again after a
    /// failure (a failing build stops after type-checking).
    static let minimumChunk = 8
    /// The most scenarios a merged build holds, so that a compile's memory is bounded however large the
    /// course: at 2,000 lessons of one engine, two programs per engine peaked at 404 MB, programs of at most
    /// 128 scenarios at 204 MB, in the same time (`Benchmarks/scale.py --copies`).
    static let maximumChunk = 128

    /// `count` scenarios cut into `parts` chunks, each within `minimumChunk` and `maximumChunk`.
    static func chunkSize(_ count: Int, parts: Int) -> Int {
        min(maximumChunk, max(minimumChunk, (count + parts - 1) / max(parts, 1)))
    }

    enum Unit: Sendable {
        case alone(Int)
        case merged([Int])
        /// Programs built alone, linked into one executable (see `ModuleBatch.swift`).
        case modules([Int])
    }

    /// A merged executable and the jobs it holds, or the jobs it failed to build.
    enum BuildOutcome: Sendable {
        /// `batches`: the executable runs a batch of its scenarios in one process (a merged program).
        /// `selections`: the `LESSON_SCENARIO` of each job, where it is not the job's place in `jobs`.
        case built(
            executable: String, folder: WorkDirectory, build: CompileResult, jobs: [Int], batches: Bool,
            selections: [Int]? = nil)
        case alone(Int, ScenarioExecution)
        /// Its jobs, and the build that failed (nil when none ran).
        case failed(jobs: [Int], build: CompileResult?)
        /// A build that failed, whose jobs are built again in these units.
        case regrouped([Unit])
    }

    /// A run of one scenario of a merged executable.
    struct MergedRun: Sendable {
        var job: Int
        var executable: String
        var selection: Int
        var build: CompileResult
        /// The executable's folder, released after its last run.
        var folder: FolderRelease
        /// Whether the executable was built for jobs sent to be built on their own (`MergedWork.buildAlone`):
        /// its answer stands, whatever qualified names it prints.
        var isFinal = false
    }

    /// One thing for a worker to do: build a unit (and, for a program built alone, run it), or run one
    /// scenario of a built executable.
    enum Task: Sendable {
        case build(Unit, round: Int)
        case run(MergedRun)
        /// Runs of one executable in one process (`ScenarioRunner.runBatch`); those it leaves are run alone.
        case runs([MergedRun])
        /// The program at a position of a batch of programs linked as `main` (`ModuleBatch`).
        case compileModule(ModuleBatch, position: Int, round: Int)
    }

    /// Whether the runs of a merged executable go in batches: plain programs only (an instrumented run
    /// writes a profile of its own), where the runner may batch them.
    var batchesRuns: Bool { instrumentation == nil && runner.runsBatches }

    /// Builds and runs every job, each listing that can be checked within a later listing's run checked
    /// there (see `SharedRuns.swift`). Work is done as it comes: a scenario runs as soon as its program is
    /// built, while others build, and a failed build's replacements are built as soon as it fails.
    func executeMerged(_ scenarioJobs: [ScenarioJob]) -> [ScenarioExecution] {
        let shared = SharedRuns(scenarioJobs)
        var jobs = scenarioJobs
        for run in shared.runs where !run.riders.isEmpty { jobs[run.job].segments = Set(run.riders.map(\.position)) }
        let among = shared.runs.map(\.job)
        let units = Self.units(
            for: jobs, among: among, workers: self.jobs, mergingSingles: separateBuilds != nil)
        progress?.expect(programs: units.count, scenarios: shared.runs.filter { jobs[$0.job].runs }.count)
        let board = ExecutionBoard(jobs: jobs, runs: shared.runs, finished: finished)
        let planned = jobs
        let batches = runsInBatches(jobs.filter(\.runs).count)
        WorkQueue<Task>.run(units.map { .build($0, round: 0) }, jobs: self.jobs) { task, queue in
            let work = MergedWork(executor: self, jobs: planned, batches: batches, board: board, queue: queue)
            switch task {
            case .build(let unit, let round):
                for outcome in work.build(unit, round: round) { work.settle(outcome, round: round) }
            case .compileModule(let batch, let position, let round):
                for outcome in work.compile(position, of: batch) { work.settle(outcome, round: round) }
            case .run(let request):
                work.run(request)
            case .runs(let requests):
                work.run(requests)
            }
        }
        return board.executions
    }

    /// Whether a run printed what the runtime writes in the fully qualified name of a local or `fileprivate`
    /// type (`String(reflecting:)`, `dump`, a class instance's description): `main.(unknown context at
    /// $55d0c1a2b3c4).Point`, where the program built alone, its type at the top level, prints `main.Point`.
    static func revealsMergedContext(_ run: ProcessResult) -> Bool {
        let marker = Array("(unknown context at $".utf8)
        return ByteSearch.contains(marker, in: run.standardOutput) || ByteSearch.contains(marker, in: run.standardError)
    }

    /// How many times the scenarios of one chunk are merged at most: once, then again without those a failed
    /// build's errors are in (the compiler may report an error only once another is gone).
    static let mergeRounds = 4

    /// Whether an error comes of wrapping code in a function: a local type cannot use the function's locals
    /// (`struct declaration cannot close over value 'names' defined in outer scope`), a local function
    /// that does is captured where the type uses it (`closure captures 'names' before it is declared`), and
    /// a local constant's arithmetic is checked as it is compiled (`arithmetic operation '32767 + 1' (on type
    /// 'Int16') results in an overflow`). At the top level they are globals, and the same code builds. And a
    /// name another listing's moved declaration made `fileprivate` is found, where alone it is not.
    static func isWrappingArtifact(_ error: CompilerDiagnostic) -> Bool {
        error.message.contains("cannot close over value") || error.message.hasSuffix("results in an overflow")
            || error.message.hasSuffix("is inaccessible due to 'fileprivate' protection level")
            || (error.message.hasPrefix("closure captures '") && error.message.hasSuffix("' before it is declared"))
    }

    /// The jobs of a merged build that failed, by where its errors are: those none is in (merged again),
    /// those whose failure is final (`BuildPlan.mergedErrorsAreFinal`: their own errors are their build), and the others
    /// an error is in (built alone, so that wrapping is not blamed for an error of their own), as is a listing
    /// with an error of the wrapping (`isWrappingArtifact`). Nil when an
    /// error is in none of the jobs' lines (a link error, an error in the engine): each is built alone.
    static func split(_ indices: [Int], of jobs: [ScenarioJob], by build: CompileResult) -> (
        innocent: [Int], final: [(Int, CompileResult)], alone: [Int]
    )? {
        let errors = build.errors
        guard !errors.isEmpty, !build.timedOut, build.stoppedBy == nil else { return nil }
        var blamed: [Int: [CompilerDiagnostic]] = [:]
        for error in errors {
            let owners = indices.filter { jobs[$0].owns(error) }
            guard !owners.isEmpty else { return nil }
            for owner in owners { blamed[owner, default: []].append(error) }
        }
        var split: (innocent: [Int], final: [(Int, CompileResult)], alone: [Int]) = ([], [], [])
        for index in indices {
            guard let own = blamed[index] else {
                split.innocent.append(index)
                continue
            }
            let job = jobs[index]
            if job.plan.mergedErrorsAreFinal, !own.contains(where: isWrappingArtifact) {
                split.final.append((index, build.share(for: job, of: indices.count)))
            } else {
                split.alone.append(index)
            }
        }
        return split
    }

    /// Scenarios that must be built alone, then the others grouped by engine and cut into chunks so that
    /// the builds share the cores, none larger than `maximumChunk`. A scenario that is the only one of its
    /// engine is merged too when `mergingSingles`: with the engine's objects at hand, only the scenario is
    /// compiled. Only the jobs `among` are built, when it is given.
    static func units(
        for jobs: [ScenarioJob], among: [Int]? = nil, workers: Int, mergingSingles: Bool = false,
        movingDeclarations: Bool = true
    ) -> [Unit] {
        var units: [Unit] = []
        var groups: [MergeGroup: [Int]] = [:]
        var order: [MergeGroup] = []
        var batched: [MergeGroup: [Int]] = [:]
        var batchOrder: [MergeGroup] = []
        for index in among ?? Array(jobs.indices) {
            let job = jobs[index]
            switch job.plan.way {
            case .module where mergingSingles, .movingDeclarations where mergingSingles && !movingDeclarations:
                // Programs of one group share their engine's objects.
                if batched[job.plan.group] == nil { batchOrder.append(job.plan.group) }
                batched[job.plan.group, default: []].append(index)
            case .module, .alone,
                .movingDeclarations where !movingDeclarations:
                units.append(.alone(index))
            case .wrapped, .movingDeclarations:
                let group = job.plan.group
                guard group.engine != .unshared, job.scenario != nil else {
                    units.append(.alone(index))
                    continue
                }
                if groups[group] == nil { order.append(group) }
                groups[group, default: []].append(index)
            }
        }
        let mergeable = groups.values.reduce(0) { $0 + $1.count }
        let share = chunkSize(mergeable, parts: workers)
        for identity in order {
            let indices = groups[identity]!
            for start in stride(from: 0, to: indices.count, by: share) {
                let slice = Array(indices[start..<min(start + share, indices.count)])
                units.append(slice.count == 1 && !mergingSingles ? .alone(slice[0]) : .merged(slice))
            }
        }
        // Batches of programs built alone, two per worker, so that one batch's runs go while the next
        // compiles (each program of a batch is a task of its own, `ModuleBatch`). The merged builds go first:
        // they are the longest, and one that fails leads to more.
        var batches: [Unit] = []
        for indices in batchOrder.map({ batched[$0]! }) {
            // At least `minimumChunk` to a batch: each batch links once.
            let size = chunkSize(indices.count, parts: 2 * workers)
            for start in stride(from: 0, to: indices.count, by: size) {
                batches.append(.modules(Array(indices[start..<min(start + size, indices.count)])))
            }
        }
        let isMerged = { (unit: Unit) in
            switch unit {
            case .merged: true
            default: false
            }
        }
        return units.filter(isMerged) + batches + units.filter { !isMerged($0) }
    }

    /// `indices` cut into up to `workers` parts of at least `minimumChunk`, in order.
    static func parts(of indices: [Int], workers: Int) -> [[Int]] {
        let count = max(1, min(workers, indices.count / minimumChunk))
        let size = (indices.count + count - 1) / count
        return stride(from: 0, to: indices.count, by: size).map { Array(indices[$0..<min($0 + size, indices.count)]) }
    }

    /// Whether the merged programs of a check of `runs` runs go in batches: where the runner batches and
    /// programs are compiled file by file, linked with the native support, which runs batches (a program
    /// built whole runs each scenario in a process of its own).
    func runsInBatches(_ runs: Int) -> Bool {
        batchesRuns && runs > 1 && separateBuilds != nil
    }

    /// Builds the scenarios `indices` of `jobs` into one program; with `batches`, one that runs them in batches.
    func buildMerged(_ indices: [Int], of jobs: [ScenarioJob], batches: Bool) -> BuildOutcome {
        let first = jobs[indices[0]]
        let scenarios = indices.map { (body: jobs[$0].body!, markdownPath: jobs[$0].markdownPath) }
        // The jobs of one merged build share their imports (`MergeGroup`): a file of the engine's.
        let imports = first.plan.group.imports
        let engine = first.engine + ProgramSource.importsFile(imports)
        do {
            let folder = try buildFolder(prefix: "lesson-merged")
            if let separateBuilds {
                let files = ProgramSource.mergedProgram(
                    engine: engine, programs: scenarios, inMain: true, native: true, batches: batches,
                    imports: imports, languageMode: first.languageMode)
                if let outcome = buildSeparately(
                    files, engineFileCount: engine.count, batches: batches, jobs: indices, in: folder,
                    using: separateBuilds, languageMode: first.languageMode)
                {
                    return outcome
                }
            }
            let files = ProgramSource.mergedProgram(
                engine: engine, programs: scenarios, imports: imports, languageMode: first.languageMode)
            let build = try build(
                files, languageMode: first.languageMode, in: folder, output: ScenarioRunner.programName)
            guard build.succeeded else {
                folder.remove()
                return .failed(jobs: indices, build: build)
            }
            return .built(
                executable: folder.path + "/" + ScenarioRunner.programName, folder: folder, build: build, jobs: indices,
                batches: false)
        } catch {
            return .failed(jobs: indices, build: nil)
        }
    }
}

extension Executor {
    /// The engine objects merged builds link with; nil when programs are built by `swiftc` as a whole
    /// (instrumented programs keep that way: their profiles are read against whole builds).
    var separateBuilds: EngineObjects? {
        instrumentation == nil ? engineObjects : nil
    }

    /// Builds a merged program from its files compiled one by one: the scenarios' `main.swift` alone, linked
    /// with the engine's kept objects, or, when none are kept, the engine's files too, whose objects are then
    /// kept. The support is only declared (`files` hold `NativeSupport.declarations` after the
    /// `engineFileCount` engine files): its object is compiled once, by `clang` beside this program's
    /// frontend, and kept as a set of its own, the same for every engine (`EngineObjects.support`). Nil when
    /// that cannot be done (the kept objects do not link, the support does not compile): the program is then
    /// built as a whole in `folder`.
    private func buildSeparately(
        _ files: [ProgramFile], engineFileCount: Int, batches: Bool, jobs indices: [Int], in folder: WorkDirectory,
        using engineObjects: EngineObjects, languageMode: LanguageMode
    ) -> BuildOutcome? {
        guard let recipe = engineObjects.recipe.inLanguageMode(languageMode) else { return nil }
        engineObjects.startSupport(compiler: compiler)
        do {
            let builder = ProgramBuilder(
                compiler: compiler, recipe: recipe, directory: folder.path, libraryLists: engineObjects.libraryLists)
            let paths = files.map { folder.path + "/" + $0.name }
            for (file, path) in zip(files, paths) { try ScratchFile.save(file.contents, to: path) }
            let engine = Array(files.prefix(engineFileCount))
            let kept = engine.isEmpty ? nil : engineObjects.kept(engine, frontend: recipe.frontend)
            let enginePaths = Array(paths.prefix(engineFileCount))
            let scenarioPaths = Array(paths.dropFirst(engineFileCount + 1))
            let (compiled, _) = try builder.compile(
                .objects(inputs: paths, primaries: (kept == nil ? enginePaths : []) + scenarioPaths))
            guard compiled.succeeded else {
                folder.remove()
                return .failed(jobs: indices, build: compiled)
            }
            guard let support = engineObjects.support(compiler: compiler) else { return nil }
            let executable = folder.path + "/" + ScenarioRunner.programName
            let linked = try engineObjects.link(
                EngineObjects.EngineBuild(
                    files: engine, kept: kept, compiled: enginePaths.map(SeparateCompilation.object)),
                with: support.objects + scenarioPaths.map(SeparateCompilation.object), into: executable,
                builder: builder)
            guard linked.succeeded else {
                if linked.failedOnItsOwn { engineObjects.discardSupport() }
                return nil
            }
            return .built(
                executable: executable, folder: folder, build: compiled.followed(by: linked), jobs: indices,
                batches: batches)
        } catch {
            return nil
        }
    }
}
