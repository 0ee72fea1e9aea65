import Foundation

/// Hands each parallel run a user ID no other run holds at the same time: in this process, and, with a
/// lock folder, in every grader on the machine (each UID is held through an exclusive `flock` on
/// `FOLDER/uid-N.lock`), since a run empties its UID of processes when it ends. A class grader hands its
/// students' graders their UIDs from a pool of its own, `lockName` `student-uid`: the student's grader then
/// holds `uid-N` itself, while no other class grader hands out N.
final class UIDPool: @unchecked Sendable {
    private let lock = NSCondition()
    private var free: [Int]
    private let lockFolder: String?
    private let lockName: String
    private var held: [Int: Int32] = [:]

    init(first: Int, count: Int, lockFolder: String? = nil, lockName: String = "uid") {
        free = Array((first..<(first + count)).reversed())
        self.lockFolder = lockFolder
        self.lockName = lockName
    }

    func acquire() -> Int {
        lock.lock()
        defer { lock.unlock() }
        while true {
            while free.isEmpty { lock.wait() }
            // The first UID of the pool no other grader holds; if all are held elsewhere, try again soon.
            if let index = free.indices.reversed().first(where: lockMachineWide) { return free.remove(at: index) }
            lock.unlock()
            usleep(50_000)
            lock.lock()
        }
    }

    func release(_ uid: Int) {
        lock.lock()
        if let descriptor = held.removeValue(forKey: uid) { close(descriptor) }
        free.append(uid)
        lock.signal()
        lock.unlock()
    }

    /// Takes the machine-wide lock of `free[index]`; true without a lock folder.
    private func lockMachineWide(_ index: Int) -> Bool {
        guard let lockFolder else { return true }
        let uid = free[index]
        let descriptor = open(lockFolder + "/\(lockName)-\(uid).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return true }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        held[uid] = descriptor
        return true
    }
}
