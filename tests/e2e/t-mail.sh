#!/bin/sh
# t-mail.sh - play by email through a real mail server: a private Postfix
# (its own configuration, queue and log under $TMP, listening on
# 127.0.0.1 only, started and stopped here) takes orders over SMTP, hands
# them to `umpire mail` through an alias pipe, and delivers umpire's
# replies and reports, submitted back over SMTP, into the players'
# Maildirs, which this test reads.  umpire answers from the address
# Postfix delivered to, whatever the To: says.  A locked game makes Postfix defer
# the message (exit 75) and deliver it once the lock is gone.
#
# Needs root (Postfix's master runs as root and drops to its users) and
# the postfix package, which make check installs unconfigured.
. "$(dirname "$0")/lib.sh"

PF_BIN=/usr/sbin/postfix
[ "$(id -u)" = 0 ] || { echo "skip $NAME: Postfix needs root"; exit 0; }
[ -x $PF_BIN ] || { echo "skip $NAME: no postfix (apt-get install postfix)"; exit 0; }
command -v python3 >/dev/null || { echo "skip $NAME: no python3"; exit 0; }

PF=$TMP/postfix
cleanup() {
	$PF_BIN -c "$PF" stop >/dev/null 2>&1 || $PF_BIN -c "$PF" abort \
		>/dev/null 2>&1
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
# Local delivery runs the alias's command as nobody: it must reach the
# game, the mailboxes and umpire.
chmod 755 "$TMP"
mkdir -p "$PF" "$TMP/mail" "$TMP/kept" "$TMP/spool" "$TMP/data"
chown postfix "$TMP/data"

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# What umpire runs instead of sendmail -t: the message from standard
# input, to the addresses of its To header, over SMTP to our Postfix.
cat >"$TMP/smtp-send" <<EOF
#!/usr/bin/python3
import smtplib, sys, email, email.policy
msg = sys.stdin.buffer.read()
m = email.message_from_bytes(msg, policy=email.policy.default)
rcpt = [a.addr_spec for a in m["To"].addresses]
with smtplib.SMTP("127.0.0.1", $PORT, timeout=20) as s:
    s.sendmail("duel@localhost", rcpt, msg)
EOF
chmod 755 "$TMP/smtp-send"

G=$TMP/game
sed 's/@example\.org/@localhost/' "$SCENARIO" >"$TMP/scenario.yaml"
umpire new "$G" --scenario "$TMP/scenario.yaml" --seed "$SEED1" >/dev/null ||
	fail "umpire new"
chown -R nobody "$G" "$TMP/mail" "$TMP/kept"
# The game is nobody's now: git and libgit2 read it as nobody only.
as_nobody() { runuser -u nobody -- "$@"; }
head_of() { as_nobody git -C "$G" rev-parse HEAD; }
steps() { as_nobody git -C "$G" rev-list --count HEAD; }
bot() { as_nobody $UMPIRE bot "$G"; }

cat >"$PF/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $TMP/spool
data_directory = $TMP/data
maillog_file_prefixes = $TMP
maillog_file = $TMP/maillog
mail_owner = postfix
setgid_group = postdrop
myhostname = localhost
mydomain = localhost
myorigin = localhost
mydestination = localhost
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
alias_maps = hash:$PF/aliases
alias_database = hash:$PF/aliases
local_recipient_maps = \$alias_maps
allow_mail_to_commands = alias
allow_mail_to_files = alias
default_privs = nobody
biff = no
smtputf8_enable = no
smtpd_banner = localhost ESMTP umpire test
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
maximal_queue_lifetime = 1h
delay_warning_time = 0
EOF
cat >"$PF/master.cf" <<EOF
127.0.0.1:$PORT inet n - n - - smtpd
pickup    unix  n - n 60   1 pickup
cleanup   unix  n - n -    0 cleanup
qmgr      unix  n - n 300  1 qmgr
rewrite   unix  - - n -    - trivial-rewrite
bounce    unix  - - n -    0 bounce
defer     unix  - - n -    0 bounce
trace     unix  - - n -    0 bounce
verify    unix  - - n -    1 verify
flush     unix  n - n 1000? 0 flush
proxymap  unix  - - n -    - proxymap
showq     unix  n - n -    - showq
error     unix  - - n -    - error
retry     unix  - - n -    - error
discard   unix  - - n -    - discard
local     unix  - n n -    - local
anvil     unix  - - n -    1 anvil
scache    unix  - - n -    1 scache
postlog   unix-dgram n - n - 1 postlogd
EOF
cat >"$PF/aliases" <<EOF
duel: "|$UMPIRE mail --game $G --wait 1 --sendmail $TMP/smtp-send --keep $TMP/kept"
tan: $TMP/mail/tan/
green: $TMP/mail/green/
postmaster: $TMP/mail/postmaster/
EOF
postalias -c "$PF" "$PF/aliases" || fail "postalias"
$PF_BIN -c "$PF" start >"$TMP/start.log" 2>&1 ||
	fail "postfix start: $(cat "$TMP/start.log" "$TMP/maillog" 2>/dev/null)"
ok

# send FROM SUBJECT ID FILE [TO]: the orders in FILE as a message to
# duel (the envelope's recipient), its To: header TO (duel's address).
send() {
	python3 - "$PORT" "$@" <<'EOF' || fail "SMTP: cannot send"
import smtplib, sys
from email.message import EmailMessage
port, frm, subject, mid, path = sys.argv[1:6]
m = EmailMessage()
m["From"], m["Subject"] = frm, subject
m["To"] = sys.argv[6] if len(sys.argv) > 6 else "duel@localhost"
m["Message-ID"] = mid
m.set_content(open(path).read())
with smtplib.SMTP("127.0.0.1", int(port), timeout=20) as s:
    s.send_message(m, to_addrs=["duel@localhost"])
EOF
	ok
}

# wait_mail BOX N: wait (20 s at most) for N messages in BOX's Maildir.
wait_mail() {
	i=0
	while [ "$(ls "$TMP/mail/$1/new" 2>/dev/null | wc -l)" -lt "$2" ]; do
		i=$((i + 1))
		[ $i -le 200 ] || fail "$1 has $(ls "$TMP/mail/$1/new" 2>/dev/null |
			wc -l) messages, not $2, after 20 s; the log:
$(tail -n 30 "$TMP/maillog")"
		sleep 0.1
	done
	ok
}

