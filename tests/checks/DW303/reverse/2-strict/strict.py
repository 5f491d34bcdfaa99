from parser import Parser


class StrictParser(Parser):
    def parse(self, text):
        self.reset()
        lines = text.splitlines()
        tokens = self.tokenize(lines)
        tree = self.build(tokens)
        self.check(tree)
        return tree
