x⁄y = 1
