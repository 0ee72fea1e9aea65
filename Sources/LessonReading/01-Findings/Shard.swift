/// `--shard INDEX/COUNT`: one of COUNT parallel jobs, counted from 1 (GitLab's `CI_NODE_INDEX` as it is,
/// Kubernetes' 0-based `JOB_COMPLETION_INDEX` plus one).
public struct Shard: Hashable, Sendable, Codable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `INDEX/COUNT`; every mistake is named, with the form expected.
    public static func parse(_ text: String) throws -> Shard {
        let form = "--shard needs INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. 2/4"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw LessonError(.usage, "\(form), not '\(text)'")
        }
        guard count >= 1 else { throw LessonError(.usage, "\(form): the count must be at least 1, not '\(text)'") }
        if index == 0 {
            throw LessonError(
                .usage, "\(form): shards are counted from 1, so the first of \(count) is 1/\(count), not '\(text)'"
            )
        }
        guard (1...count).contains(index) else {
            throw LessonError(.usage, "\(form): the index must be from 1 to \(count), not '\(text)'")
        }
        return Shard(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
}
