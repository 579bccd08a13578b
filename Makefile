# umpire - a stateless adjudicator for play-by-email and git-hosted wargames.
#
#   make            build ./umpire
#   make demo       install what is missing, build, play the sample game
#   make check      install what is missing, build, run every test
#   make bench      the performance figures
#   make install    PREFIX=/usr/local DESTDIR=
#   make SANITIZE=address,undefined check    the suite under ASan+UBSan
#   make fuzz-check / make fuzz-long         the fuzzers, briefly (CI) / long
#   make soak                                1000 whole games, each verified
#   make WERROR=1 ...                        warnings are errors (CI)
#   make V=1 ...                             show every command in full

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
CFLAGS ?= -O2 -g
SANITIZE ?=
WERROR ?=
V ?= 0

# Quiet by default, as kbuild and git are: one short line per step, one
# dot per step under QUIET=dots (make demo: progress a newcomer can watch
# without a screenful of file names), none at all under QUIET=1; V=1
# shows every command.
cmd = $(if $(filter 1,$(V)),,@$(if $(filter dots,$(QUIET)),printf .,$(if $(QUIET),:,printf '  %-5s %s\n' '$(1)' '$(2)'));)

# The order the dynamic linker searches the libraries in, which it
# does for every symbol it binds at start-up (bind-now, as Debian builds
# them).  Debian's libgit2 loads OpenSSL's libcrypto (through libssh2)
# and mbedTLS's libmbedcrypto among some twenty libraries, and these two
# bind some 4,000 of their own symbols, each found after up to nineteen
# misses: 2.9 M instructions, a seventh of a turn.  Naming them first
# among umpire's libraries, and libc after them, puts them first in the
# search, and changes nothing else: no library before them defines any
# name they define (umpire uses none of the two).  Only those that
# libgit2 loads are named, so where it loads neither nothing changes.
comma := ,
LOAD_FIRST_LIBS = libcrypto.so.3 libmbedcrypto.so.7
LIBGIT2_LOADS := $(shell ldd "$$($(CC) -print-file-name=libgit2.so)" 2>/dev/null)
LOAD_FIRST_FOUND := $(foreach l,$(LOAD_FIRST_LIBS),$(filter $(l),$(LIBGIT2_LOADS)))
LOAD_FIRST := $(if $(LOAD_FIRST_FOUND),-Wl$(comma)--push-state$(comma)--no-as-needed \
	$(addprefix -l:,$(LOAD_FIRST_FOUND)) -lc -Wl$(comma)--pop-state)

# The shared libraries, so that the security fixes Debian ships for
# libgit2 (umpire opens repositories that players push to) reach umpire
# with no rebuild.
PKGS = yaml-0.1 libgit2 libsodium zlib libcmark
DEPS_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
DEPS_LIBS := $(LOAD_FIRST) $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
# GMime (and GLib under it) for umpire mail only, and librsvg for the
# PNG of the board in its letters: the objects that parse
# and write messages, the umpire-mail binary and the mail fuzzer link it; the
# library and its tests do not.  Its headers are system headers, so that
# our warnings stay ours.
MAIL_PKGS = gmime-3.0 librsvg-2.0
MAIL_CFLAGS := $(patsubst -I%,-isystem %,$(shell $(PKG_CONFIG) --cflags \
	$(MAIL_PKGS) 2>/dev/null))
MAIL_LIBS := $(shell $(PKG_CONFIG) --libs $(MAIL_PKGS) 2>/dev/null)
MAIL_OBJ = $(BUILD)/src/mail/mail.o $(BUILD)/src/cli/cmd_mail.o \
	$(BUILD)/src/mail/png.o

WARNINGS = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2 -Wno-format-nonliteral -Wvla \
	-Wno-missing-field-initializers
