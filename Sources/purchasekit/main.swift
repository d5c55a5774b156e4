print("purchasekit")
