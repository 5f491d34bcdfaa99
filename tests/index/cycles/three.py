class B(B):
    def f(self):
        return self.g().x  # ok: the hang of issue 20
