/// Splits lessons (or students) among shards, deterministically: every shard computes the same partition
/// from the same list, so each item is in exactly one shard.
///
/// Without durations each item goes to the shard with the highest rendezvous weight (a stable 64-bit hash of
/// the item and the shard number): adding or removing an item never moves another, and changing the shard
/// count moves only the items the new shards win. With durations (of an earlier run) the items are balanced
/// instead: longest first, each to the shard with the least time so far (ties to the lower shard); an item
/// the earlier run did not see counts as the mean duration.
package enum ShardPartition {
    /// The shard (1-based) of each item, in the order of `items`.
    package static func assign(_ items: [String], count: Int, durations: [String: Double]? = nil) -> [Int] {
        guard count > 1 else { return items.map { _ in 1 } }
        guard let durations, !durations.isEmpty else { return items.map { rendezvous($0, count: count) } }
        let known = items.compactMap { durations[$0] }
        let mean = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        let order = items.indices.sorted { left, right in
            let (a, b) = (durations[items[left]] ?? mean, durations[items[right]] ?? mean)
            return a != b ? a > b : items[left] < items[right]
        }
        var load = [Double](repeating: 0, count: count)
        var shards = [Int](repeating: 1, count: items.count)
        for index in order {
            let lightest = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            shards[index] = lightest + 1
            load[lightest] += durations[items[index]] ?? mean
        }
        return shards
    }

    /// The items of `items` that belong to `shard`, in their order.
    package static func select(_ items: [String], shard: Shard, durations: [String: Double]? = nil) -> [String] {
        zip(items, assign(items, count: shard.count, durations: durations)).filter { $0.1 == shard.index }.map(\.0)
    }

    /// Highest random weight: the shard whose hash with the item is the largest.
    static func rendezvous(_ item: String, count: Int) -> Int {
        let base = fnv1a(Array(item.utf8))
        var best = 1
        var bestWeight: UInt64 = 0
        for shard in 1...count {
            let weight = mix(base ^ mix(UInt64(shard)))
            if shard == 1 || weight > bestWeight {
                best = shard
                bestWeight = weight
            }
        }
        return best
    }

    /// FNV-1a, 64 bits: stable across runs and machines, unlike Swift's seeded `Hasher`.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The SplitMix64 finaliser: spreads close inputs over the whole range.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
