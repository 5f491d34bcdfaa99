# error: 2: lazy from ... import * is not allowed
lazy from os import *
