import Foundation

/// Checks lessons end to end: plans each one, resolves its engine, builds and runs its scenarios with the
/// build strategy, parses its snippets, compares outputs and engine reprints, and collects every finding of
/// every lesson.
public struct LessonChecker: Sendable {
    package var options: CheckOptions
    package var toolchain: Toolchain
    package var catalog: EngineCatalog
    /// Advanced as programs are built, scenarios run and snippets parsed, for a progress line.
    package var progress: CheckProgress?
    /// Where the time goes, phase by phase (`--stats`); nil measures nothing.
    package var timings: CheckTimings?

    public init(options: CheckOptions, toolchain: Toolchain, catalog: EngineCatalog = .builtIn) {
        self.options = options
        self.toolchain = toolchain
        self.catalog = catalog
    }

    var limits: ProcessLimits { options.execution.processLimits }

    /// Reads, plans and checks the lesson files at `paths` (as the user gave them). With a cache, no filter
    /// and no shard, lessons unchanged since their last check are answered from the cache (see
    /// `LessonReuse`): a whole report per lesson, which a filter or a shard would have narrowed.
    public func check(files paths: [String], selection: LessonSelection = LessonSelection(filter: nil)) -> CheckReport {
        let started = Self.now()
        askDriverEarly()
        defer { DriverRecipe.shared.settle() }
        guard selection.isEverything, let directory = options.cacheDirectory else {
            let plans = phase(.plan) {
                ParallelMap.map(paths, jobs: options.jobs) { LessonPlanner.plan(Lesson.read(path: $0)) }
            }
            return run(plans, selection: selection, reused: plans.map { _ in nil }, started: started).report
        }
        var (reuse, cached) = phase(.reuse) {
            let reuse = LessonReuse(
                paths: paths, cache: ResultCache(directory: directory), keys: CacheKeys(toolchain: toolchain),
                settings: LessonReuse.settings(options, catalog: catalog), jobs: options.jobs)
            return (reuse, reuse.load())
        }
        if cached.allSatisfy({ $0 != nil }) {
            timings?.reused(paths.count, of: paths.count)
            return CheckReport(lessons: cached.map { $0! })
        }
        var plans = [LessonPlan?](repeating: nil, count: paths.count)
        func plan(_ indices: [Int]) {
            let made = phase(.plan) {
                ParallelMap.map(indices, jobs: options.jobs) { [reuse] index in
                    LessonPlanner.plan(
                        reuse.contents[index].map { Lesson(path: paths[index], bytes: [UInt8]($0)) }
                            ?? Lesson.read(path: paths[index]))
                }
            }
            for (index, made) in zip(indices, made) { plans[index] = made }
        }
        // The edited lessons first. One whose engine reprints are as they were leaves what drift reads of its
        // folder as it was: the folder's other lessons are then answered by the cache.
        plan(reuse.lessonsToLearn)
        phase(.reuse) {
            reuse.learn(plans)
            cached = reuse.load(keeping: cached)
        }
        // Drift reads a lesson the cache answers from its stand-in, where the cache keeps one; the others are
        // planned.
        let answered = paths.indices.filter { cached[$0] != nil && plans[$0] == nil }
        let standIns = phase(.plan) {
            ParallelMap.map(answered, jobs: options.jobs) { [reuse] in reuse.driftStandIn($0) }
        }
        for (index, standIn) in zip(answered, standIns) { plans[index] = standIn }
        plan(paths.indices.filter { plans[$0] == nil })
        let allPlans = plans.map { $0! }
        let (report, cacheable) = run(allPlans, selection: selection, reused: cached, started: started)
        // Without a filter every lesson is reported, in the order of `paths`.
        phase(.store) {
            reuse.store(
                paths.indices.filter { cached[$0] == nil && cacheable.contains($0) }.map {
                    (index: $0, report: report.lessons[$0])
                })
        }
        timings?.reused(cached.filter { $0 != nil }.count, of: paths.count)
        return report
    }

    package func check(_ allPlans: [LessonPlan], selection: LessonSelection = LessonSelection(filter: nil))
        -> CheckReport
    {
        let started = Self.now()
        askDriverEarly()
        defer { DriverRecipe.shared.settle() }
        return run(allPlans, selection: selection, reused: allPlans.map { _ in nil }, started: started).report
    }

