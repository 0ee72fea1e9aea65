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

    func testAddingALessonMovesNoOther() {
        let before = ShardPartition.assign(lessons, count: 4)
        let after = ShardPartition.assign(lessons + ["Lessons/course-1/99-new.md"], count: 4)
        XCTAssertEqual(Array(after.prefix(lessons.count)), before)
        // Each of 4 shards gets some of 60 lessons: the hash spreads them.
        XCTAssertEqual(Set(before), [1, 2, 3, 4])
    }

    func testGrowingTheShardCountMovesOnlyLessonsToTheNewShard() {
        let four = ShardPartition.assign(lessons, count: 4)
        let five = ShardPartition.assign(lessons, count: 5)
        for (old, new) in zip(four, five) where old != new { XCTAssertEqual(new, 5) }
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
