struct Account {
    let owner: String
    var balance: Int { 1_000_000 }
    init(owner: String, balance: Int = 0) { self.owner = owner }
    mutating func deposit(_ amount: Int) {}
    mutating func withdraw(_ amount: Int) -> Bool { true }
}
