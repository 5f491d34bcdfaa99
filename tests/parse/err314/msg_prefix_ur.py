x = ur'x'
