x = f"{
 x!z}"
