// main.swift — watches what else runs on the machine: a hidden test of the same submission could signal
// through the load, the task count or the memory in use
import Foundation

func seen(_ path: String) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty else { return "hidden" }
    return "READ \(text.split(separator: "\n").first ?? "")"
}

for path in ["/proc/loadavg", "/proc/stat", "/proc/meminfo", "/proc/vmstat"] {
    print("\(path): \(seen(path))")
}
let processes = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }
print("/proc: " + (processes.count > 5 ? "LISTED \(processes.count) processes" : "hidden"))
print("/proc/self/status: " + (seen("/proc/self/status") == "hidden" ? "MISSING" : "readable"))
