x = t'abc
