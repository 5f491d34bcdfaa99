class Meter:
    def sample(self, value):
        self.count += 1
        self.total += value
        self.last = min(value, self.limit)
        self.peak = max(self.peak, value)
        self.notify()
