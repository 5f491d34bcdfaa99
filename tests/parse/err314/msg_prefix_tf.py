x = tf'x'
