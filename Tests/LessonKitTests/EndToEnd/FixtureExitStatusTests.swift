import Foundation
import Testing

@testable import LessonKit

/// The exit status of the built binary on every fixture lesson: 1 when the lesson fails, 0 when it passes.
/// (The lessons of `engines/course` are judged together; their folder is checked whole.)
///
/// A Swift Testing suite on a thread of its own: its checks build and run programs in processes of their
/// own, beside the course package's build (`CoursePackageTests`), which leaves a core to them.
@Suite(.onItsOwnThread) struct FixtureExitStatusTests {
    static let exitStatuses: [String: Int32] = [
        "Fixtures/attributes/fail/compile-fail-builds.md": 1,
        "Fixtures/attributes/fail/compile-fail-text.md": 1,
        "Fixtures/attributes/fail/ellipsis-mismatch.md": 1,
        "Fixtures/attributes/fail/no-run-does-not-build.md": 1,
        "Fixtures/attributes/fail/should-trap-exits.md": 1,
        "Fixtures/attributes/fail/should-trap-output.md": 1,
        "Fixtures/attributes/fail/unknown-attributes.md": 1,
        "Fixtures/attributes/fail/unordered-mismatch.md": 1,
        "Fixtures/attributes/fail/unordered-ellipsis.md": 1,
        "Fixtures/attributes/pass/kept.md": 0,
        "Fixtures/check/fail/bad-front-matter.md": 1,
        "Fixtures/check/fail/control-characters.md": 1,
        "Fixtures/check/fail/endless-output.md": 1,
        "Fixtures/check/fail/engine-compile-error.md": 1,
        "Fixtures/check/fail/invalid-utf8.md": 1,
        "Fixtures/check/fail/missing-expected.md": 1,
        "Fixtures/check/fail/quote-and-list-item.md": 1,
        "Fixtures/check/fail/scenario-compile-error.md": 1,
        "Fixtures/check/fail/snippet-syntax-error.md": 1,
        "Fixtures/check/fail/timeout.md": 1,
        "Fixtures/check/fail/trap-after-output.md": 1,
        "Fixtures/check/fail/unclosed-fence.md": 1,
        "Fixtures/check/fail/wrong-output.md": 1,
        "Fixtures/check/pass/crlf-bom.md": 0,
        "Fixtures/check/pass/engine-not-built.md": 0,
        "Fixtures/check/pass/fragment-snippets.md": 0,
        "Fixtures/check/pass/html-comments.md": 0,
        "Fixtures/check/pass/indented-fences.md": 0,
        "Fixtures/check/pass/nfd-text.md": 0,
        "Fixtures/check/pass/swift-6-mode.md": 0,
        "Fixtures/check/pass/open-fence-at-end.md": 0,
        "Fixtures/check/pass/tilde-and-long-fences.md": 0,
        "Fixtures/course-package/Lessons/demo/01-counting.md": 0,
        "Fixtures/coverage/canonical-gap.md": 0,
        "Fixtures/coverage/fully-covered.md": 0,
        "Fixtures/coverage/reprinted-gap.md": 0,
        "Fixtures/coverage/script-tag.md": 1,
        "Fixtures/engines/named-drift.md": 1,
        "Fixtures/engines/named-without-reprint.md": 0,
        "Fixtures/engines/third-engine.md": 0,
        "Fixtures/engines/unknown-engine.md": 1,
        "Fixtures/grading/engine-exercise.md": 0,
        "Fixtures/grading/hidden/sync-engine.md": 0,
        "Fixtures/grading/scenario-exercise.md": 0,
        "Fixtures/grading/trap-exercise.md": 0,
        "Fixtures/merge/combined/0-imports-foundation.md": 1,
        "Fixtures/merge/combined/1-tally-struct.md": 0,
        "Fixtures/merge/combined/2-tally-class.md": 0,
        "Fixtures/merge/combined/3-tally-enum.md": 1,
        "Fixtures/merge/combined/4-tally-no-frame.md": 1,
        "Fixtures/merge/combined/5-greeting.md": 0,
        "Fixtures/merge/declarations.md": 0,
        "Fixtures/merge/place-in-engine/one.md": 0,
        "Fixtures/merge/place-in-engine/two.md": 0,
        "Fixtures/merge/reader-build.md": 1,
        "Fixtures/merge/engine-deinit.md": 0,
        "Fixtures/merge/engine-function-name.md": 0,
        "Fixtures/merge/growing-apart/1-plain.md": 0,
        "Fixtures/merge/growing-apart/2-literals-as-doubles.md": 0,
        "Fixtures/merge/growing-apart/3-interpolated.md": 0,
        "Fixtures/merge/growing/1-counter.md": 0,
        "Fixtures/merge/growing/2-counter.md": 0,
        "Fixtures/merge/growing/3-counter.md": 0,
        "Fixtures/merge/growing/4-counter-misses-a-step.md": 1,
        "Fixtures/merge/fallback.md": 1,
        "Fixtures/merge/hoisted-imports.md": 1,
        "Fixtures/merge/lifetimes.md": 0,
        "Fixtures/merge/linked-as-main.md": 0,
        "Fixtures/merge/local-type-names.md": 0,
        "Fixtures/grading/feedback/sepet.md": 0,
        "Fixtures/grading/feedback/dem-nguoc.md": 0,
        "Fixtures/grading/feedback/greet.md": 0,
        "Fixtures/merge/moved-declarations.md": 1,
        "Fixtures/merge/not-self-contained.md": 1,
        "Fixtures/merge/one-trap-among-three.md": 1,
        "Fixtures/merge/return-and-tuple.md": 1,
        "Fixtures/merge/shadowed-engine-name.md": 0,
        "Fixtures/merge/shadowed-over-two-lines.md": 1,
        "Fixtures/merge/swift-6.md": 1,
        "Fixtures/merge/weak-reference.md": 0,
        "Fixtures/listings/fail/trap-in-shared-run.md": 1,
        "Fixtures/listings/fail/wrong-comments.md": 1,
        "Fixtures/listings/fail/lexing.md": 1,
        "Fixtures/books/fail/hidden-tests.md": 1,
        "Fixtures/books/pass/hidden-tests.md": 0,
        "Fixtures/update/book-tests.md": 1,
        "Fixtures/field/fail/placeholder-hides-only-itself.md": 1,
        "Fixtures/listings/pass/bound-names.md": 0,
        "Fixtures/listings/pass/chapter.md": 0,
        "Fixtures/listings/pass/later-extension.md": 0,
        "Fixtures/listings/pass/lexing.md": 0,
        "Fixtures/field/pass/duplicate-front-matter-key.md": 0,
        "Fixtures/listings/pass/declarations.md": 0,
        "Fixtures/listings/pass/failed-host.md": 0,
        "Fixtures/prints/fail/bad-marker.md": 1,
        "Fixtures/prints/fail/comments-and-block.md": 1,
        "Fixtures/prints/fail/mismatch.md": 1,
        "Fixtures/prints/pass/apple-comments.md": 0,
        "Fixtures/prints/pass/listed.md": 0,
        "Fixtures/prints/pass/turkish-marker.md": 0,
        "Fixtures/update/containers.md": 1,
        "Fixtures/update/crlf-bom.md": 1,
        "Fixtures/update/does-not-build.md": 1,
        "Fixtures/update/fence-in-output.md": 1,
        "Fixtures/update/fences.md": 1,
        "Fixtures/update/indented.md": 1,
        "Fixtures/update/lf.md": 1,
        "Fixtures/update/mixed.md": 1,
        "Fixtures/update/no-final-newline.md": 1,
        "Fixtures/update/prints-comments.md": 1,
        "Fixtures/update/prints-refused.md": 1,
        "Fixtures/update/wildcards.md": 1,
        "Fixtures/engines/course": 1,
        "Fixtures/field/fail/elision-with-an-error.md": 1,
        "Fixtures/field/fail/swift-in-any-case.md": 1,
        "Fixtures/field/fail/text-block-after-scenario.md": 1,
        "Fixtures/field/fail/unreadable-front-matter.md": 1,
        "Fixtures/field/pass/display-options.md": 0,
        "Fixtures/field/pass/elisions.md": 0,
        "Fixtures/field/pass/linked-list.markdown": 0,
        "Fixtures/field/pass/near-misses.md": 0,
        "Fixtures/field/pass/site-front-matter.md": 0,
    ]

