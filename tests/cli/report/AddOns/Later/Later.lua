print("Later loaded")
