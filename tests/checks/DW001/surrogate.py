# A UTF-16 surrogate encoded as UTF-8 (CESU-8): not valid UTF-8.
HIGH = "í €"  # expect: DW001 "0xed"
