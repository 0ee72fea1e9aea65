// main.swift — reads what an earlier program left in shared memory
import Glibc

let segment = shmget(0x4C53_484D, 0, 0)
if segment >= 0, let address = shmat(segment, nil, SHM_RDONLY), address != UnsafeMutableRawPointer(bitPattern: -1) {
    print("System V: " + String(cString: address.assumingMemoryBound(to: CChar.self)))
} else {
    print("System V: nothing")
}
let file = open("/dev/shm/lesson-attack", O_RDONLY)
var buffer = [UInt8](repeating: 0, count: 64)
let count = file >= 0 ? read(file, &buffer, buffer.count) : -1
print("POSIX: " + (count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : "nothing"))
