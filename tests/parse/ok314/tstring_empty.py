x = t''
