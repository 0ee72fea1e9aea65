// main.swift — keeps every core busy: 64 processes, each in a session of its own, so that no process-group
// kill reaches them and per-process CPU limits let each one take its whole limit
import Foundation

var attributes = posix_spawnattr_t()
posix_spawnattr_init(&attributes)
posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID
for _ in 0..<64 {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("while :; do :; done"), nil]
    _ = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
}
while true { sleep(1) }
