import Foundation

/// Grades a whole class: each subfolder of a submissions folder is one student. Every student is graded by
/// a `lesson grade` process of its own, in parallel across the cores, so a submission that crashes the
/// grader's handling of it costs that student an `error` row, never the batch. Writes
/// `OUT/<student>/results.json` and `OUT/summary.csv` (student, score, max score, status, seconds).
public struct BatchGrader: Sendable {
    /// The `lesson` executable and the arguments every student's run shares (lesson, exercise, hidden
    /// tests, format, limits).
    public var executable: String
    public var sharedArguments: [String]
    public var jobs: Int
    /// The UIDs handed to the students' runs, one each at a time.
    public var firstUID: Int
    /// The wall-clock budget of one student's whole grading.
    public var studentBudget: Double
    /// Which students of the sorted list this run grades (`--shard`: a `ShardPartition` of them); all by default.
    public var selectStudents: @Sendable ([String]) -> [String] = { $0 }

    public init(executable: String, sharedArguments: [String], jobs: Int, firstUID: Int, studentBudget: Double) {
        self.executable = executable
        self.sharedArguments = sharedArguments
        self.jobs = jobs
        self.firstUID = firstUID
        self.studentBudget = studentBudget
    }

    public struct Row: Hashable, Sendable {
        public var student: String
        public var score: Int
        public var maxScore: Int
        public var status: String
        public var seconds: Double
    }

    public func grade(submissions: String, output: String) throws -> [Row] {
        // Every entry but hidden ones (`.git`) is a student: a file or a link where a folder belongs is an
        // `error` row, never a lost one.
        let students = selectStudents(
            try FileManager.default.contentsOfDirectory(atPath: submissions).filter { !$0.hasPrefix(".") }.sorted())
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let uids = UIDPool(first: firstUID, count: max(jobs, 1))
        let rows = ParallelMap.map(students, jobs: jobs) { student in
            let uid = uids.acquire()
            defer { uids.release(uid) }
            return gradeOne(student, submissions: submissions, output: output, uid: uid)
        }
        var csv = "student,score,max_score,status,seconds\n"
        for row in rows {
            csv +=
                [
                    Self.csvField(row.student), "\(row.score)", "\(row.maxScore)", row.status,
                    String(format: "%.2f", row.seconds),
                ]
                .joined(separator: ",") + "\n"
        }
        try Data(csv.utf8).write(to: URL(fileURLWithPath: output + "/summary.csv"))
        return rows
    }

    private func gradeOne(_ student: String, submissions: String, output: String, uid: Int) -> Row {
        let start = Date()
        let folder = output + "/" + student
        var row = Row(student: student, score: 0, maxScore: 0, status: "error", seconds: 0)
        defer { row.seconds = Date().timeIntervalSince(start) }
        do {
            var info = stat()
            guard lstat(submissions + "/" + student, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw Exercise.NotFound(description: "\(student) is not a folder of its own (a file or a link)")
            }
            guard student != "summary.csv" else {
                throw Exercise.NotFound(description: "a student folder may not be named summary.csv")
            }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let arguments =
                ["grade"] + sharedArguments + [
                    "--submission", submissions + "/" + student, "--output", folder, "--jobs", "1",
                    "--uid-base", String(uid), "--uid-count", "1",
                ]
            let result = try Subprocess.run(
                executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                limits: ProcessLimits(timeout: studentBudget, outputLimit: 1 << 20))
            let summary = String(decoding: result.standardError, as: UTF8.self)
            if result.termination == .exited(0), let parsed = Self.parseSummary(summary) {
                (row.status, row.score, row.maxScore) = parsed
            } else {
                // The child's usage hint is for instructors at a terminal, not for the student's result.
                let said = summary.split(separator: "\n").filter { !$0.hasPrefix("run 'lesson --help'") }
                    .joined(separator: "\n")
                let reason =
                    result.termination == .timedOut
                    ? "grading did not finish within \(Int(studentBudget)) s" : said.trimmingSpaces()
                Self.writeError(reason.isEmpty ? "the grader stopped: \(result.termination)" : reason, to: folder)
            }
        } catch {
            if student != "summary.csv" {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                Self.writeError("the grader could not handle this submission: \(error)", to: folder)
            }
        }
        row.seconds = Date().timeIntervalSince(start)
        return row
    }

    /// `ID: STATUS, SCORE/MAX points`, the last line `lesson grade --output` prints to stderr.
    static func parseSummary(_ text: String) -> (String, Int, Int)? {
        guard let line = text.split(separator: "\n").last, let colon = line.lastIndex(of: ":") else { return nil }
        let parts = line[line.index(after: colon)...].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard parts.count == 4, parts[3] == "points", let score = Int(parts[1]), let max = Int(parts[2]),
            ["pass", "fail", "error"].contains(String(parts[0]))
        else { return nil }
        return (String(parts[0]), score, max)
    }

    static func writeError(_ message: String, to folder: String) {
        let result = GradeResult(exercise: "", status: .error, message: message, tests: [], seconds: 0)
        try? Data(GradeFormat.exercism.render(result).utf8).write(to: URL(fileURLWithPath: folder + "/results.json"))
    }

    static func csvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { [",", "\"", "\n", "\r"].contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
