# import statements
import a
import a.b.c
import a.b.c as d
import a, b as c, d.e
from a import b
from a import b as c, d
from a import (b, c as d,)
from . import x
from .. import y
from ... import z
from .... import w
from .a import b
from ..a.b import c
from a import *
from . a . b import c
from .import d
