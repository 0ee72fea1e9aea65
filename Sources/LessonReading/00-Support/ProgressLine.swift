import Foundation

/// One line on stderr that a long check keeps rewriting with its progress, erased when the check ends.
///
/// It appears only after `delay` seconds, so a quick or warm check prints nothing, and only where a person
/// watches: `shouldShow` wants stderr to be a terminal and the report to be text (a machine format's
/// consumer, and a log file, never see it).
package final class ProgressLine: @unchecked Sendable {
    private let progress: CheckProgress
    private let delay: Double
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private var finished = false
    private var shown = false
    private let done = DispatchSemaphore(value: 0)

    package init(
        progress: CheckProgress, delay: Double = 1,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.progress = progress
        self.delay = delay
        self.write = write
    }

    /// Whether a check should show its progress: a text report, with stderr on a terminal.
    package static func shouldShow(textReport: Bool, standardErrorIsTerminal: Bool = isatty(STDERR_FILENO) == 1)
        -> Bool
    {
        textReport && standardErrorIsTerminal
    }

    /// Starts redrawing the line every tenth of a second once `delay` has passed.
    package func start() {
        let thread = Thread { [self] in
            let start = Uptime.now
            while true {
                if done.wait(timeout: .now() + .milliseconds(100)) == .success { return }
                let elapsed = Uptime.seconds(since: start)
                guard elapsed >= delay else { continue }
                let text = CheckProgress.render(progress.current)
                lock.withLock {
                    guard !finished, !text.isEmpty else { return }
                    shown = true
                    write("\r\u{1B}[2K" + text)
                }
            }
        }
        thread.start()
    }

    /// Stops redrawing and erases the line, so the report starts on a clean line.
    package func stop() {
        lock.withLock {
            finished = true
            if shown { write("\r\u{1B}[2K") }
        }
        done.signal()
    }
}
