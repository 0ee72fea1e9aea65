/// One shard of a run and, for every lesson of the run, the shard that checks it.
package struct ShardAssignment: Sendable {
    package var shard: Shard
    /// The shard of each lesson path of the whole run.
    package var owners: [String: Int]

    package init(shard: Shard, owners: [String: Int]) {
        self.shard = shard
        self.owners = owners
    }

    /// Partitions `paths` (every lesson of the run, as discovered) with `ShardPartition`, by `weights` or
    /// by the durations of an earlier run.
    package init(
        shard: Shard, paths: [String], weights: [String: Double] = [:], durations: [String: Double]? = nil
    ) {
        let shards = ShardPartition.assign(paths, count: shard.count, weights: weights, durations: durations)
        self.init(shard: shard, owners: Dictionary(zip(paths, shards)) { first, _ in first })
    }

    package func owns(_ path: String) -> Bool { owners[path] == shard.index }
}
