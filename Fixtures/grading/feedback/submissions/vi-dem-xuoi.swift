for n in 1..<3 {
    print(n)
}
