from typing import cast


class Codec:
    def encode(self, items):
        self.check(items)
        self.count += 1
        self.log.debug("encoding")
        buffer = self.begin()
        buffer.extend(items)
        self.finish(buffer)
        return self.result()

    def describe(self):
        self.check(self.name)
        self.count += 1
        self.log.debug("describing")
        self.validate(self.name)
        label = f"Codec: {self.name}"
        return "<%s @ %x>" % (label, id(self))

    def decode(self, data):
        self.check(data)
        self.count += 1
        self.log.debug("decoding")
        out: list = []
        out.extend(data)
        return out

    def pack(self, parts):
        self.check(parts)
        self.count += 1
        self.log.debug("packing")
        joined = cast(bytes, self.join(parts))
        return joined

    def measure(self, items):
        self.check(items)
        self.count += 1
        self.log.debug("measuring")
        self.validate(items)
        size = len(items) - 1
        self.sizes.append(size)
        return size

    def split(self, text):
        self.check(text)
        self.count += 1
        self.log.debug("splitting")
        self.validate(text)
        tokens = self.tokenize(text)
        parts = self.merge(tokens)
        return parts

    def pick(self, first, second):
        self.check(first)
        self.count += 1
        self.log.debug("picking")
        self.validate(second)
        value = second
        return self.wrap(value)
