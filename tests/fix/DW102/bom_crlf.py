# a UTF-8 BOM, CRLF line ends and non-ASCII text before the fix: the edit lands where it should
def café(naïve, flag):
    x = "ünïcode" if flag else "ünïcode"  # noqa: E501
    return naïve if flag else naïve
