"""Git repositories built from a story: the fixtures of DW303 (stale-override), which needs a
history to read. A story is a directory holding a file `story` and the snapshots it names; each
line of `story` is one step (blank lines and `#` comments aside):

  commit DIR DATE AUTHOR MESSAGE   copy the files under DIR (a snapshot, relative to the story's
                                   directory; `-` for none) over the work tree, stage everything,
                                   commit with MESSAGE, author and committer AUTHOR
                                   <AUTHOR@example.com>, both dated DATE (YYYY-MM-DD, noon UTC)
  branch NAME                      create branch NAME here and switch to it
  checkout NAME                    switch to branch NAME
  merge NAME DATE AUTHOR MESSAGE   merge branch NAME into the current one (always a merge commit)
                                   (in a MESSAGE, `\n` is a new line: a subject, then a body)
  mv OLD NEW                       git mv (committed by the next commit)
  rm PATH                          git rm (committed by the next commit)
  edit DIR                         copy DIR's files over the work tree, uncommitted
  check DIR                        deadwood is to be run in this subdirectory (default: the top)

The first branch is `main`. Everything git would take from the machine (configuration, hooks,
the user's name, the time) is fixed, so a story gives the same commits, ids included, anywhere.
"""
import os
import shutil
import subprocess


def git_env(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({"HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C", "TZ": "UTC",
                "GIT_CONFIG_GLOBAL": os.path.join(home, ".gitconfig")})
    return env


def git(args, cwd, env, **kw):
    return subprocess.run(["git"] + list(args), cwd=cwd, env=env, check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def _who(author, date, env):
    e = dict(env)
    stamp = f"{date}T12:00:00+00:00"
    e.update({"GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": f"{author}@example.com",
              "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": f"{author}@example.com",
              "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp})
    return e


def _copy(src, dst):
    for d, _, files in os.walk(src):
        for name in files:
            rel = os.path.relpath(os.path.join(d, name), src)
            os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
            shutil.copyfile(os.path.join(d, name), os.path.join(dst, rel))


class Story:
    """A story's repository, built in `into` (which must not exist): .repo, .check_dir, .env."""

    def __init__(self, story_dir, into):
        self.dir = story_dir = os.path.abspath(story_dir)
        self.repo = into = os.path.abspath(into)
        home = into + "-home"
        os.makedirs(home, exist_ok=True)
        self.env = git_env(home)
        with open(os.path.join(home, ".gitconfig"), "w") as f:
            f.write("[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
        os.makedirs(into)
        git(["init", "-q"], into, self.env)
        self.check_dir = into
        with open(os.path.join(story_dir, "story")) as f:
            for no, line in enumerate(f, 1):
                line = line.strip()
                if line and not line.startswith("#"):
                    self.step(line, no)

    def step(self, line, no):
        word, _, rest = line.partition(" ")
        try:
            if word in ("commit", "merge"):
                what, date, author, message = rest.split(" ", 3)
                message = message.replace("\\n", "\n")  # `\n` in a story: a new line
                e = _who(author, date, self.env)
                if word == "merge":
                    git(["merge", "-q", "--no-ff", "-m", message, what], self.repo, e)
                    return
                if what != "-":
                    _copy(os.path.join(self.dir, what), self.repo)
                git(["add", "-A"], self.repo, e)
                git(["commit", "-q", "--allow-empty", "-m", message], self.repo, e)
            elif word == "branch":
                git(["checkout", "-q", "-b", rest], self.repo, self.env)
            elif word == "checkout":
                git(["checkout", "-q", rest], self.repo, self.env)
            elif word == "mv":
                old, new = rest.split()
                os.makedirs(os.path.dirname(os.path.join(self.repo, new)) or self.repo,
                            exist_ok=True)
                git(["mv", old, new], self.repo, self.env)
            elif word == "rm":
                git(["rm", "-q", rest], self.repo, self.env)
            elif word == "edit":
                _copy(os.path.join(self.dir, rest), self.repo)
            elif word == "check":
                self.check_dir = os.path.join(self.repo, rest)
            else:
                raise ValueError(f"unknown step {word!r}")
        except (ValueError, subprocess.CalledProcessError) as e:
            err = getattr(e, "stderr", "") or ""
            raise RuntimeError(f"{self.dir}/story:{no}: {line}: {e} {err}") from None

    def commit(self, message, date="2025-09-01", author="erin"):
        """Commits everything in the work tree (for tests that go on from a story)."""
        e = _who(author, date, self.env)
        git(["add", "-A"], self.repo, e)
        git(["commit", "-q", "--allow-empty", "-m", message], self.repo, e)

    def python_files(self):
        out = []
        for d, dirs, files in os.walk(self.repo):
            dirs[:] = [x for x in dirs if x != ".git"]
            out += [os.path.join(d, f) for f in files if f.endswith(".py")]
        return sorted(out)


def stories(folder):
    """The story directories directly under folder."""
    return sorted(os.path.join(folder, d) for d in os.listdir(folder)
                  if os.path.isfile(os.path.join(folder, d, "story")))


def many_copies(into, n, fixes, adopt=False):
    """A hostile history for DW303 (tests/robust/copies.py, bench/robustness/history.py): n
    classes in subs.py copy Base.m of base.py, then `fixes` commits ("Fix crash j") each change
    one statement of Base.m that every copy keeps (`x.call_j(y, z)` gets `safe=True`). With adopt,
    the first copy is Base.m as it ends (it took every fix: no change is the base's own, and each
    other copy is stale once per fix). Returns {copy: [line of its statement fix j changed]}."""
    into = os.path.abspath(into)
    os.makedirs(into)
    env = git_env(into)
    git(["init", "-q", "-b", "main"], into, env)

    def body(done):
        calls = [f"        x.call_{j}(y, z{', safe=True' if j < done else ''})\n"
                 for j in range(fixes)]
        kept = [f"        q = x.step_{j}(q)\n" for j in range(fixes)]  # (so each stays a copy)
        return ("    def m(self, x):\n        y = x + 1\n        z = y * 2\n        w = z - 3\n"
                "        q = w / 4\n" + "".join(kept + calls) + "        return q\n")

    def write(name, text):
        with open(os.path.join(into, name), "w") as f:
            f.write(text)

    write("base.py", "class Base:\n" + body(0))
    parts, stale, line = ["from base import Base\n"], {}, 2
    for i in range(n):
        own = body(fixes) if adopt and i == 0 else body(0).replace("x + 1", f"x + {i + 2}")
        parts.append(f"class C{i}(Base):\n" + own)
        if not (adopt and i == 0):
            stale[i] = [line + 6 + fixes + j for j in range(fixes)]
        line += own.count("\n") + 1
    write("subs.py", "".join(parts))
    git(["add", "-A"], into, _who("erin", "2024-01-01", env))
    git(["commit", "-q", "-m", "Start"], into, _who("erin", "2024-01-01", env))
    for j in range(1, fixes + 1):
        write("base.py", "class Base:\n" + body(j))
        e = _who("erin", f"2024-02-{j % 28 + 1:02d}", env)
        git(["commit", "-q", "-am", f"Fix crash {j}"], into, e)
    return stale
