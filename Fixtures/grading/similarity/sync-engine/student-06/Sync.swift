// Sync.swift
// Ekran ile model ayni mi? Her alan icin bir sonuc uretir.

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

// nil ise tire koy
func dash(_ value: String?) -> String {
	if let value = value {
		return value
	}
	return "-"
}

func verdict(model: String?, shown: String?) -> String {
	if model == nil && shown == nil { return "olcum-disi" }
	if model == nil { return "artik" }
	if shown == nil { return "eksik" }
	if model == shown { return "uyumlu" }
	return "bayat"
}

func satir(etiket: String, ekran: String, alan: String, m: String?, s: String?, sonuc: String) -> String {
	let bas = etiket + " | " + ekran + "." + alan + ": "
	let orta = "model=" + dash(m) + " ekran=" + dash(s)
	return bas + orta + " -> " + sonuc
}

func countVerdicts(_ verdicts: [String]) {
	let isimler = ["uyumlu", "bayat", "eksik", "artik"]
	for isim in isimler {
		let kac = verdicts.filter({ (v: String) -> Bool in v == isim }).count
		print(isim + ": " + String(kac))
	}
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
	var hepsi: [String] = []
	for alan in keys {
		let m = model[alan]
		let s = screen.shown[alan]
		let sonuc = verdict(model: m, shown: s)
		print(satir(etiket: label, ekran: screen.name, alan: alan, m: m, s: s, sonuc: sonuc))
		hepsi += [sonuc]
	}
	return hepsi
}
