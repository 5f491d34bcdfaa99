# deadwood — build, test, demo, bench.  `make help` lists the targets.
CC      ?= cc
PYTHON  ?= python3
PYTHON313 ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3) python3.13)
PREFIX  ?= /usr/local
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Werror
CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -Isrc -Ibuild/gen $(WARN) -MMD -MP
RELEASE_CFLAGS := -O2 -g
ASAN_CFLAGS    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDLIBS  := -licuuc -lpthread -lm

LIB_SRC    := $(shell find src -name '*.c' ! -path 'src/cli/*' | LC_ALL=C sort)
CLI_SRC    := $(wildcard src/cli/*.c)
DRIVER_SRC := $(wildcard tests/drivers/*.c)
RULE_SRC   := $(wildcard src/checks/*.c)

rel_obj  = $(patsubst %.c,build/release/%.o,$(1))
asan_obj = $(patsubst %.c,build/asan/%.o,$(1))
DRIVERS      := $(patsubst tests/drivers/%.c,build/release/bin/%,$(DRIVER_SRC))
ASAN_DRIVERS := $(patsubst tests/drivers/%.c,build/asan/bin/%,$(DRIVER_SRC))

.PHONY: all test demo bench bench-growth conformance fuzz install clean format regen help drivers ecosystem
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
test: deadwood deadwood-asan drivers
	$(PYTHON) tests/run.py

conformance: deadwood build/release/bin/unit_bodies
	$(PYTHON) tests/parse/conformance.py --all-versions
	$(PYTHON) tests/index/bodies_stdlib.py

# The example, then DW303 on the seed's story built as a repository (tests/checks/DW303/seed).
demo: deadwood
	./deadwood check examples/zenflow || true
	@rm -rf build/demo && $(PYTHON) -c 'import sys; sys.path.insert(0, "tests/lib"); import gitstory; gitstory.Story("tests/checks/DW303/seed", "build/demo/seed")'
	cd build/demo/seed && ../../../deadwood check --no-cache --select DW303 . || true

bench: deadwood
	bench/run.sh

# deadwood on real projects (tools/ecosystem.repos, prepared by `tools/ecosystem prepare`);
# with BASE=<commit>, what the working tree's build changes in the findings against that commit.
ecosystem: deadwood
	tools/ecosystem $(if $(BASE),compare --base $(BASE) --out build/ecosystem,run --out build/ecosystem/head)

bench-growth: deadwood
	$(PYTHON) bench/growth.py

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

clean:
	rm -rf build deadwood deadwood-asan

help:
	@echo "make            build ./deadwood"
	@echo "make test       the whole test suite (release and ASan+UBSan)"
	@echo "make demo       deadwood check on the bundled example"
	@echo "make conformance  parser against CPython on every installed stdlib, and the"
	@echo "                  override rules' on-demand method hashes on the same files"
	@echo "make bench      benchmarks (writes bench/RESULTS.md)"
	@echo "make ecosystem [BASE=rev]  deadwood on real projects; with BASE, the change in findings"

	@echo "make bench-growth  time against size on hostile inputs (at most n log n)"
	@echo "make fuzz SECONDS=N  libFuzzer targets"
	@echo "make install PREFIX=...  binary and man page"

-include $(shell find build -name '*.d' 2>/dev/null)
