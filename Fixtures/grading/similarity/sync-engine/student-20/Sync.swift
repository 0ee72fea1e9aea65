// Sync.swift — ekrandaki her alani modelin o anki degeriyle olcer
final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) {
        shown[key] = value
    }

    func clear(_ key: String) {
        shown.removeValue(forKey: key)
    }
}

func verdict(model: String?, shown: String?) -> String {
    guard let model else {
        return shown == nil ? "olcum-disi" : "artik"
    }
    guard let shown else {
        return "eksik"
    }
    return model == shown ? "uyumlu" : "bayat"
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var verdicts: [String] = []
    for key in keys {
        let wanted = model[key]
        let displayed = screen.shown[key]
        let result = verdict(model: wanted, shown: displayed)
        print("\(label) | \(screen.name).\(key): model=\(wanted ?? "-") ekran=\(displayed ?? "-") -> \(result)")
        verdicts.append(result)
    }
    return verdicts
}

func countVerdicts(_ verdicts: [String]) {
    for name in ["uyumlu", "bayat", "eksik", "artik"] {
        let count = verdicts.reduce(0) { total, verdict in total + (verdict == name ? 1 : 0) }
        print("\(name): \(count)")
    }
}
