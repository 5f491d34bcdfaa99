# A dict display with a key and no value.
DEFAULTS = {
    "lr": 1e-3,
    "epochs",  # expect: DW000 "':' expected after dictionary key"
}
