# identifiers: long names, underscores, dunders, names that look like keywords
_ = __ = ___ = 1
__init__ = 1
a_very_long_identifier_name_that_goes_on_and_on_and_on_for_quite_a_while_indeed_yes = 1
print_ = exec_ = None
True_ = False_ = None_ = 1
async_ = await_ = 1
_1 = 1
