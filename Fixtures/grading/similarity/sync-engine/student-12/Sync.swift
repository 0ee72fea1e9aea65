// Sync.swift

let durumTablosu: [[Bool]: String] = [
    [false, false]: "olcum-disi",
    [false, true]: "artik",
    [true, false]: "eksik",
]

final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) { shown[key] = value }

    func clear(_ key: String) { shown[key] = nil }
}

func verdict(model: String?, shown: String?) -> String {
    let anahtar = [model != nil, shown != nil]
    if let cevap = durumTablosu[anahtar] {
        return cevap
    }
    // ikisi de dolu
    if model! == shown! {
        return "uyumlu"
    }
    return "bayat"
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var sonuc: [String] = []
    keys.forEach {
        let v = verdict(model: model[$0], shown: screen.shown[$0])
        sonuc += [v]
        let mStr = model[$0].map { String($0) } ?? "-"
        let eStr = screen.shown[$0].map { String($0) } ?? "-"
        print(label + " | " + screen.name + "." + $0 + ": model=" + mStr + " ekran=" + eStr + " -> " + v)
    }
    return sonuc
}

func countVerdicts(_ verdicts: [String]) {
    let u = verdicts.filter { $0 == "uyumlu" }.count
    let b = verdicts.filter { $0 == "bayat" }.count
    let e = verdicts.filter { $0 == "eksik" }.count
    let a = verdicts.filter { $0 == "artik" }.count
    for (ad, sayi) in zip(["uyumlu", "bayat", "eksik", "artik"], [u, b, e, a]) {
        print("\(ad): \(sayi)")
    }
}
