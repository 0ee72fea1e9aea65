import Foundation

/// Checks lessons end to end: plans each one, builds and runs its scenarios with the build strategy, parses
/// its snippets, compares outputs, and collects every finding of every lesson.
public struct LessonChecker: Sendable {
    public var options: CheckOptions
    public var toolchain: Toolchain
    public var strategy: any BuildStrategy

    public init(options: CheckOptions, toolchain: Toolchain, strategy: any BuildStrategy = IsolatedBuildStrategy()) {
        self.options = options
        self.toolchain = toolchain
        self.strategy = strategy
    }

    var limits: ProcessLimits { ProcessLimits(timeout: options.timeout, outputLimit: options.outputLimit) }

    /// Reads, plans and checks the lesson files at `paths` (as the user gave them).
    public func check(files paths: [String]) -> CheckReport {
        let plans = ParallelMap.map(paths, jobs: options.jobs) { LessonPlanner.plan(Lesson.read(path: $0)) }
        return check(plans)
    }

    public func check(_ plans: [LessonPlan]) -> CheckReport {
        let compiler = SwiftCompiler(toolchain: toolchain, timeout: options.buildTimeout)
        let runnable = plans.indices.filter { plans[$0].readingFindings.isEmpty }

        var scenarioJobs: [ScenarioJob] = []
        var scenarioOwners: [(plan: Int, scenario: Int)] = []
        var snippetJobs: [(plan: Int, block: FencedBlock)] = []
        for index in runnable {
            let plan = plans[index]
            let markdownPath = Self.absolutePath(plan.path)
            let engine = plan.engineFiles.map {
                ProgramFile(name: $0.fileName, contents: ProgramSource.mapped($0.block, to: markdownPath))
            }
            for (number, scenario) in plan.scenarios.enumerated() {
                let files = ProgramSource.program(engine: engine, scenario: scenario.block, markdownPath: markdownPath)
                scenarioJobs.append(ScenarioJob(files: files, swiftVersion: plan.swiftVersion))
                scenarioOwners.append((index, number))
            }
            snippetJobs += plan.snippets.map { (index, $0) }
        }

        let snippetResults = ParallelMap.map(snippetJobs.map { SnippetJob(plan: plans[$0.plan], block: $0.block) }, jobs: options.jobs) { job in
            SnippetCheck(plan: job.plan, markdownPath: Self.absolutePath(job.plan.path), compiler: compiler).check(job.block)
        }
        let executions = strategy.execute(
            scenarioJobs, compiler: compiler, runner: ScenarioRunner(limits: limits), jobs: options.jobs)

        var outcomes = [[ScenarioEvaluation.Outcome]](repeating: [], count: plans.count)
        for (owner, execution) in zip(scenarioOwners, executions) {
            let plan = plans[owner.plan]
            let evaluation = ScenarioEvaluation(plan: plan, markdownPath: Self.absolutePath(plan.path), limits: limits)
            outcomes[owner.plan].append(evaluation.evaluate(plan.scenarios[owner.scenario], execution))
        }
        var snippetsByPlan = [[CheckResult]](repeating: [], count: plans.count)
        for (job, result) in zip(snippetJobs, snippetResults) { snippetsByPlan[job.plan].append(result) }

        let lessons = plans.indices.map { index in
            let plan = plans[index]
            if !plan.readingFindings.isEmpty {
                return LessonReport(
                    path: plan.path,
                    checks: [
                        CheckResult(
                            kind: .lesson, location: plan.lesson.location(1), name: plan.path, status: .failed,
                            findings: plan.readingFindings)
                    ])
            }
            return Self.assemble(plan, scenarios: outcomes[index], snippets: snippetsByPlan[index])
        }
        return CheckReport(lessons: lessons)
    }

    /// Puts a lesson's checks in file order. An engine that does not build is reported once, and each
    /// scenario it broke points at it in one line.
    static func assemble(_ plan: LessonPlan, scenarios: [ScenarioEvaluation.Outcome], snippets: [CheckResult])
        -> LessonReport
    {
        var engineErrors: [Finding] = []
        for finding in scenarios.flatMap(\.engineErrors) where !engineErrors.contains(finding) {
            engineErrors.append(finding)
        }
        engineErrors.sort { $0.location < $1.location }
        var checks = scenarios.map(\.check)
        if let first = engineErrors.first {
            let file = plan.engineFiles.last { $0.block.openingLine < first.location.line }?.fileName ?? "engine"
            for index in checks.indices where !scenarios[index].engineErrors.isEmpty {
                checks[index].findings.append(
                    Finding(
                        .engineBuildError, at: checks[index].location,
                        "not built: the lesson's engine file \(file) does not build (line \(first.location.line))"))
                checks[index].status = .failed
            }
        }
        checks += snippets
        checks.sort { $0.location < $1.location }
        return LessonReport(path: plan.path, checks: checks, lessonFindings: engineErrors)
    }

    private struct SnippetJob: Sendable {
        var plan: LessonPlan
        var block: FencedBlock
    }

    /// The absolute form of a path the user gave, for `#sourceLocation`.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
