// main.swift — 30 copies of itself, each holding 256 MiB: each is under the 512 MiB limit of a process,
// together they would take 7.5 GiB of the host
import Foundation

if getenv("LESSON_HOLD") != nil {
    let size = 256 << 20
    if let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED {
        memset(memory, 1, size)
    }
    while true { sleep(10) }
}
let program = CommandLine.arguments[0]
for _ in 0..<30 {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
    let envp: [UnsafeMutablePointer<CChar>?] = [strdup("LESSON_HOLD=1"), nil]
    _ = posix_spawn(&pid, program, nil, nil, argv, envp)
}
var status: Int32 = 0
while wait(&status) > 0 {}
