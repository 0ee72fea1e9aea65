/// What a lesson costs a check, before any run has measured it: a shard is balanced by these weights when
/// no durations of an earlier run are given. A scenario is a compile share and a run; an engine reprinted
/// in the lesson is a build of its own objects; a snippet is a small share of a batched parse; a book's
/// listing is a scenario too (its context compiled with it).
package enum LessonWeight {
    static let scenario = 2.0
    static let engineReprint = 2.0
    static let snippet = 0.2
    /// Reading, planning and reporting the lesson, whatever it holds.
    static let base = 1.0

    /// The weight of a planned lesson.
    package static func of(_ plan: LessonPlan) -> Double {
        let scenarios =
            plan.scenarios.filter { !$0.options.ignored }.count + plan.exerciseStarters.count
            + plan.listings.filter { $0.notRun == nil }.count
        return base + scenario * Double(scenarios) + (plan.engineFiles.isEmpty ? 0 : engineReprint)
            + snippet * Double(plan.snippets.count)
    }

    /// The weight of each lesson file, read and planned (a file that cannot be read weighs the base).
    package static func of(files: [String], jobs: Int) -> [String: Double] {
        let weights = ParallelMap.map(files, jobs: jobs) { of(LessonPlanner.plan(Lesson.read(path: $0))) }
        return Dictionary(zip(files, weights)) { first, _ in first }
    }
}
