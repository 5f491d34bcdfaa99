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
