import Foundation

/// The one place programs are built and run, for `check`, `grade` and `coverage` alike. Reading, planning,
/// judging and reporting do not depend on how: both strategies give the same executions, so the same
/// findings.
///
/// - `merged` (the default) compiles the scenarios of one engine into one program and runs each in a process
///   of its own (see `MergedExecution.swift`);
/// - `isolated` compiles one program per scenario: the reference the merged strategy is tested against.
package struct Executor: Sendable {
    package var compiler: SwiftCompiler
    package var runner: ScenarioRunner
    package var strategy: BuildStrategy
    /// Builds and runs at once.
    package var jobs: Int
    /// Advanced as programs are built and scenarios run.
    package var progress: CheckProgress?
    /// Coverage instrumentation; nil builds plain programs and removes them once run.
    package var instrumentation: Instrumentation?
    /// Engines compiled once and linked into their merged programs; nil builds each program with `swiftc`
    /// as a whole. Only for plain programs (not instrumented, not a student's).
    var engineObjects: EngineObjects?
    /// Whether a failed merged build stands for all its scenarios, rather than each being built alone to
    /// place its errors; nil: never (each is built alone).
    package var failedMergeStands: (@Sendable (CompileResult) -> Bool)?
    /// Told each job's execution as soon as it is final, by the job's position among those `execute` was
    /// given, on the worker that has it: the result cache keeps it while the other jobs build and run.
    package var finished: (@Sendable (Int, ScenarioExecution) -> Void)?

    package init(
        compiler: SwiftCompiler, runner: ScenarioRunner, strategy: BuildStrategy = .merged, jobs: Int,
        progress: CheckProgress? = nil, instrumentation: Instrumentation? = nil
    ) {
        self.compiler = compiler
        self.runner = runner
        self.strategy = strategy
        self.jobs = jobs
        self.progress = progress
        self.instrumentation = instrumentation
    }

    /// Builds every job's program and runs those that run; one execution per job, in order.
    package func execute(_ scenarioJobs: [ScenarioJob]) -> [ScenarioExecution] {
        switch strategy {
        case .merged:
            return executeMerged(scenarioJobs)
        case .isolated:
            progress?.expect(programs: scenarioJobs.count, scenarios: scenarioJobs.filter(\.runs).count)
            return ParallelMap.map(Array(scenarioJobs.enumerated()), jobs: jobs) { index, job in
                let execution = buildAndRunAlone(job, number: index)
                finished?(index, execution)
                return execution
            }
        }
    }

    /// Builds and runs job `number` as a program of its own; `progress` expects it already.
    func buildAndRunAlone(_ job: ScenarioJob, number: Int) -> ScenarioExecution {
        do {
            let folder = try buildFolder(prefix: "lesson-build")
            defer { release(folder) }
            let build = try build(
                job.files, languageMode: job.languageMode, in: folder, output: ScenarioRunner.programName)
            progress?.advance(programs: 1)
            let program = kept(folder.path + "/" + ScenarioRunner.programName, build)
            guard build.succeeded, job.runs else {
                if job.runs { progress?.advance(scenarios: 1) }
                return ScenarioExecution(build: build, run: nil, program: program)
            }
            defer { progress?.advance(scenarios: 1) }
            let run = try self.run(folder.path + "/" + ScenarioRunner.programName, job: number, selection: nil)
            return ScenarioExecution(build: build, run: run, program: program)
        } catch {
            return ScenarioExecution(build: nil, run: nil, toolError: "\(error)")
        }
    }

    func build(_ files: [ProgramFile], languageMode: LanguageMode, in folder: WorkDirectory, output: String) throws
        -> CompileResult
    {
        try compiler.build(
            files, languageMode: languageMode, in: folder.path, output: output,
            extraArguments: instrumentation?.compilerArguments ?? [])
    }

    /// Runs a built program for job `number`; `selection` picks its scenario in a merged program.
    func run(_ program: String, job number: Int, selection: Int?) throws -> ProcessResult {
        try runner.run(program, scenario: selection, environment: instrumentation?.runEnvironment(number) ?? [:])
    }

    /// A fresh folder for one build: temporary, or under the instrumentation's folder, where it is kept.
    func buildFolder(prefix: String) throws -> WorkDirectory {
        try WorkDirectory.create(prefix: prefix, base: instrumentation?.programFolder)
    }

    /// Done with a build folder: removed, unless programs are kept (the instrumentation's folder goes with
    /// its owner).
    func release(_ folder: WorkDirectory) {
        if instrumentation == nil {
            folder.remove()
        } else {
            Cleanup.shared.unregister(folder: folder.path)
        }
    }

    /// The program's path when programs are kept and it was built.
    func kept(_ program: String, _ build: CompileResult) -> String? {
        instrumentation != nil && build.succeeded ? program : nil
    }
}

/// How coverage builds and runs programs: instrumented, each run writing its own profile, every program
/// kept for `llvm-cov` to read once all have run.
package struct Instrumentation: Sendable {
    /// The compiler's instrumentation flags.
    package var compilerArguments: [String]
    /// Where built programs are kept; its owner removes it.
    package var programFolder: String
    /// The environment of job `number`'s run (where it writes its profile).
    package var runEnvironment: @Sendable (Int) -> [String: String]

    package init(
        compilerArguments: [String], programFolder: String,
        runEnvironment: @escaping @Sendable (Int) -> [String: String]
    ) {
        self.compilerArguments = compilerArguments
        self.programFolder = programFolder
        self.runEnvironment = runEnvironment
    }
}
