x = 'a\Nb'
