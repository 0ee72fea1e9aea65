/// Lessons of different engines compiled by one frontend process into one executable: each engine, its
/// top-level declarations made `fileprivate` (`FilePrivateEngine`), is in a file of its own with its
/// scenarios' functions, so that engines that declare the same names share a module. A course whose
/// engine changes from lesson to lesson (one more function each time) otherwise compiles a program, and
/// loads the standard library in a frontend, once per lesson.
///
/// Only on a cold build: an engine whose objects are kept is linked as it is, which costs less than
/// compiling it again. Only scenarios merged plainly (no moved declarations, no hoisted imports, no exit
/// at their end, no context) of a one-file engine in Swift 5, and only when there are more such engines than
/// workers: each worker then compiles one part. A combined build that fails builds each engine's scenarios
/// as its own merged program, which reports the errors as it always does.
extension Executor {
    /// Whether `job` may be compiled beside other engines' scenarios, its engine rewritten.
    static func isCombinable(_ job: ScenarioJob) -> Bool {
        guard case .content = job.engineIdentity, job.engine.count == 1, job.engine[0].existingPath == nil,
            job.languageMode == EngineObjects.languageMode, job.buildAloneReason == nil, !job.mergesAnyway,
            job.context.isEmpty, !job.isOneProgram, !job.sharesExecutable, job.scenario != nil
        else { return false }
        return true
    }

    /// The engines of `jobs` a cold build may combine: every job of the engine is combinable, its engine
    /// can be rewritten, and no objects of it are kept.
    func combinableEngines(_ jobs: [ScenarioJob], among: [Int]) -> Set<EngineIdentity> {
        guard let objects = separateBuilds,
            let recipe = objects.recipe.inLanguageMode(EngineObjects.languageMode)
        else { return [] }
        let refused = Set(among.filter { !Self.isCombinable(jobs[$0]) }.map { jobs[$0].engineIdentity })
        var engines: Set<EngineIdentity> = []
        var seen: Set<EngineIdentity> = []
        for index in among where !refused.contains(jobs[index].engineIdentity) {
            let job = jobs[index]
            guard seen.insert(job.engineIdentity).inserted, FilePrivateEngine.of(job.engine[0].contents) != nil,
                objects.kept(job.engine, frontend: recipe.frontend) == nil
            else { continue }
            engines.insert(job.engineIdentity)
        }
        return engines
    }

    /// The most engines a combined build holds: a build that fails is built again engine by engine, so a
    /// large one would cost much for one error, and its compile is not shared between the cores.
    static let maximumEnginesCombined = 16

    /// The combined units of `groups` (each engine's jobs, in `order`): the engines of `combinable`, when
    /// there are more of them than `workers`, cut into one part a worker (more when a part would hold more
    /// than `maximumEnginesCombined` engines), the parts even in engines: a part's cost is mostly its
    /// engines' (a scenario is one function). An engine left alone in its part is merged as usual. Also the
    /// engines the units hold, which are not merged otherwise.
    static func combinedUnits(
        _ groups: [EngineIdentity: [Int]], order: [EngineIdentity], combinable: Set<EngineIdentity>, workers: Int
    ) -> (units: [Unit], engines: Set<EngineIdentity>) {
        let identities = order.filter(combinable.contains)
        guard identities.count > max(workers, 1) else { return ([], []) }
        let parts = max(workers, (identities.count + maximumEnginesCombined - 1) / maximumEnginesCombined)
        var units: [Unit] = []
        var engines: Set<EngineIdentity> = []
        var start = 0
        for part in 0..<parts {
            // The first `count % parts` parts hold one engine more.
            let end = start + identities.count / parts + (part < identities.count % parts ? 1 : 0)
            let held = identities[start..<end]
            start = end
            // One engine alone is merged as it is: rewriting it would only change its types' names.
            guard held.count > 1 else { continue }
            units.append(.combined(held.flatMap { groups[$0]! }))
            engines.formUnion(held)
        }
        return (units, engines)
    }

    /// Builds the scenarios `indices` (grouped by engine, in order) into one executable whose selections
    /// are their positions; when that fails, each engine's scenarios are merged again on their own.
    func buildCombined(_ indices: [Int], of jobs: [ScenarioJob], batches: Bool) -> BuildOutcome {
        var parts: [[Int]] = []
        for index in indices {
            if let last = parts.last?.last, jobs[last].engineIdentity == jobs[index].engineIdentity {
                parts[parts.count - 1].append(index)
            } else {
                parts.append([index])
            }
        }
        let apart = BuildOutcome.regrouped(parts.map { .merged($0) })
        guard let engineObjects = separateBuilds,
            let recipe = engineObjects.recipe.inLanguageMode(EngineObjects.languageMode),
            let folder = try? buildFolder(prefix: "lesson-combined")
        else { return apart }
        engineObjects.startSupport(compiler: compiler)
        do {
            let files = try Self.combinedProgram(parts, of: jobs, batches: batches)
            let paths = files.map { folder.path + "/" + $0.name }
            for (file, path) in zip(files, paths) { try ScratchFile.save(file.contents, to: path) }
            let build = SeparateBuild(compiler: compiler, engineObjects: engineObjects, folder: folder, recipe: recipe)
            let object = folder.path + "/combined.o"
            let compiled = try build.compiler.compileWholeModule(
                inputs: paths, into: object, recipe: recipe, in: folder.path)
            guard compiled.succeeded, let support = engineObjects.support(compiler: compiler) else {
                folder.remove()
                return apart
            }
            let executable = folder.path + "/scenarios"
            let linked = try build.linkListingLibraries([object] + support.objects, into: executable)
            guard linked.succeeded else {
                folder.remove()
                return apart
            }
            return .built(
                executable: executable, folder: folder, build: compiled.followed(by: linked),
                jobs: parts.flatMap { $0 },
                batches: batches, combined: true)
        } catch {
            folder.remove()
            return apart
        }
    }

    /// The files of a combined program: one per engine, its rewritten engine then its scenarios' functions,
    /// the support's declarations, and the `main.swift` that dispatches (as `ProgramSource.mergedProgram`
    /// writes them, numbered in the order of `parts`).
    static func combinedProgram(_ parts: [[Int]], of jobs: [ScenarioJob], batches: Bool) throws -> [ProgramFile] {
        let ordered = parts.flatMap { $0 }
        let merged = ProgramSource.mergedProgram(
            engine: [], programs: ordered.map { (jobs[$0].body!, jobs[$0].markdownPath) }, native: true,
            batches: batches)
        // `mergedProgram` writes the support's declarations, each scenario's file, then `main.swift`.
        let functions = merged.dropFirst().dropLast().map(\.contents)
        guard functions.count == ordered.count else { throw CombinedProgramError.unexpectedShape }
        var files: [ProgramFile] = []
        var position = 0
        for (number, part) in parts.enumerated() {
            guard let engine = FilePrivateEngine.of(jobs[part[0]].engine[0].contents) else {
                throw CombinedProgramError.unexpectedShape
            }
            var contents = engine.source + (engine.source.hasSuffix("\n") ? "" : "\n") + "#sourceLocation()\n"
            for _ in part {
                contents += functions[position]
                position += 1
            }
            files.append(ProgramFile(name: "_LessonEngine\(number).swift", contents: contents))
        }
        return files + [merged[0], merged[merged.count - 1]]
    }

    enum CombinedProgramError: Error { case unexpectedShape }
}
