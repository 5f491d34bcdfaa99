# A parameter list cut short while editing: CPython points at the `:`.
import torch


def train_step(:  # expect: DW000 "invalid syntax"
    loss = model(batch)
    loss.backward()
