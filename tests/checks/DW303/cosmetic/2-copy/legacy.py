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


    def split_wide(self, text):
        (c00, c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19, c20, c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35, c36, c37, c38, c39, c40, c41, c42, c43, c44, c45, c46, c47, c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58, c59, c60, c61, c62, c63, c64, c65, c66, c67, c68, c69, c70, c71, c72, c73, c74, c75, c76, c77, c78, c79, c80, c81, c82, c83, c84, c85, c86, c87, c88, c89, c90, c91, c92, c93, c94, c95, c96, c97, c98, c99) = self.cells()
        self.check(text)
        self.count += 1
        self.validate(text)
        text = self.clean(text)  # ok: the base named it cleaned, a new local, in a method with a hundred names
        return self.tokenize(text)  # ok