    /// Merged builds need the driver's commands (`DriverRecipe`): a check whose cache does not hold them
    /// starts asking at once, so the driver answers while the lessons are read and planned, and the first
    /// build does not wait for it. A check that then builds nothing waits for the answer at its end rather
    /// than leave the driver running; the answer is kept, so that happens once per cache. Without a cache
    /// nothing is kept: the driver is asked once the plans show scenarios to build (`run`).
    private func askDriverEarly() {
        guard options.strategy == .merged, let directory = options.cacheDirectory else { return }
        EngineObjects.prefetchRecipe(
            toolchain: toolchain, cache: ResultCache(directory: directory), keys: CacheKeys(toolchain: toolchain))
    }

    /// Seconds since 1970, as file times count them; a second earlier, for file systems that round them.
    private static func now() -> Double { Date().timeIntervalSince1970 - 1 }

    /// Checks `allPlans`, except those with a `reused` report, which is reported as it is (their plans still
    /// count for drift), `started` at that time (what the cache's pruning keeps). Also returns the lessons
    /// whose report may be cached whole: none of their results was a transient failure.
    private func run(_ allPlans: [LessonPlan], selection: LessonSelection, reused: [LessonReport?], started: Double)
        -> (report: CheckReport, cacheable: Set<Int>)
    {
        let compiler = options.execution.compiler(toolchain)
        let (prepared, work) = phase(.prepare) {
            var lessons = allPlans.indices.map { index in
                let scope = selection.scope(of: allPlans[index])
                return LessonInCheck(
                    id: LessonID(index: index), plan: selection.narrowed(allPlans[index], to: scope), scope: scope,
                    reused: reused[index])
            }
            resolveEngines(&lessons)
            return (lessons, CheckWork(lessons: lessons.filter(\.isChecked)))
        }
        var lessons = prepared
        let cache = options.cacheDirectory.map { ResultCache(directory: $0) }
        let keys = CacheKeys(toolchain: toolchain)
        if options.strategy == .merged, cache == nil, !work.scenarioJobs.isEmpty {
            // Asked while the scenarios' results are looked for and the snippets parsed (`askDriverEarly`).
            EngineObjects.prefetchRecipe(toolchain: toolchain, cache: nil, keys: keys)
        }
        // Snippets are parsed while the scenarios build: parsing is light, and builds leave gaps on the cores.
        let phases = ParallelMap.map([0, 1], jobs: 2) { [lessons] phase -> Phase in
            phase == 0
                ? .parsed(
                    self.phase(.snippets) {
                        parseSnippets(work.snippetJobs, lessons: lessons, cache: cache, keys: keys, compiler: compiler)
                    })
                : .executed(
                    self.phase(.scenarios) {
                        execute(work.scenarioJobs, cache: cache, keys: keys, compiler: compiler)
                    })
        }
        let judging = Uptime.now
        defer { timings?.record(.report, seconds: Uptime.seconds(since: judging)) }
        guard case .parsed(let snippetResults) = phases[0], case .executed(let executions) = phases[1] else {
            preconditionFailure("phases come back in order")
        }
        // What this check used or wrote stays, however large the course (`ResultCache.prune`).
        cache?.prune(keepingSince: started)

        collect(executions, snippetResults, of: work, into: &lessons)
        // Drift is judged against every lesson given, and reported only by lessons checked whole.
        let runnable = Set(lessons.filter { $0.engine != nil }.map(\.id.index))
        let drift = EngineDrift.checks(allPlans, eligible: runnable, catalog: catalog)
        for index in lessons.indices {
            switch lessons[index].scope {
            case .whole: lessons[index].otherChecks += drift[index]
            case .blocks:
                let blocks = selection.checkedBlocks(of: allPlans[index])
                lessons[index].otherChecks += drift[index].filter { blocks.contains($0.location.line) }
            case .scenarios, .none: break
            }
            lessons[index].otherChecks += work.presetChecks[lessons[index].id] ?? []
        }
        let cacheable = Set(lessons.filter(\.cacheable).map(\.id.index))
        return (Self.report(lessons.compactMap(\.report), of: allPlans, selection: selection), cacheable)
    }