ALL_CFLAGS = -std=c11 $(WARNINGS) $(if $(WERROR),-Werror) \
	-D_DEFAULT_SOURCE -Isrc -I$(BUILD) $(DEPS_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(LDFLAGS)
ifneq ($(SANITIZE),)
BUILD ?= build-$(subst $(comma),-,$(SANITIZE))
ALL_CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
ALL_LDFLAGS += -fsanitize=$(SANITIZE)
endif
BUILD ?= build

# The library: everything but the command line, for the tests and fuzzers.
LIB_SRC = $(wildcard src/util/*.c src/doc/*.c src/crypto/*.c src/history/*.c src/render/*.c src/game/*.c src/play/*.c \
	src/geom/*.c src/rules/*.c src/rules/*/*.c)
CLI_SRC = src/main.c $(wildcard src/cli/*.c src/mail/*.c)
EMBED = $(wildcard schemas/*.yaml schemas/*/*.yaml) \
	$(wildcard samples/*/*.yaml) $(wildcard src/cli/site/page.*)

SCHEMAS = $(wildcard schemas/*.yaml schemas/*/*.yaml)

LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/embedded.o \
	$(BUILD)/schemas-packed.o
CLI_OBJ = $(CLI_SRC:%.c=$(BUILD)/%.o)
LIB = $(BUILD)/libumpire.a
BIN = $(BUILD)/umpire
# umpire mail is a program of its own, so that no other verb loads
# GMime: umpire-mail is the same command line with the real cmd_mail,
# where umpire has the stand-in that runs it (src/cli/mail_exec.c).
MAIL_BIN = $(BUILD)/umpire-mail
MAIL_EXEC_OBJ = $(BUILD)/src/cli/mail_exec.o
UMPIRE_CLI_OBJ = $(filter-out $(MAIL_OBJ),$(CLI_OBJ))
MAIL_CLI_OBJ = $(filter-out $(MAIL_EXEC_OBJ),$(CLI_OBJ))

.PHONY: all libs deps demo check FORCE bench install uninstall clean lint-man \
	check-unit check-golden check-e2e check-python check-soak check-man \
	check-chain fuzz fuzz-check fuzz-long valgrind-check umpire soak

all: $(BIN) $(MAIL_BIN) umpire

# ./umpire is the build made last, sanitized or not: re-pointed every time,
# since make would judge its age by whichever build it points to.
umpire: $(BIN)
	@[ "$$(readlink umpire)" = "$(BIN)" ] || ln -sf $(BIN) umpire

$(BIN): $(UMPIRE_CLI_OBJ) $(LIB)
	$(call cmd,LINK,$@)$(CC) $(ALL_CFLAGS) -o $@ $(UMPIRE_CLI_OBJ) $(LIB) \
		$(ALL_LDFLAGS) $(DEPS_LIBS) -lm

$(MAIL_BIN): $(MAIL_CLI_OBJ) $(LIB)
	$(call cmd,LINK,$@)$(CC) $(ALL_CFLAGS) -o $@ $(MAIL_CLI_OBJ) $(LIB) \
		$(ALL_LDFLAGS) $(DEPS_LIBS) $(MAIL_LIBS) -lm

$(MAIL_OBJ): ALL_CFLAGS += $(MAIL_CFLAGS)

$(LIB): $(LIB_OBJ)
	$(call cmd,AR,$@)rm -f $@ && ar rcs $@ $(LIB_OBJ)

$(BUILD)/%.o: %.c | libs
	@mkdir -p $(dir $@)
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/embed: src/tools/embed.c | libs
	@mkdir -p $(dir $@)
	$(call cmd,CC,$<)$(CC) -std=c11 -O1 -o $@ $<

# The list itself is a prerequisite: a file added to it is older than
# embedded.c, yet must be embedded.
$(BUILD)/embed.list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(EMBED)' | cmp -s - $@ || echo '$(EMBED)' >$@

$(BUILD)/embedded.c: $(BUILD)/embed $(EMBED) $(BUILD)/embed.list
	$(call cmd,EMBED,$@)$(BUILD)/embed $@ $(EMBED)

FORCE:

$(BUILD)/embedded.o: $(BUILD)/embedded.c
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The schemas parsed at build time, by umpire's own parser, into the
# nodes a call rebuilds without parsing (doc/yamlpack.h).  A parser
# changed is a reason to pack again: the tool links it.
SCHEMAPACK_OBJ = $(addprefix $(BUILD)/src/,doc/yaml.o doc/yamlpack.o \
	util/arena.o util/diag.o util/buf.o)
$(BUILD)/schemapack: src/tools/schemapack.c $(SCHEMAPACK_OBJ)
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -o $@ $< $(SCHEMAPACK_OBJ) \
		$(ALL_LDFLAGS) $(DEPS_LIBS) -lm

$(BUILD)/schemas-packed.c: $(BUILD)/schemapack $(SCHEMAS) $(BUILD)/embed.list
	$(call cmd,PACK,$@)$(BUILD)/schemapack $@ $(SCHEMAS)

$(BUILD)/schemas-packed.o: $(BUILD)/schemas-packed.c
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Before compiling anything, the libraries: without them the compiler's
# first words would be "git2.h: No such file or directory".  Each
# pkg-config name, then the Debian package that has it.
LIBS_NEEDED = yaml-0.1:libyaml-dev libgit2:libgit2-dev libsodium:libsodium-dev \
	gmime-3.0:libgmime-3.0-dev libcmark:libcmark-dev librsvg-2.0:librsvg2-dev
libs:
	@missing=""; \
	command -v $(firstword $(CC)) >/dev/null 2>&1 || missing=" gcc"; \
	if command -v $(PKG_CONFIG) >/dev/null 2>&1; then \
		for p in $(LIBS_NEEDED); do \
			$(PKG_CONFIG) --exists $${p%%:*} || missing="$$missing $${p#*:}"; \
		done; \
	else \
		missing="$$missing pkg-config libyaml-dev libgit2-dev libsodium-dev \
			libgmime-3.0-dev libcmark-dev librsvg2-dev"; \
	fi; \
	if [ -n "$$missing" ]; then \
		echo "umpire: cannot build: missing$$missing"; \
		echo "  install what the build needs with: make deps (as root)"; \
		echo "  or with: sudo apt-get install$$missing"; \
		exit 1; \
	fi

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

clean:
	rm -rf build build-* umpire

# ---------------------------------------------------------------- packages
#
# make deps installs what is missing when run as root, and otherwise
# prints the one apt-get line that would.

DEPS_BUILD = gcc make pkg-config libyaml-dev libgit2-dev libsodium-dev \
	zlib1g-dev libgmime-3.0-dev libcmark-dev librsvg2-dev git
# chromium: test_browser.py looks at the pictures of the board in it.
# gnubg: test_gnubg.py holds backgammon's legal plays to GNU Backgammon's.
# postfix: t-mail.sh mails orders in through a private Postfix on
# loopback (installed unconfigured: the test brings its own main.cf).
DEPS_TEST = python3 python3-yaml python3-jsonschema mandoc libcmocka-dev time strace \
	age openssh-client valgrind chromium gnubg postfix
DEPS_FUZZ = clang libclang-rt-14-dev
DEPS_BENCH = hyperfine python3 time valgrind strace

define install_missing
	@if ! command -v dpkg >/dev/null 2>&1; then \
		echo "umpire: not a Debian system; make sure these are installed: $(1)"; \
		exit 0; \
	fi; \
	missing=""; \
	for p in $(1); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || \
			missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		mkdir -p $(BUILD); log=$(BUILD)/deps.log; \
		echo "umpire: installing$$missing (the log is in $$log)"; \
		case " $$missing " in *" postfix "*) \
			if dpkg-query -W -f='$${Status}\n' exim4-base opensmtpd \
			    sendmail-bin 2>/dev/null | grep -q "ok installed"; then \
				echo "umpire: another mail server is installed;" \
					"not replacing it with postfix (t-mail.sh skips)"; \
				missing=$$(echo "$$missing" | sed 's/ postfix//'); \
			else \
				echo "postfix postfix/main_mailer_type select" \
					"No configuration" | debconf-set-selections; \
			fi;; \
		esac; \
		[ -n "$$missing" ] || exit 0; \
		{ apt-get update && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends $$missing; } \
			>$$log 2>&1 || { \
			tail -n 20 $$log; \
			echo "umpire: installing$$missing failed; see $$log"; \
			exit 1; }; \
	else \
		echo "umpire: missing Debian packages; install them with:"; \
		echo "  sudo apt-get install$$missing"; \
		exit 1; \
	fi
