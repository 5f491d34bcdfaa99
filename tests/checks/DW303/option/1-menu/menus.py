class Menu:
    def render(self):
        if self._dirty:
            self.clear()
            for action in self.actions:
                self.add(action)
            self._dirty = False
        self.show()
