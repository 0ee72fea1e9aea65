/// A book's listings build on each other: often the program of one (its context, then itself) is exactly how
/// the program of a later one begins. Such a listing is checked within the later one's run, one build and
/// one run fewer, and its code compiled once instead of twice: the later program prints the earlier
/// listing's output between two markers instead of discarding it, and the run is cut into what each
/// program alone would have printed.
///
/// The cut is exact up to the earlier listing's end: the same code has run, in the same order. What the
/// earlier program would print after its last line (locals released when its scopes close) comes later, in
/// the later listing's output; comments are matched as lines in order, so that only adds lines. A listing
/// whose segment did not end (the run trapped, timed out, or did not build) is built and run on its own,
/// as if it had shared nothing.
///
/// Only for jobs that share executables (a book's listings); scenarios of an engine do not build on each
/// other.
struct SharedRuns {
    /// One run: the job that owns it, and the jobs checked within it at their positions in its context.
    struct Run {
        var job: Int
        var riders: [(job: Int, position: Int)]
    }

    /// Every job in order, each either owning a run or checked within one.
    var runs: [Run]

    /// Each job that can be checked within another's run is given the one with the longest context: that
    /// one is checked within none (a run that held it would be longer still and hold the first job too).
    init(_ jobs: [ScenarioJob]) {
        var byBlock: [BlockKey: [Int]] = [:]
        for (index, job) in jobs.enumerated() where Self.canShare(job) {
            byBlock[BlockKey(job, job.scenario!), default: []].append(index)
        }
        var host: [Int: (job: Int, position: Int)] = [:]
        for (index, job) in jobs.enumerated() where Self.canShare(job) {
            for (position, block) in job.context.enumerated() {
                for rider in byBlock[BlockKey(job, block)] ?? []
                where jobs[rider].context == Array(job.context[..<position])
                    && jobs[rider].plan.group == job.plan.group
                    && Self.declareNothingEarlierCodeSees(job.context[(position + 1)...] + [job.scenario!])
                {
                    if let known = host[rider], jobs[known.job].context.count >= job.context.count { continue }
                    host[rider] = (index, position)
                }
            }
        }
        var riders: [Int: [(job: Int, position: Int)]] = [:]
        for rider in host.keys.sorted() { riders[host[rider]!.job, default: []].append((rider, host[rider]!.position)) }
        runs = jobs.indices.filter { host[$0] == nil }.map { Run(job: $0, riders: riders[$0] ?? []) }
    }

    /// Whether `blocks`, run after a listing in a later one's program, leave the listing's code meaning what
    /// it means in its own program: they declare no function, type, extension, operator or import at their
    /// top level, which the module's earlier code would see (a later overload or conformance) at the top level
    /// of `main.swift`, or once moved to file scope.
    static func declareNothingEarlierCodeSees(_ blocks: some Sequence<PlannedBlock>) -> Bool {
        blocks.allSatisfy { !MergePolicy.declaresForTheModule($0.swift.tokens) }
    }

    /// A book test's blocks are one program whose every part prints: a segment's end, which discards what
    /// follows, would cut its output short.
    static func canShare(_ job: ScenarioJob) -> Bool {
        job.plan.kind == .listing && job.runs && job.scenario != nil && job.segments.isEmpty
    }

    /// A block where it is in a lesson, as a program of that language mode.
    private struct BlockKey: Hashable {
        var markdownPath: String
        var languageMode: LanguageMode
        var block: PlannedBlock

        init(_ job: ScenarioJob, _ block: PlannedBlock) {
            markdownPath = job.markdownPath
            languageMode = job.languageMode
            self.block = block
        }
    }
}

extension SharedRuns {
    /// The execution of a shared run, cut into that of each listing checked within it (nil for one whose
    /// segment did not end) and that of the run's own listing.
    static func split(_ execution: ScenarioExecution, positions: [Int]) -> (
        riders: [ScenarioExecution?], own: ScenarioExecution
    ) {
        guard !positions.isEmpty else { return ([], execution) }
        var own = execution
        // One build and one run for them all: each gets its share, as in a merged build.
        let share = 1 / Double(positions.count + 1)
        own.build?.seconds *= share
        guard let run = execution.run else { return (positions.map { _ in nil }, own) }
        let ends = positions.map { SegmentMarker.end($0) }
        var riders: [ScenarioExecution?] = []
        for (position, end) in zip(positions, ends) {
            guard let begin = run.standardOutput.firstRange(of: SegmentMarker.begin(position)),
                let finish = run.standardOutput[begin.upperBound...].firstRange(of: end),
                let finishOnStderr = run.standardError.firstRange(of: end)
            else {
                riders.append(nil)
                continue
            }
            let part = ProcessResult(
                termination: .exited(0),
                standardOutput: Array(run.standardOutput[begin.upperBound..<finish.lowerBound]),
                standardError: Self.removing(ends, from: Array(run.standardError[..<finishOnStderr.lowerBound])),
                seconds: run.seconds * share)
            riders.append(ScenarioExecution(build: own.build, run: part))
        }
        var ownRun = run
        ownRun.seconds *= share
        let ownBegin = run.standardOutput.firstRange(of: SegmentMarker.begin(SegmentMarker.ownSegment))
        ownRun.standardOutput = ownBegin.map { Array(run.standardOutput[$0.upperBound...]) } ?? []
        ownRun.standardError = Self.removing(ends, from: run.standardError)
        own.run = ownRun
        return (riders, own)
    }

    /// `bytes` without the end markers of the other segments.
    private static func removing(_ markers: [[UInt8]], from bytes: [UInt8]) -> [UInt8] {
        markers.reduce(bytes) { $0.replacing($1, with: []) }
    }
}
