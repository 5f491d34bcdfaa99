# DW201 on attribute chains rooted at a local name (`self.writer`): the fact is forgotten at
# any call, assignment or `del` that could change the chain, in evaluation order.


class Checkpointer:
    # The chain itself tested and dereferenced.
    def save(self, state):
        if self.writer is None:
            self.writer.write(state)  # expect: DW201 "`self.writer` is always None" "on line {-1}"

    # A deeper chain.
    def flush(self):
        if self.engine.writer is None:
            return self.engine.writer.flush()  # expect: DW201 "on line {-1}"

    # Arguments are evaluated before the call runs: the dereference comes first.
    def log(self):
        if self.stats is None:
            self.logger.info(self.stats.summary)  # expect: DW201 "on line {-1}"

    # The dereference is on the left of `+`, the call on the right: it runs first.
    def total(self):
        if self._c is None:
            return self._c.run() + self._init()  # expect: DW201 "on line {-1}"

    # A call on another object's unrelated chain does not run before the dereference here.
    def build(self, other):
        if self.cfg is None:
            x = other.size
            return self.cfg.lr * x  # expect: DW201 "on line {-2}"

    # Assigning None to a chain.
    def close(self):
        self.conn = None
        self.conn.close()  # expect: DW201 "assigned None" "on line {-1}"

    # An attribute store through another name does not touch this chain when its attribute
    # name differs.
    def reset(self, other):
        if self.buf is None:
            other.size = 0
            self.buf.clear()  # expect: DW201 "on line {-2}"

    # Assigning a sibling attribute does not change this one.
    def rebuild(self):
        if self.model is None:
            self.optimizer = None
            self.model.train()  # expect: DW201 "on line {-2}"

    # Storing an attribute on the None chain itself.
    def configure(self):
        if self.opts is None:
            self.opts.verbose = True  # expect: DW201 "on line {-1}"


# Chains rooted at a parameter other than self.
def update(job):
    if job.result is None:
        job.result.append(1)  # expect: DW201 "on line {-1}"


# The root was reassigned before the test: the test is about the new object.
def attach(node):
    node = node.parent
    if node.child is None:
        node.child.attach()  # expect: DW201 "on line {-1}"
