# nothing after `=`: the generic error at the `=`
if x = :
    pass
