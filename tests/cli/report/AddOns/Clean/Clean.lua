print("Clean loaded")
