from pkg.old_b import Pool


class BoundedPool(Pool):
    def acquire(self, timeout):
        self.lock.acquire()
        conn = self.idle.pop()  # expect: DW303 "still has `conn = self.idle.pop()` (line {+0}), which Pool.acquire had until"
        conn.ping()
        self.busy.add(conn)
        self.limit -= 1
        self.lock.release()
        return conn
