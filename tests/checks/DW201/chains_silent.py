# DW201 look-alikes on attribute chains: calls, assignments and `del` that could change the
# chain before the dereference.


class Component:
    # The call runs first (left operand), and may initialize self._c.
    def run_all(self):
        if self._c is None:
            return self._init() + self._c.run()  # ok: _init() may set self._c

    # A call between the test and the dereference.
    def connect(self):
        if self.conn is None:
            self.reconnect()
            self.conn.send(b"hi")  # ok: reconnect() may set self.conn

    # A call to a function taking self.
    def ensure(self):
        if self.cache is None:
            setup(self)
            return self.cache.get("k")  # ok

    # The chain assigned.
    def build(self):
        if self.model is None:
            self.model = make_model()
        self.model.train()  # ok: assigned when it was None

    # A prefix of the chain assigned.
    def swap(self):
        if self.w.buf is None:
            self.w = make_writer()
            self.w.buf.write(b"")  # ok: self.w is a new object

    # Deleted.
    def drop(self):
        if self.tmp is None:
            del self.tmp
            self.tmp.cleanup()  # ok: deleted (the class attribute may show through)

    # Aliasing: another object's attribute of the same name may be this one.
    def share(self, other):
        if self.state is None:
            other.state = {}
            return self.state.keys()  # ok: `other` may be `self`

    # A store through an alias of a prefix.
    def relink(self):
        node = self.head
        if self.head.next is None:
            node.next = make_node()
            return self.head.next.value  # ok: node is self.head

    # A different attribute of the same object is dereferenced.
    def other_attribute(self):
        if self.writer is None:
            return self.reader.read()  # ok: reader, not writer

    # A prefix is dereferenced, not the None chain.
    def prefix(self):
        if self.engine.writer is None:
            return self.engine.start()  # ok: self.engine is not known to be None

    # Await and yield let other code run.
    async def wait_ready(self):
        if self.session is None:
            await self.started.wait()
            return self.session.get()  # ok: other tasks ran during the await

    def pump(self):
        if self.buf is None:
            yield 1
            self.buf.flush()  # ok: the caller ran between

    # A with statement runs __enter__ and __exit__.
    def locked(self):
        if self.data is None:
            with self.lock:
                pass
            return self.data.copy()  # ok

    # Importing runs module code.
    def lazy(self):
        if self.np is None:
            import numpy
            return self.np.zeros(3)  # ok: importing may have set it (and it runs code)

    # An augmented assignment runs __iadd__.
    def grow(self, n):
        if self.extra is None:
            self.count += n
            return self.extra.pop()  # ok: __iadd__ is a call

    # A store through __dict__ (or any __setitem__) may set the attribute.
    def cached(self):
        if self._cache is None:
            self.__dict__["_cache"] = {}
            return self._cache.keys()  # ok: stored through __dict__

    def forget(self):
        if self.index is None:
            del self.__dict__["index"]
            return self.index.size  # ok: the class attribute may show through now
