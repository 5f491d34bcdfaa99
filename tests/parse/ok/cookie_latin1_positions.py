# coding: latin-1
# columns count UTF-8 bytes of the decoded text, not file bytes
x = 'é'; y = 1
z = 'ÿÿÿ' + w; v = 2
