// Sync.swift — ekranin gosterdigi her alani modelle karsilastiran cekirdek
final class Screen {
    let name: String
    private(set) var shown = [String: String]()

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) {
        shown.updateValue(value, forKey: key)
    }

    func clear(_ key: String) {
        _ = shown.removeValue(forKey: key)
    }
}

// countVerdicts'in sayip yazdirdigi kararlar, yazdirma sirasiyla; olcum-disi sayilmaz
private let reportedVerdicts = ["uyumlu", "bayat", "eksik", "artik"]

func verdict(model: String?, shown: String?) -> String {
    switch (model == nil, shown == nil) {
    case (true, true):
        return "olcum-disi"
    case (true, false):
        return "artik"
    case (false, true):
        return "eksik"
    case (false, false):
        return model == shown ? "uyumlu" : "bayat"
    }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var results: [String] = []
    results.reserveCapacity(keys.count)
    for key in keys {
        let expected = model[key]
        let onScreen = screen.shown[key]
        let result = verdict(model: expected, shown: onScreen)
        print("\(label) | \(screen.name).\(key): model=\(expected ?? "-") ekran=\(onScreen ?? "-") -> \(result)")
        results.append(result)
    }
    return results
}

func countVerdicts(_ verdicts: [String]) {
    var tally: [String: Int] = [:]
    for result in verdicts {
        tally[result, default: 0] += 1
    }
    for name in reportedVerdicts {
        print("\(name): \(tally[name] ?? 0)")
    }
}
