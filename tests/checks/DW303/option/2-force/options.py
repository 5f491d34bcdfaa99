from menus import Menu


class OptionsMenu(Menu):
    def render(self):
        if self._dirty:  # ok: `force` is an option the base gained, and this override does not take it
            self.clear()
            for action in self.actions:
                self.add(action)
            self.add_separator()
            self._dirty = False
        self.show()


class TitledMenu(Menu):
    def render(self, force=False):
        if self._dirty:  # expect: DW303 "TitledMenu.render still has `if self._dirty:`" "changed it to `if self._dirty or force:`"
            self.clear()
            for action in self.actions:
                self.add(action)
            self.add_title()
            self._dirty = False
        self.show()


class QuickMenu(Menu):
    def render(self, force=False):
        if self._dirty or force:
            self.clear()
            for action in self.actions:
                self.add(action)
            self._dirty = False
        self.show_quickly()


class BufferedMenu(Menu):
    def flush(self):
        self.log("flush")
        data = self.pending()
        self.conn.send(data)  # expect: DW303 "BufferedMenu.flush still has `self.conn.send(data)`" "retry=True"
        self.sent += len(data)
        self.pending_clear()
        self.flushed = True
        self.buffer.clear()
