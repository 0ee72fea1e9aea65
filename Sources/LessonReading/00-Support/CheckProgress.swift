import Foundation

/// How far a check has come: programs built, scenarios run, snippets parsed, each out of what this run has
/// to do (work answered by the cache is not counted). Workers on many threads advance it.
package final class CheckProgress: @unchecked Sendable {
    package struct Counts: Hashable, Sendable {
        package var programsBuilt = 0
        package var programs = 0
        package var scenariosRun = 0
        package var scenarios = 0
        package var snippetsParsed = 0
        package var snippets = 0

        package init() {}
    }

    private let lock = NSLock()
    private var counts = Counts()

    package init() {}

    package var current: Counts { lock.withLock { counts } }

    package func expect(programs: Int = 0, scenarios: Int = 0, snippets: Int = 0) {
        lock.withLock {
            counts.programs += programs
            counts.scenarios += scenarios
            counts.snippets += snippets
        }
    }

    package func advance(programs: Int = 0, scenarios: Int = 0, snippets: Int = 0) {
        lock.withLock {
            counts.programsBuilt += programs
            counts.scenariosRun += scenarios
            counts.snippetsParsed += snippets
        }
    }

    /// `building 12/40 programs · running 80/100 scenarios · parsing 150/160 snippets`: the kinds of work this
    /// run has, in that order; empty when it has none.
    package static func render(_ counts: Counts) -> String {
        var parts: [String] = []
        if counts.programs > 0 { parts.append("building \(counts.programsBuilt)/\(counts.programs) programs") }
        if counts.scenarios > 0 { parts.append("running \(counts.scenariosRun)/\(counts.scenarios) scenarios") }
        if counts.snippets > 0 { parts.append("parsing \(counts.snippetsParsed)/\(counts.snippets) snippets") }
        return parts.joined(separator: " · ")
    }
}
