class Tensor:
    def make(self, head, indices, *, canon=False, **kw):
        self.check_head(head)
        indices = self.parse_indices(head, indices)
        obj = self.new_node(head, indices, **kw)
        obj.structure = self.structure_of(indices)
        obj.free = obj.structure.free
        obj.dum = obj.structure.dum
        if canon:
            return obj.canonical()
        return obj

    def contract(self, other, **kw):
        limit = self.limit
        pairs = self.pairs_with(other)
        pairs = pairs[:limit]
        result = self.new_node(self.head, self.indices)
        for a, b in pairs:
            result = result.contract_pair(a, b)
        return result

    def resize(self, shape, *, factor=2, **kw):
        shape = self.parse_shape(shape)
        obj = self.new_node(self.head, self.indices)
        obj.shape = [n * factor for n in shape]
        obj.free = self.free
        return obj


class WildTensor(Tensor):
    def make(self, head, indices, **kw):
        canon = kw.pop("canon", False)  # ok: the base takes it as a parameter now
        if head.is_plain:
            return Tensor(head, indices, canon=canon, **kw)
        indices = self.parse_indices(head, indices)
        obj = self.new_node(head, indices, **kw)
        obj.structure = self.structure_of(indices)
        obj.free = obj.structure.free
        obj.dum = obj.structure.dum
        obj.wild = True
        if canon:
            return obj.canonical()
        return obj

    def contract(self, other, **kw):
        limit = kw.pop("limit", 10)  # expect: DW303 "WildTensor.contract still has" "changed it to `limit = self.limit`"
        pairs = self.pairs_with(other)
        pairs = pairs[:limit]
        result = self.new_node(self.head, self.indices)
        for a, b in pairs:
            result = result.contract_pair(a, b)
        result.wild = True
        return result

    def resize(self, shape, **kw):
        factor = kw.pop("factor", 1)  # ok: the base deleted it and put nothing in its place (a removal)
        shape = self.parse_shape(shape)
        obj = self.new_node(self.head, self.indices)
        obj.shape = [n * factor for n in shape]
        obj.free = self.free
        obj.wild = True
        return obj
