# A character that is not Python: a euro sign pasted from a document.
price = 100 €  # expect: DW000 "invalid character"