endef

deps:
	$(call install_missing,$(DEPS_BUILD) $(DEPS_TEST))

deps-fuzz:
	$(call install_missing,$(DEPS_FUZZ))

deps-bench:
	$(call install_missing,$(DEPS_BUILD) $(DEPS_BENCH))

# ------------------------------------------------------------------ demo

# Under 150 lines in all, held there by tests/e2e/t-demo.sh.
demo: deps
	@printf 'umpire: building, a dot a file (make V=1 shows how) '
	@$(MAKE) --no-print-directory QUIET=$(if $(filter 1,$(V)),,dots) all
	@echo ' built ./umpire'
	@sh samples/play.sh ./umpire

# ----------------------------------------------------------------- tests
#
# make check = the packages, the build, then every test.  The recursive
# make sees the packages deps just installed (pkg-config runs anew).

UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit/%)
# Small programs on the library that the Python tests drive.
TOOLS_SRC = $(wildcard tests/tools/*.c)
TOOLS_BIN = $(TOOLS_SRC:tests/tools/%.c=$(BUILD)/tests/tools/%)
TOOLS_DIR = $(abspath $(BUILD)/tests/tools)
E2E = $(sort $(wildcard tests/e2e/t-*.sh))
UMPIRE_ABS = $(abspath $(BIN))

# Every test is a target of its own, run JOBS at a time (the machine's
# cores), each one's output printed whole when it ends.  The longest come
# first, so that the last to start are short.
#
# Under a sanitizer, the tests that run no more of umpire's code than
# the others do are left out, since the sanitizer can find nothing new
# in them: the browser's look at the pictures (Chromium's time), the man
# pages' lint and the chain of includes (no umpire process at all).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Each test prints a line "time: TARGET: N s wall, M s cpu" when it ends.
TIMED = sh $(abspath tests/timed.sh)
PY = $(sort $(wildcard tests/py/test_*.py))
ifneq ($(SANITIZE),)
PY := $(filter-out tests/py/test_browser.py,$(PY))
endif
PY_RUN = $(PY:tests/py/%.py=py-%)
# Defined before check-all names it: a rule's prerequisites are expanded
# as make reads the rule, so a list defined below it would be empty
# there, and make check would skip every end-to-end test unseen.
E2E_RUN = $(E2E:tests/e2e/%.sh=e2e-%)
CHECK_TARGETS = check-soak $(PY_RUN) $(E2E_RUN) check-golden check-unit \
	$(if $(SANITIZE),,check-chain check-man)

check: deps
	@$(MAKE) --no-print-directory -j$(JOBS) --output-sync=target check-all

check-all: $(CHECK_TARGETS)
	@echo "make check: every test passed ($(BUILD))"

$(BUILD)/tests/unit/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(ALL_LDFLAGS) $(DEPS_LIBS) -lcmocka -lm

$(BUILD)/tests/tools/%: tests/tools/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(ALL_LDFLAGS) $(DEPS_LIBS) -lm

tools: $(TOOLS_BIN)

# umpire with the test hooks of src/util/testhook.h live: the e2e tests
# use it to act at an exact point of a commit (the branch moved between
# reading the state and committing, say).
HOOKS_BIN = $(BUILD)/tests/umpire-hooks
$(HOOKS_BIN): $(UMPIRE_CLI_OBJ) $(BUILD)/tests/hooks/testhook.o $(LIB)
	$(CC) $(ALL_CFLAGS) -o $@ $(UMPIRE_CLI_OBJ) $(BUILD)/tests/hooks/testhook.o \
		$(LIB) $(ALL_LDFLAGS) $(DEPS_LIBS) -lm

# Core without the rulesets: every object of the library but src/rules,
# linked one by one (not from the archive, which would leave out what
# nothing calls), so that core naming anything of a ruleset fails the
# link; then it runs with none handed down, and a made-up one.
CORE_OBJ = $(filter-out $(BUILD)/src/rules/%,$(LIB_OBJ))
CORE_ALONE = $(BUILD)/tests/core/alone
$(CORE_ALONE): tests/core/alone.c $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -o $@ $< $(CORE_OBJ) $(ALL_LDFLAGS) $(DEPS_LIBS) -lcmocka -lm

check-unit: $(UNIT_BIN) $(CORE_ALONE)
	@$(TIMED) check-unit sh -c 'for t in "$$@"; do echo "unit: $$t"; \
		$$t || exit 1; done' unit $(UNIT_BIN) $(CORE_ALONE)

# Every ruleset folder: its header lists a one-way chain of its files.
CHAINED = $(patsubst %/,%,$(sort $(wildcard src/rules/*/)))
check-chain: $(LIB)
	sh tests/chain.sh $(BUILD) $(CHAINED)

