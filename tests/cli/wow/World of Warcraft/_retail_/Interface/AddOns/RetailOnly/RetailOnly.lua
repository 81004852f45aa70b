print("RetailOnly loaded")
