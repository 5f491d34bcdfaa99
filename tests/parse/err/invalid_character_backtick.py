x = `a`
