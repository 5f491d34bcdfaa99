class Menu:
    def render(self, force=False):
        if self._dirty or force:
            self.clear()
            for action in self.actions:
                self.add(action)
            self._dirty = False
        self.show()

    def flush(self, retry=False):
        self.log("flush")
        data = self.pending()
        self.conn.send(data, retry=True)
        self.sent += len(data)
        self.pending_clear()
        self.flushed = True
        if retry:
            self.wait_ready()
