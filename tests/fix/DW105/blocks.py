"""DW105 fixes: the unreachable statements go, to the end of their block."""
import sys


def after_return(x):
    if x:
        return 1
        print("never")
        x += 1
    return 2


def same_line(x):
    if x:
        x -= 1; return x; print(x)
    return 0


def after_loop(items):
    for item in items:
        if item:
            break
        else:
            continue
        print(item)
    while True:
        items.pop()
    print("done"); items.clear()


def commented(x):
    x += 1
    return x
    y = x * 2
    # a note about y
    print(y)


def exits(code):
    print(code)
    sys.exit(code)
    print("unreachable")


def binds(flag):
    def inner():
        return total
    if flag:
        raise ValueError(flag)
        total = 0
    return inner


def generator(flag):
    if flag:
        raise ValueError(flag)
        yield 1
        print(flag)


def still_generator(flag):
    yield 0
    if flag:
        raise ValueError(flag)
        yield 1
        print(flag)


def rebinds_param(x, *rest):
    if x:
        raise ValueError(x)
        x = rest = 1
    return x, rest


def declares(flag):
    if flag:
        raise ValueError(flag)
        global counter
        counter = 1
    return counter


def handlers(path):
    try:
        return open(path)
    except OSError:
        return None
    except FileNotFoundError as e:
        print(e)
    except (IsADirectoryError, PermissionError): pass
    finally:
        print("done")


def last_clause(path):
    try:
        data = open(path).read()
    except ValueError:
        return None
    except UnicodeDecodeError:  # never: ValueError first
        return ""
    else:
        return data
