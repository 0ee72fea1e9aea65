let fiyatlar = ["elma": 3, "armut": 2, "kiraz": 5]
var toplam = 0
for ad in ["elma", "armut", "kiraz"] {
    print("\(ad): \(fiyatlar[ad]!)")
    toplam += fiyatlar[ad]!
}
print("toplam: \(toplm)")
