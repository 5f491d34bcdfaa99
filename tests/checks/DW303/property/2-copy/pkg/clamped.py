from pkg.gauge import Gauge


class ClampedGauge(Gauge):
    @property
    def level(self):
        value = self.sensor.read()
        if value == None:  # ok: the same, in the getter
            value = self.last
        self.last = value
        self.reads += 1
        return min(value, self.limit)

    @level.setter
    def level(self, value):
        if value == None:  # ok: one name, two functions (getter and setter), which the history cannot tell apart
            value = self.last
        self.sensor.write(min(value, self.limit))
        self.last = value
        self.writes += 1

    def sample(self):
        value = self.sensor.read()
        if value == None:  # expect: DW303 "ClampedGauge.sample still has `if value == None:` (line {+0}), which Gauge.sample had until"
            value = self.last
        self.last = value
        self.samples += 1
        return min(value, self.limit)
