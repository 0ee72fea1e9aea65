/// A scenario ready to build.
public struct ScenarioJob: Sendable {
    /// The engine files, mapped to the lesson's lines.
    public var engine: [ProgramFile]
    /// The engine by content (file names and sources) and language mode: scenarios with the same identity
    /// may share one merged build, whichever lessons they come from.
    public var engineIdentity: String
    public var scenario: FencedBlock
    /// The absolute path `#sourceLocation` names.
    public var markdownPath: String
    public var swiftVersion: String
    /// Why the scenario must be built alone; nil when it may be merged.
    public var buildAloneReason: String?
    /// Whether the built program is run (not for `no_run` and `compile_fail` scenarios).
    public var runs: Bool

    public init(
        engine: [ProgramFile], engineIdentity: String, scenario: FencedBlock, markdownPath: String,
        swiftVersion: String, buildAloneReason: String?, runs: Bool = true
    ) {
        self.runs = runs
        self.engine = engine
        self.engineIdentity = engineIdentity
        self.scenario = scenario
        self.markdownPath = markdownPath
        self.swiftVersion = swiftVersion
        self.buildAloneReason = buildAloneReason
    }

    /// The program of this scenario alone.
    public var files: [ProgramFile] {
        ProgramSource.program(engine: engine, scenario: scenario, markdownPath: markdownPath)
    }
}

/// What happened to a scenario job: its build, and its run when the build succeeded.
public struct ScenarioExecution: Sendable, Codable {
    public var build: CompileResult?
    public var run: ProcessResult?
    /// The checker itself could not build or run the scenario (no disk space, no compiler).
    public var toolError: String?

    public init(build: CompileResult?, run: ProcessResult?, toolError: String? = nil) {
        self.build = build
        self.run = run
        self.toolError = toolError
    }
}

/// How scenarios become processes. Reading, planning, comparing and reporting do not depend on it: every
/// strategy gives the same executions, so the same findings.
public protocol BuildStrategy: Sendable {
    /// Builds and runs `jobs` on `jobs` workers, advancing `progress` as programs are built and run.
    func execute(
        _ jobs: [ScenarioJob], compiler: SwiftCompiler, runner: ScenarioRunner, jobs: Int, progress: CheckProgress?
    ) -> [ScenarioExecution]
}

extension BuildStrategy {
    public func execute(_ scenarioJobs: [ScenarioJob], compiler: SwiftCompiler, runner: ScenarioRunner, jobs: Int)
        -> [ScenarioExecution]
    {
        execute(scenarioJobs, compiler: compiler, runner: runner, jobs: jobs, progress: nil)
    }
}

/// One `swiftc` call and one executable per scenario: the reference the merged strategy is tested against.
public struct IsolatedBuildStrategy: BuildStrategy {
    public init() {}

    public func execute(
        _ scenarioJobs: [ScenarioJob], compiler: SwiftCompiler, runner: ScenarioRunner, jobs: Int,
        progress: CheckProgress?
    ) -> [ScenarioExecution] {
        progress?.expect(programs: scenarioJobs.count, scenarios: scenarioJobs.filter(\.runs).count)
        return ParallelMap.map(scenarioJobs, jobs: jobs) { job in
            Self.buildAndRunAlone(job, compiler: compiler, runner: runner, progress: progress)
        }
    }

    /// Builds and runs one scenario; `progress` expects it already.
    static func buildAndRunAlone(
        _ job: ScenarioJob, compiler: SwiftCompiler, runner: ScenarioRunner, progress: CheckProgress?
    ) -> ScenarioExecution {
        do {
            return try WorkDirectory.using(prefix: "lesson-build") { directory in
                let build = try compiler.build(
                    job.files, swiftVersion: job.swiftVersion, in: directory.path, output: "scenario")
                progress?.advance(programs: 1)
                guard build.succeeded, job.runs else {
                    if job.runs { progress?.advance(scenarios: 1) }
                    return ScenarioExecution(build: build, run: nil)
                }
                defer { progress?.advance(scenarios: 1) }
                return ScenarioExecution(build: build, run: try runner.run(directory.path + "/scenario"))
            }
        } catch {
            return ScenarioExecution(build: nil, run: nil, toolError: "\(error)")
        }
    }
}
