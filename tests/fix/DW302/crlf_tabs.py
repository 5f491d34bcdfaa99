"""DW302 fixes in a file of CRLF line ends and tab indentation: both kept."""


class Base:
	def close(self):
		self.closed = True  # noqa: E501

	def size(self):
		return 1


class Child(Base):
	def close(self):
		self.closed = True  # noqa: E501

	def size(self):
		return 1

	def keep(self):
		# a comment of a kept method
		return 2
