"""What a Linux executable needs from the system, read from its ELF file (no binutils): the
shared libraries (DT_NEEDED) and the symbol versions it requires of each (.gnu.version_r), and
from those the wheel platform tag, as auditwheel decides it: manylinux_2_Y for the newest
GLIBC_2.Y it requires, provided it needs no library outside glibc's.

Used by setup.py (the wheel's tag) and tests/package/run.py (the NEEDED check)."""
import platform
import struct

# The libraries of the C library itself, which every manylinux policy allows. On glibc >= 2.34
# libpthread and libdl are stubs folded into libc.so.6, so a build there needs only libc (and
# libm if it calls a math function); on older glibc the threads need libpthread.so.0.
GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1"}

SHT_DYNAMIC, SHT_GNU_VERNEED = 6, 0x6FFFFFFE
DT_NULL, DT_NEEDED = 0, 1


def read(path):
    """(needed libraries, {library: [version names]}) of the ELF file at path."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError(f"{path}: not an ELF file")
    is64, little = data[4] == 2, data[5] == 1
    e = "<" if little else ">"
    if is64:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(e + "HH", data, 0x3A)
        sec_fmt = e + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(e + "HH", data, 0x2E)
        sec_fmt = e + "IIIIIIIIII"
    sections = [struct.unpack_from(sec_fmt, data, shoff + i * shentsize) for i in range(shnum)]

    def string(section, off):
        base = sections[section][4] + off  # sh_offset
        return data[base:data.index(b"\0", base)].decode()

    needed, versions = [], {}
    for sh in sections:
        sh_type, sh_offset, sh_size, sh_link = sh[1], sh[4], sh[5], sh[6]
        if sh_type == SHT_DYNAMIC:
            fmt, size = (e + "qQ", 16) if is64 else (e + "iI", 8)
            for off in range(sh_offset, sh_offset + sh_size, size):
                tag, val = struct.unpack_from(fmt, data, off)
                if tag == DT_NULL:
                    break
                if tag == DT_NEEDED:
                    needed.append(string(sh_link, val))
        elif sh_type == SHT_GNU_VERNEED:
            off = sh_offset
            while True:
                _, cnt, file_, aux, nxt = struct.unpack_from(e + "HHIII", data, off)
                names = versions.setdefault(string(sh_link, file_), [])
                a = off + aux
                for _ in range(cnt):
                    _, _, _, name, anext = struct.unpack_from(e + "IHHII", data, a)
                    names.append(string(sh_link, name))
                    a += anext
                if not nxt:
                    break
                off += nxt
    return needed, versions


def glibc_required(versions):
    """The newest GLIBC_x.y among the versions required, as (x, y), or None."""
    found = [tuple(int(p) for p in v[6:].split("."))
             for names in versions.values() for v in names
             if v.startswith("GLIBC_") and v[6:].replace(".", "").isdigit()]
    return max(found)[:2] if found else None


def platform_tag(path):
    """The wheel platform tag the executable at path deserves: manylinux_X_Y_<arch> when it
    needs only glibc's libraries, else linux_<arch> (installable only where it was built)."""
    needed, versions = read(path)
    arch = platform.machine()
    glibc = glibc_required(versions)
    if glibc and set(needed) <= GLIBC_LIBRARIES:
        return "manylinux_%d_%d_%s" % (glibc[0], glibc[1], arch)
    return "linux_" + arch
