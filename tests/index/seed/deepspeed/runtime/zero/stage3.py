"""ZeRO stage 3: its own reduce_ready_partitions_and_remove_grads, which never reaches
DeepSpeedZeroOptimizer.copy_grads_in_partition."""
from deepspeed.runtime.base_optimizer import ZeROOptimizer


class DeepSpeedZeroOptimizer_Stage3(ZeROOptimizer):
    def __init__(self):
        self.fp16_groups = []
        self.params_in_ipg_bucket = []

    def reduce_ready_partitions_and_remove_grads(self, param):
        self.params_in_ipg_bucket.append(param)

    def create_reduce_and_remove_grad_hooks(self):
        for param in self.fp16_groups:
            if param.requires_grad:

                def reduce_partition_and_remove_grads(*notneeded):
                    self.reduce_ready_partitions_and_remove_grads(param)

                param.register_post_accumulate_grad_hook(reduce_partition_and_remove_grads)

    def independent_gradient_partition_epilogue(self):
        for param in self.fp16_groups:
            if param.grad is not None:
                self.reduce_ready_partitions_and_remove_grads(param)
