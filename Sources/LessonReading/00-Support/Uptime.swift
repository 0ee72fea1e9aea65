import Dispatch

/// The clock of limits and deadlines: seconds since boot, as `DispatchTime` counts them (it does not jump
/// when the wall clock is set).
package enum Uptime {
    package static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Seconds since `start`, a moment read from `now`.
    package static func seconds(since start: Double) -> Double { now - start }
}
