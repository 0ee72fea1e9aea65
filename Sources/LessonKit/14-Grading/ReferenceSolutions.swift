import Foundation

/// Every exercise's reference solution, graded as a student's submission is (its visible tests, and its
/// hidden ones) and required to get full marks. `lesson check` and a course package's `swift test` grade
/// them, so that a broken exercise, a wrong expected line or a broken solution fails CI at the solution's
/// file, before a student loses a point to it.
///
/// Found by convention beside the lesson that holds the exercise: `solutions/<ID>/<File>` (the file a
/// student hands in: `main.swift`, or the engine file) and, when there is one, `hidden/<ID>.md`.
package enum ReferenceSolutions {
    struct Found {
        var exercise: Exercise
        var lessonPath: String
        var solution: String
        var hidden: LessonPlan?
    }

    /// The reference solutions of the exercises of `plans`.
    static func find(in plans: [LessonPlan]) -> [Found] {
        plans.flatMap { plan -> [Found] in
            let ids =
                plan.scenarios.compactMap(\.options.exercise)
                + plan.exerciseStarters.compactMap(\.exercise)
            let folder = Paths.parent(plan.path)
            let base = folder.isEmpty ? "" : folder + "/"
            return ids.compactMap { id in
                guard let exercise = try? Exercise.find(id, in: plan) else { return nil }
                let solution = base + "solutions/\(id)/\(exercise.fileName)"
                guard FileManager.default.fileExists(atPath: solution) else { return nil }
                let hiddenPath = exercise.conventionalHiddenPath
                let hidden =
                    FileManager.default.fileExists(atPath: hiddenPath)
                    ? LessonPlanner.plan(Lesson.read(path: hiddenPath)) : nil
                return Found(exercise: exercise, lessonPath: plan.path, solution: solution, hidden: hidden)
            }
        }
    }

    /// `report` with a check of each reference solution of its lessons added to the lesson that holds the
    /// exercise: passed at full marks; failed otherwise, with a finding at the solution's file for each test
    /// that did not pass. Graded as the course's own code is checked: uncontained, or within `sandbox` (the
    /// check's `--contain`). With `cacheDirectory`, a solution whose lesson, hidden tests, engine and own text
    /// are unchanged is not graded again.
    package static func checked(
        _ report: CheckReport, toolchain: Toolchain, catalog: EngineCatalog, jobs: Int, cacheDirectory: String? = nil,
        sandbox: Sandbox? = nil
    ) -> CheckReport {
        // Only a lesson beside a `solutions/` folder can have one: the others are not read again.
        var hasSolutions: [String: Bool] = [:]
        let plans = report.lessons.filter { lesson in
            let folder = Paths.parent(lesson.path)
            if let known = hasSolutions[folder] { return known }
            var isFolder: ObjCBool = false
            let found =
                FileManager.default.fileExists(
                    atPath: (folder.isEmpty ? "" : folder + "/") + "solutions", isDirectory: &isFolder)
                && isFolder.boolValue
            hasSolutions[folder] = found
            return found
        }.map { LessonPlanner.plan(Lesson.read(path: $0.path)) }
        let found = find(in: plans)
        guard !found.isEmpty else { return report }
        var options = GradingOptions()
        options.jobs = jobs
        let grader = Grader(toolchain: toolchain, options: options, catalog: catalog, sandbox: sandbox)
        let cache = cacheDirectory.map { ResultCache(directory: $0) }
        let keys = CacheKeys(toolchain: toolchain)
        var report = report
        for solution in found {
            let key = keys.key(
                identity(of: solution, catalog: catalog) + [sandbox == nil ? "uncontained" : "contained"])
            let check =
                cache?.load(CheckResult.self, key: key)
                ?? {
                    let graded = self.check(solution, grader: grader)
                    cache?.store(graded, key: key)
                    return graded
                }()
            if let index = report.lessons.firstIndex(where: { $0.path == solution.lessonPath }) {
                report.lessons[index].checks.append(check)
            }
        }
        return report
    }

    /// What the grading of a solution depends on: its text, its lesson's, its hidden tests' and the named
    /// engine's files.
    static func identity(of found: Found, catalog: EngineCatalog) -> [String] {
        let engine = found.exercise.plan.namedEngine.flatMap { catalog[$0.name] }
        return [
            "reference solution", found.solution, LessonFileBytes.text(found.solution) ?? "",
            LessonFileBytes.text(found.lessonPath) ?? "", found.hidden.flatMap { LessonFileBytes.text($0.path) } ?? "",
        ]
            + (engine?.files.flatMap { [$0.name, $0.contents] } ?? [])
    }

    static func check(_ found: Found, grader: Grader) -> CheckResult {
        let location = SourceLocation(path: found.solution, line: 1)
        let name = "reference solution of \(found.exercise.id)"
        let started = Uptime.now
        guard let text = LessonFileBytes.text(found.solution) else {
            return CheckResult(
                kind: .solution, location: location, name: name, status: .failed,
                findings: [Finding(.solutionFails, at: location, "cannot read the reference solution")])
        }
        let result: GradeResult
        do {
            result = try grader.grade(found.exercise, submission: text, hidden: found.hidden)
        } catch {
            return CheckResult(
                kind: .solution, location: location, name: name, status: .failed,
                findings: [Finding(.solutionFails, at: location, "cannot grade the reference solution: \(error)")])
        }
        var findings: [Finding] = []
        if result.status == .error, let message = result.message {
            findings.append(
                Finding(.solutionFails, at: location, "the reference solution does not build", details: [message]))
        }
        for test in result.tests where test.status != .passed {
            let reason = (test.reason ?? test.message).split(separator: "\n").map(String.init)
            findings.append(
                Finding(
                    .solutionFails, at: location,
                    "the reference solution scores \(result.score)/\(result.maxScore): test '\(test.name)' "
                        + (test.status == .failed ? "failed" : "errored"),
                    details: reason))
        }
        return CheckResult(
            kind: .solution, location: location, name: name, status: findings.isEmpty ? .passed : .failed,
            findings: findings, seconds: Uptime.seconds(since: started))
    }
}
