func describeAccount(_ account: Account) -> String {
    return account.name
}