check-golden: $(BIN)
	$(TIMED) check-golden $(PYTHON) tests/golden.py $(BIN)

check-python: $(PY_RUN)

$(PY_RUN): py-%: $(BIN) $(MAIL_BIN) $(TOOLS_BIN)
	@echo "python: tests/py/$*.py"; \
		UMPIRE=$(UMPIRE_ABS) TOOLS=$(TOOLS_DIR) $(TIMED) $@ \
		$(PYTHON) tests/py/$*.py

# The GitHub Actions workflow validator, pinned, from the npm registry,
# with the machine's Node.js and npm (Debian's nodejs and npm packages
# where there are none: they conflict with other builds of Node.js, so
# make deps leaves them be).
ACTION_VALIDATOR = $(BUILD)/npm/node_modules/.bin/action-validator
$(ACTION_VALIDATOR):
	@command -v npm >/dev/null || { echo "umpire: t-forge.sh needs" \
		"Node.js and npm: sudo apt-get install nodejs npm"; exit 1; }
	@mkdir -p $(BUILD)/npm
	@echo "  NPM   @action-validator/cli@0.6.0 (the log is in $(BUILD)/npm/log)"
	@npm install --prefix $(BUILD)/npm --no-audit --no-fund \
		@action-validator/cli@0.6.0 @action-validator/core@0.6.0 \
		>$(BUILD)/npm/log 2>&1 || { tail -n 20 $(BUILD)/npm/log; exit 1; }

