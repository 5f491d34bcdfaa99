# An `if` without its colon.
def should_stop(step, max_steps):
    if step >= max_steps  # expect: DW000 "expected ':'"
        return True
    return False
