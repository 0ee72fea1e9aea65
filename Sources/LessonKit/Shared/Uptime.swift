import Dispatch

/// The clock of limits and deadlines: seconds since boot, as `DispatchTime` counts them (it does not jump
/// when the wall clock is set).
enum Uptime {
    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
