print("rxcheck")
