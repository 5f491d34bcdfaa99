# identifiers are NFKC-normalized: ﬁ is fi, ℌ is H, Ω is Ω, ｘ is x
ﬁle = 1
ℌ = 2
Ω = 3
ｘ = 4
𝐱 = 5
ℯ = 6
ª = 7
print(file, H, Ω, x, e, a)
