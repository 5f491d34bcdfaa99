"""Identical overrides indented with tabs, read again on their own."""


class TabBase:
	def run(self, n):
		for i in range(n):
			if i % 2:
				self.step(i)
		return n


class TabChild(TabBase):
	def run(self, n):  # expect: DW302
		for i in range(n):
			if i % 2:
				self.step(i)
		return n


class TabOther(TabBase):
	def run(self, n):
		for i in range(n):
			if i % 3:
				self.step(i)
		return n
