import Foundation

/// Hands each parallel run a user ID no other run holds at the same time.
final class UIDPool: @unchecked Sendable {
    private let lock = NSCondition()
    private var free: [Int]

    init(first: Int, count: Int) { free = Array((first..<(first + count)).reversed()) }

    func acquire() -> Int {
        lock.lock()
        defer { lock.unlock() }
        while free.isEmpty { lock.wait() }
        return free.removeLast()
    }

    func release(_ uid: Int) {
        lock.lock()
        free.append(uid)
        lock.signal()
        lock.unlock()
    }
}
