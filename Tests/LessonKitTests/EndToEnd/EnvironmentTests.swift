import Foundation
import XCTest

@testable import LessonKit

/// Grading in each place graders really run (`GradingEnvironment`): reference solutions get full marks, a
/// wrong submission gets what it earns, hostile submissions are stopped with the limit named, and the
/// protections claim only what was in force there.
final class EnvironmentTests: XCTestCase {
    private struct Graded: Decodable {
        struct Test: Decodable {
            var score: Int
            var max_score: Int
            var output: String
        }
        var score: Int
        var output: String
        var tests: [Test]
        var maxScore: Int { tests.reduce(0) { $0 + $1.max_score } }
    }

    /// The protections of an instructor's report (`instructor.json`): a student's results hold none.
    private struct InstructorReport: Decodable {
        var protections: [String]
    }

    func testReferenceSolutionsScoreFullMarksAndWrongOnesWhatTheyEarnEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let solutions = [
            ("uikit-sync-engine", "Lessons/uikit/solutions/uikit-sync-engine/Sync.swift"),
            ("swiftui-environment", "Lessons/swiftui/solutions/swiftui-environment/main.swift"),
        ]
        let wrongSubmission = [
            "--exercise", "sync-engine", "--lesson", "Fixtures/grading/engine-exercise.md", "--hidden",
            "Fixtures/grading/hidden/sync-engine.md", "--submission",
            "Fixtures/grading/submissions/sync-engine/wrong/Sync.swift",
        ]
        // Two environments at a time: a single grading uses about one core.
        let runs = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("reference")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let grade = { (arguments: [String]) in
                try environment.runLesson(["grade", "--format", "gradescope"] + arguments, scratch: scratch)
            }
            let references = try solutions.enumerated().map { index, pair in
                let folder = scratch + "/reference-\(index)"
                let result = try grade([
                    "--exercise", pair.0, "--lessons", "Lessons", "--submission", pair.1, "--output", folder,
                ])
                let read = { (name: String) in (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
                }
                return (result, read("results.json"), read("instructor.json"))
            }
            // The wrong submission's results go to files, with the instructor's (why each hidden test failed).
            let wrong = try grade(wrongSubmission + ["--output", scratch + "/wrong"])
            let files = ["results.json", "instructor.json"].map {
                (try? String(contentsOfFile: scratch + "/wrong/" + $0, encoding: .utf8)) ?? ""
            }
            return (references, wrong, files[0], files[1])
        }
        for (environment, (references, wrong, results, instructor)) in runs {
            for ((exercise, _), (result, results, instructor)) in zip(solutions, references) {
                XCTAssertEqual(result.status, 0, "\(environment.rawValue): \(result.standardError)")
                let reference = try JSONDecoder().decode(Graded.self, from: Data(results.utf8))
                XCTAssertGreaterThan(reference.maxScore, 0, "\(environment.rawValue): \(exercise)")
                XCTAssertEqual(
                    reference.score, reference.maxScore,
                    "\(environment.rawValue): \(exercise): \(reference.tests.map(\.output))")
                XCTAssertFalse(results.contains("protections"), "a student's results name no protection")
                let protections = try JSONDecoder().decode(InstructorReport.self, from: Data(instructor.utf8))
                assertProtections(protections.protections.joined(separator: "; "), in: environment)
            }
            XCTAssertEqual(wrong.status, 0, "\(environment.rawValue): \(wrong.standardError)")
            let wrongGrade = try JSONDecoder().decode(Graded.self, from: Data(results.utf8))
            // The instructor's report is in the message: a point lost in one environment alone says why.
            XCTAssertEqual([wrongGrade.score, wrongGrade.maxScore], [4, 5], "\(environment.rawValue): \(instructor)")
        }
        // The compiler wrote its module cache as the builder's user, never as the grader's.
        let cache = "/run/lesson-sandbox/module-cache-71000"
        let entries = try FileManager.default.subpathsOfDirectory(atPath: cache)
        XCTAssertFalse(entries.isEmpty)
        for entry in entries.prefix(20) {
            var info = stat()
            XCTAssertEqual(lstat(cache + "/" + entry, &info), 0)
            XCTAssertEqual(info.st_uid, 71_000, entry)
        }
    }

    /// Namespaces are claimed only where they were set up; where they are refused, the reason is given.
    private func assertProtections(_ output: String, in environment: GradingEnvironment) {
        switch environment {
        case .fullRoot, .readOnlyRoot:
            XCTAssertTrue(output.contains("network: isolated (its own network namespace)"), output)
            XCTAssertTrue(output.contains("user: unprivileged, its own (uid 61000+)"), output)
        case .dockerDefault:
            XCTAssertTrue(output.contains(Self.refusedNetwork), output)
            XCTAssertTrue(output.contains("user: unprivileged, its own (uid 61000+)"), output)
        case .nonRoot:
            XCTAssertTrue(output.contains(Self.refusedNetwork), output)
            XCTAssertTrue(output.contains("user: the grader's own (the grader is not root)"), output)
        }
        // Where another user is permitted, the student's code is compiled as one too.
        XCTAssertTrue(
            output.contains(
                environment == .nonRoot
                    ? "compiler: builds as the grader's user (no other user here)"
                    : "compiler: builds as an unprivileged user of its own (uid 71000)"), output)
        // This kernel offers Landlock (ABI 7 here) and seccomp: both are in force in every environment.
        XCTAssertTrue(output.contains("; landlock: ABI "), output)
        XCTAssertTrue(output.contains("; seccomp: refuses network sockets"), output)
        XCTAssertFalse(output.contains("(its own PID namespace") && environment == .dockerDefault, output)
    }

    /// A world-readable hidden-tests file (mode 0644) and listeners on 127.0.0.1 stay out of the
    /// student's reach in every environment, while the correct solution still scores full marks above.
    func testTheNetworkAndWorldReadableInstructorFilesAreOutOfReachEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        // Two environments at once, each with listeners of its own: a grading mostly compiles on one core.
        let graded = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("reach")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let secret = scratch + "/instructor/hidden.md"
            try FileManager.default.createDirectory(atPath: scratch + "/instructor", withIntermediateDirectories: true)
            try Data("hidden tests".utf8).write(to: URL(fileURLWithPath: secret))
            chmod(secret, 0o644)
            chmod(scratch + "/instructor", 0o755)
            let tcp = try LoopbackTCPListener()
            let udp = try LoopbackUDPReceiver()
            try FileManager.default.createDirectory(atPath: scratch + "/student", withIntermediateDirectories: true)
            try Data(Self.reachingProgram(secret: secret, tcp: tcp.port, udp: udp.port).utf8).write(
                to: URL(fileURLWithPath: scratch + "/student/main.swift"))
            let result = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submission", scratch + "/student", "--hide", scratch + "/instructor",
                ], scratch: scratch)
            return (result.standardOutput, tcp.acceptedConnections(), udp.receivedDatagrams())
        }
        for (environment, (output, connections, datagrams)) in graded {
            XCTAssertTrue(
                output.contains("+file: denied\n    +tcp: refused\n    +udp: refused"),
                "\(environment.rawValue): \(output)")
            XCTAssertEqual(connections, 0, environment.rawValue)
            XCTAssertEqual(datagrams, [], environment.rawValue)
        }
    }

    /// A student program that reads `secret` and reaches two loopback ports.
    private static func reachingProgram(secret: String, tcp: UInt16, udp: UInt16) -> String {
        """
        import Glibc
        let file = open("\(secret)", O_RDONLY)
        print(file >= 0 ? "file: READ" : "file: denied")
        func reach(_ kind: Int32, _ port: UInt16) -> Bool {
            let descriptor = socket(AF_INET, kind, 0)
            if descriptor < 0 { return false }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            return connected == 0 && write(descriptor, "leak", 4) == 4
        }
        print(reach(Int32(SOCK_STREAM.rawValue), \(tcp)) ? "tcp: CONNECTED" : "tcp: refused")
        print(reach(Int32(SOCK_DGRAM.rawValue), \(udp)) ? "udp: SENT" : "udp: refused")

        """
    }

    /// Where namespaces are refused, the network is refused by seccomp, and the protections say why.
    private static let refusedNetwork =
        "network: no IPv4, IPv6, netlink or packet socket (seccomp; no network namespace: unshare: Operation not permitted)"

    func testHostileSubmissionsAreStoppedAndNamedEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let expected = [
            "flood": "đã dừng: giới hạn đầu ra 64 KiB",
            // The CPU limit (2 s) or, on a machine too busy to give it 2 s of CPU in 6 s, the wall clock.
            "loop-forever": "đã dừng: giới hạn thời gian",
            // Allocating 256 MiB at a time, throttled to its share of the cores beside three other classes (and
            // the course package's build early in the suite): 3 s of wall clock was not always enough to reach 512
            // MiB, so every test here gets 6.
            "memory": "đã dừng: giới hạn bộ nhớ 512 MiB",
            "sleep-forever": "đã dừng: giới hạn thời gian 6 giây",
        ]
        // The four classes are graded at once: their runs mostly wait for their limits. Nothing a student
        // started may outlive its grader, so once all four have ended no student process may be left.
        let graded = try GradingEnvironment.eachAtOnce(jobs: 4) { environment in
            let scratch = try GradingEnvironment.scratch("hostile")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            for student in Array(expected.keys) + ["processes"] {
                try FileManager.default.createDirectory(
                    atPath: scratch + "/class/" + student, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    atPath: TestSupport.packageRoot + "/Fixtures/grading/hostile/\(student)/main.swift",
                    toPath: scratch + "/class/\(student)/main.swift")
            }
            let result = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submissions", scratch + "/class", "--output", scratch + "/results", "--timeout", "6",
                    "--cpu-limit", "2", "--max-output", "64K", "--jobs", "2",
                ], scratch: scratch)
            let results = try expected.keys.map { student in
                (student, try String(contentsOfFile: scratch + "/results/\(student)/results.json", encoding: .utf8))
            }
            return (result, Dictionary(uniqueKeysWithValues: results))
        }
        for (environment, (result, results)) in graded {
            XCTAssertEqual(result.status, 0, "\(environment.rawValue): \(result.standardError)")
            for (student, message) in expected {
                let text = results[student] ?? ""
                XCTAssertTrue(
                    text.contains("\"message\" : \"\(message)"), "\(environment.rawValue) \(student): \(text)")
            }
        }
        // The students run as 61000 and up, or as 65534 where the grader is that user.
        let survivors = try TestSupport.processes(ownedBy: 61_000..<70_000).filter { $0.contains("sleep 300") }
        XCTAssertEqual(survivors, [], "processes a submission started are still alive")
    }

    /// A program that watches the machine (the load, the task count, CPU and memory use, the list of
    /// processes), as a visible test would watch a hidden one: every counter is out of its reach, and its
    /// own entries stay readable.
    func testMachineCountersAreHiddenEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let runs = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("counters")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            return try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submission", "Fixtures/grading/hostile-counters/counters", "--format", "gradescope",
                ], scratch: scratch)
        }
        for (environment, result) in runs {
            XCTAssertEqual(result.status, 0, "\(environment.rawValue): \(result.standardError)")
            let printed = [
                "/proc/loadavg: hidden", "/proc/stat: hidden", "/proc/meminfo: hidden", "/proc/vmstat: hidden",
                "/proc: hidden", "/proc/self/status: readable",
            ]
            XCTAssertTrue(
                result.standardOutput.contains(printed.joined(separator: "\\n")),
                "\(environment.rawValue): \(result.standardOutput)")
        }
    }

    /// A correct student graded beside two students whose programs keep every core busy (64 processes
    /// each, in sessions of their own) and one whose 30 processes would take 7.5 GiB. The correct
    /// solution is long (30 more functions: over a second of compiling, 1.9–2.1 s to its result on an
    /// idle machine), so that it still builds while the others spin: without a share of the cores per
    /// student, one of 130 busy processes, it would not build within its 5 s budget. It passes; the
    /// memory is ended at the tree's limit; nothing survives. Not on the read-only root: it remounts `/`
    /// alone, so the cores and memory are shared as with full root (`/sys` and `/proc` are other mounts),
    /// and what it changes, where a program may write, is tried there by
    /// `testAProgramNeitherWritesBesideItsFolderNorOutlivesItsCheckEverywhere`, and its memory limit by
    /// `testHostileSubmissionsAreStoppedAndNamedEverywhere`.
    func testAClassIsFairAndBoundedEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let correct = try String(
            contentsOfFile: TestSupport.packageRoot + "/Fixtures/grading/submissions/tree-count/correct/main.swift",
            encoding: .utf8)
        let padding = (0..<30).map { index in
            "func padding\(index)(_ x: Int) -> [Int] { [x, x &+ \(index), x &* 2].map { $0 &+ 1 }.filter { $0 > \(index) } }\n"
        }
        for environment in GradingEnvironment.allCases where environment != .readOnlyRoot {
            let scratch = try GradingEnvironment.scratch("fair")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let hostile = TestSupport.packageRoot + "/Fixtures/grading/hostile-class/"
            for student in ["cpu-hog-a", "cpu-hog-b", "fork-memory", "correct"] {
                try FileManager.default.createDirectory(
                    atPath: scratch + "/class/" + student, withIntermediateDirectories: true)
                // Both hogs hand in the same program.
                let fixture = student.hasPrefix("cpu-hog") ? "cpu-hog" : student
                let text =
                    student == "correct"
                    ? correct + padding.joined()
                    : try String(contentsOfFile: hostile + fixture + "/main.swift", encoding: .utf8)
                try Data(text.utf8).write(to: URL(fileURLWithPath: scratch + "/class/\(student)/main.swift"))
            }
            let result = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submissions", scratch + "/class", "--output", scratch + "/results", "--jobs", "4",
                    "--budget", "5", "--timeout", "30", "--cpu-limit", "30",
                ], scratch: scratch)
            XCTAssertEqual(result.status, 0, "\(environment.rawValue): \(result.standardError)")
            let summary = try String(contentsOfFile: scratch + "/results/summary.csv", encoding: .utf8)
            XCTAssertTrue(summary.contains("\ncorrect,1,1,pass,"), "\(environment.rawValue): \(summary)")
            let memory = try String(contentsOfFile: scratch + "/results/fork-memory/results.json", encoding: .utf8)
            XCTAssertTrue(memory.contains("đã dừng: giới hạn bộ nhớ 512 MiB"), "\(environment.rawValue): \(memory)")
            let survivors = try TestSupport.processes(ownedBy: 61_000..<70_000).filter { $0.contains("while :") }
            XCTAssertEqual(survivors, [], "\(environment.rawValue): processes a submission started are still alive")
        }
    }

    /// A `lesson` in a folder only its owner may enter (`.build` made with a umask of 027, a home of mode
    /// 0700): where no namespace is permitted, the sandbox user starts the launcher itself, from a copy the
    /// grader makes in its scratch folder, and a correct submission still passes. (A non-root grader could
    /// not run such a `lesson` at all.)
    func testALessonOthersCannotReachStillContainsItsRuns() throws {
        try GradingEnvironment.skipUnlessReproducible()
        for environment in GradingEnvironment.allCases where environment != .nonRoot {
            let scratch = try GradingEnvironment.scratch("private")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            try FileManager.default.createDirectory(
                atPath: scratch + "/home/bin", withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            chmod(scratch + "/home", 0o700)
            try FileManager.default.copyItem(atPath: TestSupport.lessonExecutable, toPath: scratch + "/home/bin/lesson")
            let result = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submission", "Fixtures/grading/submissions/tree-count/correct",
                ], scratch: scratch, executable: scratch + "/home/bin/lesson")
            XCTAssertEqual(result.status, 0, "\(environment.rawValue): \(result.standardError)")
            XCTAssertTrue(
                result.standardOutput.hasPrefix("bài tập tree-count: đạt, 1/1 điểm\n"),
                "\(environment.rawValue): \(result.standardOutput)")
        }
    }

    /// A class whose folder names are bytes, not always UTF-8, with two names that Unicode normalization
    /// makes alike, a name a spreadsheet would run as a formula, and a student whose file is a hard link to
    /// a file only root may read: every student is graded, by their own bytes, and the linked file is read
    /// by no one.
    func testClassFoldersAreGradedByTheirBytesEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let correct = try Data(
            contentsOf: URL(
                fileURLWithPath: TestSupport.packageRoot + "/Fixtures/grading/submissions/tree-count/correct/main.swift"
            ))
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let notUTF8 = Array("caf".utf8) + [0xE9]
        for environment in GradingEnvironment.allCases {
            let scratch = try GradingEnvironment.scratch("names")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let names = [Array(composed.utf8), Array(decomposed.utf8), notUTF8, Array("=1+1".utf8)]
            try FileManager.default.createDirectory(atPath: scratch + "/class", withIntermediateDirectories: true)
            for name in names {
                let folder = Array((scratch + "/class/").utf8) + name
                XCTAssertEqual(Self.makeFolder(folder), 0, environment.rawValue)
                XCTAssertTrue(Self.write(correct, to: folder + Array("/main.swift".utf8)), environment.rawValue)
            }
            let secret = scratch + "/secret.swift"
            try Data("print(\"reference\")\n".utf8).write(to: URL(fileURLWithPath: secret))
            chmod(secret, 0o600)
            try FileManager.default.createDirectory(
                atPath: scratch + "/class/linked", withIntermediateDirectories: true)
            XCTAssertEqual(link(secret, scratch + "/class/linked/main.swift"), 0)
            let result = try environment.runLesson(
                [
                    "grade", "--lesson", "Fixtures/grading/scenario-exercise.md", "--exercise", "tree-count",
                    "--submissions", scratch + "/class", "--output", scratch + "/results", "--jobs", "2",
                ], scratch: scratch)
            XCTAssertEqual(result.status, 0, "\(environment.rawValue): \(result.standardError)")
            let summary = try String(contentsOfFile: scratch + "/results/summary.csv", encoding: .utf8)
            let rows = summary.split(separator: "\n").map { $0.split(separator: ",").prefix(4).joined(separator: ",") }
            XCTAssertEqual(
                rows.map { Array($0.utf8) },
                [
                    "student,score,max_score,status", "'=1+1,1,1,pass", "caf\\xE9,1,1,pass", decomposed + ",1,1,pass",
                    composed + ",1,1,pass", "linked,0,1,error",
                ].map { Array($0.utf8) }, "\(environment.rawValue): \(summary)")
            // One results folder per student (the two cafés are two folders), the summary, the class page and
            // the similarity pairs.
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: scratch + "/results").count, 5 + 3,
                environment.rawValue)
            let linked = try String(contentsOfFile: scratch + "/results/linked/results.json", encoding: .utf8)
            // A grader that is not root cannot open the file at all. The reason is in the lesson's language.
            let reason =
                environment == .nonRoot
                ? "không đọc được main.swift (Permission denied)"
                : "main.swift có 2 liên kết: bài nộp phải là một tệp riêng, không phải liên kết cứng"
            XCTAssertTrue(linked.contains(reason), "\(environment.rawValue): \(linked)")
            XCTAssertFalse(linked.contains("reference"), environment.rawValue)
        }
    }

    private static func makeFolder(_ path: [UInt8]) -> Int32 {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { mkdir($0, 0o755) }
        }
    }

    private static func write(_ data: Data, to path: [UInt8]) -> Bool {
        let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == data.count
    }

    /// `lesson check` with a cache, where checks really run: the first check keeps its engines' objects,
    /// and a check after an edited scenario links with them and passes.
    func testEngineObjectsAreKeptAndLinkedEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        // Two environments at a time: a check of one small course keeps little more than one core busy.
        let runs = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("objects")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let course = scratch + "/course"
            try FileManager.default.copyItem(atPath: TestSupport.packageRoot + "/Lessons/uikit", toPath: course)
            let arguments = ["check", "--color", "never", "--cache-dir", scratch + "/cache", course]
            let objects = scratch + "/cache/objects"
            let keptSets = {
                try FileManager.default.contentsOfDirectory(atPath: objects).filter { !$0.hasPrefix(".") }
            }
            let cold = try environment.runLesson(arguments, scratch: scratch)
            let coldSets = (try? keptSets()) ?? []

            let lesson = course + "/01-hucre-yeniden-kullanimi.md"
            let text = try String(contentsOfFile: lesson, encoding: .utf8)
            try Data(text.replacingOccurrences(of: Self.editedHeader, with: Self.editedHeader + "// edited\n").utf8)
                .write(to: URL(fileURLWithPath: lesson))
            let edited = try environment.runLesson(arguments, scratch: scratch)
            return (text.contains(Self.editedHeader), cold, coldSets, edited, (try? keptSets()) ?? [])
        }
        for (environment, (hadHeader, cold, coldSets, edited, editedSets)) in runs {
            XCTAssertEqual(cold.status, 0, "\(environment.rawValue): \(cold.standardOutput)")
            XCTAssertFalse(coldSets.isEmpty, environment.rawValue)
            XCTAssertTrue(hadHeader, environment.rawValue)
            XCTAssertEqual(edited.status, 0, "\(environment.rawValue): \(edited.standardOutput)")
            XCTAssertEqual(
                edited.standardOutput.split(separator: "\n").last, cold.standardOutput.split(separator: "\n").last,
                environment.rawValue)
            XCTAssertEqual(editedSets.sorted(), coldSets.sorted(), environment.rawValue)
        }
    }

    /// What a lesson's program can do to others holds in every environment: it writes nothing beside its
    /// own folder (another lesson stays as it was), what it leaves running ends with the check, and a FIFO
    /// among the lessons is a finding, never a hang.
    func testAProgramNeitherWritesBesideItsFolderNorOutlivesItsCheckEverywhere() throws {
        try GradingEnvironment.skipUnlessReproducible()
        let runs = try GradingEnvironment.eachAtOnce(jobs: 2) { environment in
            let scratch = try GradingEnvironment.scratch("reach")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let course = scratch + "/course"
            try FileManager.default.createDirectory(atPath: course, withIntermediateDirectories: true)
            chmod(course, 0o777)
            let seconds = "5\(Int.random(in: 1000...9999))"
            let other = "# Başka\n"
            try Data(other.utf8).write(to: URL(fileURLWithPath: course + "/b.md"))
            chmod(course + "/b.md", 0o666)
            let lesson = """
                # Ders

                ```swift
                // main.swift — yazar ve arkada bırakır
                import Foundation
                print(FileManager.default.createFile(atPath: "\(course)/b.md", contents: Data("x".utf8)))
                _ = system("setsid sh -c 'trap \\"\\" TERM; exec sleep \(seconds)' </dev/null >/dev/null 2>&1 &")
                usleep(200_000)
                print("bitti")
                ```

                ```
                false
                bitti
                ```

                """
            try Data(lesson.utf8).write(to: URL(fileURLWithPath: course + "/a.md"))
            mkfifo(course + "/c.md", 0o666)
            let result = try environment.runLesson(
                ["check", "--no-cache", "--color", "never", course + "/a.md", course + "/c.md"], scratch: scratch)
            Thread.sleep(forTimeInterval: 0.5)
            let left = Self.processes(named: "sleep", argument: seconds)
            left.forEach { kill($0, SIGKILL) }
            return (result, try String(contentsOfFile: course + "/b.md", encoding: .utf8), left, course)
        }
        for (environment, (result, other, left, course)) in runs {
            XCTAssertEqual(result.status, 1, "\(environment.rawValue): \(result.standardOutput)")
            XCTAssertEqual(
                result.standardOutput,
                "\(course)/c.md:1: error: the file is a FIFO, not a regular file; it is not read\n1 passed, 1 failed\n",
                environment.rawValue)
            XCTAssertEqual(other, "# Başka\n", environment.rawValue)
            XCTAssertEqual(left, [], "\(environment.rawValue): the scenario's sleep is still running")
        }
    }

    /// The processes whose command line is `name argument`.
    private static func processes(named name: String, argument: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            return String(decoding: data, as: UTF8.self) == "\(name)\u{0}\(argument)\u{0}" ? pid : nil
        }
    }

    /// The header of the scenario `testEngineObjectsAreKeptAndLinkedEverywhere` edits.
    private static let editedHeader = "// main.swift — yeniden kullanilan hucre onceki satirin rozetini tasir\n"
}
