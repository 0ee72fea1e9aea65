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
        // TODO
    }
}

func verdict(model: String?, shown: String?) -> String {
    switch (model, shown) {
    case (.none, .none):
        return "olcum-disi"
    case (.none, .some(_)):
        return "artik"
    case (.some(_), .none):
        return "eksik"
    case let (.some(a), .some(b)) where a == b:
        return "uyumlu"
    case (.some(_), .some(_)):
        return "bayat"
    }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var sonuclar = [String]()
    var i = 0
    while i < keys.count {
        let key = keys[i]
        let karar = verdict(model: model[key], shown: screen.shown[key])
        let solTaraf = model[key] ?? "-"
        let sagTaraf = screen.shown[key] ?? "-"
        print("\(label) | \(screen.name).\(key): model=\(solTaraf) ekran=\(sagTaraf) -> \(karar)")
        sonuclar.append(karar)
        i += 1
    }
    return sonuclar
}

func countVerdicts(_ verdicts: [String]) {
    let gruplar = Dictionary(grouping: verdicts, by: { $0 })
    for tur in ["uyumlu", "bayat", "eksik", "artik"] {
        let adet = gruplar[tur]?.count ?? 0
        print("\(tur): \(adet)")
    }
}
