# DW102 look-alikes: conditional expressions whose results differ, however slightly.
import os


def pick(a, b, c, x, cfg):
    r1 = a if c else b  # ok: different names
    r2 = x.a if c else x.b  # ok: different attributes
    r3 = f(1) if c else f(2)  # ok: different arguments
    r4 = "a" if c else b"a"  # ok: str vs bytes
    r5 = 1 if c else 1.0  # ok: int vs float
    r6 = 1 if c else True  # ok: int vs bool
    r7 = x[0] if c else x[1]  # ok: different index
    r8 = -x if c else x  # ok: negated
    r9 = x if x else None  # ok: the test is the value, the results differ
    r10 = (a, b) if c else [a, b]  # ok: tuple vs list
    r11 = {} if c else set()  # ok: dict vs set
    r12 = f"{a}" if c else f"{a!r}"  # ok: conversion differs
    r13 = a if c else (a if x else b)  # ok: the orelse is another conditional
    r14 = not a if c else a  # ok: `not`
    r15 = cfg.get("lr", 0.1) if c else cfg.get("lr", 0.01)  # ok: default differs
    r16 = x[1:] if c else x[:1]  # ok: slices differ
    r17 = a + b if c else b + a  # ok: operand order
    r18 = (lambda: a) if c else (lambda: b)  # ok: lambda bodies differ
    r19 = [y for y in x] if c else [y for y in x if y]  # ok: filter
    r20 = os.sep if c else os.pathsep  # ok: different attributes of one module
    return (r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17, r18,
            r19, r20)


# A conditional statement with equal arms is DW101, not DW102.
def same(c):
    value = 1 if c else 2  # ok
    return value
