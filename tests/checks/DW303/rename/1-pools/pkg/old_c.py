class Pool:
    def acquire(self, timeout):
        self.lock.acquire()
        conn = self.idle.pop()
        conn.ping()
        self.busy.add(conn)
        self.lock.release()
        return conn
