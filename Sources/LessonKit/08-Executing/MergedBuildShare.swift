/// What one job keeps of a merged build. The build's output and the diagnostics of the other jobs grow with
/// the program; kept with every job's result (and in the cache) they would grow with its square. A job keeps
/// its part of the time and the diagnostics in its own lines, which are all its evaluation reads.
extension CompileResult {
    func share(for job: ScenarioJob, of count: Int) -> CompileResult {
        var share = self
        share.seconds = seconds / Double(max(count, 1))
        share.diagnostics = diagnostics.filter { job.owns($0) }
        share.output = ""
        return share
    }
}

extension ScenarioJob {
    /// Whether a diagnostic is in this job's lines of its lesson: its scenario's or its context's.
    func owns(_ diagnostic: CompilerDiagnostic) -> Bool {
        markdownPath == diagnostic.file && (body?.lineRanges.contains { $0.contains(diagnostic.line) } ?? false)
    }
}
