# coding: euc-jp
HIRAGANA_A = "あ"  # ok
