import Foundation

/// What a worker of a merged execution does with a task, and with what it gives: a built executable adds
/// its runs, a failed build the builds that replace it, a shared run the listings whose segment did not end.
struct MergedWork {
    var executor: Executor
    var jobs: [ScenarioJob]
    /// Whether merged programs run their scenarios in batches (`Executor.runsInBatches`, decided once a check).
    var batches: Bool
    var board: ExecutionBoard
    var queue: WorkQueue<Executor.Task>

    private var progress: CheckProgress? { executor.progress }

    func build(_ unit: Executor.Unit, round: Int) -> [Executor.BuildOutcome] {
        switch unit {
        case .alone(let index):
            record(index, executor.buildAndRunAlone(jobs[index], number: index))
            return []
        case .merged(let indices):
            defer { progress?.advance(programs: 1) }
            return [executor.buildMerged(indices, of: jobs, batches: batches)]
        case .modules(let indices):
            guard let objects = executor.separateBuilds else {
                progress?.advance(programs: 1)
                return [.failed(jobs: indices, build: nil)]
            }
            switch ModuleBatch.start(indices, of: jobs, executor: executor, using: objects) {
            case .ended(let outcomes):
                progress?.advance(programs: 1)
                return outcomes
            case .started(let batch):
                // Before the builds that wait: the batch holds its folder until its last program is compiled.
                queue.add(
                    batch.indices.indices.map { .compileModule(batch, position: $0, round: round) }, first: true)
                return []
            }
        }
    }

    /// Compiles a batch's program; the worker that compiles its last links them (`ModuleBatch`).
    func compile(_ position: Int, of batch: ModuleBatch) -> [Executor.BuildOutcome] {
        let outcomes = batch.compile(position, of: jobs, executor: executor)
        if !outcomes.isEmpty { progress?.advance(programs: 1) }
        return outcomes
    }

    /// Records what a build gave, and adds the work it leads to. A failed merged build is built again without
    /// the jobs its errors are in, up to `mergeRounds` times; the jobs it cannot place are built alone.
    func settle(_ outcome: Executor.BuildOutcome, round: Int) {
        switch outcome {
        case .alone(let index, let execution):
            record(index, execution)
        case .failed(let indices, let build):
            // A failure that building each job alone would only repeat stands for them all.
            if let build, executor.failedMergeStands?(build) == true {
                for index in indices { record(index, ScenarioExecution(build: build, run: nil)) }
                return
            }
            guard let split = build.flatMap({ Executor.split(indices, of: jobs, by: $0) }) else {
                buildAlone(indices)
                return
            }
            // The listings that rode in the runs of those that failed are built together, apart from the
            // innocent ones: some fail for errors of their own.
            var riders: [Int] = []
            for (index, own) in split.final {
                riders += board.record(index, ScenarioExecution(build: own, run: nil), progress: progress)
            }
            buildOnTheirOwn(riders)
            if split.innocent.count > 1, round + 1 < Executor.mergeRounds {
                // After the first, in parts, one per worker: an error the compiler reports only once the
                // type-checking errors are gone (a missing return) then fails one part, not the whole again.
                let parts = round == 0 ? Executor.parts(of: split.innocent, workers: executor.jobs) : [split.innocent]
                progress?.expect(programs: parts.count)
                queue.add(parts.map { .build(.merged($0), round: round + 1) })
                buildAlone(split.alone)
            } else {
                buildAlone(split.alone + split.innocent)
            }
        case .regrouped(let units):
            progress?.expect(programs: units.count)
            queue.add(units.map { .build($0, round: round) })
        case .built(let executable, let folder, let build, let indices, let batches, let selections):
            let running = indices.filter { jobs[$0].runs }
            let release = FolderRelease(folder, runs: running.count) { executor.release($0) }
            var runs: [Executor.MergedRun] = []
            for (place, job) in indices.enumerated() {
                let selection = selections?[place] ?? place
                let share = build.share(for: jobs[job], of: indices.count)
                if jobs[job].runs {
                    runs.append(
                        Executor.MergedRun(
                            job: job, executable: executable, selection: selection, build: share, folder: release,
                            isFinal: round >= Executor.mergeRounds))
                } else {
                    record(job, ScenarioExecution(build: share, run: nil, program: executor.kept(executable, build)))
                }
            }
            addRuns(runs, inBatches: batches)
        }
    }

    /// Runs are short and free the executable's folder: they go before the builds that wait. In batches, one
    /// a worker, when the executable runs batches (a merged program built for them).
    private func addRuns(_ runs: [Executor.MergedRun], inBatches batches: Bool) {
        guard batches, runs.count > 1 else {
            queue.add(runs.map { .run($0) }, first: true)
            return
        }
        let count = min(executor.jobs, runs.count)
        queue.add(
            (0..<count).map { part in .runs(stride(from: part, to: runs.count, by: count).map { runs[$0] }) },
            first: true)
    }

    /// Runs of one executable: in one batch, and alone those the batch leaves (see `runBatch`).
    func run(_ requests: [Executor.MergedRun]) {
        guard let first = requests.first else { return }
        let batched = executor.runner.runBatch(first.executable, selections: requests.map(\.selection))
        for request in requests {
            guard let run = batched[request.selection] else {
                self.run(request)
                continue
            }
            recordRun(request, run)
            progress?.advance(scenarios: 1)
            request.folder.ranOnce()
        }
    }