# The end-to-end tests, E2E_JOBS at a time (each in its own temporary
# directory, its output printed whole when it ends).
E2E_JOBS ?= $(JOBS)
check-e2e: $(BIN) $(MAIL_BIN) $(HOOKS_BIN) $(ACTION_VALIDATOR)
	@$(MAKE) --no-print-directory -j$(E2E_JOBS) --output-sync=target \
		$(E2E_RUN)

$(E2E_RUN): e2e-%: $(BIN) $(MAIL_BIN) $(HOOKS_BIN) $(ACTION_VALIDATOR)
	@echo "e2e: tests/e2e/$*.sh"; UMPIRE=$(UMPIRE_ABS) \
		ACTION_VALIDATOR=$(abspath $(ACTION_VALIDATOR)) \
		UMPIRE_HOOKS=$(abspath $(HOOKS_BIN)) $(TIMED) $@ sh tests/e2e/$*.sh

# make check plays a short soak; make soak the long one, for a release.
check-soak: $(BIN)
	UMPIRE=$(UMPIRE_ABS) $(TIMED) $@ sh tests/e2e/soak.sh $(SOAK_GAMES)

soak: $(BIN)
	UMPIRE=$(UMPIRE_ABS) sh tests/e2e/soak.sh $(SOAK_LONG_GAMES)

