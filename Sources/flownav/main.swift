print("flownav")
