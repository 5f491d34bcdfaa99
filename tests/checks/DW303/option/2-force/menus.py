class Menu:
    def render(self, force=False):
        if self._dirty or force:
            self.clear()
            for action in self.actions:
                self.add(action)
            self._dirty = False
        self.show()
