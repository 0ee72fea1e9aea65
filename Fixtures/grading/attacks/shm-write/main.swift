// main.swift — leaves a message in System V and POSIX shared memory for a later program
import Glibc

let message = "LEAKED-THROUGH-SHARED-MEMORY"
let segment = shmget(0x4C53_484D, 4096, IPC_CREAT | 0o666)
if segment >= 0, let address = shmat(segment, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) {
    _ = message.withCString { strcpy(address.assumingMemoryBound(to: CChar.self), $0) }
    print("System V: stored")
} else {
    print("System V: refused")
}
let file = open("/dev/shm/lesson-attack", O_CREAT | O_WRONLY, 0o666)
print(file >= 0 && write(file, message, message.utf8.count) > 0 ? "POSIX: stored" : "POSIX: refused")
