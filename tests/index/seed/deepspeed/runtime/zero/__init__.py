"""Re-exports, as the real package does."""
from .stage_1_and_2 import DeepSpeedZeroOptimizer
from .stage3 import DeepSpeedZeroOptimizer_Stage3

__all__ = ["DeepSpeedZeroOptimizer", "DeepSpeedZeroOptimizer_Stage3"]
