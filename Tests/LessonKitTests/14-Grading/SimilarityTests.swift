import Foundation
import Testing

@testable import LessonKit

/// Similar submissions found on the checker's own tokens: in a class of twenty solutions of `sync-engine`
/// (`Fixtures/grading/similarity/sync-engine`: eighteen written independently, one copied from another with
/// its names, spacing, comments and the order of its functions changed, and one more), the copied pair
/// ranks first and is over the default threshold, and no other pair is.
@Suite struct SimilarityTests {
    static let folder = "Fixtures/grading/similarity/sync-engine"

    @Test func aCopiedAndRenamedPairRanksFirstAndAloneOverTheThreshold() throws {
        let root = TestSupport.packageRoot
        let plan = LessonPlanner.plan(Lesson.read(path: root + "/Fixtures/grading/engine-exercise.md"))
        let exercise = try Exercise.find("sync-engine", in: plan)
        let students = try FileManager.default.contentsOfDirectory(atPath: root + "/" + Self.folder).sorted()
        #expect(students.count == 20)
        let submissions = try students.map { student in
            (
                name: student,
                text: try String(contentsOfFile: root + "/\(Self.folder)/\(student)/Sync.swift", encoding: .utf8)
            )
        }
        let base = [exercise.block.text] + plan.lesson.blocks.filter(\.info.isSwift).map(\.text)
        let pairs = Similarity.pairs(submissions, base: base)
        #expect(pairs.count == 190)
        let first = try #require(pairs.first)
        #expect([first.first, first.second] == ["student-07", "student-19"])
        #expect(first.score > Similarity.defaultThreshold)
        #expect(pairs.dropFirst().allSatisfy { $0.score < Similarity.defaultThreshold })
        // The passages shown side by side: the copied functions' lines in both.
        #expect(first.firstLines.contains(36) && first.secondLines.contains(13))
    }

    /// Names and literals are abstracted, comments and line breaks dropped: a renamed, respaced, commented
    /// copy is the same tokens.
    @Test func namesLiteralsCommentsAndSpacingDoNotCount() {
        let one = Similarity.abstractTokens("let total = 3 // toplam\nprint(total)\n").map(\.word)
        let two = Similarity.abstractTokens("/* sayı */ let   sum = \"x\"\n\n print( sum )").map(\.word)
        #expect(one == ["let", "N", "=", "L", "N", "(", "N", ")"])
        #expect(one == two)
    }

    /// What the starter or the lesson holds is no evidence: two submissions that are the starter alone
    /// share nothing.
    @Test func theStartersRunsAreLeftOut() {
        let starter = "func verdict(model: String?, shown: String?) -> String {\n    return \"olcum-disi\"\n}\n"
        let pairs = Similarity.pairs([("a", starter), ("b", starter)], base: [starter])
        #expect(pairs.map(\.score) == [0])
        #expect(Similarity.pairs([("a", starter), ("b", starter)], base: []).map(\.score) == [1])
    }

    @Test func theCSVListsEveryPairMostAlikeFirst() {
        let pairs = [
            Similarity.Pair(first: "ali", second: "=cmd", score: 0.8766, firstLines: [], secondLines: []),
            Similarity.Pair(first: "ali", second: "can", score: 0.1, firstLines: [], secondLines: []),
        ]
        #expect(Similarity.csv(pairs) == "student,student,score\nali,'=cmd,0.877\nali,can,0.100\n")
    }
}
