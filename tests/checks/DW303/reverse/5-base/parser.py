class Parser:
    def parse(self, text):
        self.reset()
        lines = text.strip().splitlines()
        tokens = self.tokenize(lines)
        tree = self.build(tokens)
        self.check(tree)
        self.documents += 1
        return tree
