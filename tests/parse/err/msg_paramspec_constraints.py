# constraints on a ParamSpec
class C[**P: (int, str)]: pass
