"""MurmurHash3 x64_128 (the hash the result cache keyed file contents by until issue 22), and the
construction of two different files with the same hash: every step of one 16-byte block is
invertible and each half of the block sets one half of the state, so one chosen block takes any
state to any other. Used by cases_cache.py to show that the cache no longer confuses them."""
M = (1 << 64) - 1
C1, C2 = 0x87c37b91114253d5, 0x4cf5ad432745937f


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M


def rotr(x, r):
    return rotl(x, 64 - r)


def fmix(k):
    k ^= k >> 33
    k = (k * 0xff51afd7ed558ccd) & M
    k ^= k >> 33
    k = (k * 0xc4ceb9fe1a85ec53) & M
    return k ^ (k >> 33)


def block(h1, h2, k1, k2):
    k1 = (rotl((k1 * C1) & M, 31) * C2) & M
    h1 ^= k1
    h1 = (rotl(h1, 27) + h2) & M
    h1 = (h1 * 5 + 0x52dce729) & M
    k2 = (rotl((k2 * C2) & M, 33) * C1) & M
    h2 ^= k2
    h2 = (rotl(h2, 31) + h1) & M
    h2 = (h2 * 5 + 0x38495ab5) & M
    return h1, h2


def state(data, seed=0):
    """The state after the whole 16-byte blocks of data."""
    h1 = h2 = seed
    for i in range(0, len(data) // 16 * 16, 16):
        h1, h2 = block(h1, h2, int.from_bytes(data[i:i + 8], "little"),
                       int.from_bytes(data[i + 8:i + 16], "little"))
    return h1, h2


def murmur3_x64_128(data, seed=0):
    h1, h2 = state(data, seed)
    tail = data[len(data) // 16 * 16:]
    k1 = int.from_bytes(tail[:8], "little")
    k2 = int.from_bytes(tail[8:16], "little")
    if len(tail) > 8:
        h2 ^= (rotl((k2 * C2) & M, 33) * C1) & M
    if tail:
        h1 ^= (rotl((k1 * C1) & M, 31) * C2) & M
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & M
    h2 = (h2 + h1) & M
    h1, h2 = fmix(h1), fmix(h2)
    h1 = (h1 + h2) & M
    h2 = (h2 + h1) & M
    return h1, h2


INV5 = pow(5, -1, 1 << 64)
INV_C1, INV_C2 = pow(C1, -1, 1 << 64), pow(C2, -1, 1 << 64)


def fixup(h1, h2, t1, t2):
    """The 16-byte block that takes state (h1, h2) to (t1, t2): every step of a block is
    invertible, and each half of the block sets one half of the state."""
    a = (((t1 - 0x52dce729) * INV5) - h2) & M        # rotl(h1 ^ K1, 27)
    K1 = rotr(a, 27) ^ h1
    b = (((t2 - 0x38495ab5) * INV5) - t1) & M        # rotl(h2 ^ K2, 31)
    K2 = rotr(b, 31) ^ h2
    k1 = (rotr((K1 * INV_C2) & M, 31) * INV_C1) & M
    k2 = (rotr((K2 * INV_C1) & M, 33) * INV_C2) & M
    return k1.to_bytes(8, "little") + k2.to_bytes(8, "little")


def colliding_pair(body_a, head_b, suffix=b"\n"):
    """Two files of equal length and equal MurmurHash3 (seed 0): body_a, padded with a comment,
    and head_b (which must declare `# coding: latin-1`, since the fixup block is arbitrary bytes)
    followed by a comment ending in the 16-byte fixup block. Both end with suffix."""
    size = max(len(body_a) + 2, len(head_b) + 20) // 16 * 16 + 32
    a = body_a + b"#" + b"a" * (size - len(body_a) - 1) + suffix
    target = state(a[:size])
    for n in range(10000):
        tag = b"#%d" % n
        pre = head_b + tag + b"b" * (size - 16 - len(head_b) - len(tag))
        y = fixup(*state(pre), *target)
        if not set(y) & {0, 10, 13}:  # inside a comment: no NUL and no line end
            return a, pre + y + suffix
    raise AssertionError("no fixup block without a line end")
