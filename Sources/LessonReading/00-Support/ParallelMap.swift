import Foundation

/// Maps `items` on `jobs` threads (a `WorkQueue` that adds nothing), keeping the order of the results.
package enum ParallelMap {
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Result
    ) -> [Result] {
        let results = Slots<Result>(count: items.count)
        WorkQueue<Int>.run(Array(items.indices), jobs: min(jobs, items.count)) { index, _ in
            results.store(transform(items[index]), at: index)
        }
        return results.all()
    }

    private final class Slots<Result>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result?]

        package init(count: Int) { slots = Array(repeating: nil, count: count) }

        package func store(_ result: Result, at index: Int) {
            lock.withLock { slots[index] = result }
        }

        package func all() -> [Result] { lock.withLock { slots.map { $0! } } }
    }
}
