func describe(_ account: Account) -> String {
    while true {}
}