    /// Each execution judged, and each snippet's parse checked, into the check of its lesson.
    private func collect(
        _ executions: [ScenarioExecution], _ snippetResults: [SnippetParse], of work: CheckWork,
        into lessons: inout [LessonInCheck]
    ) {
        // A listing's check, by lesson and opening line, waits for the parse of its block.
        var listingChecks: [Int: [Int: CheckResult]] = [:]
        for (job, (owner, execution)) in zip(work.scenarioJobs, zip(work.owners, executions)) {
            let index = owner.lesson.index
            if !Self.isCacheable(job, execution) { lessons[index].cacheable = false }
            let outcome = evaluate(owner, execution, of: lessons[index])
            if case .listing = owner {
                listingChecks[index, default: [:]][outcome.check.location.line] = outcome.check
            } else {
                lessons[index].scenarioOutcomes.append(outcome)
            }
        }
        for (lesson, test) in work.unbuiltBookTests {
            lessons[lesson.index].otherChecks.append(
                ScenarioEvaluation.notRun(test, lessons[lesson.index].plan, reason: test.notRun ?? ""))
        }
        for (lesson, listing) in work.unbuiltListings {
            let check = ScenarioEvaluation.notRun(listing, lessons[lesson.index].plan, reason: listing.notRun ?? "")
            listingChecks[lesson.index, default: [:]][check.location.line] = check
        }
        for (job, parse) in zip(work.snippetJobs, snippetResults) {
            let index = job.lesson.index
            if parse.toolError != nil { lessons[index].cacheable = false }
            let snippet = SnippetCheck(plan: lessons[index].plan).result(job.block, parse)
            // A listing that did not run is checked as the snippet it is: it must parse.
            if let listing = listingChecks[index]?[job.block.openingLine] {
                lessons[index].otherChecks.append(listing.isNote && snippet.status == .failed ? snippet : listing)
            } else {
                lessons[index].otherChecks.append(snippet)
            }
        }
    }

    /// The report; a shard's also lists every lesson the whole run reports, with the shard of each, so that
    /// `lesson merge` can put the shards together.
    static func report(_ lessons: [LessonReport], of allPlans: [LessonPlan], selection: LessonSelection)
        -> CheckReport
    {
        guard let sharding = selection.sharding else { return CheckReport(lessons: lessons) }
        let course = allPlans.filter { selection.filterScope(of: $0) != .none }.map { plan in
            CourseEntry(
                path: plan.path, title: plan.lesson.frontMatter.text("title"),
                language: plan.lesson.frontMatter.text("language"), shard: sharding.owners[plan.path],
                codeBlocks: plan.lesson.blocks.count)
        }
        return CheckReport(lessons: lessons, shard: sharding.shard, course: course)
    }

    /// `body`, measured as a phase when timings are asked for.
    private func phase<Result>(_ phase: CheckTimings.Phase, _ body: () -> Result) -> Result {
        timings.map { $0.measure(phase, body) } ?? body()
    }

    private enum Phase: Sendable {
        case parsed([SnippetParse])
        case executed([ScenarioExecution])
    }

    /// Front matter the checker cannot read is one failed check; the lesson's code is still checked.
    static func frontMatterCheck(_ plan: LessonPlan) -> [CheckResult] {
        let findings = plan.readingFindings.filter { $0.kind == .malformedFrontMatter }
        guard !findings.isEmpty else { return [] }
        let line = plan.lesson.frontMatter.lines?.lowerBound ?? 1
        return [
            CheckResult(
                kind: .lesson, location: plan.lesson.location(line), name: "front matter", status: .failed,
                findings: findings)
        ]
    }

    /// The engine of each lesson that can be trusted; the others (reading findings other than the front
    /// matter's, an unknown engine) get the findings that make them one failed check each.
    private func resolveEngines(_ lessons: inout [LessonInCheck]) {
        for index in lessons.indices {
            let plan = lessons[index].plan
            if plan.readingFindings.contains(where: { $0.kind != .malformedFrontMatter }) {
                lessons[index].failures = plan.readingFindings
                continue
            }
            switch EngineResolution.resolve(plan, catalog: catalog, markdownPath: Paths.absolute(plan.path)) {
            case .resolved(let engine): lessons[index].engine = engine
            case .unresolved(let finding): lessons[index].failures = [finding]
            }
        }
    }