# latest BOX: the newest message in BOX.
latest() { ls -t "$TMP/mail/$1/new/"* | head -n 1; }

# holding BOX TEXT: the message in BOX that holds TEXT, waited for (20 s
# at most): one step may mail a player twice (the reply to his orders,
# then the letter for his next turn), and the mail system delivers in
# its own order, so the newest need not be the one looked for.
holding() {
	i=0
	while ! f=$(grep -lF -- "$2" "$TMP/mail/$1/new/"* 2>/dev/null | head -n 1) ||
	    [ -z "$f" ]; do
		i=$((i + 1))
		[ $i -le 200 ] || fail "no message in $1 holds '$2' after 20 s"
		sleep 0.1
	done
	echo "$f"
}

expect_in() {
	grep -qF -- "$2" "$1" || fail "$1 lacks '$2':
$(head -n 40 "$1")"
	ok
}

# awaited FILE: the player whose orders FILE holds; other: the other one.
awaited() { sed -n 's/^player: *//p' "$1"; }
other() { [ "$1" = tan ] && echo green || echo tan; }

# 1. The first player's orders: the reply to him, the report to the other,
#    both from the game's own address, which the alias does not give:
#    umpire takes it from the envelope (Postfix's RECIPIENT), never from
#    the To: the sender wrote, which here names another address first.
bot >"$TMP/o1.yaml" || fail "bot"
P1=$(awaited "$TMP/o1.yaml") P2=$(other "$(awaited "$TMP/o1.yaml")")
send "$P1@localhost" "orders" "<o1@localhost>" "$TMP/o1.yaml" \
	"ceo@bank.example, duel@localhost"
wait_mail "$P1" 1
wait_mail "$P2" 1
for who in "$P1" "$P2"; do
	expect_in "$(latest "$who")" "From: umpire <duel@localhost>"
	grep -q "ceo@bank" "$(latest "$who")" &&
		fail "the To: the sender wrote is in $who's mail"
