class DeepSpeedZeroOptimizer:
    def get_param_gradient_attribute(self, param):
        return param.grad_accum if self.use_grad_accum_attribute else param.grad

    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param):
        param_id = self.get_param_id(param)
        [i, source_offset, dest_offset, num_elements] = self.grad_position[param_id]
        dest_tensor = self.single_partition_of_fp32_groups[i].grad.view(-1).narrow(
            0, dest_offset, num_elements)
        grad_accum = self.get_param_gradient_attribute(param)
        assert grad_accum is not None
        src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)
        if not self.fp16_master_weights_and_gradients:
            src_tensor = src_tensor.float()
        dest_tensor.copy_(src_tensor, non_blocking=True)
        param.grad = None

    def step(self, closure=None):
        self.timers("optimizer_step").start()
        self._optimizer_step(0)
        self.timers("optimizer_step").stop()
        self.timers.log(["optimizer_step"])
        return None
