# This is a generated file! Edit the source .ksy file and run the compiler again.
# A program wrote this file: its findings are not reported (the fix belongs in the generator).


def read(self):
    if self._is_le:  # ok: generated
        self.value = self._io.read_u4()
    else:
        self.value = self._io.read_u4()