    /// Every fixture checked alone, each check one process of its own as a user runs it, two at a time
    /// (one at a time in a whole run's background job), sharing a cache as two terminals would. One check of all the fixtures together fills that cache
    /// first: it builds the fixtures' programs in merged builds on both cores (a few seconds), where each
    /// fixture alone would build its own (most of a minute). In a whole `swift test`, these checks ran during
    /// the XCTest run, on the cores it left idle, one after the other (`FixtureCacheWarmUp`). A check alone still reads, plans,
    /// judges and reports its lesson itself, and builds what the cache does not answer.
    @Test func exitStatusOfEveryFixture() throws {
        let paths = try Self.paths()
        #expect(Set(paths) == Set(Self.exitStatuses.keys), "a fixture without its exit status, or one gone")
        if var statuses = FixtureCacheWarmUp.aloneStatuses() {
            defer { FixtureCacheWarmUp.remove() }
            #expect(FixtureCacheWarmUp.filledCache() == 1, "\(FixtureCacheWarmUp.job.logPath)")
            // Checked on idle cores, a fixture's scenario may have met its wall-clock limit for want of one: a
            // status that differs is checked again here, and that check decides.
            for path in paths where statuses[path] != Self.exitStatuses[path] {
                statuses[path] =
                    try? TestSupport.runLesson(
                        ["check", "--cache-dir", FixtureCacheWarmUp.cache] + TestSupport.fixtureFlags + [path]
                    ).status
            }
            expect(paths.map { statuses[$0] }, of: paths)
            return
        }
        let cache: String
        if let together = FixtureCacheWarmUp.filledCache() {
            cache = FixtureCacheWarmUp.cache
            #expect(together == 1, "the check of every fixture together: \(FixtureCacheWarmUp.job.logPath)")
        } else {
            cache = FileManager.default.temporaryDirectory.appendingPathComponent("exit-\(UUID().uuidString)").path
            let together = try TestSupport.runLesson(
                ["check", "--cache-dir", cache] + TestSupport.fixtureFlags + paths)
            #expect(together.status == 1, "\(together.standardError)")
        }
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            FixtureCacheWarmUp.remove()
        }
        let statuses = ParallelMap.map(paths, jobs: 2) { path -> Int32? in
            try? TestSupport.runLesson(["check", "--cache-dir", cache] + TestSupport.fixtureFlags + [path]).status
        }
        expect(statuses, of: paths)
    }

    /// Each fixture's status (of `paths`, in order) is the one it must have: 58 pass, 64 fail.
    private func expect(_ statuses: [Int32?], of paths: [String]) {
        var seen: [Int32: Int] = [:]
        for (path, status) in zip(paths, statuses) {
            #expect(status == Self.exitStatuses[path], "\(path)")
            if let status { seen[status, default: 0] += 1 }
        }
        #expect(seen == [0: 58, 1: 64])
    }

    /// Every fixture lesson, and the folder of `engines/course` (whose lessons are judged together); the
    /// platform course is a course of its own, with its own engines, checked from its folder.
    static func paths() throws -> [String] {
        var paths = try TestSupport.markdownFiles(under: "Fixtures").filter {
            !$0.hasSuffix("README.md") && !$0.hasPrefix("Fixtures/engines/course/")
                && !$0.hasPrefix("Fixtures/platform-course/")
        }
        paths.append("Fixtures/engines/course")
        return paths
    }
}
