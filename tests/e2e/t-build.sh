#!/bin/sh
# A newcomer's `make`: without the libraries it stops before compiling
# and names what to install and how; with them it builds quietly, one
# short line a step, and V=1 shows every command.  umpire and
# umpire-mail are two programs, and only the second loads GMime.
. "$(dirname "$0")/lib.sh"

B=$TMP/build
mk() { make -C "$TOP" --no-print-directory BUILD="$B" CFLAGS=-O0 WERROR= \
	SANITIZE= "$@"; }

expect_exit 2 mk PKG_CONFIG=false "$B/umpire"
expect_out "umpire: cannot build: missing libyaml-dev libgit2-dev libsodium-dev"
expect_out "install what the build needs with: make deps (as root)"
expect_out "or with: sudo apt-get install libyaml-dev libgit2-dev libsodium-dev"
[ ! -d "$B/src" ] || fail "make compiled something without the libraries"
ok

expect_exit 2 mk CC=no-such-compiler "$B/umpire"
expect_out "umpire: cannot build: missing gcc"

expect_exit 0 mk "$B/umpire"
expect_out "  CC    src/main.c"
expect_out "  LINK  $B/umpire"
grep -q -- '-Wall' "$TMP/out" && fail "a quiet build showed a command"
ok
# The mail stack is umpire-mail's alone: umpire loads no GMime, GLib
# nor gpgme, and its mail verb runs the umpire-mail beside it, or says
# which is missing with exit 75 (the mail system keeps the message).
libs=$(ldd "$B/umpire") || fail "ldd $B/umpire failed"
echo "$libs" | grep -E 'gmime|glib|gio|gpgme|rsvg|cairo' &&
	fail "umpire links the mail stack: $libs"
ok
expect_exit 75 "$B/umpire" mail --game "$TMP" </dev/null
expect_err "umpire mail: error: cannot run $B/umpire-mail: No such file or directory (umpire mail is the program umpire-mail, installed beside umpire)"
expect_exit 0 mk "$B/umpire-mail"
expect_out "  LINK  $B/umpire-mail"
ldd "$B/umpire-mail" | grep -q gmime || fail "umpire-mail links no GMime"
ldd "$B/umpire-mail" | grep -q librsvg ||
	fail "umpire-mail links no librsvg (the PNG of the board)"
expect_exit 0 "$B/umpire" mail --help
expect_out "usage: umpire mail --game DIR"
# Installed, umpire finds the umpire-mail installed beside it.
expect_exit 0 mk install DESTDIR="$TMP/inst" PREFIX=/opt/umpire
expect_exit 0 "$TMP/inst/opt/umpire/bin/umpire" mail --help
expect_out "usage: umpire mail --game DIR"
rm -f "$B/src/main.o"
expect_exit 0 mk V=1 "$B/umpire"
expect_out "-Wall"
rm -f "$B/src/main.o"
expect_exit 0 mk QUIET=1 "$B/umpire"
[ -s "$TMP/out" ] && fail "QUIET=1 printed: $(cat "$TMP/out")"
ok
# make demo's progress: one dot a step, nothing else, on one line.
rm -f "$B/src/main.o" "$B/umpire"
expect_exit 0 mk QUIET=dots "$B/umpire"
[ "$(cat "$TMP/out")" = .. ] || fail "QUIET=dots printed: $(cat "$TMP/out")"
ok

# README: make install PREFIX=$HOME/.local, no root needed, and then
# umpire is on PATH and man finds its pages.  Run as nobody when the
# test runs as root, so that no root privilege makes it pass.
home=$TMP/home
mkdir "$home"
# Built first, as whoever built the rest: nobody may not write $B, and
# make install links nothing that is up to date.
expect_exit 0 mk "$B/umpire" "$B/umpire-mail"
as_user=
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	chmod 755 "$TMP" && chown 65534 "$home" || fail "chown nobody"
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
expect_exit 0 $as_user env HOME="$home" make -C "$TOP" --no-print-directory \
	BUILD="$B" CFLAGS=-O0 WERROR= SANITIZE= install PREFIX="$home/.local"
[ -x "$home/.local/bin/umpire" ] || fail "make install put no umpire in $home/.local/bin"
expect_exit 0 env PATH="$home/.local/bin:$PATH" umpire --version
if command -v man >/dev/null; then
	expect_exit 0 env PATH="$home/.local/bin:$PATH" MANPATH= man -w umpire-amb
	expect_out "$home/.local/share/man/man7/umpire-amb.7"
fi
done_ok
