// Sync.swift — ekrandaki alanlari modeldeki degerlerle karsilastirir
final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    // alana yeni deger yaz
    func set(_ key: String, _ value: String) {
        shown[key] = value
    }

    // alani ekrandan kaldir
    func clear(_ key: String) {
        shown.removeValue(forKey: key)
    }
}

func verdict(model: String?, shown: String?) -> String {
    switch (model, shown) {
    case (let m?, let s?):
        if m == s {
            return "uyumlu"
        }
        return "bayat"
    case (_?, nil):
        return "eksik"
    case (nil, _?):
        return "artik"
    default:
        return "olcum-disi"
    }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var results: [String] = []
    for key in keys {
        let m = model[key]
        let s = screen.shown[key]
        let v = verdict(model: m, shown: s)
        print("\(label) | \(screen.name).\(key): model=\(m ?? "-") ekran=\(s ?? "-") -> \(v)")
        results.append(v)
    }
    return results
}

func countVerdicts(_ verdicts: [String]) {
    var counts: [String: Int] = [:]
    for v in verdicts {
        counts[v, default: 0] += 1
    }
    // sira sabit olmali
    let order = ["uyumlu", "bayat", "eksik", "artik"]
    for name in order {
        print("\(name): \(counts[name] ?? 0)")
    }
}
