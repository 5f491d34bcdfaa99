from typing import cast


class Codec:
    def encode(self, items):
        self.check(items)
        self.count += 1
        self.log.debug("encoding")
        buf = self.begin()
        buf.extend(items)
        self.finish(buf)
        return self.result()

    def describe(self):
        self.check(self.name)
        self.count += 1
        self.log.debug("describing")
        self.validate(self.name)
        label = "codec %s" % self.name
        return f"<{label} at {id(self)}>"

    def decode(self, data):
        self.check(data)
        self.count += 1
        self.log.debug("decoding")
        out = []
        out.extend(data)
        return out

    def pack(self, parts):
        self.check(parts)
        self.count += 1
        self.log.debug("packing")
        joined = self.join(parts)
        return joined

    def measure(self, items):
        self.check(items)
        self.count += 1
        self.log.debug("measuring")
        self.validate(items)
        n = len(items)
        self.sizes.append(n)
        return n

    def split(self, text):
        self.check(text)
        self.count += 1
        self.log.debug("splitting")
        self.validate(text)
        parts = self.tokenize(text)
        parts = self.merge(parts)
        return parts

    def pick(self, first, second):
        self.check(first)
        self.count += 1
        self.log.debug("picking")
        self.validate(second)
        value = first
        return self.wrap(value)
