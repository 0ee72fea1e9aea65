// main.swift — sleeps past every limit
import Glibc
print("start")
sleep(600)
