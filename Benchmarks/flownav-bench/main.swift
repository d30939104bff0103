print("flownav-bench")
