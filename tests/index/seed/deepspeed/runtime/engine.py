"""The engine: hands the reduction to the optimizer, bypassing process_gradients."""
from .zero import DeepSpeedZeroOptimizer, DeepSpeedZeroOptimizer_Stage3


class DeepSpeedEngine:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def zero_optimization_stage(self):
        return 3 if isinstance(self.optimizer, DeepSpeedZeroOptimizer_Stage3) else 2

    def _flush_coalesced_reduction(self):
        optimizer = self.optimizer
        for i, group in enumerate(optimizer.bit16_groups):
            for param in group:
                if optimizer.get_gradient_for_reduction(param) is None:
                    continue
                optimizer.reduce_ready_partitions_and_remove_grads(param, i)

    def _flush_coalesced_reduction_zero3(self):
        optimizer = self.optimizer
        for group in optimizer.fp16_groups:
            for param in group:
                if param.grad is not None:
                    optimizer.reduce_ready_partitions_and_remove_grads(param)

    def allreduce_gradients(self):
        if self.zero_optimization_stage() == 3:
            self._flush_coalesced_reduction_zero3()
        elif isinstance(self.optimizer, DeepSpeedZeroOptimizer):
            self._flush_coalesced_reduction()
