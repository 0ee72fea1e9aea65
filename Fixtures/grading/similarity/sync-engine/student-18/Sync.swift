// Sync.swift
//  model = ekran  -> uyumlu
//  model != ekran -> bayat
//  sadece model   -> eksik
//  sadece ekran   -> artik

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
        shown[key] = nil
    }
}

let sonucSirasi = ["uyumlu", "bayat", "eksik", "artik"]

func countVerdicts(_ verdicts: [String]) {
    var adetler = [Int](repeating: 0, count: sonucSirasi.count)
    for v in verdicts {
        if let yer = sonucSirasi.firstIndex(of: v) {
            adetler[yer] += 1
        }
    }
    for i in 0..<sonucSirasi.count - 1 {
        print("\(sonucSirasi[i]): \(adetler[i])")
    }
}

func verdict(model: String?, shown: String?) -> String {
    if model == shown {
        return model == nil ? "olcum-disi" : "uyumlu"
    }
    if model == nil {
        return "artik"
    }
    if shown == nil {
        return "eksik"
    }
    return "bayat"
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    let sonuclar = keys.indices.map { i -> String in
        let alan = keys[i]
        return verdict(model: model[alan], shown: screen.shown[alan])
    }
    for i in keys.indices {
        let alan = keys[i]
        let solda = model[alan] ?? "-"
        let sagda = screen.shown[alan] ?? "-"
        print("\(label) | \(screen.name).\(alan): model=\(solda) ekran=\(sagda) -> \(sonuclar[i])")
    }
    return sonuclar
}
