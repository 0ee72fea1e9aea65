/// Which lesson of a check a job belongs to: its place among the lessons the check was given.
struct LessonID: Hashable, Comparable, Sendable {
    let index: Int

    static func < (lhs: LessonID, rhs: LessonID) -> Bool { lhs.index < rhs.index }
}

/// One lesson as a check takes it through its phases: its plan and scope, then what each phase found for
/// it. The phases fill it in; its report is assembled from it alone.
struct LessonInCheck {
    let id: LessonID
    /// The plan narrowed to what the check covers of the lesson.
    let plan: LessonPlan
    let scope: LessonSelection.Scope
    /// A whole report from the cache: the lesson is reported as it is, not checked again.
    var reused: LessonReport?
    /// What stops the lesson (reading findings other than the front matter's, an unknown engine): it is then
    /// one failed check.
    var failures: [Finding] = []
    var engine: ResolvedEngine?
    var scenarioOutcomes: [ScenarioEvaluation.Outcome] = []
    /// Snippet checks, drift checks, and the checks decided without building or parsing.
    var otherChecks: [CheckResult] = []
    /// False once one of its results was a transient failure: its report is not cached whole.
    var cacheable = true

    /// Whether the check builds and parses this lesson's code.
    var isChecked: Bool { reused == nil && engine != nil }

    /// The lesson's report; nil for a lesson the check does not report (another shard's, filtered out).
    var report: LessonReport? {
        guard scope != .none else { return nil }
        if let reused { return reused }
        var report: LessonReport
        if failures.isEmpty {
            report = LessonChecker.assemble(
                plan, scenarios: scenarioOutcomes, others: otherChecks + LessonChecker.frontMatterCheck(plan))
        } else {
            report = LessonReport(
                path: plan.path,
                checks: [
                    CheckResult(
                        kind: .lesson, location: plan.lesson.location(1), name: plan.path, status: .failed,
                        findings: failures + plan.allWarnings)
                ], codeBlocks: plan.lesson.blocks.count)
        }
        report.title = plan.lesson.frontMatter.text("title")
        report.language = plan.lesson.frontMatter.text("language")
        return report
    }
}
