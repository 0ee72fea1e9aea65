import Foundation

/// Grades a whole class: each subfolder of a submissions folder is one student. Every student is graded by
/// a `lesson grade` process of its own, in parallel across the cores, so a submission that crashes the
/// grader's handling of it costs that student an `error` row, never the batch. Writes
/// `OUT/<student>/results.json` (`results.xml` for JUnit) and `instructor.json`, `OUT/summary.csv` (student, score, max score, status,
/// seconds) and the instructor's page of the class, `OUT/report.html` (`ClassPage`).
package struct BatchGrader: Sendable {
    /// The `lesson` executable and the arguments every student's run shares (lesson, exercise, hidden
    /// tests, format, limits).
    package var executable: String
    package var sharedArguments: [String]
    package var jobs: Int
    /// The UIDs handed to the students' runs, one each at a time: the first of this range no other class
    /// grader on the machine holds (see `UIDPool`).
    package var uids: Range<Int>
    /// Where the class graders of the machine hold the UIDs they hand out (`ScratchFolder.uidLockFolder`).
    package var uidLockFolder: String
    /// The wall-clock budget of one student's whole grading.
    package var studentBudget: Double
    /// The result of a submission that could not be graded, for a given reason: every test of the exercise
    /// errored, at its full worth, in the lesson's language. Its maximum is a row's when a student's
    /// grader wrote nothing.
    package var ungraded: @Sendable (UngradableReason, String?) -> GradeResult
    /// The format the results are written in, and the Classroom 50 run a `classroom50` result names.
    package var format: GradeFormat
    package var identity: Classroom50Identity?
    /// The students of an earlier grading (`--since`, read before this one writes anything): `OUT/regrade.csv`
    /// and the class page say who moved.
    package var earlier: [ClassPage.Student]?
    /// The submissions compared for similarity (`Similarity`): the exercise, whose starter and lesson code
    /// are no evidence, the threshold above which a pair is flagged, and the largest file read.
    package var similarity: (exercise: Exercise, threshold: Double, maximum: Int)?
    /// Which students of the sorted list this run grades (`--shard`: a `ShardPartition` of them); all by default.
    package var selectStudents: @Sendable ([String]) -> [String] = { $0 }

    package init(
        executable: String, sharedArguments: [String], jobs: Int, uids: Range<Int>, uidLockFolder: String,
        studentBudget: Double, format: GradeFormat, identity: Classroom50Identity? = nil,
        ungraded: @escaping @Sendable (UngradableReason, String?) -> GradeResult
    ) {
        self.identity = identity
        self.executable = executable
        self.sharedArguments = sharedArguments
        self.jobs = jobs
        self.uids = uids
        self.uidLockFolder = uidLockFolder
        self.studentBudget = studentBudget
        self.format = format
        self.ungraded = ungraded
    }

    /// The wall-clock budget of one student's grader: the grading's own budget plus a margin to write its
    /// result; without one, two builds and twenty test runs at their limits.
    package static func studentBudget(budget: Double?, buildTimeout: Double?, timeout: Double?) -> Double {
        if let budget { return budget + 5 }
        return 60 + 2 * (buildTimeout ?? 60) + 20 * (timeout ?? 10)
    }

    package struct Row: Hashable, Sendable {
        package var student: String
        package var score: Int
        package var maxScore: Int
        package var status: String
        package var seconds: Double
    }

    /// Grades every student; when the process is interrupted, the students not yet graded get an `error`
    /// row saying so, and the summary is still written.
    package func grade(submissions: String, output: String) throws -> [Row] {
        let classFolder = open(submissions, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard classFolder >= 0 else {
            throw LessonError(.input, "\(submissions): cannot open the folder: \(String(cString: strerror(errno)))")
        }
        defer { close(classFolder) }
        // Every entry but hidden ones (`.git`) is a student: a file or a link where a folder belongs is an
        // `error` row, never a lost one. Names are read as bytes, shown with `StudentName.display`.
        let entries = try FolderEntries.names(classFolder, path: submissions).filter { $0.first != UInt8(ascii: ".") }
        let byName = Dictionary(entries.map { (StudentName.key(StudentName.display($0)), $0) }) { first, _ in first }
        let everyone = byName.keys.map { String(decoding: $0, as: UTF8.self) }.sorted(by: StudentName.precedes)
        let students = selectStudents(everyone)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // Two classes graded at once on one machine hand out different users, rather than one waiting for
        // the other's.
        let uids = UIDPool(
            first: self.uids.lowerBound, count: max(self.uids.count, 1), lockFolder: uidLockFolder,
            lockName: "student-uid")
        let rows = ParallelMap.map(students, jobs: jobs) { student in
            let uid = uids.acquire()
            defer { uids.release(uid) }
            let entry = StudentFolder(
                classFolder: classFolder, bytes: byName[StudentName.key(student)] ?? [], name: student)
            return gradeOne(entry, submissions: submissions, output: output, uid: uid)
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
        let folders = students.map {
            StudentFolder(classFolder: classFolder, bytes: byName[StudentName.key($0)] ?? [], name: $0)
        }
        try writeClassPage(rows, folders: folders, submissions: submissions, output: output)
        return rows
    }

    /// `OUT/report.html`, with `regrade.csv` when there is an earlier grading and `similarity.csv` when the
    /// submissions are compared.
    private func writeClassPage(_ rows: [Row], folders: [StudentFolder], submissions: String, output: String) throws {
        let template = ungraded(.graderStopped, nil)
        let graded = ClassPage.students(rows.map(\.student), in: output, pageFolder: output)
        var regrade: [Regrade.Row]?
        if let earlier {
            regrade = Regrade.rows(earlier: earlier, later: graded)
            try Data(Regrade.csv(regrade ?? []).utf8).write(to: URL(fileURLWithPath: output + "/regrade.csv"))
        }
        var similar: ClassPage.SimilarPairs?
        if let similarity {
            let exercise = similarity.exercise
            let texts = Self.submissionTexts(
                folders, submissions: submissions, exercise: exercise, maximum: similarity.maximum)
            // The lesson's Swift blocks, the exercise's starter among them.
            let base = exercise.plan.lesson.blocks.filter(\.info.isSwift).map(\.text)
            let pairs = Similarity.pairs(texts, base: base)
            try Data(Similarity.csv(pairs).utf8).write(to: URL(fileURLWithPath: output + "/similarity.csv"))
            similar = ClassPage.SimilarPairs(
                pairs: pairs, threshold: similarity.threshold,
                lines: Dictionary(texts.map { ($0.name, OutputLines.split($0.text)) }) { first, _ in first })
        }
        let page = ClassPage.render(
            exercise: template.exercise, language: template.language, students: graded, regrade: regrade,
            similar: similar)
        try Data(page.utf8).write(to: URL(fileURLWithPath: output + "/report.html"))
    }

    /// The students' submissions, each read as its grader read it (through the folder's descriptor, within
    /// `maximum` bytes); one that cannot be read is left out.
    static func submissionTexts(
        _ students: [StudentFolder], submissions: String, exercise: Exercise, maximum: Int
    ) -> [(name: String, text: String)] {
        let texts = students.compactMap { student -> (name: String, text: String)? in
            let folder = student.open()
            guard folder >= 0 else { return nil }
            defer { close(folder) }
            let file = try? SubmissionFile.read(
                submissions + "/" + student.name, descriptor: folder, of: exercise, maximum: maximum)
            return file.map { (student.name, $0.text) }
        }
        return texts
    }

    /// One entry of the class folder: its name's bytes, and the name shown for it.
    struct StudentFolder {
        var classFolder: Int32
        var bytes: [UInt8]
        var name: String

        /// The entry opened as a folder, never through a link: the student's grader reads it through this
        /// descriptor, so a folder swapped for a link after this point is never read.
        func open() -> Int32 {
            (bytes + [0]).withUnsafeBufferPointer { name in
                name.baseAddress!.withMemoryRebound(to: CChar.self, capacity: name.count) {
                    openat(classFolder, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
            }
        }
    }

    private func gradeOne(_ student: StudentFolder, submissions: String, output: String, uid: Int) -> Row {
        let start = Date()
        let folder = output + "/" + student.name
        let explained = gradeOrExplain(student, submissions: submissions, folder: folder, uid: uid)
        if let (reason, detail) = explained, !Self.reservedNames.contains(student.name) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            write(ungraded(reason, detail), to: folder)
        }
        // The row comes from the instructor.json the student's grader wrote, whatever the students' format,
        // never from a stream a program could write into.
        var row = Row(
            student: student.name, score: 0, maxScore: ungraded(.graderStopped, nil).maxScore, status: "error",
            seconds: 0)
        if let data = FileManager.default.contents(atPath: folder + "/instructor.json"),
            let read = try? JSONDecoder().decode(GradeResult.self, from: data)
        {
            (row.status, row.score, row.maxScore) = (read.status.rawValue, read.score, read.maxScore)
        }
        row.seconds = Date().timeIntervalSince(start)
        return row
    }

    /// Grades one student in a `lesson grade` process of its own; nil when it wrote its results, otherwise
    /// why it could not, and what the grader said for the instructor.
    private func gradeOrExplain(_ student: StudentFolder, submissions: String, folder: String, uid: Int) -> (
        UngradableReason, String?
    )? {
        if Cleanup.shared.isInterrupted { return (.interrupted, nil) }
        let descriptor = student.open()
        guard descriptor >= 0 else { return (.notAFolder(name: student.name), nil) }
        defer { close(descriptor) }
        guard !Self.reservedNames.contains(student.name) else { return (.reservedName(name: student.name), nil) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in GradeFormat.fileNames + ["instructor.json", "release-body.md"] {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
            let arguments =
                ["grade"] + sharedArguments + [
                    "--submission", submissions + "/" + student.name, "--submission-descriptor", "3",
                    "--output", folder, "--jobs", "1", "--uid-base", String(uid), "--uid-count", "1",
                ]
            let result = try Subprocess.run(
                executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                limits: ProcessLimits(timeout: studentBudget, outputLimit: 1 << 20), inheriting: descriptor)
            if result.termination == .exited(0), FileManager.default.fileExists(atPath: folder + "/instructor.json") {
                return nil
            }
            if Cleanup.shared.isInterrupted { return (.interrupted, nil) }
            if result.termination == .timedOut { return (.graderTimedOut(seconds: Int(studentBudget)), nil) }
            // What the grader said is the instructor's (a usage hint, a path of this machine): the student reads
            // the reason in their language.
            let said = String(decoding: result.standardError, as: UTF8.self).split(separator: "\n")
                .filter { !$0.hasPrefix("run 'lesson --help'") }.joined(separator: "\n").trimmingSpaces()
            return (.graderStopped, said.isEmpty ? "the grader stopped: \(result.termination)" : said)
        } catch {
            return (.graderStopped, "the grader could not handle this submission: \(error)")
        }
    }

    /// The files a batch writes beside the students' folders.
    static let reservedNames: Set<String> = ["summary.csv", "report.html", "regrade.csv", "similarity.csv"]

    private func write(_ result: GradeResult, to folder: String) {
        let written = format == .text ? GradeFormat.exercism : format
        for file in written.files(result, identity: identity) {
            try? Data(file.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file.name))
        }
        try? Data(result.instructorReport.utf8).write(to: URL(fileURLWithPath: folder + "/instructor.json"))
    }

    static func csvField(_ text: String) -> String { SpreadsheetCell.written(text) }
}
