"""The base ZeRO stage 1/2 optimizer (reduced to the parts the review talked about)."""


class DeepSpeedZeroOptimizer:
    def __init__(self, use_grad_accum_attribute=False, overlap_comm=False):
        self.use_grad_accum_attribute = use_grad_accum_attribute
        self.overlap_comm = overlap_comm
        self.fp32_groups = []

    def get_param_gradient_attribute(self, param):
        return param.grad_accum if self.use_grad_accum_attribute else param.grad

    def get_gradient_for_reduction(self, param):
        if self.use_grad_accum_attribute:
            return param.grad_accum.to(self.dtype) if param.grad_accum is not None else None
        return param.grad

    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param, source_offset, num_elements):
        # fixed after a static-analysis review: the None case is a contract violation
        grad_accum = self.get_param_gradient_attribute(param)
        assert grad_accum is not None

        src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)
        dest_tensor = self.fp32_groups[param.group].narrow(0, source_offset, num_elements)
        dest_tensor.copy_(src_tensor, non_blocking=True)
        return dest_tensor

    def copy_grads_in_partition(self, param):
        self.async_inplace_copy_grad_to_fp32_buffer_from_gpu(param, 0, param.numel())

    def reduce_ready_partitions_and_remove_grads(self, param):
        self.copy_grads_in_partition(param)

    def reduce_gradients(self, params):
        if not self.overlap_comm:
            for param in params:
                grad_reduc = self.get_gradient_for_reduction(param)
                if grad_reduc is not None:
                    self.reduce_ready_partitions_and_remove_grads(param)
