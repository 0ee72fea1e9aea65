func describe(_ account: Account) -> String {
    return "\(account.owner): \(account.balance) VND"
}
