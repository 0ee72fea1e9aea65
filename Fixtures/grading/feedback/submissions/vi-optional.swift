var n: Int? = 3
while n! > 0 {
    print(n)
    n = n - 1
}
print("xong")
