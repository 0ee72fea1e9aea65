// Describe.swift — mô tả một tài khoản bằng một dòng
func describe(_ account: Account) -> String {
    return "\(account.owner): \(account.balance) đồng"
}
