"""Functions other modules of this folder call: some can only return None, some cannot."""
import abc
import functools

EVENTS = []


def record(event):
    EVENTS.append(event)


def record_twice(event):
    if event is None:
        return
    EVENTS.append(event)
    return None


def build(event):
    return {"event": event}


def maybe(event):
    if event:
        return event
    return None


def produce(events):
    for event in events:
        yield event


async def fetch(event):
    EVENTS.append(event)


def todo(event):
    raise NotImplementedError


def placeholder(event):
    ...


def fail(event):
    EVENTS.clear()
    raise RuntimeError(event)


@functools.lru_cache(maxsize=None)
def cached(event):
    EVENTS.append(event)


class Recorder(abc.ABC):
    def log(self, event):
        EVENTS.append(event)

    @abc.abstractmethod
    def flush(self):
        EVENTS.clear()

    @classmethod
    def reset(cls):
        EVENTS.clear()

    @staticmethod
    def count():
        return len(EVENTS)
