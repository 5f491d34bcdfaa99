# deadwood — build, test, demo, bench.  `make help` lists the targets.
CC      ?= cc
PYTHON  ?= python3
PYTHON313 ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3) python3.13)
PREFIX  ?= /usr/local
# The sources, flags and libraries of the program: sources.mk, which the Python package's build
# (setup.py) reads too.
include sources.mk
CFLAGS_BASE := $(STD) -Isrc -Ibuild/gen $(WARN) -MMD -MP
ASAN_CFLAGS    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
UNLISTED := $(filter-out $(LIB_SRC) $(CLI_SRC),$(shell find src -name '*.c'))
$(if $(UNLISTED),$(error sources.mk does not list $(UNLISTED)))
DRIVER_SRC := $(wildcard tests/drivers/*.c)
RULE_SRC   := $(wildcard src/checks/*.c)

rel_obj  = $(patsubst %.c,build/release/%.o,$(1))
asan_obj = $(patsubst %.c,build/asan/%.o,$(1))
DRIVERS      := $(patsubst tests/drivers/%.c,build/release/bin/%,$(DRIVER_SRC))
ASAN_DRIVERS := $(patsubst tests/drivers/%.c,build/asan/bin/%,$(DRIVER_SRC))

.PHONY: all test demo bench robustness conformance fix-conformance fuzz install clean format regen \
        help drivers ecosystem package-test
all: deadwood

deadwood: $(call rel_obj,$(LIB_SRC) $(CLI_SRC))
	$(CC) $(RELEASE_CFLAGS) -o $@ $^ $(LDLIBS)

deadwood-asan: $(call asan_obj,$(LIB_SRC) $(CLI_SRC))
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(LDLIBS)

# Each rule's documentation is its file's head comment, turned into a string at build time.
build/gen/rule_docs.h: tools/rule_docs.sh $(RULE_SRC)
	@mkdir -p $(dir $@)
	tools/rule_docs.sh $(RULE_SRC) > $@.tmp && mv $@.tmp $@
$(call rel_obj,$(RULE_SRC)) $(call asan_obj,$(RULE_SRC)): build/gen/rule_docs.h

build/release/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(RELEASE_CFLAGS) -c $< -o $@

build/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(ASAN_CFLAGS) -c $< -o $@

build/release/bin/%: build/release/tests/drivers/%.o $(call rel_obj,$(LIB_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(RELEASE_CFLAGS) -o $@ $^ $(LDLIBS)

build/asan/bin/%: build/asan/tests/drivers/%.o $(call asan_obj,$(LIB_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(LDLIBS)

drivers: $(DRIVERS) $(ASAN_DRIVERS)

# The whole suite: unit tests, parser conformance against CPython, fixtures, CLI end to end —
# once with the release build and once under AddressSanitizer + UndefinedBehaviorSanitizer.
# STRICT=1 (and CI=true, as in .ci/run): a check that would be skipped fails.
test: deadwood deadwood-asan drivers
	$(PYTHON) tests/run.py $(if $(filter-out 0,$(STRICT)),--strict)

# The Python package offline: the wheel built and installed into a fresh venv, NEEDED and the
# platform tag, pipx, and the pre-commit hook end to end (also part of `make test`).
package-test:
	$(PYTHON) tests/run.py tests/package/

conformance: deadwood build/release/bin/unit_bodies
	$(PYTHON) tests/parse/conformance.py --all-versions
	$(PYTHON) tests/index/bodies_stdlib.py

# `check --fix --unsafe-fixes --select ALL` on a copy of every installed stdlib (3.8+): every file
# CPython 3.13 parsed still parses, no finding appears, the findings gone are the ones fixed.
fix-conformance: deadwood
	$(PYTHON) tests/fix/conformance.py

# The example, then DW303 on the seed's story built as a repository (tests/checks/DW303/seed).
demo: deadwood
	./deadwood check examples/zenflow || true
	@rm -rf build/demo && $(PYTHON) -c 'import sys; sys.path.insert(0, "tests/lib"); import gitstory; gitstory.Story("tests/checks/DW303/seed", "build/demo/seed")'
	cd build/demo/seed && ../../../deadwood check --no-cache --select DW303 . || true

bench: deadwood build/release/bin/glob_steps
	bench/run.sh

# deadwood on real projects (tools/ecosystem.repos, prepared by `tools/ecosystem prepare`);
# with BASE=<commit>, what the working tree's build changes in the findings against that commit.
ecosystem: deadwood
	tools/ecosystem $(if $(BASE),compare --base $(BASE) --out build/ecosystem,run --out build/ecosystem/head)

# How the work grows with hostile input (bench/robustness/): fails past n log n. The glob
# families count the states of the automaton with a test driver.
robustness: deadwood build/release/bin/glob_steps
	$(PYTHON) bench/robustness/run.py

fuzz:
	$(MAKE) -C fuzz SECONDS=$(or $(SECONDS),60)

install: deadwood
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 deadwood $(DESTDIR)$(PREFIX)/bin/deadwood
	install -m 644 man/deadwood.1 $(DESTDIR)$(PREFIX)/share/man/man1/deadwood.1

format:
	clang-format -i $$(find src tests fuzz -name '*.[ch]' 2>/dev/null)

# Generated sources (committed; tests/build/run.py checks they are current).
regen:
	$(PYTHON313) tools/gen_encodings.py
	$(PYTHON313) tools/gen_unicode.py

clean:
	rm -rf build deadwood deadwood-asan deadwood.egg-info

help:
	@echo "make            build ./deadwood"
	@echo "make test       the whole test suite (release and ASan+UBSan)"
	@echo "make test STRICT=1  the same, with every skip a failure (as under CI)"
	@echo "make demo       deadwood check on the bundled example"
	@echo "make package-test  the Python package offline: wheel, venv, pipx, pre-commit hook"
	@echo "make conformance  parser against CPython on every installed stdlib, and the"
	@echo "                  override rules' on-demand method hashes on the same files"
	@echo "make fix-conformance  --fix --unsafe-fixes on a copy of every installed stdlib, judged"
	@echo "                  by CPython 3.13 (files still parse, only fixed findings go)"
	@echo "make bench      benchmarks (writes bench/RESULTS.md)"
	@echo "make ecosystem [BASE=rev]  deadwood on real projects; with BASE, the change in findings"
	@echo "make robustness growth of time and memory with hostile input, at most n log n"
	@echo "                (bench/robustness/; writes bench/work/robustness.md)"
	@echo "make fuzz SECONDS=N  libFuzzer targets"
	@echo "make install PREFIX=...  binary and man page"

-include $(shell find build -name '*.d' 2>/dev/null)
