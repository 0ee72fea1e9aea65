/// Many scenarios of one engine compiled into one executable (rustdoc's merged doctests): each scenario's
/// top-level code is wrapped in a function, and every scenario still runs in a process of its own, selected
/// by `LESSON_SCENARIO`, so a trap fails one scenario and keeps the others.
///
/// Scenarios that wrapping could change (see `MergeEligibility`) are built alone. When a merged build fails,
/// its scenarios are built alone, so that every compile error lands on its own block.
public struct MergedBuildStrategy: BuildStrategy {
    /// The fewest scenarios a merged build holds when there are enough to share the cores.
    static let minimumChunk = 8

    public init() {}

    private enum Unit: Sendable {
        case alone(Int)
        case merged([Int])
    }

    /// A merged executable and the scenarios it holds, or the jobs it failed to build.
    private enum BuildOutcome: Sendable {
        case built(executable: String, directory: WorkDirectory, build: CompileResult, jobs: [Int])
        case alone(Int, ScenarioExecution)
        case failed(jobs: [Int])
    }

    public func execute(
        _ scenarioJobs: [ScenarioJob], compiler: SwiftCompiler, runner: ScenarioRunner, jobs: Int,
        progress: CheckProgress?
    ) -> [ScenarioExecution] {
        let units = Self.units(for: scenarioJobs, jobs: jobs)
        progress?.expect(programs: units.count, scenarios: scenarioJobs.filter(\.runs).count)
        let outcomes = ParallelMap.map(units, jobs: jobs) { unit -> BuildOutcome in
            switch unit {
            case .alone(let index):
                return .alone(
                    index,
                    IsolatedBuildStrategy.buildAndRunAlone(
                        scenarioJobs[index], compiler: compiler, runner: runner, progress: progress))
            case .merged(let indices):
                defer { progress?.advance(programs: 1) }
                return Self.buildMerged(indices, of: scenarioJobs, compiler: compiler)
            }
        }

        var executions = [ScenarioExecution?](repeating: nil, count: scenarioJobs.count)
        var runs: [(job: Int, executable: String, selection: Int, build: CompileResult)] = []
        var fallbacks: [Int] = []
        var directories: [WorkDirectory] = []
        for outcome in outcomes {
            switch outcome {
            case .alone(let index, let execution):
                executions[index] = execution
            case .failed(let indices):
                fallbacks += indices
            case .built(let executable, let directory, let build, let indices):
                directories.append(directory)
                var share = build
                share.seconds = build.seconds / Double(indices.count)
                for (selection, job) in indices.enumerated() {
                    if scenarioJobs[job].runs {
                        runs.append((job, executable, selection, share))
                    } else {
                        executions[job] = ScenarioExecution(build: share, run: nil)
                    }
                }
            }
        }
        defer { directories.forEach { $0.remove() } }

        let ran = ParallelMap.map(
            runs.map { RunRequest(executable: $0.executable, selection: $0.selection) }, jobs: jobs
        ) {
            request -> Result<ProcessResult, SubprocessError> in
            defer { progress?.advance(scenarios: 1) }
            do {
                return .success(try runner.run(request.executable, scenario: request.selection))
            } catch {
                return .failure(SubprocessError(description: "\(error)"))
            }
        }
        for (request, result) in zip(runs, ran) {
            switch result {
            case .success(let run): executions[request.job] = ScenarioExecution(build: request.build, run: run)
            case .failure(let error):
                executions[request.job] = ScenarioExecution(build: nil, run: nil, toolError: error.description)
            }
        }
        // Each scenario of a failed merged build is built alone: more programs than expected.
        progress?.expect(programs: fallbacks.count)
        let rebuilt = ParallelMap.map(fallbacks, jobs: jobs) { index in
            IsolatedBuildStrategy.buildAndRunAlone(
                scenarioJobs[index], compiler: compiler, runner: runner, progress: progress)
        }
        for (index, execution) in zip(fallbacks, rebuilt) { executions[index] = execution }
        return executions.map { $0! }
    }

    private struct RunRequest: Sendable {
        var executable: String
        var selection: Int
    }

    /// Scenarios that must be built alone, then the others grouped by engine and cut into chunks so that
    /// the builds share the cores.
    private static func units(for jobs: [ScenarioJob], jobs workers: Int) -> [Unit] {
        var units: [Unit] = []
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, job) in jobs.enumerated() {
            if job.buildAloneReason != nil {
                units.append(.alone(index))
            } else {
                if groups[job.engineIdentity] == nil { order.append(job.engineIdentity) }
                groups[job.engineIdentity, default: []].append(index)
            }
        }
        let mergeable = groups.values.reduce(0) { $0 + $1.count }
        let chunk = max(minimumChunk, (mergeable + workers - 1) / max(workers, 1))
        for identity in order {
            let indices = groups[identity]!
            for start in stride(from: 0, to: indices.count, by: chunk) {
                let slice = Array(indices[start..<min(start + chunk, indices.count)])
                units.append(slice.count == 1 ? .alone(slice[0]) : .merged(slice))
            }
        }
        return units
    }

    private static func buildMerged(_ indices: [Int], of jobs: [ScenarioJob], compiler: SwiftCompiler) -> BuildOutcome {
        let first = jobs[indices[0]]
        let files = ProgramSource.mergedProgram(
            engine: first.engine, scenarios: indices.map { (jobs[$0].scenario, jobs[$0].markdownPath) })
        do {
            let directory = try WorkDirectory.create(prefix: "lesson-merged")
            let build = try compiler.build(
                files, swiftVersion: first.swiftVersion, in: directory.path, output: "scenarios")
            guard build.succeeded else {
                directory.remove()
                return .failed(jobs: indices)
            }
            return .built(executable: directory.path + "/scenarios", directory: directory, build: build, jobs: indices)
        } catch {
            return .failed(jobs: indices)
        }
    }
}
