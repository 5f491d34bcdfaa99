"""Calls in `finally:` bodies (built twice in the graph): each listed once, said to run on the
normal and the exceptional path, with the conditions that hold on both (`# when:` as in
printing.py, `# finally` when in_finally must be true)."""


def target(*args):
    return args


def work():
    pass


def guarded(a, f):
    if a:
        try:
            work()
        finally:
            if f:
                target(1)  # when: a and f  # finally


def returning(f):
    try:
        if f:
            return None
        work()
    finally:
        target(2)  # when: -  # finally
    target(3)  # when: not f


def nested(a):
    try:
        try:
            try:
                try:
                    try:
                        try:
                            try:
                                work()
                            finally:
                                target(4)  # when: -  # finally
                        finally:
                            work()
                    finally:
                        work()
                finally:
                    work()
            finally:
                work()
        finally:
            work()
    finally:
        if a:
            target(5)  # when: a  # finally


def handler():
    try:
        work()
    except ValueError:
        target(6)  # when: -
    finally:
        def later():
            target(7)  # when: -
    return later
