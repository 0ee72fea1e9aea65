/// A scenario ready to build: its program files, with `#sourceLocation` lines pointing into the lesson.
public struct ScenarioJob: Sendable {
    public var files: [ProgramFile]
    public var swiftVersion: String

    public init(files: [ProgramFile], swiftVersion: String) {
        self.files = files
        self.swiftVersion = swiftVersion
    }
}

/// What happened to a scenario job: its build, and its run when the build succeeded.
public struct ScenarioExecution: Sendable {
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

/// How scenarios become processes. The reading, planning and reporting stages do not depend on it, so a
/// faster strategy can replace the simple one without changing a finding.
public protocol BuildStrategy: Sendable {
    func execute(_ jobs: [ScenarioJob], compiler: SwiftCompiler, runner: ScenarioRunner, jobs: Int)
        -> [ScenarioExecution]
}

/// One `swiftc` call and one executable per scenario.
public struct IsolatedBuildStrategy: BuildStrategy {
    public init() {}

    public func execute(_ scenarioJobs: [ScenarioJob], compiler: SwiftCompiler, runner: ScenarioRunner, jobs: Int)
        -> [ScenarioExecution]
    {
        ParallelMap.map(scenarioJobs, jobs: jobs) { job in
            do {
                return try WorkDirectory.using(prefix: "lesson-build") { directory in
                    let build = try compiler.build(
                        job.files, swiftVersion: job.swiftVersion, in: directory.path, output: "scenario")
                    guard build.succeeded else { return ScenarioExecution(build: build, run: nil) }
                    return ScenarioExecution(build: build, run: try runner.run(directory.path + "/scenario"))
                }
            } catch {
                return ScenarioExecution(build: nil, run: nil, toolError: "\(error)")
            }
        }
    }
}
