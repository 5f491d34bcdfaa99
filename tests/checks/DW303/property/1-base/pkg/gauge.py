class Gauge:
    @property
    def level(self):
        value = self.sensor.read()
        if value == None:
            value = self.last
        self.last = value
        self.reads += 1
        return value

    @level.setter
    def level(self, value):
        if value == None:
            value = self.last
        self.sensor.write(value)
        self.last = value
        self.writes += 1

    def sample(self):
        value = self.sensor.read()
        if value == None:
            value = self.last
        self.last = value
        self.samples += 1
        return value
