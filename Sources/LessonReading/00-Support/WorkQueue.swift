import Foundation

/// Work done on a fixed number of threads, where doing one item may add others: a build that succeeds adds
/// its runs, one that fails the builds that replace it. Nothing waits for a whole round to end, so both
/// cores stay busy until the last item is done.
package final class WorkQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [Item] = []
    /// Items being done: while any is, more may come.
    private var active = 0

    private init(_ items: [Item]) { pending = items }

    /// Does `items`, and every item they add, on `jobs` threads; returns when all are done.
    package static func run(_ items: [Item], jobs: Int, _ perform: @escaping @Sendable (Item, WorkQueue<Item>) -> Void)
    {
        guard !items.isEmpty else { return }
        let queue = WorkQueue(items)
        let group = DispatchGroup()
        for _ in 0..<max(1, jobs) {
            group.enter()
            let thread = Thread {
                while let item = queue.next() {
                    perform(item, queue)
                    queue.finished()
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
    }

    /// Adds items to do: `first`, before those waiting (short ones that free resources, such as runs of a
    /// built program), or after them.
    package func add(_ items: [Item], first: Bool = false) {
        guard !items.isEmpty else { return }
        condition.withLock {
            if first { pending.insert(contentsOf: items, at: 0) } else { pending += items }
            condition.broadcast()
        }
    }

    /// The next item, waiting while others are being done (they may add some); nil once all are done.
    private func next() -> Item? {
        condition.withLock {
            while pending.isEmpty, active > 0 { condition.wait() }
            guard !pending.isEmpty else {
                condition.broadcast()
                return nil
            }
            active += 1
            return pending.removeFirst()
        }
    }

    private func finished() {
        condition.withLock {
            active -= 1
            condition.broadcast()
        }
    }
}
