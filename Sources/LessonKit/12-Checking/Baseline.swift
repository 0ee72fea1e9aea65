import Foundation

/// The errors a corpus had when it turned the check on, so that CI fails only on new ones: `lesson check
/// --write-baseline FILE` records them, `--baseline FILE` (or a `lesson-baseline.json` in the current folder,
/// or at a course package's root) makes them known. A failed check whose every error is known is
/// `baselined`: it fails nothing, and its errors are reported as notes.
///
/// A check is known by its lesson file (relative to the baseline's folder), its kind, the kinds of its
/// errors, the SHA-256 of its block's content, and the SHA-256 of what else decides its result (its
/// context: the block's fence and attributes, a scenario's expected block and its engine, the language
/// mode): not by a line number, so that prose and blocks inserted above it, or lines that shift, leave it
/// known, while an edit of the block, of its expected output or of its engine (or an error of another kind)
/// makes it fail again. The file is sorted JSON, the same bytes for the same errors. An entry written
/// before contexts were recorded (no `context`) is known by the rest.
package struct Baseline: Hashable, Sendable, Codable {
    package struct Entry: Hashable, Sendable, Codable, Comparable {
        /// The lesson, relative to the baseline's folder.
        package var file: String
        package var kind: String
        /// The kinds of the check's errors, sorted.
        package var findings: [String]
        /// `sha256:` and the digest of the check's block content (or of its line, for a check of no block).
        package var content: String
        /// `sha256:` and the digest of the check's context (`LessonTexts.context`); nil in an entry written
        /// before it was recorded.
        package var context: String?
        /// The check's first error, for the reader of the file; not compared.
        package var message: String

        package static func < (left: Entry, right: Entry) -> Bool {
            (left.file, left.content, left.kind, left.findings.joined(separator: ","), left.message)
                < (right.file, right.content, right.kind, right.findings.joined(separator: ","), right.message)
        }

        /// What is compared: everything but the message.
        var identity: [String] { [file, kind, content, context ?? ""] + findings }

        /// The identity of an entry written before contexts were recorded, that this one would match.
        var identityWithoutContext: [String] { [file, kind, content, ""] + findings }
    }

    package static let defaultFile = "lesson-baseline.json"
    package static let currentVersion = 1

    package var version = Baseline.currentVersion
    package var entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries.sorted() }

    /// The baseline at `path`; a usage error when it is not one.
    package static func read(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LessonError(.input, "cannot read the baseline \(path)")
        }
        guard let baseline = try? JSONDecoder().decode(Baseline.self, from: data),
            baseline.version == currentVersion
        else {
            throw LessonError(
                .usage, "\(path) is not a lesson baseline (version \(currentVersion)); write one with --write-baseline")
        }
        // A digest is what the checker recorded: an empty or edited one would match as no context at all.
        for (index, entry) in baseline.entries.enumerated()
        where !isDigest(entry.content) || !(entry.context.map(isDigest) ?? true) {
            throw LessonError(
                .usage,
                "\(path): entry \(index + 1) (\(entry.file)): content and context are sha256: and 64 hexadecimal "
                    + "digits, as --write-baseline records them (a context may be left out)")
        }
        return baseline
    }

    /// `sha256:` and 64 lowercase hexadecimal digits.
    static func isDigest(_ text: String) -> Bool {
        guard text.hasPrefix("sha256:") else { return false }
        let digits = text.dropFirst("sha256:".count)
        return digits.count == 64 && digits.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    package func write(to path: String) throws {
        try AtomicFile.write(Array(StableJSON.text(self).utf8), to: path)
    }

    /// Every failed check of `report`, as a baseline kept in `folder`.
    package static func recording(_ report: CheckReport, in folder: String) -> Baseline {
        var texts = LessonTexts()
        let entries = report.lessons.flatMap { lesson in
            lesson.checks.filter { $0.status == .failed }.map { entry(for: $0, of: lesson, in: folder, texts: &texts) }
        }
        return Baseline(entries: entries)
    }

    static func entry(for check: CheckResult, of lesson: LessonReport, in folder: String, texts: inout LessonTexts)
        -> Entry
    {
        let errors = check.findings.filter(\.isError)
        return Entry(
            file: relative(Paths.absolute(lesson.path), to: Paths.absolute(folder)), kind: check.kind.rawValue,
            findings: errors.map(\.kind.rawValue).sorted(),
            content: "sha256:" + SHA256.hex(texts.content(of: check, in: lesson.path)),
            context: "sha256:" + SHA256.hex(texts.context(of: check, in: lesson.path)),
            message: errors.first?.message ?? "")
    }

    /// The folder a baseline file's entries are relative to: the file's own.
    package static func folder(of file: String) -> String {
        let folder = Paths.parent(file)
        return folder.isEmpty ? "." : folder
    }

    /// `path` relative to `folder`, both absolute; as it is when it is not below it.
    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

extension Baseline {
    /// What applying a baseline did: the report with its known checks baselined, and the entries that
    /// matched no failed check (fixed since, or changed).
    package struct Applied {
        package var report: CheckReport
        package var baselined: Int
        package var stale: [Entry]
    }

    /// `report` with each failed check that an entry knows made `baselined`, its errors notes; each entry
    /// answers one check.
    package func applied(to report: CheckReport, in folder: String) -> Applied {
        var remaining: [[String]: [Entry]] = Dictionary(grouping: entries, by: \.identity)
        var texts = LessonTexts()
        var report = report
        var baselined = 0
        for lessonIndex in report.lessons.indices {
            let lesson = report.lessons[lessonIndex]
            for checkIndex in lesson.checks.indices where lesson.checks[checkIndex].status == .failed {
                let entry = Self.entry(for: lesson.checks[checkIndex], of: lesson, in: folder, texts: &texts)
                let identity =
                    remaining[entry.identity]?.isEmpty == false ? entry.identity : entry.identityWithoutContext
                guard var known = remaining[identity], !known.isEmpty else { continue }
                known.removeLast()
                remaining[identity] = known
                report.lessons[lessonIndex].checks[checkIndex] = Self.baselined(lesson.checks[checkIndex])
                baselined += 1
            }
            // An engine that does not build is reported once, for the lesson: known with its checks.
            if !report.lessons[lessonIndex].failed, lesson.checks.contains(where: { $0.status == .failed }) {
                report.lessons[lessonIndex].lessonFindings = lesson.lessonFindings.map(Self.known)
            }
        }
        // Only the entries of the lessons checked can be stale: a shard or one lesson checks no others.
        let checked = Set(report.lessons.map { Self.relative(Paths.absolute($0.path), to: Paths.absolute(folder)) })
        let stale = remaining.values.flatMap { $0 }.filter { checked.contains($0.file) }.sorted()
        return Applied(report: report, baselined: baselined, stale: stale)
    }

    /// A known check: `baselined`, each of its errors a note that says it is known.
    static func baselined(_ check: CheckResult) -> CheckResult {
        var check = check
        check.status = .baselined
        check.findings = check.findings.map(known)
        return check
    }

    /// An error made a note that says the baseline knows it; any other finding as it is.
    static func known(_ finding: Finding) -> Finding {
        guard finding.isError else { return finding }
        var note = finding
        note.severity = .note
        note.message = Finding.baselinedPrefix + finding.message
        return note
    }
}

/// The lesson files a baseline reads, each read once: the content of a check's block is what identifies it.
struct LessonTexts {
    private var lessons: [String: Lesson] = [:]
    private var plans: [String: LessonPlan] = [:]

    /// What besides its block decides a check's result: the block's opening fence (its attributes), and for
    /// a scenario its expected block (fence and content), the engine files the lesson prints or the built-in
    /// engine it names, and the language mode.
    mutating func context(of check: CheckResult, in path: String) -> String {
        let lesson = lessons[path] ?? Lesson.read(path: path)
        lessons[path] = lesson
        let plan = plans[path] ?? LessonPlanner.plan(lesson)
        plans[path] = plan
        let line = check.location.line
        func fence(_ block: FencedBlock) -> String {
            lesson.source.lines.first { $0.number == block.openingLine }?.text ?? ""
        }
        var parts = ["swift \(plan.languageMode.version)"]
        if let block = lesson.blocks.first(where: { $0.openingLine == line }) { parts.append(fence(block)) }
        if check.kind == .scenario, let scenario = plan.scenarios.first(where: { $0.block.openingLine == line }) {
            if let expected = scenario.expected { parts += [fence(expected), expected.text] }
            parts += plan.engineFiles.map { "\($0.fileName)\n\($0.block.text)" }
            if let named = plan.namedEngine?.name {
                parts.append("engine \(named)")
                parts += EngineCatalog.builtIn.engines[named]?.files.map { "\($0.name)\n\($0.contents)" } ?? []
            }
        }
        return parts.joined(separator: "\u{0}")
    }

    /// The content of the block that opens at the check's line (a book test's: the lines of all its blocks);
    /// for a check of no block (the front matter, a file that cannot be read), the text of the lines it
    /// covers.
    mutating func content(of check: CheckResult, in path: String) -> String {
        let lesson = lessons[path] ?? Lesson.read(path: path)
        lessons[path] = lesson
        let line = check.location.line
        if check.kind == .bookTest {
            // A book test is every block of its name: an edit of any of them makes it another check.
            let name = String(check.name.dropFirst("test ".count))
            let lines = lesson.bookTestBlocks.filter { $0.names.contains(name) }.flatMap(\.lines)
            if !lines.isEmpty { return lines.map { $0.lead + $0.text }.joined(separator: "\n") }
        }
        if let block = lesson.blocks.first(where: { $0.openingLine == line }) { return block.text }
        if let frontMatter = lesson.frontMatter.lines, frontMatter.contains(line) {
            return lesson.source.lines.filter { frontMatter.contains($0.number) }.map(\.text).joined(separator: "\n")
        }
        return lesson.source.lines.first { $0.number == line }?.text ?? ""
    }
}
