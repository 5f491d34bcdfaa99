from deepspeed.stage_1_and_2 import DeepSpeedZeroOptimizer


class ZenFlowZeroOptimizer(DeepSpeedZeroOptimizer):
    def step(self, closure=None):  # ok: it calls super(), it extends the base
        self.timers("optimizer_step").start()
        self._optimizer_step(0)
        self.timers("optimizer_step").stop()
        self.timers.log(["optimizer_step"])
        return super().step(closure)


class ZenFlowZeroOptimizerParallel(ZenFlowZeroOptimizer):
    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param):
        param_id = self.get_param_id(param)
        now_state = self.get_overlap_step_state()
        [i, source_offset, dest_offset, num_elements] = self.grad_position[param_id]
        dest_tensor = self.single_partition_of_fp32_groups[i].overlap_grad[now_state].view(
            -1).narrow(0, dest_offset, num_elements)
        grad_accum = self.get_param_gradient_attribute(param)
        if grad_accum is None:  # expect: DW101, DW303 "(lines {+0}-{+3}), which DeepSpeedZeroOptimizer.async_inplace_copy_grad_to_fp32_buffer_from_gpu had until"
            src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)  # expect: DW201 "on line {-1}"
        else:
            src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)
        if not self.fp16_master_weights_and_gradients:  # ok: the base still has it
            src_tensor = src_tensor.float()
        dest_tensor.copy_(src_tensor, non_blocking=True)
        param.grad = None  # ok: so does the base
