from codec import Codec


class LegacyCodec(Codec):
    def encode(self, items):
        self.check(items)
        self.count += 1
        self.log.debug("encoding")
        buf = self.begin()  # ok: the base only renamed buf
        buf.extend(items)  # ok
        self.finish(buf)
        return self.result()

    def describe(self):
        self.check(self.name)
        self.count += 1
        self.log.debug("describing")
        self.validate(self.name)
        label = "codec %s" % self.name  # ok: the base builds it with an f-string now
        return f"<{label} at {id(self)}>"  # ok: the base builds it with % now

    def decode(self, data):
        self.check(data)
        self.count += 1
        self.log.debug("decoding")
        out = []  # ok: the base only annotated it
        out.extend(data)
        return out

    def pack(self, parts):
        self.check(parts)
        self.count += 1
        self.log.debug("packing")
        joined = self.join(parts)  # ok: the base only added a cast()
        return joined

    def measure(self, items):
        self.check(items)
        self.count += 1
        self.log.debug("measuring")
        self.validate(items)
        n = len(items)  # expect: DW303 "still has `n = len(items)` (line {+0}), which Codec.measure had until"
        self.sizes.append(n)  # ok: renamed only
        return n

    def split(self, text):
        self.check(text)
        self.count += 1
        self.log.debug("splitting")
        self.validate(text)
        parts = self.tokenize(text)  # ok: the base named it tokens, a new local
        parts = self.merge(parts)  # ok: the same renaming
        return parts

    def pick(self, first, second):
        self.check(first)
        self.count += 1
        self.log.debug("picking")
        self.validate(second)
        value = first  # expect: DW303 "still has `value = first` (line {+0}), which Codec.pick had until"
        return self.wrap(value)
