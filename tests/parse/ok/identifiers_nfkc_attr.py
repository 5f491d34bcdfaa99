# NFKC applies to attributes, keywords, imports and parameters too
x.ﬁeld = 1
f(ﬁ=1)
import ﬁle
def g(ℌ): pass
from ℌ import ℌ as ﬁ
