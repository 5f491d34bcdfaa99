class Meter:
    def reset(self):
        self.count = 0
