"""--add-noqa beside a type checker's directive: the noqa written for one arm's own finding
leaves the arms the same code (DW101 still finds them, so its noqa is used: DW003 is quiet)."""


def arms(x, log):
    if x is None:
        log.append(x.y)  # type: ignore[union-attr]
    else:
        log.append(x.y)  # type: ignore[union-attr]
