func describe(_ account: Account) -> String {
    let parts = [account.owner]
    return parts[account.balance]
}
