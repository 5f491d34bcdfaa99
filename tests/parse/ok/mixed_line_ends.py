# LF, CRLF and CR line ends mixed
x = 1
y = 2z = 3
