# umpire - a stateless adjudicator for play-by-email and git-hosted wargames.
#
#   make            build ./umpire
#   make demo       install what is missing, build, play the sample game
#   make check      install what is missing, build, run every test
#   make bench      the performance figures
#   make install    PREFIX=/usr/local DESTDIR=
#   make SANITIZE=address,undefined check    the suite under ASan+UBSan
#   make WERROR=1 ...                        warnings are errors (CI)

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

PKGS = yaml-0.1 libgit2 libsodium
DEPS_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
DEPS_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)

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
comma := ,
BUILD ?= build

# The library: everything but the command line, for the tests and fuzzers.
LIB_SRC = $(wildcard src/core/*.c src/geom/*.c src/rules/*.c src/rules/*/*.c)
CLI_SRC = src/main.c $(wildcard src/cli/*.c)
EMBED = $(wildcard schemas/*.yaml schemas/*/*.yaml) \
	$(wildcard samples/*/standard.yaml)

LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/embedded.o
CLI_OBJ = $(CLI_SRC:%.c=$(BUILD)/%.o)
LIB = $(BUILD)/libumpire.a
BIN = $(BUILD)/umpire

.PHONY: all deps demo check bench install uninstall clean lint-man \
	check-unit check-golden check-e2e check-python check-soak check-man \
	fuzz fuzz-check valgrind-check

all: $(BIN) umpire

umpire: $(BIN)
	ln -sf $(BIN) umpire

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(ALL_LDFLAGS) $(DEPS_LIBS)

$(LIB): $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $(LIB_OBJ)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/embed: src/tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -o $@ $<

$(BUILD)/embedded.c: $(BUILD)/embed $(EMBED)
	$(BUILD)/embed $@ $(EMBED)

$(BUILD)/embedded.o: $(BUILD)/embedded.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

clean:
	rm -rf build build-* umpire
