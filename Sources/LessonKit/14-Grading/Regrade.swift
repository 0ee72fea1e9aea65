import Foundation

/// A class graded again (`lesson grade --submissions DIR --since EARLIER`): who moved, and why. Each student
/// whose result changed, from the earlier run's `instructor.json` to this one's, is a row with both scores
/// and the tests whose result changed, by name. `regrade.csv` holds the rows; the class page shows them.
package enum Regrade {
    /// A test whose result changed: `hidden test 2: passed 1/1 → failed 0/1`.
    package struct Change: Hashable, Sendable {
        package var test: String
        package var before: String
        package var after: String

        var description: String { "\(test): \(before) → \(after)" }
    }

    package struct Row: Hashable, Sendable {
        package var student: String
        /// The scores, nil where that run has no result for the student.
        package var before: Int?
        package var after: Int?
        package var changes: [Change]
    }

    /// The rows of the students whose result changed between `earlier` and `later` (a student in one run
    /// only included), in the order of the later run's students, then the earlier's.
    package static func rows(earlier: [ClassPage.Student], later: [ClassPage.Student]) -> [Row] {
        let before = Dictionary(earlier.map { ($0.name, $0.result) }) { first, _ in first }
        var rows: [Row] = []
        for student in later {
            let old = before[student.name] ?? nil
            let changes = self.changes(from: old, to: student.result)
            if !changes.isEmpty || old?.score != student.result?.score {
                rows.append(
                    Row(student: student.name, before: old?.score, after: student.result?.score, changes: changes))
            }
        }
        let graded = Set(later.map(\.name))
        for student in earlier where !graded.contains(student.name) {
            rows.append(Row(student: student.name, before: student.result?.score, after: nil, changes: []))
        }
        return rows
    }

    /// The tests whose status or points differ, by name, in the later run's order.
    static func changes(from old: GradeResult?, to new: GradeResult?) -> [Change] {
        func state(_ test: TestOutcome?) -> String {
            test.map { "\($0.status.rawValue) \($0.points)/\($0.maxPoints)" } ?? "-"
        }
        let oldTests = Dictionary((old?.tests ?? []).map { ($0.name, $0) }) { first, _ in first }
        let newTests = new?.tests ?? []
        var names = newTests.map(\.name)
        names += (old?.tests ?? []).map(\.name).filter { !names.contains($0) }
        let newByName = Dictionary(newTests.map { ($0.name, $0) }) { first, _ in first }
        return names.compactMap { name in
            let (before, after) = (state(oldTests[name]), state(newByName[name]))
            return before == after ? nil : Change(test: name, before: before, after: after)
        }
    }

    /// `regrade.csv`: student, score before, score after, the tests whose result changed (`; ` between them).
    package static func csv(_ rows: [Row]) -> String {
        var text = "student,score_before,score_after,changed_tests\n"
        for row in rows {
            text +=
                [
                    SpreadsheetCell.written(row.student), row.before.map(String.init) ?? "",
                    row.after.map(String.init) ?? "",
                    SpreadsheetCell.written(row.changes.map(\.description).joined(separator: "; ")),
                ]
                .joined(separator: ",") + "\n"
        }
        return text
    }

    /// The students of an earlier run's folder: every subfolder with an `instructor.json`.
    package static func earlierStudents(in folder: String, pageFolder: String) throws -> [ClassPage.Student] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw LessonError(.input, "--since: \(folder) is not a folder of an earlier grading's results")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            FileManager.default.fileExists(atPath: folder + "/" + $0 + "/instructor.json")
        }
        guard !names.isEmpty else {
            throw LessonError(
                .input, "--since: \(folder) holds no student's instructor.json (grade with --output first)")
        }
        return ClassPage.students(names.sorted(by: StudentName.precedes), in: folder, pageFolder: pageFolder)
    }
}

extension ClassPage {
    /// The section of a regrade: who moved since the earlier run, and which tests moved them.
    static func regradeSection(_ rows: [Regrade.Row], _ words: Words) -> [String] {
        var html = ["<section class=\"regrade\"><h2>\(escape(words.regrade))</h2>"]
        guard !rows.isEmpty else { return html + ["<p>\(escape(words.nobodyMoved))</p></section>"] }
        html.append(
            "<table><tr><th>\(escape(words.student))</th><th>\(escape(words.before))</th>"
                + "<th>\(escape(words.after))</th><th>\(escape(words.changedTests))</th></tr>")
        for row in rows {
            html.append(
                "<tr><td>\(escape(row.student))</td><td>\(row.before.map(String.init) ?? "-")</td>"
                    + "<td>\(row.after.map(String.init) ?? "-")</td>"
                    + "<td>\(row.changes.map { escape($0.description) }.joined(separator: "<br>"))</td></tr>")
        }
        return html + ["</table></section>"]
    }
}
