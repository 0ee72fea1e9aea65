// A correct submission: it prints, encodes JSON with Foundation, runs work on threads, writes a file in its
// working folder and starts a process, all of which must keep working inside every containment layer.
import Foundation

struct Score: Codable {
    var name: String
    var points: [Int]
}

// The child it starts: told by its environment, since its arguments need /proc/PID of its own.
if ProcessInfo.processInfo.environment["ORDINARY_CHILD"] == "1" {
    print("a child process")
    exit(0)
}

print("hello from a contained program")
print("sum: \((1...100).reduce(0, +))")

let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
let json = try encoder.encode(Score(name: "lesson", points: [1, 2, 3]))
print("json: \(String(decoding: json, as: UTF8.self))")

let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var answer = 0
let worker = Thread {
    answer = 6 * 7
    finished.signal()
}
worker.start()
finished.wait()
print("thread: \(answer)")

let concurrentSum = Counter(0)
DispatchQueue.concurrentPerform(iterations: 8) { index in concurrentSum.add(index) }
print("concurrent: \(concurrentSum.value)")

let file = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("notes.txt")
try "kept notes\n".write(to: file, atomically: true, encoding: .utf8)
let readBack = try String(contentsOf: file, encoding: .utf8)
print("file: \(readBack == "kept notes\n" ? "written and read back" : "differs") (\(readBack.utf8.count) bytes)")
// It starts itself again with posix_spawn. (Foundation's Process would wait on CFSocket, whose wake-up
// pair on Linux is two UDP sockets on 127.0.0.1: the seccomp layer refuses them.)
fflush(nil)  // what is printed so far comes before what the child prints
let me = ProcessInfo.processInfo.arguments[0]
var child: pid_t = 0
let childArguments: [UnsafeMutablePointer<CChar>?] = [strdup(me), nil]
let childEnvironment: [UnsafeMutablePointer<CChar>?] = [strdup("ORDINARY_CHILD=1"), nil]
let spawned = posix_spawn(&child, me, nil, nil, childArguments, childEnvironment)
var childStatus: Int32 = -1
if spawned == 0 { waitpid(child, &childStatus, 0) }
print("process: spawn \(spawned == 0 ? "succeeded" : "failed"), wait status \(childStatus)")
print("date: \(Date(timeIntervalSince1970: 0).timeIntervalSince1970)")

/// A counter several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total: Int
    init(_ initial: Int) { total = initial }
    func add(_ amount: Int) { lock.withLock { total += amount } }
    var value: Int { lock.withLock { total } }
}
