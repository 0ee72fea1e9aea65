/// One shard of a run and, for every lesson of the run, the shard that checks it.
public struct ShardAssignment: Sendable {
    public var shard: Shard
    /// The shard of each lesson path of the whole run.
    public var owners: [String: Int]

    public init(shard: Shard, owners: [String: Int]) {
        self.shard = shard
        self.owners = owners
    }

    /// Partitions `paths` (every lesson of the run, as discovered) with `ShardPartition`.
    public init(shard: Shard, paths: [String], durations: [String: Double]? = nil) {
        let shards = ShardPartition.assign(paths, count: shard.count, durations: durations)
        self.init(shard: shard, owners: Dictionary(zip(paths, shards)) { first, _ in first })
    }

    public func owns(_ path: String) -> Bool { owners[path] == shard.index }
}
