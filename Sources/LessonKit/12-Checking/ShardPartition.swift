/// Splits lessons (or students) among shards, deterministically: every shard computes the same partition
/// from the same list, so each item is in exactly one shard.
///
/// Without durations, each item has a weight (what it holds: see `LessonWeight`; 1 for a student) and the
/// shards are filled by consistent hashing with bounded loads: in the order of a stable hash of the items,
/// each goes to the first shard of its own rendezvous order (the shards ranked by a stable hash of the item
/// and the shard number) that stays within `loadBound` times the mean load; when none does, to the least
/// loaded one. So no shard holds more than 1.2 times the mean plus one item, and adding or removing an item
/// moves few others (it changes the bound a little, and only items that met a full shard can move). With
/// durations (of an earlier run) the items are balanced by them instead: longest first, each to the shard
/// with the least time so far (ties to the lower shard); an item the earlier run did not see counts as the
/// mean duration.
package enum ShardPartition {
    /// How far above the mean a shard may fill before an item goes to its next choice.
    static let loadBound = 1.2

    /// The shard (1-based) of each item, in the order of `items`.
    package static func assign(
        _ items: [String], count: Int, weights: [String: Double] = [:], durations: [String: Double]? = nil
    ) -> [Int] {
        guard count > 1 else { return items.map { _ in 1 } }
        guard let durations, !durations.isEmpty else { return boundedRendezvous(items, count: count, weights: weights) }
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

    /// Consistent hashing with bounded loads (see above); an item without a weight weighs 1.
    static func boundedRendezvous(_ items: [String], count: Int, weights: [String: Double]) -> [Int] {
        let weight = items.map { max(weights[$0] ?? 1, 0) }
        let hashes = items.map { fnv1a(Array($0.utf8)) }
        let bound = loadBound * weight.reduce(0, +) / Double(count)
        let order = items.indices.sorted { hashes[$0] != hashes[$1] ? hashes[$0] < hashes[$1] : items[$0] < items[$1] }
        var load = [Double](repeating: 0, count: count)
        var shards = [Int](repeating: 1, count: items.count)
        for index in order {
            let ranks = (1...count).map { (shard: $0, rank: rank(hashes[index], shard: $0)) }
            let preference = ranks.sorted { $0.rank != $1.rank ? $0.rank > $1.rank : $0.shard < $1.shard }.map(\.shard)
            let fits = preference.first { load[$0 - 1] + weight[index] <= bound }
            let shard = fits ?? lightest(load)
            shards[index] = shard
            load[shard - 1] += weight[index]
        }
        return shards
    }

    /// The items of `items` that belong to `shard`, in their order.
    package static func select(
        _ items: [String], shard: Shard, weights: [String: Double] = [:], durations: [String: Double]? = nil
    ) -> [String] {
        zip(items, assign(items, count: shard.count, weights: weights, durations: durations))
            .filter { $0.1 == shard.index }.map(\.0)
    }

    /// The shard (1-based) with the least load, the lower on a tie.
    static func lightest(_ load: [Double]) -> Int {
        load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }! + 1
    }

    /// The rendezvous rank of `shard` for an item of hash `base`: a stable hash of both.
    static func rank(_ base: UInt64, shard: Int) -> UInt64 { mix(base ^ mix(UInt64(shard))) }

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