SOAK_GAMES ?= 25
SOAK_LONG_GAMES ?= 1000

check-man:
	mandoc -T lint -W warning man/*.[1-9]

# The end-to-end tests again, every umpire under valgrind (CI).
# umpire mail runs umpire-mail (exec): valgrind follows into the
# programs of the build, and leaves the system's (sh, git, sendmail) be.
# No quotes: the tests split $UMPIRE into words, and would keep them.
# Without the inlined functions' frames in its stacks (--read-inline-info
# =no): reading them costs a fifth of a short umpire call's time under
# valgrind, and the e2e tests make 1,800 such calls.
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect --track-fds=no \
	--read-inline-info=no \
	--suppressions=$(abspath tests/valgrind.supp) \
	--trace-children=yes --trace-children-skip=/usr/*,/bin/*,/sbin/*
VALGRIND_RUN = $(E2E:tests/e2e/%.sh=valgrind-e2e-%)
.PHONY: $(E2E_RUN) $(VALGRIND_RUN) $(PY_RUN) check-all valgrind-deps
valgrind-check: valgrind-deps
	@$(MAKE) --no-print-directory -j$(E2E_JOBS) --output-sync=target \
		$(VALGRIND_RUN)

# What the tests under valgrind run, built: CI builds it once, then runs
# the tests one by one from two streams (.ci/run).
valgrind-deps: $(BIN) $(MAIL_BIN) $(HOOKS_BIN) $(ACTION_VALIDATOR)

$(VALGRIND_RUN): valgrind-e2e-%: $(BIN) $(MAIL_BIN) $(HOOKS_BIN) $(ACTION_VALIDATOR)
	@echo "valgrind e2e: tests/e2e/$*.sh"; \
		UMPIRE="$(VALGRIND) $(UMPIRE_ABS)" UMPIRE_PLAIN=$(UMPIRE_ABS) \
		ACTION_VALIDATOR=$(abspath $(ACTION_VALIDATOR)) \
		UMPIRE_HOOKS="$(VALGRIND) $(abspath $(HOOKS_BIN))" \
		UMPIRE_SLOW=1 $(TIMED) $@ sh tests/e2e/$*.sh

# ------------------------------------------------------------------ fuzz
#
# libFuzzer targets, one per parser (the YAML files, and the loose git
# objects umpire inflates), built with clang in build-fuzz/.  make
# fuzz-check runs each for FUZZ_SECONDS on its corpus in tests/fuzz/.

FUZZ_SECONDS ?= 30
FUZZ_BUILD = build-fuzz
FUZZ_SRC = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN = $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -g -O1

fuzz: deps-fuzz
	@$(MAKE) --no-print-directory -j$(JOBS) CC=clang BUILD=$(FUZZ_BUILD) \
		CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" $(FUZZ_BIN)

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(LIB)
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(LIB) $(DEPS_LIBS) -lm

# The mail fuzzer needs the message reader, and GMime under it.
$(FUZZ_BUILD)/fuzz_mail: tests/fuzz/fuzz_mail.c $(LIB) $(BUILD)/src/mail/mail.o
	$(call cmd,CC,$<)$(CC) $(ALL_CFLAGS) $(MAIL_CFLAGS) -fsanitize=fuzzer \
		-o $@ $< $(BUILD)/src/mail/mail.o $(LIB) $(DEPS_LIBS) $(MAIL_LIBS) -lm

# Two targets at a time, as the end-to-end tests run: each is one
# process, and the machines CI runs on have two cores.
FUZZ_JOBS ?= $(JOBS)
FUZZ_RUN = $(FUZZ_SRC:tests/fuzz/%.c=fuzz-run-%)
.PHONY: $(FUZZ_RUN)
fuzz-check: fuzz
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) --output-sync=target \
		$(FUZZ_RUN)

$(FUZZ_RUN): fuzz-run-%:
	@f=$(FUZZ_BUILD)/$*; corpus=tests/fuzz/corpus/$(*:fuzz_%=%); \
	work=$$(mktemp -d); \
	echo "fuzz: $* for $(FUZZ_SECONDS) s on $$corpus"; \
	LSAN_OPTIONS=suppressions=$(abspath tests/fuzz/lsan.supp) \
	$(TIMED) $@ $$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix=tests/fuzz/ $$work $$corpus || exit 1; \
	rm -rf $$work

# make fuzz-long runs each target for FUZZ_LONG_SECONDS (10 minutes
# each by default), for a release; CI keeps fuzz-check's short run.  The
# inputs it finds that reach new code are kept in $(FUZZ_BUILD)/corpus/,
# so that one long run starts where the last one stopped.
FUZZ_LONG_SECONDS ?= 600

fuzz-long: fuzz
	@for f in $(FUZZ_BIN); do \
		name=$$(basename $$f); corpus=tests/fuzz/corpus/$${name#fuzz_}; \
		work=$(FUZZ_BUILD)/corpus/$${name#fuzz_}; mkdir -p $$work; \
		echo "fuzz-long: $$name for $(FUZZ_LONG_SECONDS) s on $$corpus"; \
		LSAN_OPTIONS=suppressions=$(abspath tests/fuzz/lsan.supp) \
		$$f -max_total_time=$(FUZZ_LONG_SECONDS) -max_len=65536 \
			-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix=tests/fuzz/ $$work $$corpus || exit 1; \
	done

# ----------------------------------------------------------------- bench

bench: deps-bench
	@$(MAKE) --no-print-directory all
	@sh tests/bench/bench.sh ./umpire

# --------------------------------------------------------------- install

SHAREDIR ?= $(PREFIX)/share/umpire

# The binary, not ./umpire: a test can install its own build (make
# BUILD=... install) without re-pointing the checkout's link.  No root is
# needed for a PREFIX of one's own: make install PREFIX=$$HOME/.local
# puts umpire in ~/.local/bin, which Debian's ~/.profile puts on PATH,
# and man(1) finds ~/.local/share/man from there.
install: $(BIN) $(MAIL_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/umpire
	install -m 755 $(MAIL_BIN) $(DESTDIR)$(BINDIR)/umpire-mail
	for d in samples/*/ samples/*/armies/; do \
		r=$${d#samples/}; \
		[ "$$r" = forge/ ] && continue; \
		set -- $$d*.yaml; [ -e "$$1" ] || continue; \
		install -d $(DESTDIR)$(SHAREDIR)/samples/$$r && \
		install -m 644 "$$@" $(DESTDIR)$(SHAREDIR)/samples/$$r || exit 1; \
	done
	for d in github forgejo gitlab; do \
		install -d $(DESTDIR)$(SHAREDIR)/forge/$$d && \
		install -m 644 samples/forge/$$d/*.yml \
			$(DESTDIR)$(SHAREDIR)/forge/$$d/ || exit 1; \
	done
	install -m 755 samples/forge/umpire-ci.sh $(DESTDIR)$(SHAREDIR)/forge/
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 man/*.7 $(DESTDIR)$(MANDIR)/man7/

uninstall:
	rm -rf $(DESTDIR)$(SHAREDIR)
	rm -f $(DESTDIR)$(BINDIR)/umpire $(DESTDIR)$(BINDIR)/umpire-mail \
		$(DESTDIR)$(MANDIR)/man1/umpire.1 \
		$(DESTDIR)$(MANDIR)/man5/umpire-files.5 \
		$(DESTDIR)$(MANDIR)/man7/umpire-*.7
