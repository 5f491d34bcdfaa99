"""The base of every ZeRO optimizer."""


class ZeROOptimizer:
    def load_hp_checkpoint_state_from_checkpoint_dir(self, lp_groups_name, checkpoint_dir):
        raise NotImplementedError

    def backward_prologue(self):
        pass
