// main.swift — spawns many processes, some in new sessions, that try to outlive it
import Foundation
var started = 0
for index in 0..<100 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: index % 2 == 0 ? "/usr/bin/setsid" : "/bin/sh")
    process.arguments = index % 2 == 0 ? ["/bin/sh", "-c", "sleep 300"] : ["-c", "sleep 300"]
    if (try? process.run()) != nil { started += 1 }
}
print(started > 0 ? "started some" : "started none")
