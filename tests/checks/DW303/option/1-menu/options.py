from menus import Menu


class OptionsMenu(Menu):
    def render(self):
        if self._dirty:
            self.clear()
            for action in self.actions:
                self.add(action)
            self.add_separator()
            self._dirty = False
        self.show()


class TitledMenu(Menu):
    def render(self, force=False):
        if self._dirty:
            self.clear()
            for action in self.actions:
                self.add(action)
            self.add_title()
            self._dirty = False
        self.show()


class QuickMenu(Menu):
    def render(self):
        if self._dirty:
            self.clear()
            for action in self.actions:
                self.add(action)
            self._dirty = False
        self.show_quickly()


class BufferedMenu(Menu):
    def flush(self):
        self.log("flush")
        data = self.pending()
        self.conn.send(data)
        self.sent += len(data)
        self.pending_clear()
        self.flushed = True
        self.buffer.clear()

    def layout_wide(self):
        (c00, c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19, c20, c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35, c36, c37, c38, c39, c40, c41, c42, c43, c44, c45, c46, c47, c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58, c59, c60, c61, c62, c63, c64, c65, c66, c67, c68, c69, c70, c71, c72, c73, c74, c75, c76, c77, c78, c79, c80, c81, c82, c83, c84, c85, c86, c87, c88, c89, c90, c91, c92, c93, c94, c95, c96, c97, c98, c99) = self.cells()
        self.measure()
        self.place()
        if self._dirty:  # ok: `compact` is new in the base, in a method with a hundred names
            self.arrange()
        self.show()
        self.add_separator()
