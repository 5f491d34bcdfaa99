class Menu:
    def render(self):
        if self._dirty:
            self.clear()
            for action in self.actions:
                self.add(action)
            self._dirty = False
        self.show()

    def flush(self):
        self.log("flush")
        data = self.pending()
        self.conn.send(data)
        self.sent += len(data)
        self.pending_clear()
        self.flushed = True
