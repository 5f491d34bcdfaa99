"""DW107 fixes: the call is added (always unsafe); none for a class or a method without its instance."""


def ready():
    return True


class Job:
    def is_done(self):
        return False

    @staticmethod
    def enabled():
        return True

    def has(self, key, *rest, strict=False):
        return key in rest

    def needs(self, key, *, strict):
        return strict

    def wait(self):
        if self.has or self.needs:  # no fix: each needs an argument
            return 0
        while not self.is_done:  # the loop never runs
            pass
        if Job.enabled and (self.is_done):
            return 1
        if Job.is_done:
            return 2
        return 3


def go(job):
    if ready:
        return job
    x = 1 if ready else 2
    label = "héllo" if ready else "ñö"
    return x and not Job, label


def spread():
    if (ready
            ):
        return 1
