import Foundation
import LessonKit

/// `--shard INDEX/COUNT` and `--durations FILE`, shared by check, coverage and grade.
struct ShardOption {
    var shard: Shard
    /// Seconds per lesson (or student) from an earlier run, to balance the shards.
    var durations: [String: Double]?

    /// nil without `--shard`.
    static func parse(
        _ values: Arguments, shard shardOption: ValueOption<Shard>,
        durations durationsOption: ValueOption<[String: Double]>
    ) throws -> ShardOption? {
        guard let shard = try values.value(shardOption) else {
            if values.isGiven(durationsOption) { throw LessonError(.usage, "--durations is for --shard") }
            return nil
        }
        return ShardOption(shard: shard, durations: try values.value(durationsOption))
    }

    /// The items of `items` this shard takes: students, each weighing the same.
    func select(_ items: [String]) -> [String] {
        ShardPartition.select(items, shard: shard, durations: durations)
    }

    /// The lesson files of `files` this shard takes, weighed by what they hold (without durations).
    func selectLessons(_ files: [String], jobs: Int) -> [String] {
        let weights = durations == nil ? LessonWeight.of(files: files, jobs: jobs) : [:]
        return ShardPartition.select(files, shard: shard, weights: weights, durations: durations)
    }

    /// Every lesson of the run with its shard, weighed by what each holds (without durations).
    func assignment(of paths: [String], jobs: Int) -> ShardAssignment {
        let weights = durations == nil ? LessonWeight.of(files: paths, jobs: jobs) : [:]
        return ShardAssignment(shard: shard, paths: paths, weights: weights, durations: durations)
    }

    /// A JSON report of `lesson check` (seconds per lesson) or a grading `summary.csv` (per student).
    static func readDurations(_ path: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LessonError(.usage, "--durations \(path): cannot read the file")
        }
        do {
            if path.hasSuffix(".csv") {
                let rows = try SummaryMerge.records(String(decoding: data, as: UTF8.self), name: path)
                guard let header = rows.first, let column = header.fields.firstIndex(of: "seconds") else {
                    throw LessonError(.usage, "--durations \(path): no 'seconds' column")
                }
                var durations: [String: Double] = [:]
                for row in rows.dropFirst() where row.fields.count > column {
                    durations[row.fields[0]] = Double(row.fields[column])
                }
                return durations
            }
            let report = try JSONReportReader.read(data, name: path)
            return Dictionary(
                report.lessons.map { ($0.path, $0.checks.reduce(0) { $0 + $1.seconds }) }, uniquingKeysWith: +)
        } catch let problem as LessonError where problem.kind == .invalidReport {
            throw LessonError(.usage, "--durations " + problem.description)
        }
    }
}
