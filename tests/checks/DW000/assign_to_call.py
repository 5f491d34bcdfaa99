# Assignment to a call: meant `==`, or a setter.
def configure(settings):
    settings.get("debug") = True  # expect: DW000 "cannot assign to function call"