    /// An execution judged as what its owner is.
    private func evaluate(_ owner: CheckWork.Owner, _ execution: ScenarioExecution, of lesson: LessonInCheck)
        -> ScenarioEvaluation.Outcome
    {
        let plan = lesson.plan
        let evaluation = ScenarioEvaluation(
            plan: plan, markdownPath: Paths.absolute(plan.path), engine: lesson.engine!, limits: limits,
            buildTimeout: options.buildTimeout)
        switch owner {
        case .scenario(_, let index): return evaluation.evaluate(plan.scenarios[index], execution)
        case .starter(_, let index): return evaluation.evaluateStarter(plan.exerciseStarters[index], execution)
        case .engineFiles: return evaluation.evaluateEngineFiles(execution)
        case .listing(_, let index): return evaluation.evaluateListing(plan.listings[index], execution)
        case .bookTest(_, let index): return evaluation.evaluateBookTest(plan.bookTests[index], execution)
        }
    }

    /// Parses every snippet: each distinct text in each language mode once per run, and only when the cache
    /// has no parse of it, in batches (see `SnippetBatchParser`).
    private func parseSnippets(
        _ jobs: [CheckWork.SnippetJob], lessons: [LessonInCheck], cache: ResultCache?, keys: CacheKeys,
        compiler: SwiftCompiler
    ) -> [SnippetParse] {
        let sources = jobs.map {
            SnippetSource(
                text: SnippetElision.text(of: $0.block), languageMode: lessons[$0.lesson.index].plan.languageMode,
                elides: SnippetElision.applies(to: $0.block))
        }
        let parser = SnippetBatchParser(compiler: compiler, jobs: options.jobs, progress: progress)
        return CachedWork.map(
            Array(sources.indices), cache: cache,
            key: {
                keys.key(
                    [
                        "snippet", sources[$0].languageMode.version, sources[$0].elides ? "elides" : "verbatim",
                        sources[$0].text,
                    ])
            },
            cacheable: { (_, parse: SnippetParse) in parse.toolError == nil }
        ) { pending in
            timings?.parsed(pending.count)
            return parser.parse(pending.map { sources[$0] })
        }
    }

    /// Builds and runs every scenario job the cache has no result for; a program is built once per run.
    private func execute(_ jobs: [ScenarioJob], cache: ResultCache?, keys: CacheKeys, compiler: SwiftCompiler)
        -> [ScenarioExecution]
    {
        let limits = self.limits
        return CachedWork.map(
            jobs, cache: cache,
            key: { job in
                keys.key(
                    [
                        // A result answers only a check of the same strategy: the reader's build (isolated) is
                        // the reference, never answered by what the fast path gave.
                        "scenario", job.languageMode.version, "\(limits.timeout)", "\(limits.outputLimit)",
                        job.runs ? "runs" : "built only", options.sandbox == nil ? "uncontained" : "contained",
                        "strategy \(options.strategy.rawValue)",
                    ]
                        + job.files.flatMap { [$0.name, $0.contents] })
            }, cacheable: Self.isCacheable
        ) { pending, keep in
            var executor = Executor(
                compiler: compiler, runner: ScenarioRunner(limits: limits, sandbox: options.sandbox),
                strategy: options.strategy,
                jobs: options.jobs, progress: progress)
            executor.finished = keep
            // Merged programs are compiled file by file, linked with the engine objects kept.
            if options.strategy == .merged { timings?.planned(pending) }
            if options.strategy == .merged, !pending.isEmpty {
                executor.engineObjects = EngineObjects.forMergedBuilds(toolchain: toolchain, cache: cache, keys: keys)
            }
            defer { executor.engineObjects?.close() }
            let executions = executor.execute(pending)
            timings?.executed(executions)
            return executions
        }
    }

