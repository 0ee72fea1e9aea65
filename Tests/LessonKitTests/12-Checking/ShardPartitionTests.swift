import XCTest

@testable import LessonKit

/// The partition behind `--shard`: every item in exactly one shard, stable hashes, few moves, balancing.
final class ShardPartitionTests: XCTestCase {
    let lessons = (1...60).map { "Lessons/course-\($0 % 3)/\(String(format: "%02d", $0))-lesson.md" }

    func testEveryItemIsInExactlyOneShard() {
        for count in 1...5 {
            let shards = (1...count).map { ShardPartition.select(lessons, shard: Shard(index: $0, count: count)) }
            XCTAssertEqual(shards.flatMap { $0 }.sorted(), lessons.sorted(), "\(count) shards")
            XCTAssertEqual(Set(shards.flatMap { $0 }).count, lessons.count, "\(count) shards")
        }
    }

    /// A course shaped like the real one: 40 lessons of 1 to 4 scenarios and up to 6 snippets.
    static func course(_ count: Int, seed: UInt64) -> (lessons: [String], weights: [String: Double]) {
        var generator = SplitMix(seed: seed)
        let lessons = (1...count).map { "Lessons/course-\($0 % 3)/\(String(format: "%02d", $0))-lesson.md" }
        var weights: [String: Double] = [:]
        for lesson in lessons {
            let scenarios = Double(1 + generator.next() % 4)
            let snippets = Double(generator.next() % 7)
            weights[lesson] = LessonWeight.base + LessonWeight.scenario * scenarios + LessonWeight.snippet * snippets
        }
        return (lessons, weights)
    }

    /// No shard holds more than 1.2 times the mean load plus one lesson, whatever the count.
    func testShardsStayWithinTheBoundOfTheMeanPlusOneLesson() {
        for seed in 1...20 {
            let (lessons, weights) = Self.course(40, seed: UInt64(seed))
            let heaviest = weights.values.max()!
            for count in 2...8 {
                let shards = ShardPartition.assign(lessons, count: count, weights: weights)
                var load = [Double](repeating: 0, count: count)
                for (lesson, shard) in zip(lessons, shards) { load[shard - 1] += weights[lesson]! }
                let mean = load.reduce(0, +) / Double(count)
                XCTAssertLessThanOrEqual(load.max()!, 1.2 * mean + heaviest, "seed \(seed), \(count) shards")
            }
        }
    }

    /// The figures of the docs, exactly: the largest shard against the mean for 4 and 8 shards, and the
    /// lessons an added lesson moves, on the course of seed 1.
    func testTheBalanceAndTheMovesOfOneCourse() {
        let (lessons, weights) = Self.course(40, seed: 1)
        func ratio(_ count: Int) -> Double {
            let shards = ShardPartition.assign(lessons, count: count, weights: weights)
            var load = [Double](repeating: 0, count: count)
            for (lesson, shard) in zip(lessons, shards) { load[shard - 1] += weights[lesson]! }
            return (load.max()! / (load.reduce(0, +) / Double(count)) * 100).rounded() / 100
        }
        var grown = weights
        grown["Lessons/course-1/99-new.md"] = LessonWeight.base + LessonWeight.scenario * 3
        let before = ShardPartition.assign(lessons, count: 4, weights: weights)
        let after = ShardPartition.assign(lessons + ["Lessons/course-1/99-new.md"], count: 4, weights: grown)
        let moved = zip(before, after.prefix(lessons.count)).filter { $0 != $1 }.count
        XCTAssertEqual([ratio(4), ratio(8)], [1.18, 1.19])
        XCTAssertEqual(moved, 0)
    }

    /// Students weigh the same: no shard of a class holds more than 1.2 times the mean plus one student.
    func testAClassSplitsWithinTheBound() {
        let students = (1...61).map { "student-\($0)" }
        for count in 2...8 {
            let sizes = (1...count).map { ShardPartition.select(students, shard: Shard(index: $0, count: count)).count }
            XCTAssertEqual(sizes.reduce(0, +), 61)
            XCTAssertLessThanOrEqual(Double(sizes.max()!), 1.2 * 61 / Double(count) + 1, "\(count) shards: \(sizes)")
        }
    }

    func testTheHashIsStableFNV1a() {
        // The published FNV-1a 64-bit test vectors: the same on every run and machine.
        XCTAssertEqual(ShardPartition.fnv1a([]), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(ShardPartition.fnv1a(Array("a".utf8)), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(ShardPartition.fnv1a(Array("foobar".utf8)), 0x8594_4171_f739_67e8)
    }

    func testDurationsBalanceLongestFirstWithTheMeanForUnknownItems() {
        // a 10, e unknown (the mean, 6.25), b 6, c 5, d 4: a→1; e→2; b→2; c→1 (15 against 12.25); d→2.
        let durations = ["a": 10.0, "b": 6, "c": 5, "d": 4]
        XCTAssertEqual(
            ShardPartition.assign(["a", "b", "c", "d", "e"], count: 2, durations: durations), [1, 2, 1, 2, 2])
    }

    func testShardParsingNamesEachMistake() {
        XCTAssertEqual(try Shard.parse("2/4"), Shard(index: 2, count: 4))
        let form = "--shard needs INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. 2/4"
        let cases = [
            "0/4": "\(form): shards are counted from 1, so the first of 4 is 1/4, not '0/4'",
            "5/4": "\(form): the index must be from 1 to 4, not '5/4'",
            "2/0": "\(form): the count must be at least 1, not '2/0'",
            "two": "\(form), not 'two'",
            "1/2/3": "\(form), not '1/2/3'",
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try Shard.parse(text), text) { error in
                XCTAssertEqual(error as? LessonError, LessonError(.usage, message))
            }
        }
    }
}
