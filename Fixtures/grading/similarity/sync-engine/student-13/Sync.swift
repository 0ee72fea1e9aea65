// Sync.swift - ekran / model karsilastirmasi

final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) {
        shown[key] = value
    }

    // alani bosalt
    func clear(_ key: String) {
        shown[key] = ""
    }
}

func verdict(model: String?, shown: String?) -> String {
    if let m = model, let s = shown {
        if m != s {
            return "bayat"
        }
        return "uyumlu"
    } else if model != nil {
        return "eksik"
    } else if shown != nil {
        return "artik"
    } else {
        return "olcum-disi"
    }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var cikti: [String] = []
    for k in keys {
        let modeldeki = model[k]
        let ekrandaki = screen.shown[k]
        let sonuc = verdict(model: modeldeki, shown: ekrandaki)
        let parcalar = [
            label, " | ", screen.name, ".", k,
            ": model=", modeldeki ?? "-",
            " ekran=", ekrandaki ?? "-",
            " -> ", sonuc,
        ]
        print(parcalar.joined())
        cikti.append(sonuc)
    }
    return cikti
}

func countVerdicts(_ verdicts: [String]) {
    for tip in ["uyumlu", "bayat", "eksik", "artik"] {
        let n = verdicts.indices.filter { verdicts[$0] == tip }.count
        print(tip + ": \(n)")
    }
}
