from parser import Parser


class StrictParser(Parser):
    def parse(self, text):
        self.reset()
        lines = text.expandtabs().splitlines()  # ok: the base never had it, and changed this line later
        tokens = self.tokenize(lines)  # ok
        tree = self.build(tokens)
        self.check(tree)  # ok: the base added a statement after it, deleted none
        self.reject_tabs(tree)  # ok: the override's own
        return tree
