# The bug that started deadwood: ZenFlow's override of async_inplace_copy_grad_to_fp32_buffer_from_gpu
# (deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py), copied from the base class before the base
# fixed it. Both arms are the same code (DW101), and the arm for the missing gradient
# dereferences the None it just tested for (DW201).


class ZenFlowZeroOptimizerParallel:
    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param, fp32_grad_tensor):
        partition_id = self.partition_id
        source_offset, num_elements = self.grad_position[self.get_param_id(param)][1:3]
        grad_accum = self.get_param_gradient_attribute(param)
        if grad_accum is None:  # expect: DW101 "decides nothing"
            src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)  # expect: DW201 "on line {-1}"
        else:
            src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)
        dest_tensor = fp32_grad_tensor.view(-1).narrow(0, 0, num_elements)
        dest_tensor.copy_(src_tensor, non_blocking=True)
        return partition_id


class DeepSpeedZeroOptimizer:
    # The base class after #7431: no branch at all.
    def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param, fp32_grad_tensor):
        source_offset, num_elements = self.grad_position[self.get_param_id(param)][1:3]
        grad_accum = self.get_param_gradient_attribute(param)
        assert grad_accum is not None  # ok: the fix
        src_tensor = grad_accum.view(-1).narrow(0, source_offset, num_elements)  # ok
        fp32_grad_tensor.view(-1).narrow(0, 0, num_elements).copy_(src_tensor)
