"""ZenFlow: the subclasses of the ZeRO 1/2 optimizer. The Parallel variant's override was copied
from the base before the base was fixed (#7431), and still carries the dead branch."""
from deepspeed.runtime.zero import DeepSpeedZeroOptimizer


class ZenFlowZeroOptimizer(DeepSpeedZeroOptimizer):
    def __init__(self, init_optimizer, **kwargs):
        super().__init__(init_optimizer, **kwargs)
        self.selective_optim_step = False

    def zenflow_cpu_optimizer_step(self, group_no):
        self.optimizer.step(step_id=group_no)


class ZenFlowZeroOptimizerSequential(ZenFlowZeroOptimizer):
    def __init__(self, init_optimizer, **kwargs):  # ok: calls super(), not a redundant override
        super().__init__(init_optimizer, **kwargs)


class ZenFlowZeroOptimizerParallel(ZenFlowZeroOptimizer):
    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param):  # expect: DW301 "near copy of DeepSpeedZeroOptimizer.async_inplace_copy_grad_to_fp32_buffer_from_gpu (stage_1_and_2.py:75)"
        param_id = self.get_param_id(param)

        [i, source_offset, dest_offset, num_elements] = self.grad_position[param_id]

        dest_tensor = self.single_partition_of_fp32_groups[i].grad.view(-1).narrow(
            0, dest_offset, num_elements)

        grad_accum = self.get_param_gradient_attribute(param)
        if grad_accum is None:  # expect: DW101 "decides nothing"
            src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)  # expect: DW201 "`grad_accum` is always None here"
        else:
            src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)  # ok: grad_accum is not None here
        if not self.fp16_master_weights_and_gradients:
            src_tensor = src_tensor.float()

        dest_tensor.copy_(src_tensor, non_blocking=True)
        param.grad = None  # offload only
