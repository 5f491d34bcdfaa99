"""corpus.py — the corpora every benchmark runs on, built under bench/work/corpus/.

Offers:
  Corpus                   a named list of files (absolute paths), its byte count, a list file
                           (one path a line, for tools that read one), and the tree it lives in
  stdlib_files(root)       every .py under a stdlib, site-packages excluded, sorted
  parse_corpus(...)        the CPython 3.13 stdlib itself, every .py file (the parser issue)
  compare_corpora(...)     for the side-by-side: the 3.13 stdlib files that both CPython 3.13 and
                           the interpreter the Debian tools run on can parse, hard-linked into one
                           package tree (so mypy can name the modules); its top-level modules
                           (the subset for slow tools); a smaller quick subset
  scale_tree(...)          a tree of about N bytes made of copies of every installed 3.x stdlib

Trees are made of hard links (copies where linking fails) and are rebuilt only when their
manifest does not match what is asked for.
"""
import hashlib
import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
PARSEABLE = os.path.join(os.path.dirname(HERE), "ast_parse.py")


class Corpus:
    def __init__(self, name, files, list_path, root, description):
        self.name = name
        self.files = files
        self.list_path = list_path
        self.root = root
        self.description = description
        self.bytes = sum(os.path.getsize(f) for f in files)
        self.largest = max(files, key=os.path.getsize) if files else None

    def write_list(self):
        os.makedirs(os.path.dirname(self.list_path), exist_ok=True)
        with open(self.list_path, "w", encoding="utf-8") as f:
            f.writelines(p + "\n" for p in self.files)
        return self

    def as_dict(self):
        return {"name": self.name, "files": len(self.files), "bytes": self.bytes,
                "list": self.list_path, "root": self.root, "description": self.description,
                "largest": self.largest,
                "largest_bytes": os.path.getsize(self.largest) if self.largest else 0}


def stdlib_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != "site-packages" and x != "__pycache__")
        out += [os.path.join(d, f) for f in files if f.endswith(".py")]
    return sorted(out)


def installed_stdlibs(pyenv_root):
    """[(version, lib dir)] for every ~/.pyenv/versions/3.*/lib/python3.*, oldest first."""
    vroot = os.path.join(pyenv_root, "versions")
    found = []
    if not os.path.isdir(vroot):
        return found
    for v in os.listdir(vroot):
        if not v.startswith("3."):
            continue
        lib = os.path.join(vroot, v, "lib")
        for d in sorted(os.listdir(lib)) if os.path.isdir(lib) else []:
            if d.startswith("python3.") and os.path.isfile(os.path.join(lib, d, "os.py")):
                found.append((v, os.path.join(lib, d)))
    return sorted(found, key=lambda t: tuple(int(x) for x in t[0].split(".") if x.isdigit()))


def parse_corpus(stdlib, work):
    files = stdlib_files(stdlib)
    return Corpus("stdlib-3.13", files, os.path.join(work, "lists", "parse313.txt"), stdlib,
                  "every .py file of the CPython 3.13 stdlib (%s), site-packages excluded"
                  % stdlib).write_list()


