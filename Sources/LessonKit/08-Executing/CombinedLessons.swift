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

    /// The engines of `jobs` a cold build may combine, each with its family (`SharedEngineBase.family`):
    /// every job of the engine is combinable, its engine can be rewritten, and no objects of it are kept.
    func combinableEngines(_ jobs: [ScenarioJob], among: [Int]) -> [EngineIdentity: String] {
        guard let objects = separateBuilds,
            let recipe = objects.recipe.inLanguageMode(EngineObjects.languageMode)
        else { return [:] }
        let refused = Set(among.filter { !Self.isCombinable(jobs[$0]) }.map { jobs[$0].engineIdentity })
        var engines: [EngineIdentity: String] = [:]
        var seen: Set<EngineIdentity> = []
        for index in among where !refused.contains(jobs[index].engineIdentity) {
            let job = jobs[index]
            let engine = job.engine[0].contents
            guard seen.insert(job.engineIdentity).inserted, FilePrivateEngine.of(engine) != nil,
                objects.kept(job.engine, frontend: recipe.frontend) == nil
            else { continue }
            engines[job.engineIdentity] = SharedEngineBase.family(of: engine) ?? ""
        }
        return engines
    }

    /// The most engines a combined build holds: a build that fails is built again engine by engine, so a
    /// large one would cost much for one error, and its compile is not shared between the cores.
    static let maximumEnginesCombined = 16

    /// The combined units of `groups` (each engine's jobs, in `order`): the engines of `combinable`, when
    /// there are more of them than `workers`, cut into parts of one family each (engines that begin with
    /// the same declaration, which may share a base: `SharedEngineBase`; the engines of a family of their own
    /// together), of `maximumEnginesCombined` engines at most, and at least one a worker where the families
    /// can be cut so. A family's parts are even in engines: a part's cost is mostly its engines' (a scenario
    /// is one function). An engine left alone in its part is merged as usual. Also the engines the units
    /// hold, which are not merged otherwise.
    static func combinedUnits(
        _ groups: [EngineIdentity: [Int]], order: [EngineIdentity], combinable: [EngineIdentity: String],
        workers: Int
    ) -> (units: [Unit], engines: Set<EngineIdentity>) {
        let identities = order.filter { combinable[$0] != nil }
        guard identities.count > max(workers, 1) else { return ([], []) }
        let families = families(of: identities, combinable)
        var parts = families.map { ($0.count + maximumEnginesCombined - 1) / maximumEnginesCombined }
        // More parts, from the family of the most engines a part, while each part keeps an engine.
        while parts.reduce(0, +) < workers,
            let widest = families.indices.filter({ families[$0].count > parts[$0] }).max(by: {
                families[$0].count * parts[$1] < families[$1].count * parts[$0]
            })
        {
            parts[widest] += 1
        }
        var units: [Unit] = []
        var engines: Set<EngineIdentity> = []
        for (family, count) in zip(families, parts) {
            var start = 0
            for part in 0..<count {
                // The first `family.count % count` parts hold one engine more.
                let end = start + family.count / count + (part < family.count % count ? 1 : 0)
                let held = family[start..<end]
                start = end
                // One engine alone is merged as it is: rewriting it would only change its types' names.
                guard held.count > 1 else { continue }
                units.append(.combined(held.flatMap { groups[$0]! }))
                engines.formUnion(held)
            }
        }
        return (units, engines)
    }

    /// `identities` by family, in order of their first engines; the engines whose family has no other
    /// engine form one family of their own, last.
    private static func families(of identities: [EngineIdentity], _ combinable: [EngineIdentity: String])
        -> [[EngineIdentity]]
    {
        var byFamily: [String: [EngineIdentity]] = [:]
        var order: [String] = []
        for identity in identities {
            let family = combinable[identity]!
            if byFamily[family] == nil { order.append(family) }
            byFamily[family, default: []].append(identity)
        }
        let shared = order.map { byFamily[$0]! }.filter { $0.count > 1 }
        let alone = order.map { byFamily[$0]! }.filter { $0.count == 1 }.flatMap { $0 }
        return shared + (alone.isEmpty ? [] : [alone])
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
    /// writes them, numbered in the order of `parts`). Engines that share a base (`SharedEngineBase`) have
    /// only their rests in their files, and the base a file of its own.
    static func combinedProgram(_ parts: [[Int]], of jobs: [ScenarioJob], batches: Bool) throws -> [ProgramFile] {
        let ordered = parts.flatMap { $0 }
        let merged = ProgramSource.mergedProgram(
            engine: [], programs: ordered.map { (jobs[$0].body!, jobs[$0].markdownPath) }, native: true,
            batches: batches)
        // `mergedProgram` writes the support's declarations, each scenario's file, then `main.swift`.
        let functions = merged.dropFirst().dropLast().map(\.contents)
        guard functions.count == ordered.count else { throw CombinedProgramError.unexpectedShape }
        let engines = parts.map { jobs[$0[0]].engine[0].contents }
        let shared = SharedEngineBase(engines)
        var files: [ProgramFile] = []
        var position = 0
        for (number, part) in parts.enumerated() {
            guard let engine = shared?.rests[number] ?? FilePrivateEngine.of(engines[number])?.source else {
                throw CombinedProgramError.unexpectedShape
            }
            var contents = engine + (engine.hasSuffix("\n") ? "" : "\n") + "#sourceLocation()\n"
            for _ in part {
                contents += functions[position]
                position += 1
            }
            files.append(ProgramFile(name: "_LessonEngine\(number).swift", contents: contents))
        }
        if let shared { files.append(ProgramFile(name: "_LessonSharedEngine.swift", contents: shared.base)) }
        return files + [merged[0], merged[merged.count - 1]]
    }

    enum CombinedProgramError: Error { case unexpectedShape }
}
