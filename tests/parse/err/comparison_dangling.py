x = a < 
