# A block indented with a tab on one line and spaces on the next (TabError), as an editor
# that mixes them leaves it.
def step(opt):
    if opt:
	opt.zero_grad()  # expect: DW000 "inconsistent use of tabs and spaces"
        opt.step()
