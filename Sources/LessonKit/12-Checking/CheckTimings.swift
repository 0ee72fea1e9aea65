import Foundation

/// Where a check's time went, for `--stats`: the wall time of each phase, in order, and what the cache did
/// not answer (the scenarios built and run, with their builds' and runs' seconds summed over the workers,
/// and the snippets parsed). Scenarios and snippets are two phases that run at once.
package final class CheckTimings: @unchecked Sendable {
    /// The phases, in the order they are printed.
    package enum Phase: String, CaseIterable, Sendable {
        case reuse = "find unchanged lessons"
        case plan = "read and plan"
        case scenarios = "build and run scenarios"
        case snippets = "parse snippets (beside the scenarios)"
        case report = "judge, drift and report"
    }

    private let lock = NSLock()
    private var phases: [Phase: Double] = [:]
    private var scenarios = 0
    private var buildSeconds = 0.0
    private var runSeconds = 0.0
    private var snippets = 0

    package init() {}

    /// Runs `body` as `phase`.
    func measure<Result>(_ phase: Phase, _ body: () -> Result) -> Result {
        let start = Uptime.now
        let result = body()
        record(phase, seconds: Uptime.seconds(since: start))
        return result
    }

    /// `phase` took `seconds` (more).
    func record(_ phase: Phase, seconds: Double) { lock.withLock { phases[phase, default: 0] += seconds } }

    /// The executions of the scenarios the cache had no result for.
    func executed(_ executions: [ScenarioExecution]) {
        lock.withLock {
            scenarios += executions.count
            buildSeconds += executions.reduce(0) { $0 + ($1.build?.seconds ?? 0) }
            runSeconds += executions.reduce(0) { $0 + ($1.run?.seconds ?? 0) }
        }
    }

    /// The number of snippets the cache had no result for.
    func parsed(_ count: Int) { lock.withLock { snippets += count } }

    /// One line per phase, then what was built, run and parsed.
    package var lines: [String] {
        lock.withLock {
            let width = Phase.allCases.map(\.rawValue.count).max() ?? 0
            var lines = Phase.allCases.compactMap { phase in
                phases[phase].map { seconds in
                    "  " + phase.rawValue + String(repeating: " ", count: width - phase.rawValue.count)
                        + String(format: "  %6.2f s", seconds)
                }
            }
            lines.append(
                String(
                    format: "  %d scenarios built and run (builds %.2f s, runs %.2f s, summed over the workers); "
                        + "%d snippets parsed; the rest answered by the cache", scenarios, buildSeconds, runSeconds,
                    snippets))
            return lines
        }
    }
}
