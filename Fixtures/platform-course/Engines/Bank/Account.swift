// Account.swift — một tài khoản ngân hàng nhỏ: chủ tài khoản và số dư
struct Account {
    let owner: String
    private(set) var balance: Int

    init(owner: String, balance: Int = 0) {
        self.owner = owner
        self.balance = balance
    }

    mutating func deposit(_ amount: Int) {
        balance += amount
    }

    mutating func withdraw(_ amount: Int) -> Bool {
        guard amount <= balance else { return false }
        balance -= amount
        return true
    }
}
