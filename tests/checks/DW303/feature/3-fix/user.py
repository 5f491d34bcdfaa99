class User:
    def create(self):
        if self.local:
            command = "luseradd"
        else:
            command = "useradd"
        cmd = [self.bin(command)]
        cmd.append(self.name)
        if self.uid is not None:
            cmd.extend(["-u", str(self.uid)])
        if self.create_home and not self.system:
            cmd.append("-m")
        self.run(cmd)
        return cmd

    def describe(self):
        return self.name if not self.system else "(system)"
