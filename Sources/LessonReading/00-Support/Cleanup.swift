import Foundation

/// What a `lesson` process must undo when it is interrupted: the programs it is running (each with
/// everything it started) and its temporary folders. SIGINT, SIGTERM and SIGHUP stop every registered
/// program and remove every registered folder before the process ends; a SIGKILL cannot be caught, and what
/// it leaves is found by the next run (`ScratchFolder.removeAbandoned`) or dies with its grader (`pdeathsig`).
package final class Cleanup: @unchecked Sendable {
    package static let shared = Cleanup()

    private let lock = NSLock()
    private var programs: Set<pid_t> = []
    private var folders: Set<String> = []
    private var interrupted = false
    private var sources: [DispatchSourceSignal] = []

    /// Whether a signal asked this process to stop.
    package var isInterrupted: Bool { lock.withLock { interrupted } }
    /// The signal that did, for the exit status (128 + it).
    package var interruptingSignal: Int32 { lock.withLock { signalNumber } }
    private var signalNumber: Int32 = 0
    /// Whether an interrupted process finishes its own work (a class batch writing its summary) rather
    /// than ending from the signal handler.
    package var letsCallerFinish: Bool { lock.withLock { !exitsOnSignal } }
    private var exitsOnSignal = true

    package func register(program pid: pid_t) { lock.withLock { _ = programs.insert(pid) } }

    /// `pid`, registered.
    package func registered(program pid: pid_t) -> pid_t {
        register(program: pid)
        return pid
    }

    /// `body` given the programs started and not yet ended, while no program starts (`Subprocess` starts
    /// and registers each while holding `startLock`): what `Orphans.sweep` must not kill.
    package func withProgramsHeld<T>(_ body: (Set<pid_t>) -> T) -> T {
        startLock.withLock { body(lock.withLock { programs }) }
    }

    /// Held while a program is started and registered.
    package let startLock = NSLock()
    package func unregister(program pid: pid_t) { lock.withLock { _ = programs.remove(pid) } }
    package func register(folder path: String) { lock.withLock { _ = folders.insert(path) } }
    package func unregister(folder path: String) { lock.withLock { _ = folders.remove(path) } }

    /// Catches SIGINT, SIGTERM and SIGHUP. With `exit`, the process stops its programs, removes its
    /// folders and exits with 128 + the signal; without, it stops its programs and lets its caller finish
    /// (a class batch still writes its summary), which can ask `isInterrupted`.
    package func install(exitOnSignal exit: Bool) {
        // A later call replaces the handling of an earlier one.
        for source in sources { source.cancel() }
        sources = []
        lock.withLock { exitsOnSignal = exit }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            // No `signal(number, SIG_IGN)` first: on Linux, libdispatch then never sees the signal.
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.withLock { signalNumber = number }
                if exit {
                    // Nothing the interrupted work produces is kept: its programs die at once, then its folders go.
                    lock.withLock { interrupted = true }
                    for pid in lock.withLock({ programs }) { ProcessTree.killAll(from: pid) }
                    removeFolders()
                    // A folder the work was making as the signal came is gone on the second pass.
                    usleep(50_000)
                    removeFolders()
                    Foundation.exit(128 + number)
                }
                stopEverything()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops every registered program and what it started. A child `lesson` gets SIGTERM first, so it can
    /// clean up after itself, then SIGKILL.
    package func stopEverything() {
        let running = lock.withLock {
            interrupted = true
            return programs
        }
        for pid in running { kill(-pid, SIGTERM) }
        if !running.isEmpty { usleep(300_000) }
        for pid in running { ProcessTree.killAll(from: pid) }
    }

    package func removeFolders() {
        for folder in lock.withLock({ folders }) { try? FileManager.default.removeItem(atPath: folder) }
    }
}
