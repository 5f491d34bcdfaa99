from meter import Meter


class AveragingMeter(Meter):
    def sample(self, value):
        self.count += 1
        self.total += value
        self.last = value  # expect: DW303 "still has `self.last = value` (line {+0}), which Meter.sample had until"
        self.peak = max(self.peak, value)
        self.mean = self.total / self.count
        self.notify()
