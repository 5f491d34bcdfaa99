project = 'cache'
