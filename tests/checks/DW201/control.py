# DW201 through loops, try/except/finally, with and match.
import contextlib


# for/else: `else` runs when the loop was not left by `break`, and `found` is assigned only
# right before the break.
def find(items, key):
    found = None
    for item in items:
        if item.key == key:
            found = item
            break
    else:
        found.mark_missing()  # expect: DW201 "on line {-6}"
    return found


# while/else likewise.
def poll(queue):
    job = None
    while queue.pending():
        candidate = queue.get()
        if candidate.ready:
            job = candidate
            break
    else:
        return job.result()  # expect: DW201 "assigned None on line {-7}"
    return job


# `continue` skips the assignment on the only path that reaches the dereference.
def last_valid(rows):
    for row in rows:
        prev = None
        if not row.valid:
            prev.append(row)  # expect: DW201 "on line {-2}"
            continue
        prev = row  # expect: DW108 "again on line 34"
    return rows


# A try body that raises before its assignment: in the handler the value is still None
# (assigning a name cannot raise, so no path reaches the handler after it).
def connect(factory):
    conn = None
    try:
        conn = factory.connect()
    except OSError:
        conn.rollback()  # expect: DW201 "on line {-4}"
        raise
    return conn


# Several statements in the try body, all before the assignment.
def load(path, parse):
    data = None
    try:
        text = open(path).read()
        data = parse(text)
    except ValueError:
        data.clear()  # expect: DW201 "on line {-5}"
    return data


# In a finally block, when every path into it has the value None.
def cleanup(pool):
    handle = None
    try:
        pool.drain()
    finally:
        handle.release()  # expect: DW201 "on line {-4}"


# Inside a with block.
def locked_write(lock, stream):
    with lock:
        if stream is None:
            stream.write(b"x")  # expect: DW201 "on line {-1}"


# A with statement that binds the tested name does not reach the test; the body does.
def read(path):
    with open(path) as f:
        if f is None:
            return f.read()  # expect: DW201 "on line {-1}"


# match with a guard and a capture pattern elsewhere.
def dispatch(msg):
    match msg:
        case None:
            msg.ack()  # expect: DW201 "on line {-1}"
        case {"type": kind}:
            return kind


# A narrowing test inside a loop body.
def drain(queues):
    for q in queues:
        if q is None:
            q.close()  # expect: DW201 "on line {-1}"


# An exception handler entered from inside a loop in the try body.
def fill(src):
    buf = None
    try:
        for chunk in src:
            check(chunk)
        buf = bytearray()
    except KeyError:
        buf.extend(b"?")  # expect: DW201 "on line {-6}"
    return buf


# contextlib.suppress(KeyError) does not catch AttributeError: still reported.
def pop(d):
    if d is None:
        with contextlib.suppress(KeyError):
            d.pop("k")  # expect: DW201 "on line {-2}"


# try/except/else: the code after the statement is reached only through the handler (the
# else clause returns), where the call raised before the assignment.
def status_of(client):
    resp = None
    try:
        resp = client.get("/health")
    except OSError:
        pass
    else:
        return resp.json()
    return resp.status_code  # expect: DW201 "on line {-7}"
