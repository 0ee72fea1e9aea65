import Foundation

/// Runs `work` once per distinct key among the items the cache has no result for, stores what is worth
/// keeping, and returns every result in the order of `items`. Items with the same key (the same program or
/// the same snippet text in the same language mode, wherever it is printed) are worked on once per run,
/// with or without a cache.
enum CachedWork {
    static func map<Item: Sendable, Result: Codable & Sendable>(
        _ items: [Item], cache: ResultCache?, key: (Item) -> String,
        cacheable: @escaping @Sendable (Item, Result) -> Bool, work: ([Item]) -> [Result]
    ) -> [Result] {
        map(items, cache: cache, key: key, cacheable: cacheable) { pending, _ in work(pending) }
    }

    /// The same, where `work` may hand each result over as soon as it has it (`keep`, by its position among
    /// the items it was given, from any thread): it is stored then, while the rest is worked on, rather than
    /// with the others once all are done. Those it did not hand over are stored at the end.
    static func map<Item: Sendable, Result: Codable & Sendable>(
        _ items: [Item], cache: ResultCache?, key: (Item) -> String,
        cacheable: @escaping @Sendable (Item, Result) -> Bool,
        work: ([Item], _ keep: @escaping @Sendable (Int, Result) -> Void) -> [Result]
    ) -> [Result] {
        let keys = items.map(key)
        var results = keys.map { key in cache.flatMap { $0.load(Result.self, key: key) } }
        var firstMissing: [String: Int] = [:]  // key → the index of the item worked on
        var pending: [Int] = []
        for index in results.indices where results[index] == nil && firstMissing[keys[index]] == nil {
            firstMissing[keys[index]] = index
            pending.append(index)
        }
        let kept = KeptPositions()
        let (pendingItems, pendingKeys) = (pending.map { items[$0] }, pending.map { keys[$0] })
        let computed = work(pendingItems) { position, result in
            guard let cache, kept.claim(position), cacheable(pendingItems[position], result) else { return }
            cache.store(result, key: pendingKeys[position])
        }
        for (position, (index, result)) in zip(pending, computed).enumerated() {
            results[index] = result
            if kept.claim(position), cacheable(items[index], result) { cache?.store(result, key: keys[index]) }
        }
        for index in results.indices where results[index] == nil {
            results[index] = results[firstMissing[keys[index]]!]
        }
        return results.map { $0! }
    }

    /// The positions whose result has been stored (or passed over), each once.
    private final class KeptPositions: @unchecked Sendable {
        private let lock = NSLock()
        private var positions: Set<Int> = []

        /// True the first time `position` is claimed.
        func claim(_ position: Int) -> Bool { lock.withLock { positions.insert(position).inserted } }
    }
}
