/// Runs `work` only on the items the cache has no result for, stores what is worth keeping, and returns
/// every result in the order of `items`.
enum CachedWork {
    static func map<Item: Sendable, Result: Codable & Sendable>(
        _ items: [Item], cache: ResultCache?, key: (Item) -> String, cacheable: (Result) -> Bool,
        work: ([Item]) -> [Result]
    ) -> [Result] {
        guard let cache else { return work(items) }
        let keys = items.map(key)
        var results = keys.map { cache.load(Result.self, key: $0) }
        let missing = results.indices.filter { results[$0] == nil }
        let computed = work(missing.map { items[$0] })
        for (index, result) in zip(missing, computed) {
            results[index] = result
            if cacheable(result) { cache.store(result, key: keys[index]) }
        }
        return results.map { $0! }
    }
}
