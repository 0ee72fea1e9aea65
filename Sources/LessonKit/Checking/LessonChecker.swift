import Foundation

/// Checks lessons end to end: plans each one, resolves its engine, builds and runs its scenarios with the
/// build strategy, parses its snippets, compares outputs and engine reprints, and collects every finding of
/// every lesson.
public struct LessonChecker: Sendable {
    public var options: CheckOptions
    public var toolchain: Toolchain
    public var catalog: EngineCatalog

    public init(options: CheckOptions, toolchain: Toolchain, catalog: EngineCatalog = .builtIn) {
        self.options = options
        self.toolchain = toolchain
        self.catalog = catalog
    }

    var limits: ProcessLimits { ProcessLimits(timeout: options.timeout, outputLimit: options.outputLimit) }

    /// Reads, plans and checks the lesson files at `paths` (as the user gave them).
    public func check(files paths: [String], selection: LessonSelection = LessonSelection(filter: nil)) -> CheckReport {
        let plans = ParallelMap.map(paths, jobs: options.jobs) { LessonPlanner.plan(Lesson.read(path: $0)) }
        return check(plans, selection: selection)
    }

    public func check(_ allPlans: [LessonPlan], selection: LessonSelection = LessonSelection(filter: nil))
        -> CheckReport
    {
        let compiler = SwiftCompiler(toolchain: toolchain, timeout: options.buildTimeout)
        let scopes = allPlans.map(selection.scope)
        let plans = zip(allPlans, scopes).map { selection.narrowed($0, to: $1) }

        // Lessons that cannot be trusted (reading findings, an unknown engine) are one failed check each.
        var lessonFailures = plans.map(\.readingFindings)
        var engines: [Int: ResolvedEngine] = [:]
        for index in plans.indices where lessonFailures[index].isEmpty {
            switch EngineResolution.resolve(
                plans[index], catalog: catalog, markdownPath: Self.absolutePath(plans[index].path))
            {
            case .success(let engine): engines[index] = engine
            case .failure(let finding): lessonFailures[index] = [finding]
            }
        }
        let work = CheckWork(plans: plans, engines: engines)
        let runnable = engines.keys.sorted()

        let cache = options.cacheDirectory.map { ResultCache(directory: $0) }
        let keys = CacheKeys(toolchain: toolchain)
        let snippetResults = CachedWork.map(
            work.snippetJobs, cache: cache,
            key: { [plans] job in
                keys.key([
                    "snippet", plans[job.plan].path, Self.absolutePath(plans[job.plan].path),
                    String(job.block.firstContentLine), job.block.text,
                ])
            }, cacheable: { _ in true }
        ) { [plans] pending in
            ParallelMap.map(pending, jobs: options.jobs) { job in
                SnippetCheck(
                    plan: plans[job.plan], markdownPath: Self.absolutePath(plans[job.plan].path), compiler: compiler
                )
                .check(job.block)
            }
        }
        let limits = self.limits
        let executions = CachedWork.map(
            work.scenarioJobs, cache: cache,
            key: { job in
                keys.key(
                    [
                        "scenario", job.swiftVersion, "\(limits.timeout)", "\(limits.outputLimit)",
                        job.runs ? "runs" : "built only",
                    ]
                        + job.files.flatMap { [$0.name, $0.contents] })
            }, cacheable: Self.isCacheable
        ) { pending in
            options.strategy.implementation.execute(
                pending, compiler: compiler, runner: ScenarioRunner(limits: limits), jobs: options.jobs)
        }
        cache?.prune()
        var drift = EngineDrift.checks(allPlans, eligible: Set(runnable), catalog: catalog)
        for index in plans.indices where scopes[index] != .whole { drift[index] = [] }

        var outcomes = [[ScenarioEvaluation.Outcome]](repeating: [], count: plans.count)
        for (owner, execution) in zip(work.owners, executions) {
            let plan = plans[owner.plan]
            let evaluation = ScenarioEvaluation(
                plan: plan, markdownPath: Self.absolutePath(plan.path), engine: engines[owner.plan]!, limits: limits)
            switch owner {
            case .scenario(_, let index):
                outcomes[owner.plan].append(evaluation.evaluate(plan.scenarios[index], execution))
            case .starter(_, let index):
                outcomes[owner.plan].append(evaluation.evaluateStarter(plan.exerciseStarters[index], execution))
            }
        }
        var snippetsByPlan = [[CheckResult]](repeating: [], count: plans.count)
        for (job, result) in zip(work.snippetJobs, snippetResults) { snippetsByPlan[job.plan].append(result) }

        let lessons = plans.indices.filter { scopes[$0] != .none }.map { index in
            let plan = plans[index]
            var report: LessonReport
            if lessonFailures[index].isEmpty {
                report = Self.assemble(
                    plan, scenarios: outcomes[index],
                    others: snippetsByPlan[index] + drift[index] + work.presetChecks[index])
            } else {
                report = LessonReport(
                    path: plan.path,
                    checks: [
                        CheckResult(
                            kind: .lesson, location: plan.lesson.location(1), name: plan.path, status: .failed,
                            findings: lessonFailures[index])
                    ])
            }
            report.title = plan.lesson.frontMatter.text("title")
            report.language = plan.lesson.frontMatter.text("language")
            return report
        }
        return Self.report(lessons, of: allPlans, selection: selection)
    }

    /// The report; a shard's also lists every lesson the whole run reports, with the shard of each, so that
    /// `lesson merge` can put the shards together.
    static func report(_ lessons: [LessonReport], of allPlans: [LessonPlan], selection: LessonSelection)
        -> CheckReport
    {
        guard let sharding = selection.sharding else { return CheckReport(lessons: lessons) }
        let course = allPlans.filter { selection.filterScope(of: $0) != .none }.map { plan in
            CourseLesson(
                path: plan.path, title: plan.lesson.frontMatter.text("title"),
                language: plan.lesson.frontMatter.text("language"), shard: sharding.owners[plan.path])
        }
        return CheckReport(lessons: lessons, shard: sharding.shard, course: course)
    }

    /// Results worth keeping: a build that succeeded, with the run that ended on its own (or at the output
    /// cap, which is part of the key), or with no run for a program only built (`no_run`, starters). A build
    /// failure, a timeout, a resource limit or a checker error is checked again.
    static func isCacheable(_ execution: ScenarioExecution) -> Bool {
        guard execution.toolError == nil, execution.build?.succeeded == true else { return false }
        guard let run = execution.run else { return true }
        if case .stopped = run.termination { return false }
        return run.termination != .timedOut
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
        if let first = engineErrors.first {
            let pointer =
                first.location.path == plan.path
                ? "the lesson's engine file \(plan.engineFiles.last { $0.block.openingLine < first.location.line }?.fileName ?? "") does not build (line \(first.location.line))"
                : "the engine does not build (\(first.location.description))"
            for index in checks.indices where !scenarios[index].engineErrors.isEmpty {
                checks[index].findings.append(
                    Finding(.engineBuildError, at: checks[index].location, "not built: " + pointer))
                checks[index].status = .failed
            }
        }
        checks += others
        checks.sort { ($0.location, $0.kind.rawValue) < ($1.location, $1.kind.rawValue) }
        return LessonReport(path: plan.path, checks: checks, lessonFindings: engineErrors)
    }

    /// The absolute form of a path the user gave, for `#sourceLocation`.
    public static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
