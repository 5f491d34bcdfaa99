"""DW108: values stored in a local variable and never read."""


def load(path, **kwargs):
    quantization = kwargs.get("quantization", False)  # expect: DW108 "`quantization` is assigned again on line {+1}"
    quantization = True
    return path, quantization


def returns_first(path, name):
    modfile = path + ".py"
    data = open(modfile).read()
    modfile = name.upper()  # expect: DW108 "the function returns first"
    return data


def both_branches(flag, compute):
    value = compute()  # expect: DW108 "assigned again on line {+2}"
    if flag:
        value = 1
    else:
        value = 2
    return value


def loop_target(pairs):
    for module_param, container_param in pairs:
        if module_param is not None:
            print(module_param)
        module_param = container_param  # expect: DW108 "assigned again on line {-3}"


def chained(block):
    line_text = line_text = block.text()  # expect: DW108 "assigned again on line {-0}"
    return line_text


def unused_normalization(args=None):
    print(args)
    args = args if args else ()  # expect: DW108 "the function returns first"
    return 1


def duplicate(make):
    v = make(1)  # expect: DW108 "assigned again on line {+1}"
    v = make(1)
    return v


def before_augmented(items):
    total = len(items)  # expect: DW108 "assigned again on line {+1}"
    total = 10
    total += 1
    return total


def in_loop(rows):
    for row in rows:
        old = row.target  # expect: DW108 "assigned again on line {+2}"
        row.move()
        old = row.target
        print(old)


def annotated(x):
    y: int = x * 2  # expect: DW108 "assigned again on line {+1}"
    y = x * 3
    return y


def exception_path(fetch, parse):
    text = fetch()  # expect: DW108 "assigned again on line {+3}"
    print("parsing")
    try:
        text = parse()
    except ValueError:
        return None
    return text