def parseable(python, listfile):
    """The files of listfile that `python` can ast.parse (runs ast_parse.py --list-ok); the
    answer is kept next to the list, keyed by the interpreter and the files' sizes and times."""
    h = hashlib.sha1(os.path.realpath(python).encode())
    with open(listfile, encoding="utf-8") as f:
        for p in f.read().splitlines():
            st = os.stat(p)
            h.update(("%s\0%d\0%d\n" % (p, st.st_size, st.st_mtime_ns)).encode())
    memo = "%s.ok-%s" % (listfile, h.hexdigest()[:16])
    if os.path.exists(memo):
        with open(memo, encoding="utf-8") as f:
            return set(f.read().splitlines())
    p = subprocess.run([python, PARSEABLE, "--list-ok", listfile], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s cannot run %s: %s" % (python, PARSEABLE, p.stderr[-500:]))
    with open(memo, "w", encoding="utf-8") as f:
        f.write(p.stdout)
    return set(p.stdout.splitlines())


def link_tree(pairs, dest, manifest):
    """Hard-links (or copies) each (src, rel) under dest unless dest's manifest is identical."""
    mpath = os.path.join(dest, ".manifest.json")
    if os.path.exists(mpath):
        with open(mpath) as f:
            if json.load(f) == manifest:
                return False
    if os.path.exists(dest):
        shutil.rmtree(dest)
    for src, rel in pairs:
        dst = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            os.link(src, dst)
        except OSError:
            shutil.copyfile(src, dst)
    with open(mpath, "w") as f:
        json.dump(manifest, f)
    return True


def compare_corpora(parse, work, py_tools, py313, quick):
    """Returns (full, top, quick_subset) for the side-by-side comparison."""
    ok = parseable(py313, parse.list_path) & parseable(py_tools, parse.list_path)
    rejected = [f for f in parse.files if f not in ok]
    rels = [(f, os.path.join("s313", os.path.relpath(f, parse.root))) for f in parse.files
            if f in ok]
    tree = os.path.join(work, "corpus", "cmp313")
    manifest = {"files": [r for _, r in rels], "sizes": [os.path.getsize(f) for f, _ in rels]}
    link_tree(rels, tree, manifest)
    init = os.path.join(tree, "s313", "__init__.py")
    if not os.path.exists(init):  # makes the tree one package: mypy names s313.os, not os
        open(init, "w").close()
    files = [os.path.join(tree, r) for _, r in rels]
    rej_bytes = sum(os.path.getsize(f) for f in rejected)
    full = Corpus("stdlib-3.13 (common)", files, os.path.join(work, "lists", "cmp313.txt"), tree,
                  "the %d files of the 3.13 stdlib that both CPython 3.13 and the Python the "
                  "Debian tools run on (%s) can parse (%d files, %d bytes left out: %s)"
                  % (len(files), py_version(py_tools), len(rejected), rej_bytes,
                     ", ".join(os.path.relpath(f, parse.root) for f in rejected[:40])))
    top_files = [f for f in files if os.path.dirname(f) == os.path.join(tree, "s313")]
    top = Corpus("stdlib-3.13 top-level", top_files, os.path.join(work, "lists", "top313.txt"),
                 tree, "the top-level modules of the common corpus (lib/python3.13/*.py, no "
                 "packages, no test/): %d files" % len(top_files))
    q_files = top_files[::6]
    qsub = Corpus("stdlib-3.13 quick", q_files, os.path.join(work, "lists", "quick313.txt"),
                  tree, "every 6th top-level module of the common corpus, in sorted order "
                  "(BENCH_QUICK=1): %d files" % len(q_files))
    return full.write_list(), top.write_list(), qsub.write_list()


def py_version(python):
    p = subprocess.run([python, "-c", "import sys; print(sys.version.split()[0])"],
                       stdout=subprocess.PIPE, text=True)
    return "%s %s" % (python, p.stdout.strip())


def scale_tree(stdlibs, target_bytes, work, label):
    """A tree of at least target_bytes: whole copies of the stdlibs (newest first, cycling),
    the last one cut at file granularity once the target is reached."""
    per = [(v, root, stdlib_files(root)) for v, root in reversed(stdlibs)]
    pairs, total, k = [], 0, 0
    while total < target_bytes and per:
        v, root, files = per[k % len(per)]
        for f in files:
            if total >= target_bytes:
                break
            pairs.append((f, os.path.join("c%d-py%s" % (k // len(per), v),
                                          os.path.relpath(f, root))))
            total += os.path.getsize(f)
        k += 1
    dest = os.path.join(work, "corpus", "scale", label)
    manifest = {"target": target_bytes, "files": len(pairs), "bytes": total,
                "sources": [r for _, r in pairs[:1]] + [r for _, r in pairs[-1:]]}
    link_tree(pairs, dest, manifest)
    return {"label": label, "root": dest, "files": len(pairs), "bytes": total,
            "target": target_bytes,
            "stdlibs": sorted({rel.split(os.sep)[0] for _, rel in pairs})}