    /// Results worth keeping: a build that succeeded, with the run that ended on its own (or at the output
    /// cap, which is part of the key), or with no run for a program only built (`no_run`, starters); a build
    /// that failed for its own sources (`failedForItsSources`), or, for a job whose failure is final (a
    /// book listing), one whose compiler ended by itself. A crashed or killed compiler, a timeout, a
    /// resource limit, a checker error or anything that ended while the check was interrupted is checked
    /// again.
    static func isCacheable(_ job: ScenarioJob, _ execution: ScenarioExecution) -> Bool {
        // An interrupted check kills what runs: those ends are the interruption's, not the programs'.
        guard !Cleanup.shared.isInterrupted else { return false }
        guard execution.toolError == nil, let build = execution.build else { return false }
        guard build.succeeded else {
            return build.endedByItself && (job.plan.failedBuildIsFinal || failedForItsSources(build, of: job))
        }
        guard let run = execution.run else { return true }
        if case .stopped = run.termination { return false }
        return run.termination != .timedOut
    }

    /// Whether a failed build fails the same way whenever the job's sources are the same (they are its
    /// key): each error is at a line of the job's own files (the lesson, its engine's files), and none is
    /// about a module that could not be built or read, whose cause (a module cache, a module of the
    /// toolchain's) is not in the key. A missing module (`no such module`) is kept: no search path is given
    /// but the toolchain's.
    static func failedForItsSources(_ build: CompileResult, of job: ScenarioJob) -> Bool {
        let names = Set(job.files.map(\.name))
        let errors = build.errors
        return !errors.isEmpty
            && errors.allSatisfy { error in
                error.line > 0
                    && (error.file == job.markdownPath || names.contains((error.file as NSString).lastPathComponent))
                    && !moduleTroubles.contains(where: error.message.contains)
            }
    }

    /// How the compiler says a module could not be built or read.
    static let moduleTroubles = ["could not build", "failed to build module", "module file", "compiled module"]

    /// Each warning given to the check of its block, which it does not fail. A block with no check of its
    /// own (an engine file that no drift check compares) reports its warnings in a check of its own, which
    /// passes.
    static func withWarnings(_ checks: [CheckResult], of plan: LessonPlan) -> [CheckResult] {
        guard !plan.warnings.isEmpty else { return checks }
        var checks = checks
        for line in plan.warnings.keys.sorted() {
            let warnings = plan.warnings[line]!
            if let index = checks.firstIndex(where: { $0.location.line == line }) {
                checks[index].findings += warnings
                continue
            }
            let fileName = plan.engineFiles.first { $0.block.openingLine == line }?.fileName
            let frontMatter = plan.lesson.frontMatter.lines?.lowerBound == line
            checks.append(
                CheckResult(
                    kind: .lesson, location: plan.lesson.location(line),
                    name: fileName.map { "engine file \($0)" }
                        ?? (frontMatter ? "front matter" : "block at line \(line)"),
                    status: .passed,
                    findings: warnings))
        }
        checks.sort { ($0.location, $0.kind.rawValue) < ($1.location, $1.kind.rawValue) }
        return checks
    }

    /// Puts a lesson's checks in file order. An engine that does not build is reported once, and each
    /// scenario it broke points at it in one line.
    static func assemble(_ plan: LessonPlan, scenarios: [ScenarioEvaluation.Outcome], others: [CheckResult])
        -> LessonReport
    {
        var engineErrors: [Finding] = []
        for finding in scenarios.flatMap(\.engineErrors) where !engineErrors.contains(finding) {
            engineErrors.append(finding)
        }
        engineErrors.sort { $0.location < $1.location }
        var checks = scenarios.map(\.check)
        // The engine built with a scenario whose build has no error at all.
        let engineBuilds = scenarios.contains { outcome in
            outcome.engineErrors.isEmpty && !outcome.check.findings.contains { $0.kind == .buildError }
        }
        for index in checks.indices where !scenarios[index].engineErrors.isEmpty {
            let scenario = plan.scenarios.first { $0.block.openingLine == checks[index].location.line }
            let message = EngineBreakage.notBuilt(
                scenario?.swift, errors: scenarios[index].engineErrors, buildsWithOthers: engineBuilds,
                engineFiles: plan.engineFiles, lessonPath: plan.path)
            checks[index].findings.append(Finding(.engineBuildError, at: checks[index].location, message))
            checks[index].status = .failed
        }
        checks += others
        checks.sort { ($0.location, $0.kind.rawValue) < ($1.location, $1.kind.rawValue) }
        checks = withWarnings(checks, of: plan)
        return LessonReport(
            path: plan.path, checks: checks, lessonFindings: engineErrors, codeBlocks: plan.lesson.blocks.count)
    }

}
