# `del` of a call result.
def cleanup(cache):
    del cache.get("key")  # expect: DW000 "cannot delete function call"
