"""Results of calls that are always None, used as values: across modules, through aliases."""
import none_lib
import none_lib as lib
from none_lib import Recorder, record
from none_lib import record_twice as twice


def errors(event, recorder):
    record(event).strip()  # expect: DW203 "`record()` is always None" "record at none_lib.py:8"
    none_lib.record(event)["key"]  # expect: DW203 "subscripting it raises TypeError" "record at none_lib.py:8"
    lib.record_twice(event)()  # expect: DW203 "calling it raises TypeError" "record_twice at none_lib.py:12"
    for item in twice(event):  # expect: DW203 "iterating over it raises TypeError" "record_twice at none_lib.py:12"
        print(item)
    result = record(event)
    print(result.name)  # expect: DW203 "record at none_lib.py:8"
    Recorder.reset().done  # expect: DW203 "Recorder.reset" "Recorder.reset at none_lib.py:65"
    Recorder.log(recorder, event).done  # expect: DW203 "Recorder.log at none_lib.py:57"


def starred(event):
    return [*record(event)]  # expect: DW203 "record at none_lib.py:8"


def augmented(event):
    total = none_lib.record(event)
    total += 1  # expect: DW203 "record at none_lib.py:8"
    return total


def silent(event, recorder):
    none_lib.build(event)["event"]  # ok: returns a value
    none_lib.maybe(event).strip()  # ok: may return a value
    for item in none_lib.produce([event]):  # ok: a generator
        print(item)
    none_lib.fetch(event).send(None)  # ok: async def returns a coroutine
    none_lib.todo(event).x  # ok: a stub that raises NotImplementedError
    none_lib.placeholder(event).x  # ok: a stub
    none_lib.fail(event).x  # ok: never returns
    none_lib.cached(event).x  # ok: decorated, the decorator may change the result
    Recorder.flush(recorder).x  # ok: abstract
    Recorder.count().bit_length()  # ok: returns a value
    recorder.log(event).done  # ok: receiver of unknown type
    none_lib.missing(event).x  # ok: not defined in the tree
    result = record(event)  # expect: DW108 "again on line {+1}"
    result = 3
    print(result.real)  # ok: reassigned before the dereference
    record(event) or print("none")  # ok: not dereferenced
    try:
        record(event).strip()  # ok: AttributeError is caught
    except AttributeError:
        pass


def shadowed(record, none_lib):
    record("x").strip()  # ok: the parameter, not the module's function
    none_lib.record("x").strip()  # ok: the parameter, not the module


def closure(event):
    def record(e):
        return [e]

    def inner():
        return record(event).copy()  # ok: the enclosing function's record

    return inner
