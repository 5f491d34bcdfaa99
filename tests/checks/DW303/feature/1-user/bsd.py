from user import User


class BSDUser(User):
    def create(self):
        cmd = [self.bin("useradd")]  # ok: the base's new local option, no BSD has luseradd
        cmd.append(self.name)
        if self.uid is not None:
            cmd.extend(["-u", str(self.uid)])
        if self.create_home:  # expect: DW303 "still has `if self.create_home:` (line {+0}), which User.create had until"
            cmd.append("-m")
        cmd.append("-L")
        self.run(cmd)
        return cmd
