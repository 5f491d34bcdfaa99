"""The Python package's build: compiles the deadwood executable from the C sources and flags that
sources.mk lists (the Makefile's own list), and ships it as the wheel's only script, so that
`pip install`, `pipx install` and pre-commit put `deadwood` on the PATH. No Python code is
installed; the wheel is tagged py3-none-<platform>, the platform computed from the executable
(tools/elf_deps.py: manylinux_2_Y for the newest glibc symbol version it requires).

The compiler is $CC (default cc), as for `make`. The flags are sources.mk's, less -Werror:
warnings stay visible, but a compiler newer than the developers' must not fail a user's
install over a new warning (the Makefile keeps -Werror for the developers)."""
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup

try:
    from setuptools.command.build_scripts import build_scripts
except ImportError:  # setuptools < 67 has only distutils' (its own copy)
    from distutils.command.build_scripts import build_scripts

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # setuptools >= 70.1 has its own
    from setuptools.command.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "tools"))
import elf_deps  # noqa: E402


def read_make_vars(path):
    """The `NAME := value` assignments of a makefile made only of those (and comments)."""
    with open(path) as f:
        text = re.sub(r"\\\n", " ", f.read())
    out = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, value = line.partition(":=")
            if not sep:
                raise ValueError(f"{path}: not a `NAME := value` line: {line}")
            out[name.strip()] = shlex.split(value)
    return out


def version():
    with open(os.path.join(HERE, "src", "cli", "cli.h")) as f:
        return re.search(r'#define DEADWOOD_VERSION "([^"]+)"', f.read()).group(1)


class BuildDeadwood(build_scripts):
    """Compiles the executable into the scripts build directory, whence install_scripts puts it
    into the wheel's scripts."""

    def run(self):
        mk = read_make_vars(os.path.join(HERE, "sources.mk"))
        cc = shlex.split(os.environ.get("CC") or "cc")
        gen = os.path.join(self.build_temp, "gen")
        obj_dir = os.path.join(self.build_temp, "obj")
        os.makedirs(gen, exist_ok=True)
        # the rules' documentation, generated as the Makefile does
        rules = sorted(f for f in mk["LIB_SRC"] if f.startswith("src/checks/"))
        with open(os.path.join(gen, "rule_docs.h"), "wb") as f:
            subprocess.run(["sh", "tools/rule_docs.sh"] + rules, cwd=HERE, stdout=f, check=True)
        warn = [w for w in mk["WARN"] if w != "-Werror"]
        cflags = mk["STD"] + ["-Isrc", "-I" + os.path.abspath(gen)] + warn + mk["RELEASE_CFLAGS"]
        sources = mk["LIB_SRC"] + mk["CLI_SRC"]
        objects = [os.path.abspath(os.path.join(obj_dir, s[:-2] + ".o")) for s in sources]

        def compile_one(src_obj):
            src, obj = src_obj
            os.makedirs(os.path.dirname(obj), exist_ok=True)
            cmd = cc + cflags + ["-c", src, "-o", obj]
            p = subprocess.run(cmd, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            return " ".join(cmd), p.returncode, p.stdout.decode(errors="replace")

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            for cmd, rc, out in pool.map(compile_one, zip(sources, objects)):
                print(cmd)
                sys.stdout.write(out)
                if rc:
                    raise SystemExit(f"deadwood: compiling failed: {cmd}")
        os.makedirs(self.build_dir, exist_ok=True)
        exe = os.path.join(self.build_dir, "deadwood")
        link = cc + mk["RELEASE_CFLAGS"] + ["-o", exe] + objects + mk["LDLIBS"]
        print(" ".join(link))
        subprocess.run(link, cwd=HERE, check=True)

    def initialize_options(self):
        super().initialize_options()
        self.build_temp = None

    def get_source_files(self):  # for the sdist: MANIFEST.in names them
        return []

    def finalize_options(self):
        super().finalize_options()
        self.set_undefined_options("build", ("build_temp", "build_temp"))


class WheelTag(bdist_wheel):
    """py3-none-<the executable's platform>: any Python 3 can install it; the platform is what
    the executable needs of the C library."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        build = self.get_finalized_command("build_scripts")
        return "py3", "none", elf_deps.platform_tag(os.path.join(build.build_dir, "deadwood"))


setup(
    version=version(),
    scripts=["deadwood"],  # the executable, which BuildDeadwood makes (not a file of the tree)
    cmdclass={"build_scripts": BuildDeadwood, "bdist_wheel": WheelTag},
    data_files=[("share/man/man1", ["man/deadwood.1"])],
    # setuptools' build tree, apart from the Makefile's build/release, build/asan, build/gen
    options={"build": {"build_base": "build/wheel"}},
)