    func run(_ request: Executor.MergedRun) {
        defer {
            progress?.advance(scenarios: 1)
            request.folder.ranOnce()
        }
        do {
            let run = try executor.run(request.executable, job: request.job, selection: request.selection)
            recordRun(request, run)
        } catch {
            record(request.job, ScenarioExecution(build: nil, run: nil, toolError: "\(error)"))
        }
    }

    /// Records the run of a merged program, unless it printed the fully qualified name of a type the merge
    /// put in a context of its own (`Executor.revealsMergedContext`): a type local to the function a scenario
    /// or a book test is wrapped in, or a listing's declaration moved and made `fileprivate`. Built alone, it
    /// prints another, so it is built alone for its answer (what the author wrote local prints the same).
    private func recordRun(_ request: Executor.MergedRun, _ run: ProcessResult) {
        // Once: a type the author made local prints the context in every build.
        if !request.isFinal, Executor.revealsMergedContext(run) {
            progress?.expect(scenarios: 1)
            buildAlone([request.job])
            return
        }
        record(
            request.job,
            ScenarioExecution(build: request.build, run: run, program: executor.kept(request.executable, request.build))
        )
    }

    /// Each of `indices` built as a program of its own: more programs than expected. A book's listings whose
    /// declarations moved are built as modules where programs can be, as they would have been without the
    /// move; a scenario is built alone, as its lesson wrote it.
    private func buildAlone(_ indices: [Int]) {
        let asModule = { (index: Int) in
            guard case .movingDeclarations = jobs[index].plan.way else { return false }
            return executor.separateBuilds != nil
        }
        let modules = Executor.units(
            for: jobs, among: indices.filter(asModule), workers: executor.jobs, mergingSingles: true,
            movingDeclarations: false)
        let alone = indices.filter { !asModule($0) }
        progress?.expect(programs: alone.count + modules.count)
        queue.add(
            modules.map { .build($0, round: Executor.mergeRounds) }
                + alone.map { .build(.alone($0), round: Executor.mergeRounds) })
    }

    /// Records job `index`'s execution; the listings checked within its run whose segment did not end are
    /// built on their own.
    private func record(_ index: Int, _ execution: ScenarioExecution) {
        buildOnTheirOwn(board.record(index, execution, progress: progress))
    }

    /// Builds listings checked within a run whose segment did not end, merged with each other.
    private func buildOnTheirOwn(_ unfinished: [Int]) {
        guard !unfinished.isEmpty else { return }
        let units = Executor.units(
            for: jobs, among: unfinished, workers: executor.jobs, mergingSingles: executor.separateBuilds != nil)
        progress?.expect(programs: units.count, scenarios: unfinished.count)
        queue.add(units.map { .build($0, round: 0) })
    }
}

/// The executions of a merged execution's jobs, filled in by its workers. A job whose run held the segments
/// of others (see `SharedRuns.swift`) gives them theirs.
final class ExecutionBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [ScenarioExecution?]
    private let riders: [Int: [(job: Int, position: Int)]]
    private let jobs: [ScenarioJob]
    /// Told each execution once it is in its slot (`Executor.finished`).
    private let finished: (@Sendable (Int, ScenarioExecution) -> Void)?

    init(jobs: [ScenarioJob], runs: [SharedRuns.Run], finished: (@Sendable (Int, ScenarioExecution) -> Void)? = nil) {
        slots = Array(repeating: nil, count: jobs.count)
        self.jobs = jobs
        self.finished = finished
        riders = Dictionary(uniqueKeysWithValues: runs.filter { !$0.riders.isEmpty }.map { ($0.job, $0.riders) })
    }

    /// Records `execution` as job `index`'s; returns the jobs checked within its run whose segment did not end.
    func record(_ index: Int, _ execution: ScenarioExecution, progress: CheckProgress?) -> [Int] {
        guard let riders = riders[index] else {
            lock.withLock { slots[index] = execution }
            finished?(index, execution)
            return []
        }
        let split = SharedRuns.split(execution, positions: riders.map(\.position))
        var unfinished: [Int] = []
        var recorded = [(index, split.own)]
        lock.withLock {
            slots[index] = split.own
            for (rider, part) in zip(riders, split.riders) {
                // A listing whose segment did not end is built on its own: when the run's build failed, its
                // own program's errors are not those of the later program.
                if let part {
                    slots[rider.job] = part
                    recorded.append((rider.job, part))
                } else {
                    unfinished.append(rider.job)
                }
            }
        }
        for (job, part) in recorded { finished?(job, part) }
        let done = riders.count - unfinished.count
        progress?.expect(scenarios: done)
        progress?.advance(scenarios: done)
        return unfinished
    }

    /// Every job's execution, once all are recorded.
    var executions: [ScenarioExecution] { lock.withLock { slots.map { $0! } } }
}

/// A built executable's folder, released once its last run is done (at once when it has none).
final class FolderRelease: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private let folder: WorkDirectory
    private let release: @Sendable (WorkDirectory) -> Void

    init(_ folder: WorkDirectory, runs: Int, release: @escaping @Sendable (WorkDirectory) -> Void) {
        self.folder = folder
        self.remaining = runs
        self.release = release
        if runs == 0 { release(folder) }
    }

    func ranOnce() {
        let last = lock.withLock {
            remaining -= 1
            return remaining == 0
        }
        if last { release(folder) }
    }
}
