"""A miniature of the training framework whose review motivated deadwood (see README).

stage_1_and_2.py holds the base optimizer, fixed by a static-analysis review; zenflow.py holds a
subclass whose override was copied from the base before the fix and still carries the defect.
"""
