"""self.m() and cls.m() through the MRO, across modules; subclasses that override m."""
from none_lib import Recorder


class Writer:
    def write(self, data):
        self.buffer = data

    def flush(self):
        self.buffer = None

    def save(self, data):
        self.write(data).close()  # ok: a subclass overrides write to return a value

    def close(self):
        self.flush().wait()  # expect: DW203 "Writer.flush" "Writer.flush at none_methods.py:9"


class FileWriter(Writer):
    def write(self, data):
        self.buffer = data
        return len(data)


class QuietWriter(FileWriter):
    def flush(self):
        self.buffer = ()

    def drain(self):
        return self.flush().count  # expect: DW203 "QuietWriter.flush" "QuietWriter.flush at none_methods.py:26"


class AuditRecorder(Recorder):
    def audit(self, event):
        self.log(event).done  # expect: DW203 "Recorder.log" "Recorder.log at none_lib.py:57"
        return super().log(event).done  # expect: DW203 "Recorder.log at none_lib.py:57"

    @classmethod
    def again(cls):
        return cls.reset().done  # expect: DW203 "Recorder.reset at none_lib.py:65"


class Stream:
    def chunk(self):
        yield b""

    async def read(self):
        self.data = b""

    def peek(self):
        return self.chunk().send(None)  # ok: a generator

    async def head(self):
        return await self.read()  # ok: awaited, not dereferenced

    def tail(self):
        return self.read().close()  # ok: async def returns a coroutine


class Base:
    def reset(self):
        self.state = 0

    def restart(self):
        return super().reset().x  # ok: super() of a class with subclasses depends on the runtime class


class Derived(Base):
    def reset(self):
        self.state = 1
        return self.state
