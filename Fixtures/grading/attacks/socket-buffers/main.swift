// main.swift — queues kernel memory in socket buffers, which no address space counts
import Glibc

/// A socket pair whose sending end is written until it would block; its ends stay open.
func filledPair() -> Bool {
    var ends: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { return false }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    let chunk = [UInt8](repeating: 1, count: 65536)
    while write(ends[0], chunk, chunk.count) > 0 {}
    return true
}

var probe: [Int32] = [0, 0]
var size: Int32 = 4 << 20
_ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &probe)
let grown = setsockopt(probe[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0
print("grow: \(grown ? "allowed" : "refused")")
// Eight processes, each holding 60 filled pairs for two seconds.
var children: [pid_t] = []
for _ in 0..<8 {
    let child = fork()
    if child == 0 {
        for _ in 0..<60 where !filledPair() { break }
        sleep(2)
        exit(0)
    }
    children.append(child)
}
for child in children { waitpid(child, nil, 0) }
print("held: 480 pairs")
