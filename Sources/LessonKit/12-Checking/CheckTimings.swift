import Foundation

/// Where a check's time went, for `--stats`: the wall time of each phase, in order, and what the cache did
/// not answer (the scenarios built and run, with their builds' and runs' seconds summed over the workers,
/// and the snippets parsed). Scenarios and snippets are two phases that run at once.
package final class CheckTimings: @unchecked Sendable {
    /// The phases, in the order they are printed.
    package enum Phase: String, CaseIterable, Sendable {
        /// From the process's start to its first line: the dynamic loader and the runtime.
        case start = "start the process"
        case discover = "find the lessons"
        case toolchain = "locate the toolchain"
        case reuse = "find unchanged lessons"
        case plan = "read and plan"
        case prepare = "resolve engines, group the builds"
        case scenarios = "build and run scenarios"
        case snippets = "parse snippets (beside the scenarios)"
        case report = "judge, drift and report"
        case store = "keep each lesson's report"
        case solutions = "grade the reference solutions"
        case emit = "write the report"
    }

    private let lock = NSLock()
    private var phases: [Phase: Double] = [:]
    private var scenarios = 0
    private var buildSeconds = 0.0
    private var runSeconds = 0.0
    private var snippets = 0
    private var reusedLessons: (count: Int, of: Int)?
    /// Why the programs the cache did not answer were built alone (`MergePolicy`), with how many each.
    private var aloneReasons: [String: Int] = [:]

    package init() {}

    /// Runs `body` as `phase`.
    func measure<Result>(_ phase: Phase, _ body: () -> Result) -> Result {
        let start = Uptime.now
        let result = body()
        record(phase, seconds: Uptime.seconds(since: start))
        return result
    }

    /// Runs `body` as `phase` (the command line's own steps).
    package func measured<Result>(_ phase: Phase, _ body: () throws -> Result) rethrows -> Result {
        let start = Uptime.now
        defer { record(phase, seconds: Uptime.seconds(since: start)) }
        return try body()
    }

    /// `phase` took `seconds` (more).
    package func record(_ phase: Phase, seconds: Double) { lock.withLock { phases[phase, default: 0] += seconds } }

    /// How long the process ran before `now`, from the kernel's record of its start (`/proc/self/stat`, in
    /// clock ticks since boot); nil where there is none.
    package static func processAge() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // The fields after the name start at the third; the start time is the 22nd.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let sinceBoot = Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9
        return max(0, sinceBoot - ticks / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The executions of the scenarios the cache had no result for.
    func executed(_ executions: [ScenarioExecution]) {
        lock.withLock {
            scenarios += executions.count
            buildSeconds += executions.reduce(0) { $0 + ($1.build?.seconds ?? 0) }
            runSeconds += executions.reduce(0) { $0 + ($1.run?.seconds ?? 0) }
        }
    }

    /// The jobs the cache had no result for, under the merged strategy: why each built alone is.
    func planned(_ jobs: [ScenarioJob]) {
        lock.withLock {
            for reason in jobs.compactMap(\.plan.aloneReason) { aloneReasons[reason.description, default: 0] += 1 }
        }
    }

    /// The number of snippets the cache had no result for.
    func parsed(_ count: Int) { lock.withLock { snippets += count } }

    /// `count` of the `total` lessons were answered whole by the cache (their reports, unchanged).
    func reused(_ count: Int, of total: Int) { lock.withLock { reusedLessons = (count, total) } }

    /// One line per phase; then what no phase accounts for, of the `total` seconds the process ran (the
    /// snippets are parsed while the scenarios build: the two count as the longer of them); then what was
    /// built, run and parsed.
    package func lines(total: Double) -> [String] {
        lock.withLock {
            let width = Phase.allCases.map(\.rawValue.count).max() ?? 0
            func line(_ name: String, _ seconds: Double) -> String {
                "  " + name + String(repeating: " ", count: max(0, width - name.count))
                    + String(format: "  %6.2f s", seconds)
            }
            var lines = Phase.allCases.compactMap { phase in phases[phase].map { line(phase.rawValue, $0) } }
            let sequential = phases.filter { $0.key != .scenarios && $0.key != .snippets }.values.reduce(0, +)
            let accounted = sequential + max(phases[.scenarios] ?? 0, phases[.snippets] ?? 0)
            let unaccounted = max(0, total - accounted)
            lines.append(
                line("not accounted for", unaccounted)
                    + String(format: " (%.1f %% of %.2f s)", total > 0 ? 100 * unaccounted / total : 0, total))
            let reused = reusedLessons.map { " (\($0.count) of \($0.of) lessons whole)" } ?? ""
            lines.append(
                String(
                    format: "  %d scenarios built and run (builds %.2f s, runs %.2f s, summed over the workers); "
                        + "%d snippets parsed; the rest answered by the cache", scenarios, buildSeconds, runSeconds,
                    snippets) + reused)
            if !aloneReasons.isEmpty {
                let count = aloneReasons.values.reduce(0, +)
                let reasons = aloneReasons.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                lines.append("  \(count) built alone (MergePolicy):")
                lines += reasons.map { "    \($0.value) \($0.key)" }
            }
            return lines
        }
    }
}
