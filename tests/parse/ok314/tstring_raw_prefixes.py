x = rt'{a}' Rt'{b}' tR'{c}' TR'{d}'
