"""ZeRO stage 1 and 2, reduced to the methods the review thread talks about."""
from ..base_optimizer import ZeROOptimizer


class DeepSpeedZeroOptimizer(ZeROOptimizer):
    def __init__(self, init_optimizer, partition_grads=True, overlap_comm=False,
                 contiguous_gradients=True, cpu_offload=False, use_grad_accum_attribute=False):
        self.optimizer = init_optimizer
        self.partition_gradients = partition_grads
        self.overlap_comm = overlap_comm
        self.contiguous_gradients = contiguous_gradients
        self.cpu_offload = cpu_offload
        self.use_grad_accum_attribute = use_grad_accum_attribute
        self.is_gradient_accumulation_boundary = True
        self.fp16_master_weights_and_gradients = False
        self.coalesced_reduction = False
        self.params_in_ipg_bucket = []
        self.is_param_in_current_partition = {}
        self.norm_for_param_grads = {}
        self.grad_position = {}
        self.single_partition_of_fp32_groups = []
        self.bit16_groups = []
        self.local_overflow = False
        self.dtype = None

    def get_param_id(self, param):
        return id(param)

    def get_param_gradient_attribute(self, param):
        return param.grad_accum if self.use_grad_accum_attribute else param.grad

    def get_gradient_for_reduction(self, param):
        if self.use_grad_accum_attribute:
            return param.grad_accum.to(self.dtype) if param.grad_accum is not None else None  # ok: guarded by the conditional expression
        else:
            return param.grad

    def clear_grad_attribute(self, param):
        if self.use_grad_accum_attribute:
            param.grad_accum = None
        else:
            param.grad = None

    def _fill_param_grad_accum_attribute(self, param):
        if param.grad is not None:
            if param.grad_accum is None:
                param.grad_accum = param.grad.to(self.dtype)
            else:
                param.grad_accum.add_(param.grad.to(self.dtype).view(param.grad_accum.shape))
            param.grad = None

    def update_offload_overflow_tracker_for_param_grad(self, param):
        grad_accum = self.get_param_gradient_attribute(param)
        if grad_accum is not None and self._has_inf_or_nan(grad_accum.data):
            self.local_overflow = True

    def _has_inf_or_nan(self, x):
        return bool(x.isinf().any() or x.isnan().any())

    def set_norm_for_param_grad_in_gpu(self, param):
        param_id = self.get_param_id(param)
        grad_accum = self.get_param_gradient_attribute(param)
        if grad_accum is None:
            accumulated_grad = param.grad
        else:
            accumulated_grad = grad_accum

        [i, source_offset, dest_offset, num_elements] = self.grad_position[param_id]

        start = source_offset
        accumulated_grad = accumulated_grad.view(-1).narrow(0, start, num_elements)  # ok: the fallback reads param.grad, not the None it tested

        self.norm_for_param_grads[param_id] = accumulated_grad.data.double().norm(2)

    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param):
        param_id = self.get_param_id(param)

        [i, source_offset, dest_offset, num_elements] = self.grad_position[param_id]

        dest_tensor = self.single_partition_of_fp32_groups[i].grad.view(-1).narrow(
            0, dest_offset, num_elements)

        grad_accum = self.get_param_gradient_attribute(param)
        assert grad_accum is not None

        src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)  # ok: the base was fixed with an assert
        if not self.fp16_master_weights_and_gradients:
            src_tensor = src_tensor.float()

        dest_tensor.copy_(src_tensor, non_blocking=True)
        param.grad = None  # offload only

    def _restore_cpu_offload_grad_to_gpu(self, param):
        param.grad_accum = param.grad_cpu.to(param.device)

    def _finalize_cpu_offload_gradient_accumulation(self):
        for param in self.params_in_ipg_bucket:
            self._restore_cpu_offload_grad_to_gpu(param)
            self.set_norm_for_param_grad_in_gpu(param)
            self.update_offload_overflow_tracker_for_param_grad(param)
            self.async_inplace_copy_grad_to_fp32_buffer_from_gpu(param)

    def copy_grads_in_partition(self, param):
        if self.cpu_offload:
            if self.is_gradient_accumulation_boundary:
                self.set_norm_for_param_grad_in_gpu(param)

                self.update_offload_overflow_tracker_for_param_grad(param)

                self.async_inplace_copy_grad_to_fp32_buffer_from_gpu(param)

            return
        self.grads_in_partition_offset += param.numel()

    def reduce_ipg_grads(self):
        for param in self.params_in_ipg_bucket:
            param_id = self.get_param_id(param)
            if not self.is_param_in_current_partition[param_id]:
                if self.overlap_comm and self.contiguous_gradients is False:
                    self.clear_grad_attribute(param)
                elif self.contiguous_gradients:
                    self.copy_grads_in_partition(param)
            else:  # zero stage 1 - partition only optimizer state
                if self.contiguous_gradients and self.is_param_in_current_partition[param_id]:
                    self.copy_grads_in_partition(param)
        self.params_in_ipg_bucket = []

    def reduce_independent_p_g_buckets_and_remove_grads(self, param, i):
        self.params_in_ipg_bucket.append(param)
        if len(self.params_in_ipg_bucket) >= 2:
            self.reduce_ipg_grads()

    def reduce_ready_partitions_and_remove_grads(self, param, i):
        if self.partition_gradients or self.is_gradient_accumulation_boundary:
            self.reduce_independent_p_g_buckets_and_remove_grads(param, i)

    def reduce_gradients(self, pipeline_parallel=False):
        if pipeline_parallel and self.contiguous_gradients:
            self.ipg_buffer = []

        if not self.overlap_comm:
            for i, group in enumerate(self.bit16_groups):
                for param in group:
                    grad_reduc = self.get_gradient_for_reduction(param)
                    if grad_reduc is not None:
                        self.reduce_ready_partitions_and_remove_grads(param, i)

        self.overlapping_partition_gradients_reduce_epilogue()

    def overlapping_partition_gradients_reduce_epilogue(self):
        self.reduce_ipg_grads()

    def process_gradients(self, param, i):
        if self.coalesced_reduction:
            return  # the engine's coalesced flush reduces it
        if self.use_grad_accum_attribute:
            self._fill_param_grad_accum_attribute(param)
        self.reduce_ready_partitions_and_remove_grads(param, i)

    def create_gradient_handling_hooks(self):
        for i, param_group in enumerate(self.bit16_groups):
            for param in param_group:
                if param.requires_grad:

                    def grad_handling_hook(*notneeded):
                        self.process_gradients(param, i)

                    param.register_post_accumulate_grad_hook(grad_handling_hook)
