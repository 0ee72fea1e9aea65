/// Runs `work` once per distinct key among the items the cache has no result for, stores what is worth
/// keeping, and returns every result in the order of `items`. Items with the same key (the same program or
/// the same snippet text in the same language mode, wherever it is printed) are worked on once per run,
/// with or without a cache.
enum CachedWork {
    static func map<Item: Sendable, Result: Codable & Sendable>(
        _ items: [Item], cache: ResultCache?, key: (Item) -> String, cacheable: (Item, Result) -> Bool,
        work: ([Item]) -> [Result]
    ) -> [Result] {
        let keys = items.map(key)
        var results = keys.map { key in cache.flatMap { $0.load(Result.self, key: key) } }
        var firstMissing: [String: Int] = [:]  // key → the index of the item worked on
        var pending: [Int] = []
        for index in results.indices where results[index] == nil && firstMissing[keys[index]] == nil {
            firstMissing[keys[index]] = index
            pending.append(index)
        }
        let computed = work(pending.map { items[$0] })
        for (index, result) in zip(pending, computed) {
            results[index] = result
            if cacheable(items[index], result) { cache?.store(result, key: keys[index]) }
        }
        for index in results.indices where results[index] == nil {
            results[index] = results[firstMissing[keys[index]]!]
        }
        return results.map { $0! }
    }
}
