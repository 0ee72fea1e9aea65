/// `lesson merge`: the JSON reports of the shards of one run become the report the unsharded run gives,
/// with its lessons in the run's order and its totals. Every shard must be there, once.
package enum ReportMerge {

    package static func merge(_ reports: [(name: String, report: CheckReport)]) throws -> CheckReport {
        if reports.count == 1, reports[0].report.shard == nil { return reports[0].report }
        var byIndex: [Int: (name: String, report: CheckReport)] = [:]
        for entry in reports {
            guard let shard = entry.report.shard else {
                throw LessonError(
                    .invalidReport,
                    "\(entry.name) is not the report of a shard (made without --shard); "
                        + "merge reads the JSON reports of every shard of one run")
            }
            let first = reports[0]
            guard shard.count == first.report.shard?.count, entry.report.course == first.report.course else {
                throw LessonError(
                    .invalidReport,
                    "\(entry.name) and \(first.name) are not shards of the same run "
                        + "(their shard counts or lessons differ)")
            }
            if let earlier = byIndex[shard.index] {
                throw LessonError(
                    .invalidReport, "\(earlier.name) and \(entry.name) are both shard \(shard.description)")
            }
            byIndex[shard.index] = entry
        }
        let count = reports[0].report.shard!.count
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw LessonError(.invalidReport, "no report for shard \(names): every shard of the run is needed")
        }
        try requireChecks(course: reports[0].report.course, shards: byIndex)
        return try assemble(course: reports[0].report.course, shards: byIndex)
    }

    /// A shard that was given lessons with code blocks and reports no check of them did not check them (a job
    /// that died before its check, a report written empty): its lessons would merge as passed.
    static func requireChecks(course: [CourseEntry], shards: [Int: (name: String, report: CheckReport)]) throws {
        for (index, shard) in shards.sorted(by: { $0.key < $1.key }) {
            let given = course.filter { $0.shard == index }
            let blocks = given.reduce(0) { $0 + ($1.codeBlocks ?? 0) }
            let checks = shard.report.lessons.reduce(0) { $0 + $1.checks.count }
            if blocks > 0, checks == 0 {
                throw LessonError(
                    .invalidReport,
                    "\(shard.name) (shard \(index)/\(shard.report.shard?.count ?? shards.count)) holds no check of the "
                        + "\(given.count) lesson(s) it was given, which hold \(blocks) code block(s)")
            }
        }
    }

    /// The course's lessons in order, each from the shard that checked it.
    static func assemble(course: [CourseEntry], shards: [Int: (name: String, report: CheckReport)]) throws
        -> CheckReport
    {
        // Each shard's lessons by path, and the shard of each course lesson: a lookup each, so that merging
        // thousands of lessons costs as many steps, not their square.
        let reported = shards.mapValues { shard in
            Dictionary(shard.report.lessons.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let owner = Dictionary(
            course.compactMap { entry in entry.shard.map { (entry.path, $0) } }, uniquingKeysWith: { first, _ in first }
        )
        var lessons: [LessonReport] = []
        for entry in course {
            guard let index = entry.shard, shards[index] != nil else {
                throw LessonError(.invalidReport, "\(entry.path) belongs to no shard of the run")
            }
            var lesson = reported[index]?[entry.path] ?? LessonReport(path: entry.path, checks: [])
            lesson.title = entry.title
            lesson.language = entry.language
            lessons.append(lesson)
        }
        for (index, shard) in shards {
            for lesson in shard.report.lessons where owner[lesson.path] != index {
                throw LessonError(
                    .invalidReport, "\(shard.name) reports \(lesson.path), which shard \(index) does not check")
            }
        }
        return CheckReport(lessons: lessons)
    }
}
