import Foundation
import XCTest

@testable import LessonKit

/// The CI examples of the README exist as files in docs/ci, appear in the README as they are, and run only
/// `lesson` commands whose options exist. The YAML is read line by line (no dependency): plain values,
/// list items and block scalars (`|` kept as lines, `>-` folded into one line).
final class CIExampleTests: XCTestCase {
    static let examples = ["github-actions.yml", "gitlab-ci.yml", "kubernetes-grading.yml"]

    /// The shell text of a YAML file: one entry per plain line, per literal block line, per folded block.
    static func shellTexts(ofYAML text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        var texts: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") || trimmed.isEmpty { continue }
            guard let marker = ["|", ">-", ">"].first(where: { trimmed.hasSuffix(": " + $0) || trimmed == "- " + $0 })
            else {
                texts.append(trimmed)
                continue
            }
            var block: [String] = []
            while index < lines.count
                && (lines[index].trimmingCharacters(in: .whitespaces).isEmpty
                    || indentation(lines[index]) > indentation(line))
            {
                block.append(lines[index].trimmingCharacters(in: .whitespaces))
                index += 1
            }
            texts += marker == "|" ? block : [block.joined(separator: " ")]
        }
        return texts
    }

    /// Each `lesson COMMAND ...` in a shell text, up to `||`, `&&`, `;` or the end, as words.
    static func lessonCommands(in text: String) -> [[String]] {
        var commands: [[String]] = []
        var words: [String]?
        for word in text.split(separator: " ").map(String.init) {
            if ["||", "&&", ";", "|"].contains(word) {
                if let current = words { commands.append(current) }
                words = nil
            } else if word == "lesson" && words == nil {
                words = []
            } else {
                words?.append(word.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
            }
        }
        if let current = words { commands.append(current) }
        return commands.filter { ["check", "merge", "grade", "coverage", "list"].contains($0.first ?? "") }
    }

    /// What is wrong with a command: an option its help does not list, a shard or format it rejects.
    static func problems(_ command: [String], help: String) -> [String] {
        var problems: [String] = []
        for (position, word) in command.enumerated() where word.hasPrefix("--") {
            let option = String(word.prefix { $0 != "=" })
            if !help.contains(" \(option) ") && !help.contains(" \(option)\n") {
                problems.append("\(command[0]) has no option \(option)")
            }
            guard position + 1 < command.count else { continue }
            let value = command[position + 1]
            if option == "--shard" {
                // The CI systems' variables, at the first shard of four.
                var shard = value
                for (variable, example) in [
                    ("${{ matrix.shard }}", "1"), ("$CI_NODE_INDEX", "1"), ("$CI_NODE_TOTAL", "4"),
                    ("$((JOB_COMPLETION_INDEX + 1))", "1"),
                ] {
                    shard = shard.replacingOccurrences(of: variable, with: example)
                }
                if (try? Shard.parse(shard)) == nil { problems.append("--shard \(value) is not INDEX/COUNT") }
            }
            if option == "--format" && !["text", "json", "junit", "github", "html"].contains(value) {
                problems.append("--format \(value) is not a format")
            }
        }
        return problems
    }

    /// The words of each `lesson` command after joining `${{ … }}` and `$((…))`, which hold spaces.
    static func commands(inFile name: String) throws -> [[String]] {
        let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/ci/" + name, encoding: .utf8)
        let joined = shellTexts(ofYAML: text).map {
            $0.replacingOccurrences(of: "${{ matrix.shard }}", with: "${{_matrix.shard_}}")
                .replacingOccurrences(of: "$((JOB_COMPLETION_INDEX + 1))", with: "$((JOB_COMPLETION_INDEX_+_1))")
        }
        return joined.flatMap(lessonCommands).map { command in
            command.map {
                $0.replacingOccurrences(of: "${{_matrix.shard_}}", with: "${{ matrix.shard }}")
                    .replacingOccurrences(of: "$((JOB_COMPLETION_INDEX_+_1))", with: "$((JOB_COMPLETION_INDEX + 1))")
            }
        }
    }

    func testEveryLessonCommandOfTheExamplesIsValid() throws {
        var helps: [String: String] = [:]
        for command in ["check", "merge", "grade", "coverage", "list"] {
            helps[command] = try TestSupport.runLesson([command, "--help"]).standardOutput
        }
        let expected = [
            "github-actions.yml": [
                "check --shard --format --output", "merge --format --output", "merge --format --output",
                "merge --format",
            ],
            "gitlab-ci.yml": [
                "check --shard --format --output", "merge --format --junit-file-attributes --output",
                "merge --format --output", "merge",
            ],
            "kubernetes-grading.yml": [
                "grade --lessons --exercise --submissions --shard --output", "merge --output",
            ],
        ]
        for name in Self.examples {
            let commands = try Self.commands(inFile: name)
            XCTAssertEqual(
                commands.map { ([$0[0]] + $0.filter { $0.hasPrefix("--") }).joined(separator: " ") }, expected[name],
                name)
            for command in commands {
                XCTAssertEqual(Self.problems(command, help: helps[command[0]]!), [], "\(name): \(command)")
            }
        }
        // The check can fail: a misspelt option and a 0-based shard are caught.
        let wrong = Self.lessonCommands(in: "lesson check --shrad 1/4 --shard $CI_NODE_INDEX/0 Lessons")[0]
        XCTAssertEqual(
            Self.problems(wrong, help: helps["check"]!),
            ["check has no option --shrad", "--shard $CI_NODE_INDEX/0 is not INDEX/COUNT"])
    }

    func testTheCIPageShowsEachExampleAsItIs() throws {
        let readme = try String(contentsOfFile: TestSupport.packageRoot + "/docs/ci.md", encoding: .utf8)
        for name in Self.examples {
            let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/ci/" + name, encoding: .utf8)
            XCTAssertTrue(readme.contains("```yaml\n" + text + "```\n"), "docs/ci.md does not show docs/ci/\(name)")
        }
    }

    /// Where SwiftPM puts a product depends on its build system (`.build/release` natively,
    /// `.build/out/Products/Release-linux` with Swift Build, SwiftPM's default from Swift 6.4): no page, example,
    /// script or adapter names a path in such a folder; each asks `swift build --show-bin-path`.
    func testNoPageOrScriptNamesAPathInABuildFolder() throws {
        let root = TestSupport.packageRoot
        let folders = ["docs", "Benchmarks", "Tests/EndToEnd", "Adapters", "Plugins", "Sources", ".ci"]
        var files = ["README.md"]
        for folder in folders {
            files += (FileManager.default.subpaths(atPath: root + "/" + folder) ?? []).map { folder + "/" + $0 }
        }
        let pattern = try NSRegularExpression(pattern: #"\.build/(debug|release)[/":]"#)
        var named: [String] = []
        for file in files {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    named.append("\(file):\(number + 1)")
                }
            }
        }
        XCTAssertEqual(named, [])
        // It can fail: the form the pages used before.
        let before = #"export PATH="$PWD/.build/release:$PATH""#
        XCTAssertNotNil(pattern.firstMatch(in: before, range: NSRange(before.startIndex..., in: before)))
    }

    /// The grading pod asks for no privilege, and what it asks for is enough: a class of the fixture
    /// submissions graded with exactly its capabilities, under `no_new_privs`, gets the scores full root gives.
    func testTheKubernetesPodGradesWithOnlyTheCapabilitiesItAsksFor() throws {
        let manifest = try String(
            contentsOfFile: TestSupport.packageRoot + "/docs/ci/kubernetes-grading.yml", encoding: .utf8)
        XCTAssertFalse(manifest.contains("privileged"))
        XCTAssertTrue(manifest.contains("allowPrivilegeEscalation: false"))
        let line = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains("add: [") })
        let added = line.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")).lowercased() }
        XCTAssertEqual(added, ["setuid", "setgid", "chown", "dac_override", "kill"])
        let output = try TestSupport.temporaryFolder("kubernetes")
        defer { try? FileManager.default.removeItem(atPath: output) }
        // A passing, a failing and a non-building submission, and hidden tests.
        let submissions = output + "/submissions"
        for student in ["correct", "hidden-trap", "no-compile"] {
            try FileManager.default.createDirectory(atPath: submissions, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: TestSupport.packageRoot + "/Fixtures/grading/submissions/sync-engine/" + student,
                toPath: submissions + "/" + student)
        }
        let result = try Subprocess.run(
            "/usr/bin/setpriv",
            arguments: ["--no-new-privs", "--bounding-set=-all," + added.map { "+" + $0 }.joined(separator: ","), "--"]
                + [
                    TestSupport.lessonExecutable, "grade", "--lesson", "Fixtures/grading/engine-exercise.md",
                    "--exercise", "sync-engine", "--hidden", "Fixtures/grading/hidden/sync-engine.md",
                    "--submissions", submissions, "--output", output + "/results",
                ],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            workingDirectory: TestSupport.packageRoot,
            limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.standardError, as: UTF8.self))
        XCTAssertEqual(
            try String(contentsOfFile: output + "/results/summary.csv", encoding: .utf8).split(separator: "\n")
                .map { $0.split(separator: ",").prefix(4).joined(separator: ",") },
            ["student,score,max_score,status", "correct,5,5,pass", "hidden-trap,4,5,fail", "no-compile,0,5,error"])
    }
}