done
expect_in "$(latest "$P1")" "Subject: Re: orders"
expect_in "$(latest "$P1")" "In-Reply-To: <o1@localhost>"
expect_in "$(latest "$P1")" "Auto-Submitted: auto-replied"
expect_in "$(latest "$P1")" "umpire accepted your orders and played step 1"
# P2 plays next: his letter says so, its text is the orders template,
# the report (in plain text) and the board (SVG and PNG) after it.
expect_in "$(latest "$P2")" "Subject: Your turn: The standard game, step 2 ($P2's turn)"
expect_in "$(latest "$P2")" "Your turn: step 2 of $(sed -n 's/^game: //p' "$G/game.yaml") awaits $P2's turn."
expect_in "$(latest "$P2")" "player: $P2"
expect_in "$(latest "$P2")" "Step 1: $P1's turn"
expect_in "$(latest "$P2")" 'filename=0001.svg'
expect_in "$(latest "$P2")" 'filename=0001.png'
expect_in "$(latest "$P2")" 'Content-Type: image/png'
[ "$(steps)" = 2 ] || fail "no step committed"
ok

# 2. Bad orders from the second: a reply with the diagnostics, the game
#    as it was, and Postfix counts the delivery a success (exit 0).
before=$(head_of)
bot | sed 's/^\(- {move: \)[a-z]*/\1zz/' >"$TMP/o2.yaml"
grep -q zz "$TMP/o2.yaml" || fail "no bad orders made: $(cat "$TMP/o2.yaml")"
send "$P2@localhost" "my move" "<o2@localhost>" "$TMP/o2.yaml"
wait_mail "$P2" 2
expect_in "$(latest "$P2")" "Subject: Re: my move"
expect_in "$(latest "$P2")" "umpire refused your orders"
expect_in "$(latest "$P2")" "orders.yaml:"
[ "$(head_of)" = "$before" ] || fail "refused orders moved HEAD"
ok
[ "$(ls "$TMP/kept/new" | wc -l)" = 1 ] || fail "the refused message was not kept"
ok

# 3. The game locked (longer than --wait 1): umpire exits 75, Postfix
#    defers the message and delivers it again once the lock is released.
bot >"$TMP/o3.yaml"
exec 9>>"$G/.git/umpire.lock"
flock 9 || fail "flock"
send "$P2@localhost" "again" "<o3@localhost>" "$TMP/o3.yaml"
i=0
until grep -q 'to=<duel@localhost>.*status=deferred' "$TMP/maillog"; do
	i=$((i + 1))
	[ $i -le 200 ] || fail "the locked game's message was not deferred:
$(tail -n 20 "$TMP/maillog")"
	sleep 0.1
done
ok
[ "$(head_of)" = "$before" ] || fail "a locked game moved"
exec 9>&-
postqueue -c "$PF" -f
wait_mail "$P2" 3
expect_in "$(holding "$P2" "played step 2")" "played step 2"
wait_mail "$P1" 2
[ "$(steps)" = 3 ] || fail "step 2 not committed"
ok

# 4. The template of the letter P1 got, filled in as it says and sent
#    back as a reply that quotes the letter: the step is played.
python3 - "$(holding "$P1" "Subject: Your turn: The standard game, step 3")" \
    "$TMP/o4.txt" <<'EOF' || fail "no template in $P1's letter"
import email, email.policy, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=email.policy.default)
assert m["Subject"].startswith("Your turn: "), m["Subject"]
body = m.get_body(preferencelist=("plain",)).get_content()
lines, example, on = [], [], False
for line in body.split("\n"):
    lines.append("> " + line if line else ">")
    if on and line.startswith("# "):
        example.append(line[2:])
    on = on or "of the lines after this one" in line
assert example, body
open(sys.argv[2], "w").write("On Monday, umpire wrote:\n" + "\n".join(lines) +
                             "\n" + "\n".join(example) + "\n")
EOF
send "$P1@localhost" "Re: your turn" "<o4@localhost>" "$TMP/o4.txt"
wait_mail "$P1" 3
expect_in "$(holding "$P1" "played step 3")" "umpire accepted your orders and played step 3"
[ "$(steps)" = 4 ] || fail "step 3 not committed"
ok

# Every delivery to umpire ended well (under valgrind too: an error
# there exits 99 and the delivery would bounce).
grep 'to=<duel@localhost>' "$TMP/maillog" | grep -v 'status=deferred' |
	grep -v 'status=sent' && fail "a delivery to umpire failed: $(grep 'to=<duel@localhost>' "$TMP/maillog" | grep -v 'status=sent')"
[ ! -e "$TMP/mail/postmaster" ] || fail "the postmaster got mail (a bounce?)"
ok

done_ok
