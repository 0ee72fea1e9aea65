import Foundation

/// `lesson check --update`: accepts what the lessons actually print (and the engines they should reprint)
/// into the Markdown, in place.
///
/// A lesson is rewritten only when it was read cleanly and none of its scenarios failed to build, trapped
/// or timed out: those stay findings to fix first (a book test that does not build keeps only its own lines
/// as they are: each test is a program of its own). A scenario whose output comments state another number
/// of lines than it printed is left as it is, with the reason; the lesson's other fixes are applied. Files
/// are written atomically (a temporary file in the same folder, then a rename), keeping every byte that is
/// not part of a changed block.
package enum LessonUpdater {
    /// Findings that keep a lesson from being rewritten: the actual output is not known or not trusted.
    static let blocking: Set<Finding.Kind> = [
        .buildError, .engineBuildError, .trap, .crash, .nonZeroExit, .timeout, .outputLimit, .resourceLimit,
    ]

    package struct Outcome: Sendable {
        /// The report after the update: fixed checks pass.
        package var report: CheckReport
        /// `path:line: updated expected output (7 → 8 lines)`, one per change.
        package var changes: [String]
        /// Lessons left untouched although they had something to accept, with the reason.
        package var refused: [String]
        /// Whether an engine reprint was rewritten: the scenarios that use it must be checked again.
        package var rewroteEngine = false
    }

    /// Applies every fix of `report` that may be applied, and writes the lessons it changes.
    package static func update(_ report: CheckReport) -> Outcome {
        var outcome = Outcome(report: report, changes: [], refused: [])
        for (index, lessonReport) in report.lessons.enumerated() {
            let fixable = lessonReport.checks.indices.filter { lessonReport.checks[$0].fix != nil }
            // Scenarios whose output cannot be accepted as it is: each says why, the others are updated.
            let refusals = lessonReport.checks.compactMap { check in
                check.updateRefusal.map { "\(lessonReport.path):\(check.location.line): note: not updated: \($0)" }
            }
            guard !fixable.isEmpty || !refusals.isEmpty else { continue }
            // A book test is a program of its own: one that does not build says nothing of another's output.
            let blocked =
                lessonReport.checks.filter { $0.kind != .bookTest }.flatMap(\.findings)
                + lessonReport.lessonFindings
            if blocked.contains(where: { blocking.contains($0.kind) }) {
                outcome.refused.append(
                    "\(lessonReport.path): note: not updated: a scenario does not build, traps or times out")
                continue
            }
            outcome.refused += refusals
            guard !fixable.isEmpty else { continue }
            let lesson = Lesson.read(path: lessonReport.path)
            guard lesson.readingFindings.isEmpty else { continue }
            // A block that runs to the end of the file has no closing fence to write its new content before.
            if let open = lesson.blocks.first(where: \.hasNoClosingFence) {
                outcome.refused.append(
                    "\(lessonReport.path): note: not updated: the code block at line \(open.openingLine) is never closed"
                )
                continue
            }
            var rewriter = LessonRewriter(lesson)
            rewriter.apply(fixable.compactMap { lessonReport.checks[$0].fix })
            let bytes = rewriter.source.bytes
            do {
                if bytes != lesson.source.bytes { try AtomicFile.write(bytes, to: lessonReport.path) }
            } catch {
                outcome.refused.append("\(lessonReport.path): error: \(error)")
                continue
            }
            outcome.changes += rewriter.changes.map { "\(lessonReport.path):\($0.line): \($0.message)" }
            if fixable.contains(where: { lessonReport.checks[$0].kind == .drift }) { outcome.rewroteEngine = true }
            for check in fixable {
                outcome.report.lessons[index].checks[check].findings = []
                outcome.report.lessons[index].checks[check].status = .passed
                outcome.report.lessons[index].checks[check].fix = nil
            }
        }
        return outcome
    }

    /// Accepts what the lessons print; when a refreshed engine reprint changes what its lesson's scenarios
    /// print, checks again (`recheck`) and accepts again, at most three rounds. The outcome holds every
    /// round's changes and the last round's refusals and report.
    package static func updateUntilSettled(_ report: CheckReport, recheck: () -> CheckReport) -> Outcome {
        var outcome = update(report)
        var changes = outcome.changes
        var rounds = 1
        while outcome.rewroteEngine && rounds < 3 {
            outcome = update(recheck())
            changes += outcome.changes
            rounds += 1
        }
        outcome.changes = changes
        return outcome
    }
}
